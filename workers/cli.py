"""`chronicle-worker`: RQ workers that play bot turns, and the sweeper.

    chronicle-worker run [--burst]   play bot turns from the queue; sweep every SWEEP_SECONDS
    chronicle-worker sweep           enqueue every bot turn that is due and has no live job

Redis is at REDIS_URL (default redis://127.0.0.1:6379/0); the event store is set as for the API.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading

from redis import Redis
from rq import SimpleWorker

from services.bootstrap import DEFAULT_REDIS_URL
from services.bot_queue import QUEUE
from workers.jobs import services
from workers.sweeper import Sweeper

log = logging.getLogger("workers")

SWEEP_SECONDS = float(os.environ.get("SWEEP_SECONDS") or 10)


def sweep_forever(sweeper: Sweeper, stop: threading.Event) -> None:
    while not stop.wait(SWEEP_SECONDS):
        try:
            sweeper.sweep()
        except Exception:  # noqa: BLE001 - the periodic sweep must outlive a bad pass
            log.exception("sweep failed")


def run(burst: bool) -> int:
    sweeper = Sweeper(services())
    sweeper.sweep()
    stop = threading.Event()
    if not burst:
        threading.Thread(target=sweep_forever, args=(sweeper, stop), daemon=True, name="sweeper").start()
    # One process, no fork per job: the services (store connections, caches) are built once. The
    # worker waits on the queue with its own connection: the enqueuers' short timeouts would cut
    # its blocking reads.
    worker = SimpleWorker([QUEUE], connection=Redis.from_url(os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL))
    log.info("worker %s playing bot turns from queue '%s'", worker.name, QUEUE)
    try:
        worker.work(burst=burst, with_scheduler=True)
    finally:
        stop.set()
    return 0


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    parser = argparse.ArgumentParser(prog="chronicle-worker", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="play bot turns from the queue")
    run_parser.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    commands.add_parser("sweep", help="enqueue every due bot turn that has no live job")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(args.burst)
    enqueued = Sweeper(services()).sweep()
    print(f"enqueued {len(enqueued)} bot turns" + (": " + ", ".join(enqueued) if enqueued else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
