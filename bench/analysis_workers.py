"""Two workers share one analysis: a finished game of Chi between random bots (seeded, 99
decisions) analysed on real RQ workers (`python -m workers.cli run`, PostgreSQL and Redis of their
own), once with one worker and once with two, each time a fresh analysis of a new game played on
the same seed (an analysis is kept once computed: asking again would read the stored one).

For each: the wall time from the POST to `done`, each worker process's CPU time over it (utime and
stime from /proc/<pid>/stat) and the chunks each ran. On a shared, busy machine the wall time
follows the load; the CPU time does not, so the target is on it: with two workers, the busier
one's CPU at most 0.6x the one worker's (each took about half the chunks).

`python -m bench.analysis_workers [--strength N]`; `make bench` runs it at strength 2 (half the
default's playouts).
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator
from uuid import UUID

from rq import Queue, Worker
from rq.job import Job

from cli.server_process import ROOT
from domain.search import DEFAULT_STRENGTH
from services.analysis import analyses
from services.analysis.runs import AnalysisJobs, chunks
from services.compose import build
from tests.infra import postgres_database, redis_server
from web.app import create_app

SEED = "analysis-workers-2"  # a game of Chi between random bots with 99 decisions, 17 chunks
TARGET = 0.6  # the busier of two workers' CPU, at most this share of one worker's
WAIT_SECONDS = 3600.0  # a generous bound: a whole analysis on a loaded machine takes minutes


def wait_for(condition, timeout: float, every: float = 0.2) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up waiting after {timeout:.0f} s")
        time.sleep(every)


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far (fields 14 and 15 of /proc/<pid>/stat, counted
    after the command's name, which may hold spaces)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def weighed_as_mine(pid: int) -> None:
    """Give the process's session the scheduling weight (autogroup nice) of this one's, where the
    kernel shares CPU between sessions."""
    try:
        mine = Path("/proc/self/autogroup").read_text().split("nice")[1].strip()
        Path(f"/proc/{pid}/autogroup").write_text(mine)
    except (OSError, IndexError):  # no autogroups here: the kernel shares CPU between processes
        pass


@contextmanager
def workers(count: int, env: dict, queue: Queue) -> Iterator[dict[str, int]]:
    """`count` worker processes, once each has registered with RQ: their RQ names and pids. Each
    in a session of its own, as workers started apart are: where the kernel shares CPU between
    sessions (autogroups), two workers of one session would share one session's time, and the
    wall time could not halve."""
    processes = [subprocess.Popen([sys.executable, "-m", "workers.cli", "run"], cwd=ROOT,
                                  env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                 for _ in range(count)]
    for process in processes:
        weighed_as_mine(process.pid)
    ours = {process.pid for process in processes}
    try:
        def registered() -> dict[str, int]:
            return {worker.name: worker.pid for worker in Worker.all(queue=queue) if worker.pid in ours}

        wait_for(lambda: len(registered()) == count, timeout=300)
        yield registered()
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=60)


def finished_game(env: dict) -> UUID:
    """A new game of Chi between random bots on SEED, played to its end in this process."""
    playing = build({**env, "CHRONICLE_BOTS": "inprocess", "CHRONICLE_NEWS": "none"})
    created = playing.commands.create("chi", [{"bot": "random"}, {"bot": "random"}], seed=SEED)
    wait_for(lambda: playing.store.game(created.id).finished, timeout=300, every=0.05)
    playing.store.close()
    return created.id


def analysed(services, env: dict, count: int, strength: int) -> dict:
    """A new game's analysis at `strength` on `count` workers: the wall time from the POST to done,
    and per worker its CPU time over it and the chunks it ran."""
    game_id = finished_game(env)
    client = create_app(services=services).test_client()
    queue = services.reactions.jobs.queue
    with workers(count, env, queue) as pids:
        before = {name: cpu_seconds(pid) for name, pid in pids.items()}
        started = time.perf_counter()
        answer = client.post(f"/api/games/{game_id}/analysis", json={"strength": strength})
        if answer.status_code != 202:
            raise RuntimeError(f"the analysis was not started: {answer.status_code} {answer.get_json()}")
        wait_for(lambda: analyses.load(services.store, game_id, strength).done, timeout=WAIT_SECONDS)
        wall = time.perf_counter() - started
        cpu = {name: cpu_seconds(pid) - before[name] for name, pid in pids.items()}
    analysis = analyses.load(services.store, game_id, strength)
    ids = [AnalysisJobs(services.reactions.jobs).job_id(analysis, chunk) for chunk in chunks(analysis.steps)]
    ran_by = [Job.fetch(job_id, connection=queue.connection).worker_name for job_id in ids]
    return {"workers": count, "decisions": len(analysis.steps), "chunks": len(ids), "wall": wall,
            "cpu": sorted(cpu.values(), reverse=True),
            "chunks_run": sorted((ran_by.count(name) for name in pids), reverse=True)}


def analysis_worker_figures(strength: int = DEFAULT_STRENGTH) -> dict:
    with postgres_database() as pg, redis_server() as redis, tempfile.TemporaryDirectory() as data:
        # The sweeper would enqueue again a chunk it judges lost; none is here, so it stays away.
        env = {**pg, "CHRONICLE_BOTS": "rq", "REDIS_URL": redis.url, "CHRONICLE_DATA": data, "SWEEP_SECONDS": "3600"}
        services = build(env)
        try:
            runs = [analysed(services, env, count, strength) for count in (1, 2)]
        finally:
            services.store.close()
    return {"strength": strength, "one": runs[0], "two": runs[1]}


def report(figures: dict) -> list[str]:
    one, two = figures["one"], figures["two"]
    share = two["cpu"][0] / one["cpu"][0]
    verdict = "MEETS" if share <= TARGET else "MISSES"

    def line(run: dict) -> str:
        each = " and ".join(f"{cpu:.1f} s of CPU, {ran} chunks ({ran / run['chunks']:.0%})"
                            for cpu, ran in zip(run["cpu"], run["chunks_run"]))
        workers_named = "1 worker" if run["workers"] == 1 else f"{run['workers']} workers"
        return f"  {workers_named}: {run['wall']:.1f} s from the POST to done; {each}"

    return [f"Analysis of a game of Chi between random bots on RQ workers (PostgreSQL), {one['decisions']} decisions "
            f"in {one['chunks']} chunks, strength {figures['strength']}, a fresh analysis each time:",
            line(one), line(two),
            f"  two workers: the busier one's CPU {share:.2f}x one worker's (target at most {TARGET}x: {verdict}); "
            f"wall time {two['wall'] / one['wall']:.2f}x (it halves on a machine with two free cores)"]


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)  # the app logs every move at INFO; the figures are the output
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strength", type=int, default=DEFAULT_STRENGTH,
                        help=f"the analysis's strength (default {DEFAULT_STRENGTH})")
    print("\n".join(report(analysis_worker_figures(parser.parse_args().strength))), flush=True)
