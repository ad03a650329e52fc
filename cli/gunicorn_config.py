"""gunicorn's settings for the API server (`--config python:cli.gunicorn_config`): the master serves
the metrics of all its workers (services.observe.exposition) when CHRONICLE_METRICS_PORT is set.

The multiprocess folder is chosen on import, before any process imports prometheus_client: the
workers, forked from the master, inherit it."""

from services.observe import exposition as metrics_server

metrics_server.multiprocess_folder()


def when_ready(server) -> None:
    metrics_server.serve()


def child_exit(server, worker) -> None:
    metrics_server.process_gone(worker.pid)
