"""The sweeper's look at analyses: one left unfinished (a worker killed mid-way, Redis down when it
was asked for, its chunk failed through RQ's retries) is resumed even when nobody asks again.

Every analysis is found from the notification log's first events (services.analysis.analyses
.unfinished); each chunk that still misses entries and has no live job is enqueued again, judged
as the sweeper judges a bot turn's job. A chunk that failed through all of RQ's retries waits
FAILED_PAUSE before it is tried again, so one that keeps failing is not tried every pass. An
analysis whose every entry is saved but whose end was not (its worker died in between) is ended.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from rq.job import Job, JobStatus

from services.analysis.analyses import finish, unfinished
from services.analysis.runs import AnalysisJobs

FAILED_PAUSE = timedelta(minutes=10)


class AnalysisSweep:
    def __init__(self, sweeper: Any):
        self.sweeper = sweeper  # workers.sweeper.Sweeper: its queue, and how it tells a job adrift
        self.chunks = AnalysisJobs(sweeper.jobs)
        self.done: set = set()  # analyses known to be done: never looked at again

    def sweep(self) -> list[str]:
        """Enqueue every chunk of an unfinished analysis that misses entries and has no live job;
        the ids enqueued."""
        store = self.sweeper.services.store
        enqueued = []
        for analysis in unfinished(store, self.done):
            if not analysis.missing():
                self.done.add(finish(store, analysis).id)
                continue
            enqueued += self.chunks.resume(analysis, live=self.live)
        return enqueued

    def live(self, job: Job) -> bool:
        """Queued and on the queue (or off it only for moments), scheduled and not overdue, started
        less than its timeout ago, or failed less than FAILED_PAUSE ago."""
        if job.get_status(refresh=False) == JobStatus.FAILED:
            return job.ended_at is not None and \
                datetime.now(timezone.utc) < job.ended_at.replace(tzinfo=timezone.utc) + FAILED_PAUSE
        return self.sweeper.in_hand(job)
