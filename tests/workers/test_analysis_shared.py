"""Two real workers share one analysis, which is what lets two workers halve its time
(bench/analysis_workers.py measures it): each takes chunks of the same game's analysis. Which
worker is free when is set by holding each on a job that waits for the test's word."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

from rq.job import Job

from services.analysis import analyses
from services.analysis.runs import AnalysisJobs, chunks, start
from tests.workers.test_analysis_jobs import finished_chi, saved_steps

BOUND = 120.0  # generous: real workers on a busy machine
WAITING_JOB = "tests.workers.waiting_job.wait_then_note"


def wait_for(check, what: str):
    deadline = time.monotonic() + BOUND
    while not (found := check()):
        assert time.monotonic() < deadline, f"waited {BOUND:.0f} s for {what}"
        time.sleep(0.05)
    return found


def held(queue, folder: Path, name: str, at_front: bool = False) -> tuple[Job, Path]:
    """A job that keeps the worker taking it busy until the returned file is touched."""
    go = folder / f"{name}-go"
    job = queue.enqueue(WAITING_JOB, str(go), str(folder / f"{name}-done"), job_timeout=300, at_front=at_front)
    return job, go


def taker(job: Job) -> str | None:
    job.refresh()
    return job.worker_name if job.get_status(refresh=False) in ("started", "finished") else None


def test_two_workers_each_judge_chunks_of_one_analysis(env, services, queue, tmp_path):
    game_id = finished_chi(env, "analysis-shared")
    with ExitStack() as stack:
        for number in range(2):
            log = stack.enter_context(open(tmp_path / f"worker-{number}.log", "w"))
            worker = subprocess.Popen([sys.executable, "-m", "workers.cli", "run"], env={**os.environ, **env},
                                      stdout=log, stderr=subprocess.STDOUT)
            stack.callback(worker.wait)
            stack.callback(worker.kill)  # at once, even held on a job: what they did is in Redis and the store
        # Both held, each on a job of its own: the first worker to take one, then the other.
        first_hold, first_go = held(queue, tmp_path, "first")
        first = wait_for(lambda: taker(first_hold), "a worker to take the first hold")
        second_hold, second_go = held(queue, tmp_path, "second")
        second = wait_for(lambda: taker(second_hold), "the other worker to take the second hold")
        assert first != second

        analysis = start(services, game_id, 1)
        plan = chunks(analysis.steps)
        assert len(plan) >= 3, "enough chunks for each worker to take one"
        jobs = [Job.fetch(AnalysisJobs(services.reactions.jobs).job_id(analysis, chunk), connection=queue.connection)
                for chunk in plan]

        def took_a_chunk(worker: str) -> bool:
            return any(taker(job) == worker for job in jobs)

        second_go.touch()  # the second worker alone is free: it takes the first chunk
        wait_for(lambda: took_a_chunk(second), "the second worker to take a chunk")
        # Held again once that chunk is judged (this job goes before the chunks left), so that the
        # first worker, freed, finds chunks still queued.
        again_hold, again_go = held(queue, tmp_path, "again", at_front=True)
        assert wait_for(lambda: taker(again_hold), "the second worker to take its next hold") == second
        first_go.touch()
        wait_for(lambda: took_a_chunk(first), "the first worker to take a chunk")
        again_go.touch()
        wait_for(lambda: analyses.load(services.store, game_id, 1).done, "the analysis to be done")
    done = analyses.load(services.store, game_id, 1)
    assert not done.missing()
    assert {taker(job) for job in jobs} == {first, second}, "both workers judged chunks of the analysis"
    assert set(saved_steps(services, done.id).values()) == {1}, "no decision judged and saved twice"
