"""Start the API as a separate gunicorn process, as `make run` does: for end-to-end tests and benchmarks.

The API runs on gunicorn's gevent worker: each request, and each open live stream, is a greenlet
rather than a thread, so a thousand spectators hold a thousand sockets and no thread. gunicorn
patches the standard library for gevent before it loads the app (sockets, so Redis; select, so
psycopg 3 waits cooperatively; threads and locks). sqlite3 is not patched: its calls run on the
worker's one thread, briefly, as they did under the GIL.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from urllib.error import URLError
from urllib.request import urlopen

from web.request_limits import LIMIT_REQUEST_FIELD_SIZE, LIMIT_REQUEST_FIELDS, LIMIT_REQUEST_LINE

ROOT = Path(__file__).resolve().parents[1]
# On SIGTERM the live streams end at once (web.shutdown) and the requests in flight finish: the
# server waits this long at most for them, and exits as soon as they are done.
GRACEFUL_SECONDS = 10
# Connections one gevent worker serves at once (gunicorn's default is 1,000): streams and requests.
WORKER_CONNECTIONS = 12000


def gunicorn_command(bind: str, workers: int, worker_class: str = "gevent", threads: int = 4,
                     app: str = "web.wsgi:app") -> list[str]:
    """The API server's command line: the gevent worker, or gunicorn's threads (`gthread`), where
    each open stream holds a thread; either answers an over-long request as a problem (web.http_workers)."""
    command = [sys.executable, "-m", "gunicorn", "--config", "python:cli.gunicorn_config",
               "--bind", bind, "--workers", str(workers),
               "--graceful-timeout", str(GRACEFUL_SECONDS), "--limit-request-line", str(LIMIT_REQUEST_LINE),
               "--limit-request-field_size", str(LIMIT_REQUEST_FIELD_SIZE),
               "--limit-request-fields", str(LIMIT_REQUEST_FIELDS)]
    if worker_class == "gevent":
        command += ["--worker-class", "web.http_workers.ProblemGeventWorker",
                    "--worker-connections", str(WORKER_CONNECTIONS)]
    else:
        command += ["--worker-class", "web.http_workers.ProblemThreadWorker", "--threads", str(threads)]
    return command + [app]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, process: subprocess.Popen, timeout: float = 120.0) -> None:
    """Until the server answers `url`; `timeout` only bounds a failure (a busy machine starts slowly)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}")
        try:
            with urlopen(url, timeout=10) as answer:
                if answer.status == 200:
                    return
        except (URLError, ConnectionError, OSError):
            time.sleep(0.1)
    raise RuntimeError(f"the server did not answer {url} within {timeout}s")


@contextmanager
def running_server(data_dir: Path, workers: int = 1, threads: int = 4, env: dict | None = None,
                   worker_class: str = "gevent", app: str = "web.wsgi:app",
                   ready: str = "/openapi.json") -> Iterator[str]:
    """Yield the base URL of a server storing its events under `data_dir`; stop it afterwards.
    `threads` counts only with worker_class="gthread"; `app` and the path answering once it is
    `ready` let the benchmarks serve other apps alike."""
    port = free_port()
    settings = {**os.environ, "CHRONICLE_DATA": str(data_dir), "PYTHONPATH": str(ROOT)}
    settings.pop("PERSISTENCE_MODULE", None)  # the embedded SQLite store unless `env` says otherwise
    settings.update(env or {})
    with open(Path(data_dir) / "server.log", "w") as log:
        process = subprocess.Popen(
            gunicorn_command(f"127.0.0.1:{port}", workers, worker_class, threads, app),
            cwd=ROOT, env=settings, stdout=log, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            wait_until_up(base + ready, process)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=GRACEFUL_SECONDS + 10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
