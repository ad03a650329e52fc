"""Worker tests: a real Redis of their own, a SQLite store, and RQ workers run in this process."""

from dataclasses import replace

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
def quick_analysis(monkeypatch):
    """The analysis's search cut to a few short playouts in this process (where `run_worker` plays
    the jobs): these tests check where entries are computed, saved and resumed, not their numbers.
    A worker of its own process keeps the whole budget."""
    from domain import analysis

    real = analysis.bot_at

    def quick(rules, strength):
        bot = real(rules, strength)
        return type(bot)(rules, replace(bot.budget, playouts=4, depth=12))

    monkeypatch.setattr(analysis, "bot_at", quick)


@pytest.fixture
def queue(services):
    return services.reactions.jobs.queue


def run_worker(queue: Queue, max_jobs: int | None = None) -> None:
    """Play every queued job (or the first `max_jobs`), in this process, until the queue is empty."""
    SimpleWorker([queue.name], connection=queue.connection).work(burst=True, max_jobs=max_jobs)
