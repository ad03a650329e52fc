"""An analysis chunk that fails once on a real worker (its store locked by another connection, as
a backup or a long write would) is tried again by RQ, and the retry finishes the analysis."""

from __future__ import annotations

from pathlib import Path

import pytest
from rq.job import JobStatus

from services.analysis import analyses
from services.analysis.runs import AnalysisJobs, chunks, start
from tests.infra import sqlite_locked
from tests.workers.conftest import run_worker
from tests.workers.test_analysis_jobs import finished_chi

pytestmark = pytest.mark.usefixtures("quick_analysis")  # the numbers are not what is checked

BUSY_FOR_A_SECOND = {"SQLITE_LOCK_TIMEOUT": "1"}  # a write on a locked store fails after a second


@pytest.fixture
def env(env, monkeypatch):
    for key, value in BUSY_FOR_A_SECOND.items():
        monkeypatch.setenv(key, value)
    return {**env, **BUSY_FOR_A_SECOND}


def test_a_chunk_that_fails_on_a_locked_store_is_tried_again_and_the_analysis_finishes(env, services, queue):
    game_id = finished_chi(env, "analysis-retried")
    analysis = start(services, game_id, 1)
    first = AnalysisJobs(services.reactions.jobs).job_id(analysis, chunks(analysis.steps)[0])
    with sqlite_locked(Path(env["CHRONICLE_DATA"]) / "events.sqlite"):
        run_worker(queue, max_jobs=1)  # the chunk cannot save its first entry
    job = queue.fetch_job(first)
    assert job.get_status() == JobStatus.SCHEDULED and job.retries_left == 2, "RQ tries it again later"
    assert not analyses.load(services.store, game_id, 1).entries
    # As the scheduler does once the pause has passed.
    queue.scheduled_job_registry.remove(job)
    queue.enqueue_job(job)
    run_worker(queue)
    done = analyses.load(services.store, game_id, 1)
    assert done.status == "done" and not done.missing()
