"""Clocks on RQ against a real Redis: a person's decision schedules the job of its deadline, and
the worker applies the clock's policy through the normal command path once the time has come."""

from __future__ import annotations

from datetime import timedelta, timezone

from rq.job import Job

import workers.jobs
from services.log.clocks import deadline
from tests.clocks import START, FakeClock
from tests.workers.conftest import run_worker
from workers.sweeper import Sweeper

TWO = [{"name": "ana"}, {"name": "bo"}]
DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


def clocked_game(services, monkeypatch):
    """A two-person game with a day a decision; the worker's jobs share this test's clock."""
    services.commands.clock = FakeClock()
    monkeypatch.setattr(workers.jobs, "_services", services)
    created = services.commands.create("chi", TWO, seed="clock-job", clock=DAY)
    return services.store.game(created.id)


def test_a_persons_decision_schedules_the_job_of_its_deadline(services, queue, monkeypatch):
    game = clocked_game(services, monkeypatch)
    job_id = services.reactions.clocks.job_id(game.id, game.version)
    assert job_id in queue.scheduled_job_registry.get_job_ids()
    due = queue.scheduled_job_registry.get_scheduled_time(job_id).replace(tzinfo=timezone.utc)
    assert due == START + timedelta(days=1) == deadline(game)


def test_the_clock_job_does_nothing_before_the_deadline_and_applies_the_policy_after_it(services, queue, monkeypatch):
    game = clocked_game(services, monkeypatch)
    job = Job.fetch(services.reactions.clocks.job_id(game.id, game.version), connection=queue.connection)
    queue.enqueue_job(job)  # as if RQ's scheduler thought the time had come: a clock running fast
    run_worker(queue)
    assert Job.fetch(job.id, connection=queue.connection).return_value() == "not due"
    assert services.store.game(game.id).version == game.version

    services.commands.clock.advance(days=1)
    queue.enqueue_job(Job.fetch(job.id, connection=queue.connection))
    run_worker(queue)
    after = services.store.game(game.id)
    assert after.finished and after.rules.outcome(after.state).winners == [1 - game.to_act()]


def test_the_sweeper_applies_a_clock_whose_job_was_lost_with_redis(services, queue, monkeypatch):
    game = clocked_game(services, monkeypatch)
    queue.connection.flushall()  # Redis restarted empty
    services.commands.clock.advance(days=1, seconds=1)
    Sweeper(services).sweep()
    assert services.store.game(game.id).finished
