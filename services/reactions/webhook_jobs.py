"""A player's "your turn" webhook after a move, and their tournament's news: a job on the
deployment's queue where workers run, or a thread of this process where they do not
(services.players.webhooks and services.tournaments.news send them)."""

from __future__ import annotations

import contextvars
import logging
import threading
import time
from uuid import UUID

from redis.exceptions import RedisError
from rq import Retry
from rq.exceptions import DuplicateJobError

from services.log.game import Game
from services.players.players import Players
from services.players.webhooks import DeliveryFailed, awaited_player, deliver_if_due, delivery_id
from services.reactions.queue import BOT_JOB_TIMEOUT, FAILURE_TTL, RESULT_TTL, JobQueue
from services.redis_link import redis_trouble
from services.tournaments.news import deliver as deliver_tournament_notice
from services.tournaments.news import delivery_id as notice_delivery_id

log = logging.getLogger(__name__)

WEBHOOK_JOB = "workers.jobs.webhook"
TOURNAMENT_NOTICE_JOB = "workers.jobs.tournament_notice"
# A receiver that is down gets the notice later, for about an hour.
WEBHOOK_RETRIES = Retry(max=5, interval=[5, 30, 120, 600, 1800])
RETRY_SECONDS = (0, 2, 10)  # the pauses of a notice sent from a thread of this process


class WebhookJobs:
    """The "your turn" webhooks as jobs, one per player, game and version."""

    def __init__(self, jobs: JobQueue):
        self.jobs = jobs

    def job_id(self, player_id: UUID | str, game_id: UUID | str, version: int) -> str:
        return f"{self.jobs.namespace}-{delivery_id(player_id, game_id, version)}"

    def enqueue(self, player_id: UUID | str, game_id: UUID | str, version: int) -> bool:
        """Enqueue the "your turn" webhook of `version`; False if it exists already or Redis is away."""
        return self._enqueue(WEBHOOK_JOB, (str(game_id), version, str(player_id)),
                             self.job_id(player_id, game_id, version), f"game {game_id} at version {version}")

    def tournament_notice_job_id(self, tournament_id: str, player_id: str, key: str) -> str:
        return f"{self.jobs.namespace}-{notice_delivery_id(player_id, tournament_id, key)}"

    def enqueue_tournament_notice(self, tournament_id: str, player_id: str, key: str) -> bool:
        """Enqueue the webhook of a player's tournament notice (services.tournaments.news); False if
        it exists already or Redis is away (the notice still reaches the player's stream and inbox,
        and the sweeper enqueues it later: workers.notice_sweep)."""
        return self._enqueue(TOURNAMENT_NOTICE_JOB, (str(tournament_id), str(player_id), key),
                             self.tournament_notice_job_id(tournament_id, player_id, key),
                             f"tournament {tournament_id}'s news {key}")

    def _enqueue(self, function: str, args: tuple, job_id: str, what: str) -> bool:
        """One webhook job, retried while its receiver is down; False if it exists already or Redis is away."""
        try:
            self.jobs.queue.enqueue(function, *args, job_id=job_id, unique=True, retry=WEBHOOK_RETRIES,
                                    job_timeout=BOT_JOB_TIMEOUT, result_ttl=RESULT_TTL, failure_ttl=FAILURE_TTL)
        except DuplicateJobError:
            return False
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the webhook of %s: %s", what, redis_trouble(error))
            return False
        return True


def tell_in_thread(players: Players, tournament_id: str, due: dict[str, list[str]]) -> None:
    """Without workers, the webhooks of players' tournament notices go from a thread of this
    process, each tried a few times."""
    called = [player_id for player_id in due if players.get(player_id).callback_url]
    if not called:
        return

    def send() -> None:
        for player_id in called:
            for key in due[player_id]:
                for pause in RETRY_SECONDS:
                    time.sleep(pause)
                    try:
                        deliver_tournament_notice(players, tournament_id, player_id, key)
                        break
                    except DeliveryFailed as failed:
                        log.warning("webhook of tournament %s's news %s failed: %s", tournament_id, key, failed)

    threading.Thread(target=contextvars.copy_context().run, args=(send,), daemon=True, name="webhook").start()


def notify_in_thread(players: Players, game: Game) -> None:
    """Without workers, a "your turn" webhook goes from a thread of this process, tried a few times."""
    player = awaited_player(players, game)
    if player is None:
        return

    def send() -> None:
        for pause in RETRY_SECONDS:
            time.sleep(pause)
            try:
                deliver_if_due(players, game.id, game.version, str(player.id))
                return
            except DeliveryFailed as failed:
                log.warning("webhook of game %s at version %s failed: %s", game.id, game.version, failed)

    # In the move's context: the delivery logs under the request id of the move that caused it.
    threading.Thread(target=contextvars.copy_context().run, args=(send,), daemon=True, name="webhook").start()
