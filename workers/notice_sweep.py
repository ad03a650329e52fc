"""The sweeper's look at tournament news: a notice whose webhook job was lost (the process died
between saving the tournament and enqueueing it, Redis was away or lost its data) still goes.

The notices are read from the tournaments whose news may still be due (those running, and those
finished lately: Tournaments.with_news), for each entrant with a callback. A notice goes again only
when its delivery has no record (services.players.deliveries: sent, or given up once its retries
were spent) and no job that is queued, scheduled, running, or ended meanwhile. The job id is the
one the save enqueues, so a sweep racing the save makes one job, not two. A delivery known to be
recorded is not looked at again.

A player who sets a callback while a tournament runs is sent its notices from then on, and those
already due that are still in the tournament's window (theirs to see on the stream all the same).
"""

from __future__ import annotations

import logging
from typing import Any

from redis.exceptions import RedisError
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from services.players.deliveries import outcome_of
from services.reactions.webhook_jobs import WebhookJobs
from services.tournaments.news import delivery_id, notices_for, players_of

log = logging.getLogger(__name__)

ENDED = (JobStatus.FINISHED, JobStatus.FAILED)  # its outcome is recorded, or was not to be sent


class NoticeSweep:
    def __init__(self, sweeper: Any):
        self.sweeper = sweeper  # workers.sweeper.Sweeper: its services, queue, and how it tells a job adrift
        self.webhooks = WebhookJobs(sweeper.jobs)
        self.recorded: set[str] = set()  # deliveries known to be recorded: never looked at again

    def sweep(self) -> list[str]:
        """Enqueue the webhook of every notice due to a player with a callback that has neither a
        record nor a live job; the ids enqueued."""
        commands = self.sweeper.services.commands
        enqueued = []
        for tournament_id in commands.tournaments.with_news():
            try:
                enqueued += self.resend(commands, tournament_id)
            except (RedisError, OSError):
                raise  # the sweeper says so once, and tries again at its next pass
            except Exception as error:  # noqa: BLE001 - one tournament's trouble must not stop the others
                log.error("the news of tournament %s could not be looked at: %s", tournament_id, error,
                          exc_info=error)
        return enqueued

    def resend(self, commands: Any, tournament_id: str) -> list[str]:
        tournament = commands.tournaments.get(tournament_id)
        enqueued = []
        for player_id in players_of(tournament):
            if not commands.players.get(player_id).callback_url:
                continue
            for notice in notices_for(tournament, player_id):
                key = notice["id"].split(":", 1)[1]
                if self.due(tournament_id, player_id, key) and \
                        self.webhooks.enqueue_tournament_notice(tournament_id, player_id, key):
                    enqueued.append(self.webhooks.tournament_notice_job_id(tournament_id, player_id, key))
        return enqueued

    def due(self, tournament_id: str, player_id: str, key: str) -> bool:
        """Whether the notice's webhook is still to go and nothing is sending it."""
        delivery = delivery_id(player_id, tournament_id, key)
        if delivery in self.recorded:
            return False
        if outcome_of(self.sweeper.services.store, delivery) is not None:
            self.recorded.add(delivery)
            return False
        try:
            job = Job.fetch(self.webhooks.tournament_notice_job_id(tournament_id, player_id, key),
                            connection=self.sweeper.jobs.connection)
        except NoSuchJobError:
            return True
        if self.live(job):
            return False
        job.delete()  # a dead worker's, or one no scheduler moves: its id is taken again
        return True

    def live(self, job: Job) -> bool:
        """Ended (sent, stale, or failed for good: what became of it is known), or in a worker's hands."""
        return job.get_status(refresh=False) in ENDED or self.sweeper.in_hand(job)
