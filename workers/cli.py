"""`chronicle-worker`: RQ workers that play bot turns, and the sweeper.

    chronicle-worker run [--burst]   play bot turns from the queue; sweep every SWEEP_SECONDS (and
                                     post each day's email digests once their hour has come)
    chronicle-worker sweep           enqueue every bot turn that is due and has no live job, what
                                     every unfinished analysis misses, and the webhooks whose jobs
                                     were lost

Redis is at REDIS_URL (default redis://127.0.0.1:6379/0); the event store is set as for the API,
and the queue is the deployment's (services.log.deployment). A worker rides out Redis going away:
RQ's own loop quits on some connection errors (in the middle of a job, or a timeout), so the
worker waits for Redis to answer again, with backoff, and starts a new RQ worker in the same
process; only a stop that was asked for (SIGTERM, SIGINT) ends it.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from uuid import uuid4

from redis import Redis
from redis.exceptions import RedisError
from rq import SimpleWorker

from services.email.digests import DigestRound
from services.email.setup import MailSetup
from services.observe import exposition, logs
from services.reactions.queue import queue_name
from services.redis_link import DEFAULT_REDIS_URL, redis_answers, redis_trouble
from workers.jobs import services
from workers.scheduler import SchedulerThread
from workers.sweeper import Sweeper

log = logging.getLogger("workers")

SWEEP_SECONDS = float(os.environ.get("SWEEP_SECONDS") or 10)
LONGEST_PAUSE = 5.0  # between tries to reach Redis again: a restarted Redis is used within seconds
STEADY_SECONDS = 60.0  # a worker that ran this long before it quit starts again at once


class ChronicleWorker(SimpleWorker):
    """RQ's in-process worker that tells a stop asked for from losing Redis, and retries its
    connection every few seconds at most (RQ's default grows to a minute)."""

    max_connection_wait_time = LONGEST_PAUSE
    stop_asked = False

    def request_stop(self, signum, frame):
        self.stop_asked = True
        super().request_stop(signum, frame)

    def perform_job(self, job, queue) -> bool:
        """The job, under the request id that caused it (from its meta; else its own), and one line
        saying how it went and how long it took."""
        token = logs.REQUEST_ID.set(job.meta.get(logs.META_KEY) or f"job-{job.id}")
        began = time.perf_counter()
        done = False
        try:
            done = super().perform_job(job, queue)
            return done
        finally:
            log.info("job %s %s: %s in %.1f ms", job.func_name, job.id, "done" if done else "failed",
                     (time.perf_counter() - began) * 1000)
            logs.REQUEST_ID.reset(token)


def sweep_forever(sweeper: Sweeper, digests: DigestRound, stop: threading.Event) -> None:
    while not stop.wait(SWEEP_SECONDS):
        try:
            sweeper.sweep()
        except Exception:  # noqa: BLE001 - the periodic sweep must outlive a bad pass
            log.exception("sweep failed")
        try:
            digests.run(datetime.now(timezone.utc))
        except Exception:  # noqa: BLE001 - as the sweep: the next pass tries again
            log.exception("email digests failed")


def wait_for_redis(url: str, stop: threading.Event, first_pause: float) -> None:
    """Until Redis answers (or a stop is asked for), trying again with growing pauses."""
    pause = first_pause
    while not stop.wait(pause):
        if redis_answers(url):
            log.info("Redis answers again at %s", url)
            return
        pause = min(max(pause, 0.25) * 2, LONGEST_PAUSE)


def run(burst: bool) -> int:
    built = services()
    url = os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
    queue = queue_name(built.namespace)
    sweeper = Sweeper(built)
    stop = threading.Event()
    try:
        sweeper.sweep()
    except Exception:  # noqa: BLE001 - Redis may be away at start; the periodic sweep tries again
        log.exception("first sweep failed")
    scheduler = SchedulerThread(queue, url, stop)
    if not burst:
        exposition.serve()  # its bot turns, webhooks and emails, on CHRONICLE_METRICS_PORT if set
        digests = DigestRound(built.store, built.mail, MailSetup.from_settings(os.environ).digest_hour)
        threading.Thread(target=sweep_forever, args=(sweeper, digests, stop), daemon=True, name="sweeper").start()
        scheduler.start()
    quick_quits = 0
    try:
        while not stop.is_set():
            # One process, no fork per job: the services (store connections, caches) are built
            # once. The worker waits on the queue with its own connection: the enqueuers' short
            # timeouts would cut its blocking reads.
            worker = ChronicleWorker([queue], connection=Redis.from_url(url), name=f"{built.namespace}-{uuid4().hex[:12]}")
            log.info("worker %s playing bot turns from queue '%s'", worker.name, queue)
            began = time.monotonic()
            try:
                if burst:
                    scheduler.run_once()
                worker.work(burst=burst)
            except (RedisError, OSError) as error:  # its teardown, with Redis gone
                log.warning("worker %s, stopping: %s", worker.name, redis_trouble(error))
            if burst or worker.stop_asked:
                break
            quick_quits = 0 if time.monotonic() - began > STEADY_SECONDS else quick_quits + 1
            log.warning("worker %s quit without being asked to (Redis gone?); starting another once Redis answers",
                        worker.name)
            for asked in (signal.SIGTERM, signal.SIGINT):
                signal.signal(asked, lambda *_: stop.set())
            wait_for_redis(url, stop, min(0.25 * 2 ** quick_quits, LONGEST_PAUSE))
    finally:
        stop.set()
    return 0


def main(argv: list[str] | None = None) -> int:
    logs.configure()
    parser = argparse.ArgumentParser(prog="chronicle-worker", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="play bot turns from the queue")
    run_parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    commands.add_parser("sweep", help="enqueue every due bot turn, analysis chunk missing and webhook lost that "
                                      "has no live job")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(args.burst)
    enqueued = Sweeper(services()).sweep()
    print(f"enqueued {len(enqueued)} jobs (bot turns, analysis chunks)" + (": " + ", ".join(enqueued) if enqueued else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
