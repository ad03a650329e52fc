"""Turns whose job raises, on RQ workers against a real Redis: retried by RQ, then flagged (an
error in the log, the game's JSON saying the turn failed and when it is tried again), then tried
again by the sweeper after a pause that doubles each time, until the turn is played.

A bot's turn fails here on a store that another connection holds locked, as a backup or a long
write would; a rules turn (the Dealer's, tests/fixtures/dealer.py) fails by a bug in its rules
that raises IndexError. The workers run in this process and share the test's clock.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from rq.job import JobStatus

import workers.jobs
from services.compose import build
from services.log.clocks import timestamp
from tests.clocks import START, FakeClock
from tests.fixtures.broken_deal import break_the_deal
from tests.infra import sqlite_locked
from tests.workers.conftest import run_worker
from tests.workers.test_bot_jobs import game_waiting_on_the_bot
from tests.workers.test_rules_turn_jobs import asked_for_a_card
from web.app import create_app
from workers.sweeper import Sweeper

BUSY_FOR_A_SECOND = {"SQLITE_LOCK_TIMEOUT": "1"}  # a write on a locked store fails after a second
AT_ONCE = {"CHRONICLE_BOT_RETRY_SECONDS": "0,0", "CHRONICLE_BOT_RETRY_LATER_SECONDS": "30"}


@pytest.fixture
def env(env, monkeypatch):
    for key, value in BUSY_FOR_A_SECOND.items():
        monkeypatch.setenv(key, value)
    return {**env, **BUSY_FOR_A_SECOND}


def store_path(env) -> Path:
    return Path(env["CHRONICLE_DATA"]) / "events.sqlite"


def test_the_sweeper_enqueues_a_retry_left_scheduled_past_its_time_with_no_scheduler_to_move_it(env, services, queue, redis):
    game = game_waiting_on_the_bot(services)
    job_id = services.reactions.bots.job_id(game.id, game.version)
    with sqlite_locked(store_path(env)):
        run_worker(queue)  # the bot's move cannot be stored: RQ schedules its retry a second later
    job = queue.fetch_job(job_id)
    assert job.get_status() == JobStatus.SCHEDULED
    sweeper = Sweeper(services, redis.url)
    assert sweeper.sweep() == [], "its time has not come: a scheduler will move it"
    # As a lost or dead scheduler leaves it: due a minute ago, and still scheduled.
    queue.scheduled_job_registry.schedule(job, datetime.now(timezone.utc) - timedelta(minutes=1))
    assert sweeper.sweep() == [job_id]
    assert queue.job_ids == [job_id]
    run_worker(queue)
    assert services.store.game(game.id).version > game.version


def test_the_sweeper_replaces_a_deferred_bot_job_which_waits_on_nothing_that_will_come(services, queue, redis):
    game = game_waiting_on_the_bot(services)
    job = queue.fetch_job(services.reactions.bots.job_id(game.id, game.version))
    queue.remove(job)
    job.set_status(JobStatus.DEFERRED)
    assert Sweeper(services, redis.url).sweep() == [job.id]
    run_worker(queue)
    assert services.store.game(game.id).version > game.version


# --- a rules turn that raises --------------------------------------------------------------------


@pytest.fixture
def broken_deal(monkeypatch):
    return break_the_deal(monkeypatch)


@pytest.fixture
def quick(env, monkeypatch):
    """Services whose RQ retries come at once and whose sweeper waits 30 s, then 60 s...; the
    worker's jobs share them, and their clock."""
    built = build({**env, **AT_ONCE})
    built.commands.clock = FakeClock()
    monkeypatch.setattr(workers.jobs, "_services", built)
    return built


def failed_turn(services, game_id) -> dict | None:
    """What GET /api/games/{id} says of the failed turn, to a spectator."""
    answer = create_app(services=services).test_client().get(f"/api/games/{game_id}")
    assert answer.status_code == 200
    return answer.get_json()["failed_turn"]


def test_a_rules_turn_that_keeps_raising_is_retried_then_flagged_in_the_log_and_in_the_games_json(
        quick, broken_deal, caplog, redis):
    caplog.set_level(logging.INFO)
    game = asked_for_a_card(quick)
    queue = quick.reactions.jobs.queue
    assert failed_turn(quick, game.id) is None
    run_worker(queue)  # the first try and RQ's two retries, all raising
    job = queue.fetch_job(quick.reactions.bots.job_id(game.id, game.version))
    assert job.get_status() == JobStatus.FAILED
    assert quick.store.game(game.id).version == game.version

    warned = [r.getMessage() for r in caplog.records if r.name == "workers.jobs" and r.levelno == logging.WARNING]
    flagged = [r.getMessage() for r in caplog.records if r.name == "workers.jobs" and r.levelno == logging.ERROR]
    assert len(warned) == 2 and all("RQ tries it again" in line for line in warned)
    assert len(flagged) == 1
    assert str(game.id) in flagged[0] and f"version {game.version}" in flagged[0] and "IndexError" in flagged[0]
    assert "3 times" in flagged[0] and timestamp(START + timedelta(seconds=30)) in flagged[0]

    shown = failed_turn(quick, game.id)
    assert shown == {"attempts": 3, "error": "IndexError", "since": timestamp(START),
                     "next_try": timestamp(START + timedelta(seconds=30)), "retries_spent": True}
    assert "S05A" not in str(shown), "the exception's message stays in the log: it may name a hidden card"


def test_the_sweeper_tries_a_failed_turn_again_after_a_pause_that_doubles_until_it_is_played(
        quick, broken_deal, redis):
    game = asked_for_a_card(quick)
    queue = quick.reactions.jobs.queue
    job_id = quick.reactions.bots.job_id(game.id, game.version)
    clock = quick.commands.clock
    sweeper = Sweeper(quick, redis.url)
    run_worker(queue)
    assert sweeper.sweep() == [], "not before its pause"

    clock.advance(seconds=30)
    assert sweeper.sweep() == [job_id]
    run_worker(queue)  # three more tries, all raising
    shown = failed_turn(quick, game.id)
    assert shown["attempts"] == 6 and shown["next_try"] == timestamp(clock.now() + timedelta(seconds=60))
    clock.advance(seconds=59)
    assert sweeper.sweep() == [], "the second pause is twice the first"

    broken_deal.broken = False  # the bug is fixed (or the store came back)
    clock.advance(seconds=1)
    assert sweeper.sweep() == [job_id]
    run_worker(queue)
    after = quick.store.game(game.id)
    assert after.version > game.version and after.to_act() == 0
    assert quick.failed_turns.of(game.id, game.version) is None
    assert failed_turn(quick, game.id) is None
