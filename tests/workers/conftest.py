"""Worker tests: a real Redis of their own, a SQLite store, and RQ workers run in this process."""

import pytest
from rq import Queue, SimpleWorker

import workers.jobs
from services.compose import build
from tests.infra import redis_server


@pytest.fixture(scope="module")
def redis():
    with redis_server() as server:
        yield server


@pytest.fixture
def env(redis, tmp_path, monkeypatch):
    """The environment both this test and the worker's jobs build their services from."""
    settings = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "CHRONICLE_DATA": str(tmp_path),
        "CHRONICLE_BOTS": "rq",
        "REDIS_URL": redis.url,
    }
    for key, value in settings.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(workers.jobs, "_services", None)
    from redis import Redis

    Redis.from_url(redis.url).flushall()
    return settings


@pytest.fixture
def services(env):
    return build(env)


@pytest.fixture
def queue(services):
    return services.reactions.jobs.queue


def run_worker(queue: Queue, max_jobs: int | None = None) -> None:
    """Play every queued job (or the first `max_jobs`), in this process, until the queue is empty."""
    SimpleWorker([queue.name], connection=queue.connection).work(burst=True, max_jobs=max_jobs)
