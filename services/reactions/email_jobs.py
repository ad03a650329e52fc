"""Emails as jobs on the deployment's queue where workers run, or from a thread of this process
where they do not (as the "your turn" webhooks go: services.reactions.webhook_jobs).

`Mailer` decides which emails are due (a confirmation for a new address, "your move" when a game
comes to await a player who wants each, a challenge to a player who wants those, a day's digest)
and hands each to `post`; services.email.delivery sends it. A job's id names the email (player,
game and version; challenge; player and day), so duplicates collapse; the claim the delivery stores
makes it at most once even across retries.
"""

from __future__ import annotations

import contextvars
import logging
import threading
import time
from typing import Any, Protocol, Sequence

from redis.exceptions import RedisError
from rq import Retry
from rq.exceptions import DuplicateJobError

from services.email.awaiting import awaited_person, comes_to_await
from services.email.book import EmailBook
from services.email.delivery import Delivery
from services.email.smtp import RecipientRefused, SendFailed
from services.log.game import Game
from services.players.players import Players
from services.reactions.queue import FAILURE_TTL, RESULT_TTL, JobQueue
from services.redis_link import redis_trouble

log = logging.getLogger(__name__)

EMAIL_JOB = "workers.jobs.email"
EMAIL_JOB_TIMEOUT = 120  # an SMTP server may take its time: 30 s a step, a few steps
# A dead SMTP server gets the email later, for about two hours; a refused recipient is not retried.
EMAIL_RETRIES = Retry(max=5, interval=[10, 60, 300, 1200, 3600])
RETRY_SECONDS = (0, 5, 30)  # the pauses of an email sent from a thread of this process


class Post(Protocol):
    def __call__(self, key: str, kind: str, *args: Any) -> bool: ...


class Mailer:
    """Which emails are due; each is handed to `post` (a job, or a thread)."""

    def __init__(self, book: EmailBook, post: Post):
        self.book = book
        self.post = post

    def turn(self, game: Game, players: Players) -> None:
        """After a change to `game`: "your move" to the player it now awaits, if they want each."""
        player = awaited_person(players, game)
        if player is not None and self.book.wanted(player, "each") is not None and comes_to_await(players.store, game):
            self.post(f"turn-{player.id}-{game.id}-{game.version}", "turn", str(game.id), game.version,
                      str(player.id))

    def confirmation(self, player_id: str, serial: int) -> None:
        self.post(f"confirm-{player_id}-{serial}", "confirmation", player_id, serial)

    def challenge(self, challenge_id: str, player_id: str) -> None:
        self.post(f"challenge-{challenge_id}-{player_id}", "challenge", challenge_id, player_id)

    def digest(self, player_id: str, day: str, game_ids: Sequence[str]) -> None:
        self.post(f"digest-{player_id}-{day}", "digest", player_id, day, list(game_ids))


class EmailJobs:
    """Posting an email as a job on the deployment's queue."""

    def __init__(self, jobs: JobQueue):
        self.jobs = jobs

    def job_id(self, key: str) -> str:
        return f"{self.jobs.namespace}-email-{key}"

    def __call__(self, key: str, kind: str, *args: Any) -> bool:
        """Enqueue the email; False if its job exists already or Redis is away (then it is not sent)."""
        try:
            self.jobs.queue.enqueue(EMAIL_JOB, kind, *args, job_id=self.job_id(key), unique=True,
                                    retry=EMAIL_RETRIES, job_timeout=EMAIL_JOB_TIMEOUT, result_ttl=RESULT_TTL,
                                    failure_ttl=FAILURE_TTL)
        except DuplicateJobError:
            return False
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the email %s: %s", key, redis_trouble(error))
            return False
        return True


class EmailThreads:
    """Posting an email from a thread of this process, tried a few times while the server fails."""

    def __init__(self, delivery: Delivery):
        self.delivery = delivery

    def __call__(self, key: str, kind: str, *args: Any) -> bool:
        def send() -> None:
            for pause in RETRY_SECONDS:
                time.sleep(pause)
                try:
                    self.delivery.run(kind, *args)
                    return
                except RecipientRefused as refused:
                    log.warning("email %s not sent: %s; not tried again", key, refused)
                    return
                except SendFailed as failed:
                    log.warning("email %s not sent: %s", key, failed)
                except Exception as error:  # noqa: BLE001 - a thread has nobody to raise to; the type alone says no address
                    log.warning("email %s not sent: %s", key, type(error).__name__)
            log.error("email %s not sent after %d tries; given up", key, len(RETRY_SECONDS))

        # In the caller's context: the sending logs under the request id that caused it.
        threading.Thread(target=contextvars.copy_context().run, args=(send,), daemon=True, name="email").start()
        return True
