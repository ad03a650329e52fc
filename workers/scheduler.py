"""RQ's scheduler, which moves due jobs onto the queue (clock deadlines, retries after backoff), run
in a thread of the worker process.

RQ would fork a child process for it. That child outlives a worker killed with SIGKILL and keeps
the worker's sockets open, among them the connection blocked waiting for the next job: Redis
then hands the next job to that dead connection, and nobody ever runs it. A thread dies with its
process. One scheduler per queue holds the lock at a time; the others keep asking for it, and a
lost Redis is only waited out.

RQ's scheduler must be given its interval in whole seconds: it holds its lock for `interval + 60`
seconds with `SET ... EX`, which Redis refuses for anything but an integer (61.0 is refused, and
the scheduler then never holds its lock nor moves a job). The thread's own pause may be shorter.
"""

from __future__ import annotations

import logging
import math
import threading

from redis import Redis
from redis.exceptions import RedisError
from rq.scheduler import RQScheduler

from services.redis_link import redis_trouble

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 1.0


def lock_interval(interval: float) -> int:
    """The interval RQ's scheduler is given: whole seconds, at least one, never shorter than the
    thread's own pause, so its lock outlives the pause between two passes."""
    return max(1, math.ceil(interval))


class SchedulerThread:
    """Enqueues the queue's due jobs every second while it holds the queue's scheduler lock."""

    def __init__(self, queue: str, redis_url: str, stop: threading.Event, interval: float = INTERVAL_SECONDS):
        self.queue = queue
        self.redis_url = redis_url
        self.stop = stop
        self.interval = interval

    def start(self) -> "SchedulerThread":
        threading.Thread(target=self.run, daemon=True, name="scheduler").start()
        return self

    def new_scheduler(self) -> RQScheduler:
        return RQScheduler([self.queue], connection=Redis.from_url(self.redis_url),
                           interval=lock_interval(self.interval))

    def once(self, scheduler: RQScheduler) -> None:
        """One pass: hold (or ask for) the lock, and enqueue what is due if it is held."""
        if scheduler.acquired_locks:
            scheduler.heartbeat()  # refreshes the lock, or learns it was lost
        else:
            scheduler.acquire_locks()
        if scheduler.acquired_locks:
            scheduler.enqueue_scheduled_jobs()

    def run(self) -> None:
        scheduler = None
        while not self.stop.is_set():
            try:
                scheduler = scheduler or self.new_scheduler()
                self.once(scheduler)
            except (RedisError, OSError) as error:
                log.warning("scheduler: %s; trying again", redis_trouble(error))
                scheduler = None  # a restarted Redis has lost the lock: ask for it anew
            self.stop.wait(self.interval)
        if scheduler is not None:
            try:
                scheduler.release_locks()
            except (RedisError, OSError):
                pass

    def run_once(self) -> None:
        """For a burst: enqueue what is due now, if no other scheduler holds the lock."""
        scheduler = self.new_scheduler()
        self.once(scheduler)
        scheduler.release_locks()
