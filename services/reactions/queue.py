"""Bot turns on RQ: the job of a bot's decision is keyed by game and version.

The job id `<namespace>-bot-<game>-<version>` makes a duplicate enqueue (two web processes, the
sweeper and a move racing) collapse into one job: RQ's `unique=True` refuses a second job with an
id that exists. A person's decision in a game with a clock schedules `<namespace>-clock-<game>-<version>`
for its deadline, and a player who gave a callback URL gets the job
`<namespace>-turn-<player>-<game>-<version>` that tells them it is their turn (services.players.webhooks).
The queue is `chronicle-<namespace>`: the namespace names the deployment (services.log.deployment),
so that services sharing one Redis never take each other's jobs.

A move never waits on Redis: the connection has short timeouts and no retries, and a failed
enqueue is only logged; the sweeper (workers.sweeper) enqueues it later from the store.

A bot turn or a clock whose job raises is tried again by RQ after each of the pauses of
CHRONICLE_BOT_RETRY_SECONDS (default `1,3,9`: three retries, 1, 3 and 9 seconds apart; RQ's
scheduler, run by every worker, moves a retry onto the queue when it is due). Once they are spent
the sweeper takes over (services.reactions.failed_turns).
"""

from __future__ import annotations

import logging
import os
from datetime import datetime
from uuid import UUID

from redis.exceptions import RedisError
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from services.play.bot_choice import bot_to_act
from services.log.clocks import deadline
from services.reactions.failed_turns import QUICK_RETRY_SECONDS
from services.log.game import Game
from services.players.players import Players
from services.players.webhooks import awaited_player, delivery_id
from services.redis_link import redis_connection, redis_trouble

log = logging.getLogger(__name__)

BOT_JOB = "workers.jobs.bot_turn"
CLOCK_JOB = "workers.jobs.clock_ran_out"
WEBHOOK_JOB = "workers.jobs.webhook"
# A worker killed mid-job is only known to be gone after the job's timeout: keep it short.
BOT_JOB_TIMEOUT = int(os.environ.get("CHRONICLE_BOT_JOB_TIMEOUT") or 20)
RETRIES = Retry(max=len(QUICK_RETRY_SECONDS), interval=list(QUICK_RETRY_SECONDS))
# A receiver that is down gets the notice later, for about an hour.
WEBHOOK_RETRIES = Retry(max=5, interval=[5, 30, 120, 600, 1800])


def queue_name(namespace: str) -> str:
    return f"chronicle-{namespace}"


def retries_from_setting(setting: str | None) -> Retry:
    """RQ's retries of a bot turn or a clock: the pauses before each, in whole seconds, separated
    by commas (CHRONICLE_BOT_RETRY_SECONDS); 0 tries again at once."""
    if not setting:
        return RETRIES
    try:
        pauses = [int(part) for part in setting.split(",")]
    except ValueError:
        pauses = []
    if not 1 <= len(pauses) <= 10 or not all(0 <= pause <= 3600 for pause in pauses):
        raise ValueError("CHRONICLE_BOT_RETRY_SECONDS is 1 to 10 whole numbers of seconds (0 to 3600) separated by "
                         f"commas, such as 1,3,9; not {setting!r}")
    return Retry(max=len(pauses), interval=pauses)


class QueuedBots:
    """Enqueues the bot decision due after each change to a game, on the deployment's queue."""

    def __init__(self, redis_url: str, namespace: str, retries: Retry = RETRIES):
        self.namespace = namespace
        self.retries = retries
        self.connection = redis_connection(redis_url)
        self.queue = Queue(queue_name(namespace), connection=self.connection)
        self.players: Players | None = None  # set by the composition root: whose webhooks to send

    def bot_job_id(self, game_id: UUID | str, version: int) -> str:
        return f"{self.namespace}-bot-{game_id}-{version}"

    def clock_job_id(self, game_id: UUID | str, version: int) -> str:
        return f"{self.namespace}-clock-{game_id}-{version}"

    def webhook_job_id(self, player_id: UUID | str, game_id: UUID | str, version: int) -> str:
        return f"{self.namespace}-{delivery_id(player_id, game_id, version)}"

    def __call__(self, game: Game) -> None:
        if game.finished:
            return
        if bot_to_act(game) is not None:
            self.enqueue(game.id, game.version)
            return
        if (due := deadline(game)) is not None:
            self.schedule_clock(game.id, game.version, due)
        if self.players is not None and (player := awaited_player(self.players, game)) is not None:
            self.notify(player.id, game.id, game.version)

    def notify(self, player_id: UUID | str, game_id: UUID | str, version: int) -> bool:
        """Enqueue the "your turn" webhook of `version`; False if it exists already or Redis is away."""
        try:
            self.queue.enqueue(
                WEBHOOK_JOB, str(game_id), version, str(player_id),
                job_id=self.webhook_job_id(player_id, game_id, version), unique=True, retry=WEBHOOK_RETRIES,
                job_timeout=BOT_JOB_TIMEOUT, result_ttl=600, failure_ttl=7 * 24 * 3600,
            )
        except DuplicateJobError:
            return False
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the webhook of game %s at version %s: %s", game_id, version,
                        redis_trouble(error))
            return False
        return True

    def schedule_clock(self, game_id: UUID | str, version: int, due: datetime) -> bool:
        """Schedule the clock of the decision due at `version` to run out at `due` (a worker with
        RQ's scheduler moves the job to the queue then); False if Redis is away."""
        try:
            self.queue.enqueue_at(
                due, CLOCK_JOB, str(game_id), version, job_id=self.clock_job_id(game_id, version),
                retry=self.retries, job_timeout=BOT_JOB_TIMEOUT, result_ttl=600, failure_ttl=7 * 24 * 3600,
            )
        except (RedisError, OSError) as error:
            log.warning("could not schedule the clock of game %s at version %s: %s; the sweeper will apply it",
                        game_id, version, redis_trouble(error))
            return False
        return True

    def enqueue(self, game_id: UUID | str, version: int) -> bool:
        """Enqueue the bot turn due at `version`; False if one exists already or Redis is away."""
        try:
            self.queue.enqueue(
                BOT_JOB,
                str(game_id),
                version,
                job_id=self.bot_job_id(game_id, version),
                unique=True,
                retry=self.retries,
                job_timeout=BOT_JOB_TIMEOUT,
                result_ttl=600,
                failure_ttl=7 * 24 * 3600,
            )
        except DuplicateJobError:
            return False
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the bot turn of game %s at version %s: %s; the sweeper will",
                        game_id, version, redis_trouble(error))
            return False
        return True
