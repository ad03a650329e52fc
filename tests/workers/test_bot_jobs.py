"""Bot turns as RQ jobs against a real Redis: one job per game version, stale jobs harmless,
moves that never wait on Redis, and a sweeper that finds every turn left without a job."""

import time
from datetime import datetime, timedelta, timezone

import pytest
from redis import Redis
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from services.compose import build
from services.reactions.queue import BOT_JOB_TIMEOUT
from tests.workers.conftest import run_worker
from workers.sweeper import Sweeper

PERSON_THEN_BOT = [{"name": "ana"}, {"bot": "random"}]


def game_waiting_on_the_bot(services):
    """A person-vs-bot game in which it is the bot's decision (after the person's first move if need be)."""
    for number in range(20):
        created = services.commands.create("chi", PERSON_THEN_BOT, seed=f"jobs-{number}")
        game = services.store.game(created.id)
        if game.to_act() == 0:
            services.commands.act(game.id, 0, game.rules.legal_actions(game.state, 0)[0], game.version)
            game = services.store.game(created.id)
        if game.to_act() == 1:
            return game
    raise AssertionError("no deal left the bot to act")


def test_the_bots_turn_is_one_job_keyed_by_game_and_version_and_a_second_enqueue_collapses(services, queue):
    game = game_waiting_on_the_bot(services)
    assert queue.job_ids == [services.reactions.bots.job_id(game.id, game.version)]
    assert services.reactions.bots.enqueue(game.id, game.version) is False
    assert queue.count == 1


def test_a_bot_job_retries_with_backoff_and_a_short_timeout(services, queue):
    game = game_waiting_on_the_bot(services)
    job = queue.fetch_job(services.reactions.bots.job_id(game.id, game.version))
    assert job.retries_left == 3 and job.retry_intervals == [1, 3, 9]
    assert job.timeout == BOT_JOB_TIMEOUT <= 30


def test_the_worker_plays_the_bots_turn_through_the_same_command_as_a_person(services, queue):
    game = game_waiting_on_the_bot(services)
    run_worker(queue)
    after = services.store.game(game.id)
    assert after.version > game.version and after.to_act() == 0
    bot_move = services.store.stored_events(game.id, gt=game.version)[0]
    assert bot_move.cause["seat"] == 1 and bot_move.cause["actor"]["bot"] == "random"
    assert bot_move.cause["action"] in game.rules.legal_actions(game.state, 1)


def test_a_game_between_two_bots_runs_to_the_end_on_the_workers(services, queue):
    created = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="bots-on-rq")
    assert not services.store.game(created.id).finished
    run_worker(queue)
    game = services.store.game(created.id)
    assert game.finished and game.rules.outcome(game.state) is not None
    assert queue.count == 0 and StartedJobRegistry(queue=queue).count == 0


def test_a_stale_bot_job_changes_nothing_and_ends_cleanly(services, queue):
    game = game_waiting_on_the_bot(services)
    run_worker(queue)
    version = services.store.game(game.id).version
    queue.connection.delete(Job.key_for(services.reactions.bots.job_id(game.id, game.version)))
    stale = services.reactions.bots.enqueue(game.id, game.version)
    assert stale
    run_worker(queue)
    job = queue.fetch_job(services.reactions.bots.job_id(game.id, game.version))
    assert job.get_status() == JobStatus.FINISHED and job.return_value() == "stale"
    assert services.store.game(game.id).version == version


