"""RQ's scheduler in a thread of the worker, against a real Redis: it moves a job whose time has
come onto the queue (a retry after its backoff, a clock's deadline), and says what Redis refused
when Redis refuses it, rather than that Redis does not answer."""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timedelta, timezone

from rq.scheduler import RQScheduler

from workers.scheduler import SchedulerThread

PATIENCE = 60.0  # a bound for a slow machine, never expected to be reached


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.02)


def scheduled_a_minute_ago(queue) -> str:
    job = queue.enqueue_at(datetime.now(timezone.utc) - timedelta(minutes=1), "workers.jobs.ping", job_id="due-ping")
    assert job.id not in queue.job_ids
    return job.id


def scheduler_warnings(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.name == "workers.scheduler" and record.levelno >= logging.WARNING]


def test_one_pass_of_the_scheduler_enqueues_a_job_whose_time_has_come(queue, redis):
    job_id = scheduled_a_minute_ago(queue)
    SchedulerThread(queue.name, redis.url, threading.Event()).run_once()
    assert queue.job_ids == [job_id]
    assert job_id not in queue.scheduled_job_registry.get_job_ids()


def test_the_scheduler_thread_enqueues_a_due_job_and_warns_of_nothing(queue, redis, caplog):
    caplog.set_level(logging.INFO, logger="workers.scheduler")
    job_id = scheduled_a_minute_ago(queue)
    stop = threading.Event()
    SchedulerThread(queue.name, redis.url, stop).start()
    try:
        wait_for(lambda: job_id in queue.job_ids, "the scheduler to enqueue the job that is due")
        assert queue.connection.exists(RQScheduler.get_locking_key(queue.name)), "it holds the queue's lock"
    finally:
        stop.set()
    assert scheduler_warnings(caplog) == []


def test_the_scheduler_holds_its_lock_for_whole_seconds_even_with_a_shorter_pause(queue, redis):
    job_id = scheduled_a_minute_ago(queue)
    SchedulerThread(queue.name, redis.url, threading.Event(), interval=0.25).run_once()
    assert queue.job_ids == [job_id]


class FractionalLock(SchedulerThread):
    """A scheduler that asks Redis to hold its lock for 61.5 seconds, which Redis refuses."""

    def new_scheduler(self) -> RQScheduler:
        from redis import Redis

        return RQScheduler([self.queue], connection=Redis.from_url(self.redis_url), interval=1.5)


def test_a_command_redis_refuses_is_logged_as_refused_not_as_redis_not_answering(queue, redis, caplog):
    caplog.set_level(logging.INFO, logger="workers.scheduler")
    stop = threading.Event()
    FractionalLock(queue.name, redis.url, stop).start()
    try:
        wait_for(lambda: scheduler_warnings(caplog), "the scheduler to log what Redis refused")
    finally:
        stop.set()
    warning = scheduler_warnings(caplog)[0]
    assert "Redis refused a command" in warning and "not an integer" in warning
    assert "does not answer" not in warning
