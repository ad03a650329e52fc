"""The two-workers benchmark (bench/analysis_workers.py): the CPU time it reads from /proc is the
process's own, and its verdict tells a shared analysis from one worker taking every chunk."""

import os
import time

from bench.analysis_workers import cpu_seconds, report


def test_the_cpu_time_read_from_proc_is_the_process_time():
    before, proc_before = time.process_time(), cpu_seconds(os.getpid())
    while time.process_time() - before < 0.3:  # CPU spent, however long the machine makes it take
        sum(range(1000))
    spent, read = time.process_time() - before, cpu_seconds(os.getpid()) - proc_before
    assert abs(read - spent) < 0.1, (read, spent)


def run(workers: int, wall: float, cpu: list[float], chunks_run: list[int]) -> dict:
    return {"workers": workers, "decisions": 99, "chunks": 17, "wall": wall, "cpu": cpu, "chunks_run": chunks_run}


def test_two_workers_sharing_the_chunks_meet_the_target_and_one_taking_them_all_misses():
    one = run(1, 55.5, [16.8], [17])
    shared = report({"strength": 3, "one": one, "two": run(2, 38.6, [8.9, 8.8], [9, 8])})
    assert "0.53x one worker's (target at most 0.6x: MEETS)" in shared[-1]
    assert "8.9 s of CPU, 9 chunks (53%) and 8.8 s of CPU, 8 chunks (47%)" in shared[2]
    taken = report({"strength": 3, "one": one, "two": run(2, 56.0, [16.9, 0.1], [17, 0])})
    assert "1.01x one worker's (target at most 0.6x: MISSES)" in taken[-1]
