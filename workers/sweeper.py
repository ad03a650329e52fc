"""The sweeper: finds games waiting on a bot with no live job, and enqueues their turn.

A game can be left waiting when Redis was down at the moment of the move, when Redis lost its
data in a restart, when a job failed through all its retries, or when a worker was killed in the
middle of a job. Events live in the store, so the store says which games wait: every game is
found from the notification log's creations, and its current version names the job that should
exist. A job that is queued, or started less than its timeout ago, is left alone; anything else
is replaced. A started job older than its timeout belongs to a dead worker: RQ itself would
only notice in its maintenance pass, which the sweeper does not wait for.
"""

from __future__ import annotations

import logging
import os
from datetime import datetime, timedelta, timezone
from typing import Iterator

from eventsourcing.utils import get_topic
from redis.exceptions import RedisError
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from services.bootstrap import DEFAULT_REDIS_URL, Services
from services.bot_queue import QueuedBots, bot_job_id
from services.bot_turns import bot_to_act
from services.game import Game

log = logging.getLogger(__name__)

CREATED = get_topic(Game.Created)
WAITING = {JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED}
GRACE = timedelta(seconds=2)


class Sweeper:
    def __init__(self, services: Services, redis_url: str | None = None):
        self.services = services
        self.bots = QueuedBots(redis_url or os.environ.get("REDIS_URL") or DEFAULT_REDIS_URL)
        self.finished: set = set()  # games known to be over: never looked at again

    def games_waiting_on_a_bot(self) -> Iterator[Game]:
        store = self.services.store
        position = 0
        while True:
            notes = store.recorder.select_notifications(
                start=position, limit=500, topics=[CREATED], inclusive_of_start=False
            )
            for note in notes:
                if note.originator_id in self.finished:
                    continue
                game = store.game(note.originator_id)
                if game.finished:
                    self.finished.add(game.id)
                elif bot_to_act(game) is not None:
                    yield game
            if len(notes) < 500:
                return
            position = notes[-1].id

    def has_live_job(self, game: Game) -> bool:
        """Whether the bot turn due now is queued, or running in a worker that may still finish it."""
        try:
            job = Job.fetch(bot_job_id(game.id, game.version), connection=self.bots.connection)
        except NoSuchJobError:
            return False
        status = job.get_status(refresh=False)
        if status in WAITING:
            return True
        if status == JobStatus.FINISHED and self.services.store.game(game.id).version != game.version:
            return True  # it has just played its turn
        if status == JobStatus.STARTED and job.started_at is not None:
            deadline = job.started_at.replace(tzinfo=timezone.utc) + timedelta(seconds=job.timeout or 0) + GRACE
            if datetime.now(timezone.utc) < deadline:
                return True
        log.info("bot job %s is %s: replacing it", job.id, status)
        job.delete()
        return False

    def sweep(self) -> list[str]:
        """Enqueue every bot turn that is due and has no live job; returns their job ids."""
        enqueued = []
        try:
            for game in self.games_waiting_on_a_bot():
                if not self.has_live_job(game) and self.bots.enqueue(game.id, game.version):
                    enqueued.append(bot_job_id(game.id, game.version))
        except (RedisError, OSError) as error:
            log.warning("sweeper: Redis does not answer (%s); trying again later", error)
        if enqueued:
            log.info("sweeper enqueued %d bot turns: %s", len(enqueued), ", ".join(enqueued))
        return enqueued
