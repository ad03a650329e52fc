"""/metrics (Prometheus' text format) on CHRONICLE_METRICS_PORT, on CHRONICLE_METRICS_HOST (default
127.0.0.1), never on the API's public port.

Under gunicorn the master serves them (cli.gunicorn_config), adding up what every worker process
counted in its files under PROMETHEUS_MULTIPROC_DIR (prometheus_client's multiprocess mode); a
worker process (chronicle-worker) started alone serves its own. The folder must be given before
prometheus_client is imported, hence `multiprocess_folder` imports nothing of it.
"""

from __future__ import annotations

import logging
import os
import tempfile
from typing import MutableMapping

log = logging.getLogger("metrics")

FOLDER = "PROMETHEUS_MULTIPROC_DIR"


def wanted(env: MutableMapping[str, str]) -> int | None:
    port = env.get("CHRONICLE_METRICS_PORT")
    if not port:
        return None
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"CHRONICLE_METRICS_PORT is a TCP port number (1 to 65535), not {port!r}")
    return int(port)


def multiprocess_folder(env: MutableMapping[str, str] = os.environ) -> str | None:
    """Where the processes of one server count, when metrics are served: PROMETHEUS_MULTIPROC_DIR
    as given (emptied by whoever gave it, before the processes start), or a new empty folder."""
    if wanted(env) is None:
        return None
    if not env.get(FOLDER):
        env[FOLDER] = tempfile.mkdtemp(prefix="chronicle-metrics-")
    return env[FOLDER]


def registry(env: MutableMapping[str, str] = os.environ):
    """What /metrics shows: every process's counts added up, or this process's own."""
    from prometheus_client import REGISTRY, CollectorRegistry
    from prometheus_client.multiprocess import MultiProcessCollector

    if not env.get(FOLDER):
        return REGISTRY
    collected = CollectorRegistry()
    MultiProcessCollector(collected)
    return collected


def serve(env: MutableMapping[str, str] = os.environ) -> bool:
    """Serve /metrics in a thread of this process, if CHRONICLE_METRICS_PORT asks for it."""
    from prometheus_client import start_http_server

    port = wanted(env)
    if port is None:
        return False
    host = env.get("CHRONICLE_METRICS_HOST") or "127.0.0.1"
    start_http_server(port, addr=host, registry=registry(env))
    log.info("metrics at http://%s:%s/metrics", host, port)
    return True


def process_gone(pid: int, env: MutableMapping[str, str] = os.environ) -> None:
    """A worker process exited: its live gauges (open streams) no longer count."""
    if env.get(FOLDER):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)
