"""`make run`: the API, and a worker playing bot turns, on one machine.

Redis is looked for at REDIS_URL (default redis://127.0.0.1:6379/0). If nothing answers and
`redis-server` is installed, a local one is started for this run. With Redis, bot turns are RQ
jobs played by a `chronicle-worker` process started beside the API; without it, the API plays
them in-process (the embedded default for one machine), and the log says which.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from urllib.parse import urlparse

from services.bootstrap import DEFAULT_REDIS_URL
from services.bot_queue import redis_answers
from web.server_process import GRACEFUL_SECONDS

log = logging.getLogger("launch")


def start_local_redis(url: str) -> subprocess.Popen | None:
    """Start redis-server on the URL's port when it is a local address and the server is installed."""
    where = urlparse(url)
    if where.hostname not in ("127.0.0.1", "localhost") or not shutil.which("redis-server"):
        return None
    process = subprocess.Popen(
        ["redis-server", "--port", str(where.port or 6379), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(50):
        if redis_answers(url):
            log.info("started a local redis-server for this run on port %s", where.port or 6379)
            return process
        time.sleep(0.1)
    process.terminate()
    return None


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
    env = {**os.environ, "REDIS_URL": url}
    children: list[subprocess.Popen] = []
    redis_up = redis_answers(url)
    if not redis_up:
        local = start_local_redis(url)
        if local is not None:
            children.append(local)
            redis_up = True
    if redis_up:
        env["CHRONICLE_BOTS"] = "rq"
        log.info("bot turns run on RQ workers (Redis at %s); `make worker` starts more", url)
        children.append(subprocess.Popen([sys.executable, "-m", "workers.cli", "run"], env=env))
    else:
        env["CHRONICLE_BOTS"] = "inprocess"
        log.warning("no Redis at %s and no redis-server to start: bot turns run in-process in the API", url)
    port = env.get("PORT", "8000")
    api = subprocess.Popen(
        # Each open live stream holds a thread (they end within a minute and clients resume).
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", "32",
         "--graceful-timeout", str(GRACEFUL_SECONDS), "--access-logfile", "-", "web.wsgi:app"],
        env=env,
    )
    children.append(api)

    def stop(*_):
        for child in reversed(children):
            child.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        api.wait()
    finally:
        stop()
        for child in children:
            child.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
