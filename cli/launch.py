"""`make run`: the API, and a worker playing bot turns, on one machine, kept running.

Redis is looked for at REDIS_URL (default redis://127.0.0.1:6379/0). If nothing answers and
`redis-server` is installed, a local one is started for this run. With Redis, bot turns are RQ
jobs played by a `chronicle-worker` process started beside the API; without it, the API plays
them in-process (the embedded default for one machine), and the log says which.

The launcher supervises what it started: a child that exits without being asked to (killed, or
crashed) is started again, after a pause that grows while it keeps dying at once. SIGTERM or
SIGINT stops them all.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Mapping
from urllib.parse import urlparse

from services.observe import exposition, logs
from services.redis_link import DEFAULT_REDIS_URL, redis_answers
from cli.server_process import GRACEFUL_SECONDS, gunicorn_command

log = logging.getLogger("launch")

LOOK_SECONDS = 0.5  # how often the launcher looks at its children
STEADY_SECONDS = 30.0  # a child that ran this long before it died is started again at once
LONGEST_PAUSE = 30.0


@dataclass
class Child:
    """A process the launcher keeps running: its command, and how it has fared."""

    name: str
    command: list[str]
    env: Mapping[str, str]
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    quick_deaths: int = 0
    restart_at: float | None = None
    extra: dict = field(default_factory=dict)

    def start(self) -> None:
        # A process group of its own: Ctrl-C in the terminal reaches the launcher alone, which stops
        # each child once with SIGTERM (a gevent worker hit by SIGINT and then by gunicorn's SIGQUIT
        # dies in a SystemExit traceback that reads as a crash).
        self.process = subprocess.Popen(self.command, env=dict(self.env), process_group=0, **self.extra)
        self.started_at = time.monotonic()
        self.restart_at = None

    def look(self, now: float) -> None:
        """Start it again if it died: at once after a steady run, later if it keeps dying."""
        if self.restart_at is not None:
            if now >= self.restart_at:
                log.info("starting the %s again", self.name)
                self.start()
            return
        if self.process is None or self.process.poll() is None:
            return
        self.quick_deaths = 0 if now - self.started_at >= STEADY_SECONDS else self.quick_deaths + 1
        pause = 0.0 if not self.quick_deaths else min(2.0 ** (self.quick_deaths - 1), LONGEST_PAUSE)
        log.warning("the %s (pid %s) exited with code %s; starting it again in %.0f s",
                    self.name, self.process.pid, self.process.returncode, pause)
        self.restart_at = now + pause

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(timeout=GRACEFUL_SECONDS + 10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def local_redis(url: str) -> Child | None:
    """A redis-server on the URL's port, when it is a local address and the server is installed."""
    where = urlparse(url)
    if where.hostname not in ("127.0.0.1", "localhost") or not shutil.which("redis-server"):
        return None
    command = ["redis-server", "--port", str(where.port or 6379), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    child = Child("local redis-server", command, os.environ, extra={"stdout": subprocess.DEVNULL})
    child.start()
    for _ in range(50):
        if redis_answers(url):
            log.info("started a local redis-server for this run on port %s", where.port or 6379)
            return child
        time.sleep(0.1)
    child.stop()
    child.wait()
    return None


def children(env: dict[str, str]) -> list[Child]:
    """What `make run` starts: a Redis if need be, a worker if there is Redis, and the API."""
    url = env["REDIS_URL"]
    started: list[Child] = []
    redis_up = redis_answers(url)
    if not redis_up and (local := local_redis(url)) is not None:
        started.append(local)
        redis_up = True
    if redis_up:
        env["CHRONICLE_BOTS"] = "rq"
        log.info("bot turns run on RQ workers (Redis at %s); `make worker` starts more", url)
        # The worker counts into the API's metrics folder, and the API's server shows its counts too.
        worker_env = {key: value for key, value in env.items() if key != "CHRONICLE_METRICS_PORT"}
        started.append(Child("worker", [sys.executable, "-m", "workers.cli", "run"], worker_env))
    else:
        env["CHRONICLE_BOTS"] = "inprocess"
        log.warning("no Redis at %s and no redis-server to start: bot turns run in-process in the API", url)
    # gevent's worker: an open live stream holds a greenlet and a socket, no thread.
    api = gunicorn_command(f"127.0.0.1:{env.get('PORT', '8000')}", workers=1)  # the app logs each request
    started.append(Child("API server", api, env))
    return started


def stop_asked(stopping: threading.Event, number: int) -> None:
    """One line for Ctrl-C or SIGTERM (a second one says nothing more): the children are stopping."""
    if not stopping.is_set():
        log.info("%s: stopping the API server and the worker (requests in flight finish first)",
                 "Ctrl-C" if number == signal.SIGINT else signal.Signals(number).name)
    stopping.set()


def main() -> int:
    logs.configure()
    env = {**os.environ, "REDIS_URL": os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL}
    given = env.get(exposition.FOLDER)
    folder = exposition.multiprocess_folder(env)  # shared by the API's processes and the worker's
    stopping = threading.Event()
    for asked in (signal.SIGTERM, signal.SIGINT):
        signal.signal(asked, lambda number, _frame: stop_asked(stopping, number))
    running = children(env)
    for child in running:
        if child.process is None:
            child.start()
    try:
        while not stopping.wait(LOOK_SECONDS):
            now = time.monotonic()
            for child in running:
                child.look(now)
    finally:
        for child in reversed(running):
            child.stop()
        for child in running:
            child.wait()
        if folder and not given:
            shutil.rmtree(folder, ignore_errors=True)  # this run's counts, kept nowhere else
    return 0


if __name__ == "__main__":
    sys.exit(main())
