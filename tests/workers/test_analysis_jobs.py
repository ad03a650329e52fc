"""The analysis on RQ workers, against a real Redis: a job per chunk of decisions; a real worker
killed mid-way leaves its chunk's remaining decisions missing, and asking again, or the sweeper
with nobody asking, enqueues that chunk once more: the rest resumes and no entry saved before the
kill is made again. An analysis asked for while Redis was away is enqueued by the sweeper."""

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest
from eventsourcing.utils import get_topic

from services.analysis import analyses
from services.analysis.runs import AnalysisJobs, chunks, start
from services.analysis.stored import STORED_AS
from services.compose import build
from workers.sweeper import Sweeper
from tests.playing import play_to_end
from tests.workers.conftest import run_worker

pytestmark = pytest.mark.usefixtures("quick_analysis")  # the numbers are not what is checked

WAIT_SECONDS = 120  # a generous bound for the first entry of a real worker


def finished_chi(env, seed="analysis-on-workers"):
    """A finished game of Chi in the workers' store, its bot turns played in this process."""
    playing = build({**env, "CHRONICLE_BOTS": "inprocess", "CHRONICLE_NEWS": "none"})
    created = playing.commands.create("chi", [{"name": "ana"}, {"bot": "greedy"}], seed=seed)
    play_to_end(playing, created.id, seed=seed)
    return created.id


def saved_steps(services, analysis_id) -> Counter:
    """How many DecisionAnalysed events the analysis's stream holds for each step."""
    topic = f"{STORED_AS}:Analysis.DecisionAnalysed"
    return Counter(event.entry["step"] for event in services.store.events.get(analysis_id)
                   if get_topic(type(event)) == topic)


def test_each_chunk_is_a_job_and_a_worker_judges_them_all(env, services, queue):
    game_id = finished_chi(env, "analysis-chunks")
    analysis = start(services, game_id, 1)
    assert analysis.status == "queued"
    assert sorted(queue.job_ids) == sorted(AnalysisJobs(services.reactions.jobs).job_id(analysis, chunk)
                                           for chunk in chunks(analysis.steps))
    assert len(queue.job_ids) > 1, "a game of Chi has more decisions than one chunk: two workers can share it"
    run_worker(queue)
    done = analyses.load(services.store, game_id, 1)
    assert done.status == "done" and not done.missing()
    assert set(saved_steps(services, done.id).values()) == {1}


@pytest.mark.parametrize("resumed_by", ["asking again", "the sweeper"])
def test_a_worker_killed_mid_way_leaves_the_rest_to_resume_without_redoing_saved_entries(env, services, queue,
                                                                                           resumed_by):
    game_id = finished_chi(env, "analysis-killed")
    start(services, game_id, 3)  # slow enough to be caught mid-chunk
    worker = subprocess.Popen([sys.executable, "-m", "workers.cli", "run", "--burst"], env={**os.environ, **env},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while not analyses.load(services.store, game_id, 3).entries:
            assert time.monotonic() < deadline, "the worker saved no entry"
            assert worker.poll() is None, "the worker stopped before saving any entry"
            time.sleep(0.02)
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()
    before = analyses.load(services.store, game_id, 3)
    assert before.status == "running" and before.missing(), "killed mid-way, with decisions left to judge"
    kept = dict(before.entries)
    # As a worker killed with kill -9 leaves its job: started, and its timeout since passed.
    jobs = AnalysisJobs(services.reactions.jobs)
    killed = [job for job in (queue.fetch_job(jobs.job_id(before, chunk)) for chunk in chunks(before.steps))
              if job is not None and job.get_status() == "started"]
    assert len(killed) == 1
    killed[0].started_at = datetime.now(timezone.utc) - timedelta(seconds=killed[0].timeout + 5)
    killed[0].save()
    if resumed_by == "asking again":
        start(services, game_id, 3)
    else:
        assert killed[0].id in Sweeper(services).sweep()
    assert killed[0].id in queue.job_ids, "the lost chunk is enqueued once more"
    run_worker(queue)
    done = analyses.load(services.store, game_id, 3)
    assert done.status == "done" and not done.missing()
    assert all(done.entries[step] == entry for step, entry in kept.items())
    assert set(saved_steps(services, done.id).values()) == {1}, "no entry was judged and saved twice"


def test_an_analysis_asked_for_while_redis_was_away_is_enqueued_by_the_sweeper_and_finishes(env, services, queue):
    game_id = finished_chi(env, "analysis-no-redis")
    asked, _ = analyses.request(services.store, game_id, 1)  # saved, and its jobs never reached Redis
    assert queue.job_ids == []
    sweeper = Sweeper(services)
    jobs = AnalysisJobs(services.reactions.jobs)
    assert sorted(sweeper.sweep()) == sorted(jobs.job_id(asked, chunk) for chunk in chunks(asked.steps))
    assert sweeper.sweep() == [], "queued jobs are live: not enqueued twice"
    run_worker(queue)
    done = analyses.load(services.store, game_id, 1)
    assert done.status == "done" and not done.missing()
    assert sweeper.sweep() == [] and queue.job_ids == []


def test_an_analysis_whose_every_entry_was_saved_but_not_its_end_is_ended_by_the_sweeper(env, services, queue):
    game_id = finished_chi(env, "analysis-unended")
    asked, _ = analyses.request(services.store, game_id, 1)
    for step in asked.steps:  # as a worker killed after its last entry, before the end: entries of any numbers
        asked = analyses.save_entry(services.store, asked, {"step": step, "seat": 0, "loss": 0.0, "mark": None})
    assert analyses.load(services.store, game_id, 1).status == "running"
    assert Sweeper(services).sweep() == []
    assert analyses.load(services.store, game_id, 1).status == "done"