def test_a_move_does_not_wait_for_a_redis_that_is_down_and_the_sweeper_enqueues_it_later(env, redis):
    down = build({**env, "REDIS_URL": "redis://127.0.0.1:1/0"})
    created = down.commands.create("chi", PERSON_THEN_BOT, seed="redis-down")
    game = down.store.game(created.id)
    if game.to_act() == 1:  # the bot opens: its turn could not be enqueued either
        waiting = game
    else:
        started = time.perf_counter()
        down.commands.act(game.id, 0, game.rules.legal_actions(game.state, 0)[0], game.version)
        assert time.perf_counter() - started < 5.0, "the move waited on the Redis that is down"
        waiting = down.store.game(created.id)
    assert waiting.to_act() == 1 and waiting.version > 1  # stored, though Redis never heard of it
    connection = Redis.from_url(redis.url)
    job_id = down.reactions.bots.job_id(waiting.id, waiting.version)
    assert not connection.exists(Job.key_for(job_id))
    up = build(env)
    assert Sweeper(up, redis.url).sweep() == [job_id]
    assert Sweeper(up, redis.url).sweep() == []  # a queued job is left alone


def test_the_sweeper_enqueues_the_turns_a_restarted_redis_forgot(services, queue, redis):
    game = game_waiting_on_the_bot(services)
    Redis.from_url(redis.url).flushall()
    assert queue.count == 0
    assert Sweeper(services, redis.url).sweep() == [services.reactions.bots.job_id(game.id, game.version)]
    run_worker(queue)
    assert services.store.game(game.id).version > game.version


def test_the_sweeper_replaces_a_job_started_longer_ago_than_its_timeout(services, queue, redis):
    game = game_waiting_on_the_bot(services)
    job = queue.fetch_job(services.reactions.bots.job_id(game.id, game.version))
    # As a worker killed with kill -9 leaves it: started, and never finished.
    job.set_status(JobStatus.STARTED)
    job.started_at = datetime.now(timezone.utc) - timedelta(seconds=job.timeout + 5)
    job.save()
    assert Sweeper(services, redis.url).sweep() == [services.reactions.bots.job_id(game.id, game.version)]
    assert queue.fetch_job(job.id).get_status() == JobStatus.QUEUED


def test_the_sweeper_leaves_a_job_that_started_moments_ago(services, queue, redis):
    game = game_waiting_on_the_bot(services)
    job = queue.fetch_job(services.reactions.bots.job_id(game.id, game.version))
    job.set_status(JobStatus.STARTED)
    job.started_at = datetime.now(timezone.utc)
    job.save()
    assert Sweeper(services, redis.url).sweep() == []


def test_the_sweeper_ignores_finished_games_and_games_waiting_on_a_person(services, redis):
    services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="people")
    Redis.from_url(redis.url).flushall()
    assert Sweeper(services, redis.url).sweep() == []


def taken_by_a_dead_connection(connection, queue, job_id):
    """As a worker killed right after taking a job leaves it, or a dead connection still blocked
    on the queue: moved to RQ's intermediate queue, still "queued", and never run."""
    connection.lmove(queue.key, queue.intermediate_queue_key, "RIGHT", "LEFT")


def removed_by_a_lookup_that_missed(connection, queue, job_id):
    """RQ's Queue.fetch_job removes the id from the queue when the job is not found; a lookup
    racing the enqueue (it missed, then the job was saved and pushed) takes it off the queue."""
    connection.lrem(queue.key, 1, job_id)


@pytest.mark.parametrize("lost", [taken_by_a_dead_connection, removed_by_a_lookup_that_missed])
def test_the_sweeper_replaces_a_queued_job_that_is_no_longer_on_the_queue(services, queue, redis, lost):
    game = game_waiting_on_the_bot(services)
    job_id = services.reactions.bots.job_id(game.id, game.version)
    lost(Redis.from_url(redis.url), queue, job_id)
    assert queue.count == 0 and queue.fetch_job(job_id).get_status() == JobStatus.QUEUED
    now = [100.0]
    sweeper = Sweeper(services, redis.url, clock=lambda: now[0])
    assert sweeper.sweep() == [], "a live worker may be about to start it"
    now[0] += 1.0
    assert sweeper.sweep() == []
    now[0] += 5.0
    assert sweeper.sweep() == [job_id], "still not started: its worker is gone"
    assert queue.job_ids == [job_id] and not Redis.from_url(redis.url).lrange(queue.intermediate_queue_key, 0, -1)
    run_worker(queue)
    assert services.store.game(game.id).version > game.version
