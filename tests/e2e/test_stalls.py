"""Nothing stalls: a real worker process (`python -m workers.cli run`: RQ's worker, its scheduler
and the sweeper) against a real Redis and a SQLite store.

- Bot games whose turns fail because another connection holds the store locked (as a backup or a
  long write would) all run to their end once it is released: released after each game's turn
  failed once, RQ's retry (moved to the queue by the scheduler) plays it; released only after
  every retry was spent, the sweeper tries again, and the game's JSON said meanwhile that the
  turn failed.
- A clock's time-out is applied by its scheduled job, which only the scheduler moves to the queue
  (the sweeper is set to sweep once an hour).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from rq.job import Job, JobStatus

from services.compose import Services, build
from tests.clocks import FakeClock
from tests.e2e.cluster import ROOT, WorkerProcess, wait_until
from tests.infra import redis_server, sqlite_locked

pytestmark = pytest.mark.e2e

# Failure bounds only, never expected to be reached: each wait ends when its condition holds.
PATIENCE = 300
GAMES = 3
BOTS = [{"bot": "random"}, {"bot": "greedy"}]


@pytest.fixture
def redis():
    with redis_server() as server:
        yield server


def settings(tmp_path: Path, redis, **more: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SQLITE_", "POSTGRES_"))}
    env.update({
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "CHRONICLE_DATA": str(tmp_path / "data"),
        "CHRONICLE_BOTS": "rq",
        "REDIS_URL": redis.url,
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
        "SWEEP_SECONDS": "1",
        "SQLITE_LOCK_TIMEOUT": "1",  # a write on the locked store fails after a second
        "CHRONICLE_BOT_RETRY_SECONDS": "1",  # one retry, a second after the first try
        "CHRONICLE_BOT_RETRY_LATER_SECONDS": "2",
    })
    env.update(more)
    return env


def store_path(env: dict[str, str]) -> Path:
    return Path(env["CHRONICLE_DATA"]) / "events.sqlite"


def bot_job(services: Services, game_id) -> Job | None:
    """The job of the bot turn the game waits on now, if there is one."""
    game = services.store.game(game_id)
    try:
        return Job.fetch(services.reactions.bots.job_id(game.id, game.version),
                         connection=services.reactions.jobs.connection)
    except Exception:  # noqa: BLE001 - not enqueued yet, or replaced just now
        return None


def failed_once(services: Services, game_id, retries: int) -> bool:
    """Whether the turn's job failed: RQ has fewer retries left than it was given."""
    job = bot_job(services, game_id)
    return job is not None and (job.get_status() == JobStatus.FAILED or (job.retries_left or 0) < retries)


def failed_through_every_retry(services: Services, game_id, retries: int) -> bool:
    job = bot_job(services, game_id)
    return job is not None and job.get_status() == JobStatus.FAILED


def every_game_finished(services: Services, games) -> bool:
    return all(services.store.game(game_id).finished for game_id in games)


@contextmanager
def worker_process(env: dict[str, str], tmp_path: Path) -> Iterator[WorkerProcess]:
    """A worker process (not started yet) on `env`, stopped afterwards; on a failure the end of
    its log is printed."""
    worker = WorkerProcess(env, tmp_path / "worker.log")
    try:
        yield worker
    except BaseException:
        print(worker.log_path.read_text(errors="replace")[-6000:])
        raise
    finally:
        worker.stop()


@pytest.mark.parametrize("released", [failed_once, failed_through_every_retry])
def test_bot_games_stalled_by_a_locked_store_run_to_their_end_once_it_is_released(tmp_path, redis, released):
    env = settings(tmp_path, redis)
    services = build(env)
    games = [services.commands.create("chi", BOTS, seed=f"stalled-{n}").id for n in range(GAMES)]
    retries = bot_job(services, games[0]).retries_left
    with worker_process(env, tmp_path) as worker:
        with sqlite_locked(store_path(env)):
            worker.start().wait_up()
            wait_until(lambda: all(released(services, game_id, retries) for game_id in games), PATIENCE,
                       f"every game's bot turn to have {released.__name__.replace('_', ' ')} on the locked store")
            if released is failed_through_every_retry:
                shown = services.queries.table(games[0], None)["failed_turn"]
                assert shown["error"] == "OperationalError" and shown["retries_spent"] is True
                assert shown["attempts"] >= retries + 1
        wait_until(lambda: every_game_finished(services, games), PATIENCE, "every game to run to its end")
        assert all(services.queries.table(game_id, None)["failed_turn"] is None for game_id in games)
    log = worker.log_path.read_text(errors="replace")
    assert "Redis does not answer" not in log and "Redis refused" not in log
    if released is failed_through_every_retry:
        assert "ERROR workers.jobs: bot turn of game" in log and "OperationalError" in log


def test_a_clocks_time_out_is_applied_by_its_scheduled_job_on_a_real_worker(tmp_path, redis):
    env = settings(tmp_path, redis, SWEEP_SECONDS="3600")  # the sweeper looks only at start
    services = build(env)
    with worker_process(env, tmp_path) as worker:
        worker.start().wait_up()
        # Created an hour ago by the game's clock: its first decision was due long since, and its
        # job is scheduled for then.
        services.commands.clock = FakeClock(datetime.now(timezone.utc) - timedelta(hours=1))
        created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="timed-out",
                                           clock={"per_decision": "PT10S", "on_timeout": "forfeit"})
        job_id = services.reactions.clocks.job_id(created.id, services.store.game(created.id).version)
        assert job_id in services.reactions.jobs.queue.scheduled_job_registry.get_job_ids()
        wait_until(lambda: services.store.game(created.id).finished, PATIENCE, "the clock's job to end the game")
    log = worker.log_path.read_text(errors="replace")
    assert f"clock of game {created.id}" in log and "applied" in log
