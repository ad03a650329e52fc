"""The sweeper: finds games waiting on a bot with no live job, and enqueues their turn; games
whose clock ran out with nothing to apply it, and applies it; and analyses left unfinished with no
live job, and enqueues what they miss (workers.analysis_sweep); and tournament notices whose
webhook, or games' "your turn" webhook, was never sent nor given up and has no live job, and
enqueues it (workers.notice_sweep).

A game can be left waiting when Redis was down at the moment of the move, when Redis lost its
data in a restart, when a job failed through all its retries, or when a worker was killed in the
middle of a job. Events live in the store, so the store says which games wait: every game is
found from the notification log's creations, and its current version names the job that should
exist. A job that is queued, started less than its timeout ago, or scheduled for a time that has
not passed, is left alone; anything else is replaced. A started job older than its timeout
belongs to a dead worker, and so does a queued job taken off the queue and still not started at a
later sweep: RQ itself would only notice in its maintenance pass, minutes later, which the
sweeper does not wait for. A job scheduled (a retry after a failure) whose time has passed by
more than SCHEDULER_GRACE has no live scheduler to move it; a deferred one waits on a job that
bot turns never have.

A job that failed through all of RQ's retries is tried again once the pause its failure record
names has passed (services.reactions.failed_turns): a pause that doubles each time, so a turn that keeps
failing is neither abandoned nor tried in a loop.
"""

from __future__ import annotations

import logging
import os
import time
from datetime import datetime, timedelta, timezone
from typing import Callable, Iterator

from redis.exceptions import RedisError
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from services.analysis.runs import started_recently
from services.compose import Services
from services.log.game import Game
from services.play.bot_choice import bot_to_act
from services.reactions.bot_turns import BotJobs
from services.reactions.overdue import apply_overdue_clocks, is_overdue, running_games
from services.reactions.queue import JobQueue
from services.reactions.queued import QueuedReactions
from services.redis_link import DEFAULT_REDIS_URL, redis_connection, redis_trouble
from workers.analysis_sweep import AnalysisSweep
from workers.notice_sweep import NoticeSweep

log = logging.getLogger(__name__)

GRACE = timedelta(seconds=2)
# RQ's scheduler looks every second; a busy worker process may take a few more.
SCHEDULER_GRACE = timedelta(seconds=10)


