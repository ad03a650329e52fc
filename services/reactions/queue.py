"""The deployment's RQ queue, on which the reactions after a move are jobs.

Each kind of job has its module (bot turns: services.reactions.bot_turns; clocks:
services.reactions.overdue; "your turn" webhooks: services.reactions.webhook_jobs); each job id is
keyed by game and version, so that a duplicate enqueue (two web processes, the sweeper and a move
racing) collapses into one job: RQ's `unique=True` refuses a second job with an id that exists.
The queue is `chronicle-<namespace>`: the namespace names the deployment
(services.log.deployment), so that services sharing one Redis never take each other's jobs.

A move never waits on Redis: the connection has short timeouts and no retries
(services.redis_link), and a failed enqueue is only logged; the sweeper (workers.sweeper)
enqueues it later from the store.

A bot turn or a clock whose job raises is tried again by RQ after each of the pauses of
CHRONICLE_BOT_RETRY_SECONDS (default `1,3,9`: three retries, 1, 3 and 9 seconds apart; RQ's
scheduler, run by every worker, moves a retry onto the queue when it is due). Once they are spent
the sweeper takes over (services.reactions.failed_turns).
"""

from __future__ import annotations

import os

from redis import Redis
from rq import Retry

from services.observe.logs import TracedQueue
from services.reactions.failed_turns import QUICK_RETRY_SECONDS

# A worker killed mid-job is only known to be gone after the job's timeout: keep it short.
BOT_JOB_TIMEOUT = int(os.environ.get("CHRONICLE_BOT_JOB_TIMEOUT") or 20)
RETRIES = Retry(max=len(QUICK_RETRY_SECONDS), interval=list(QUICK_RETRY_SECONDS))
RESULT_TTL = 600
FAILURE_TTL = 7 * 24 * 3600  # as long as the failed turns are kept (services.reactions.failed_turns)


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


class JobQueue:
    """The deployment's queue on the shared Redis, with the retries of bot turns and clocks."""

    def __init__(self, connection: Redis, namespace: str, retries: Retry = RETRIES):
        self.connection = connection
        self.namespace = namespace
        self.retries = retries
        self.queue = TracedQueue(queue_name(namespace), connection=connection)
