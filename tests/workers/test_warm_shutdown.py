"""SIGTERM to a worker busy with a job: it finishes the job first (RQ's warm shutdown), then exits 0."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

BOUND = 60.0


def wait_for(check, what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not check():
        assert time.monotonic() < deadline, f"waited {BOUND} s for {what}"
        time.sleep(0.05)


def test_a_worker_told_to_stop_mid_job_finishes_the_job_then_exits_0(env, queue, tmp_path):
    go, done, output = tmp_path / "go", tmp_path / "done", tmp_path / "worker.log"
    job = queue.enqueue("tests.workers.waiting_job.wait_then_note", str(go), str(done), job_timeout=120)
    with open(output, "w") as log:
        worker = subprocess.Popen([sys.executable, "-m", "workers.cli", "run"], env={**os.environ, **env},
                                  stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: job.get_status(refresh=True) == "started", "the worker to take the job")
        worker.send_signal(signal.SIGTERM)
        wait_for(lambda: "warm shut down requested" in output.read_text().lower(), "the worker to hear the stop")
        assert worker.poll() is None, "the worker waits for its job"
        go.touch()  # only now may the job finish
        assert worker.wait(timeout=BOUND) == 0, output.read_text()
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    assert done.read_text() == "finished"
    assert job.get_status(refresh=True) == "finished"
    assert "Traceback" not in output.read_text()