class Sweeper:
    def __init__(self, services: Services, redis_url: str | None = None, clock: Callable[[], float] = time.monotonic):
        self.services = services
        self.clock = clock
        self.adrift: dict[str, float] = {}  # queued jobs seen off the queue, and since when
        if not isinstance(services.reactions, QueuedReactions):
            raise ValueError("the sweeper needs services built for RQ (CHRONICLE_BOTS=rq)")
        url = redis_url or os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL
        self.jobs = JobQueue(redis_connection(url), services.reactions.jobs.namespace, services.reactions.jobs.retries)
        self.bots = BotJobs(self.jobs)
        self.finished: set = set()  # games known to be over: never looked at again
        self.analyses = AnalysisSweep(self)
        self.notices = NoticeSweep(self)

    def games_waiting_on_a_bot(self) -> Iterator[Game]:
        return (game for game in running_games(self.services.store, self.finished) if bot_to_act(game) is not None)

    def has_live_job(self, game: Game) -> bool:
        """Whether the bot turn due now is queued, scheduled and not overdue, running in a worker
        that may still finish it, or failed and waiting out its pause before the next try."""
        try:
            job = Job.fetch(self.bots.job_id(game.id, game.version), connection=self.jobs.connection)
        except NoSuchJobError:
            return False
        status = job.get_status(refresh=False)
        if status == JobStatus.QUEUED and not self.in_line(job):
            if not self.adrift_too_long(job.id):
                return True
            self.jobs.connection.lrem(self.jobs.queue.intermediate_queue_key, 0, job.id)
        elif status == JobStatus.QUEUED:
            self.adrift.pop(job.id, None)
            return True
        if status == JobStatus.SCHEDULED and not self.overdue(job):
            return True
        if status == JobStatus.FINISHED and self.services.store.game(game.id).version != game.version:
            return True  # it has just played its turn
        if status == JobStatus.STARTED and job.started_at is not None:
            deadline = job.started_at.replace(tzinfo=timezone.utc) + timedelta(seconds=job.timeout or 0) + GRACE
            if datetime.now(timezone.utc) < deadline:
                return True
        if status == JobStatus.FAILED and not self.due_again(game):
            return True
        log.info("bot job %s is %s: replacing it", job.id, status)
        job.delete()
        return False

    def overdue(self, job: Job) -> bool:
        """Whether a scheduled job's time passed long enough ago that no scheduler is moving it."""
        try:
            due = self.jobs.queue.scheduled_job_registry.get_scheduled_time(job.id)
        except NoSuchJobError:
            return True  # scheduled nowhere: nothing will ever move it
        return datetime.now(timezone.utc) > due + SCHEDULER_GRACE

    def due_again(self, game: Game) -> bool:
        """Whether the failed turn the game waits on is due to be tried again (no record of its
        failures: at once)."""
        failed = self.services.failed_turns.of(game.id, game.version)
        return failed is None or self.services.commands.clock.now() >= failed.next_try

    def in_hand(self, job: Job) -> bool:
        """Whether a job some worker will run, or runs: queued and on the queue (or off it only for
        moments), scheduled and not overdue, or started less than its timeout ago."""
        status = job.get_status(refresh=False)
        if status == JobStatus.QUEUED:
            if self.in_line(job):
                self.adrift.pop(job.id, None)
                return True
            if not self.adrift_too_long(job.id):
                return True
            self.jobs.connection.lrem(self.jobs.queue.intermediate_queue_key, 0, job.id)
            return False
        if status == JobStatus.SCHEDULED:
            return not self.overdue(job)
        return started_recently(job)

    def in_line(self, job: Job) -> bool:
        """Whether a queued job is still on the queue. One taken off it by a connection that never
        started it (a worker killed just after, or a dead connection still waiting for a job)
        sits in RQ's intermediate queue, and no worker will ever run it."""
        return self.jobs.connection.lpos(self.jobs.queue.key, job.id) is not None

    def adrift_too_long(self, job_id: str) -> bool:
        """Off the queue, unstarted, since a sweep at least GRACE ago: a live worker starts a job
        it took within moments."""
        first_seen = self.adrift.setdefault(job_id, self.clock())
        if self.clock() - first_seen < GRACE.total_seconds():
            return False
        del self.adrift[job_id]
        return True

    def sweep(self) -> list[str]:
        """Enqueue every bot turn that is due and has no live job, apply every clock that ran out
        (its scheduled job may have been lost with Redis), enqueue what unfinished analyses miss
        and the webhooks ("your turn", tournament notices) that were lost; returns the ids of the
        jobs enqueued."""
        enqueued = []
        overdue = []
        told = []  # "your turn" webhooks
        try:
            running = set()
            for game in running_games(self.services.store, self.finished):
                running.add(game.id)
                if bot_to_act(game) is not None:
                    if not self.has_live_job(game) and self.bots.enqueue(game.id, game.version):
                        enqueued.append(self.bots.job_id(game.id, game.version))
                elif is_overdue(self.services.commands, game):
                    overdue.append(game)
                elif job_id := self.notices.your_turn(game):
                    told.append(job_id)
            self.notices.keep_turns_of(running)
        except (RedisError, OSError) as error:
            log.warning("sweeper: %s; trying again later", redis_trouble(error))
        apply_overdue_clocks(self.services.commands, iter(overdue))
        if moved := self.services.commands.tournaments.sweep():
            log.info("sweeper moved on %d tournaments: %s", len(moved), ", ".join(moved))
        if enqueued:
            log.info("sweeper enqueued %d bot turns: %s", len(enqueued), ", ".join(enqueued))
        try:
            analysing = self.analyses.sweep()
        except (RedisError, OSError) as error:
            log.warning("sweeper, analyses: %s; trying again later", redis_trouble(error))
            analysing = []
        if analysing:
            log.info("sweeper enqueued %d analysis chunks: %s", len(analysing), ", ".join(analysing))
        try:
            told += self.notices.sweep()
        except (RedisError, OSError) as error:
            log.warning("sweeper, tournament notices: %s; trying again later", redis_trouble(error))
        if told:
            log.info("sweeper enqueued %d webhooks whose jobs were lost: %s", len(told), ", ".join(told))
        return enqueued + analysing + told
