"""Bots on RQ: the latency of a bot turn through the queue, beside a bare job's round trip, and
whole bot-vs-bot games per second with one and with two workers, on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

from rq import Queue
from rq.job import Job

from bench.http import percentile
from services.compose import build
from tests.infra import postgres_database, redis_server
from cli.server_process import ROOT


@contextmanager
def workers(count: int, env: dict) -> Iterator[None]:
    processes = [
        subprocess.Popen([sys.executable, "-m", "workers.cli", "run"], cwd=ROOT,
                         env={**os.environ, **env, "PYTHONPATH": str(ROOT)},
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(count)
    ]
    try:
        time.sleep(1.5)  # let them connect and register
        yield
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=15)


def wait_for(condition, timeout: float = 120.0, every: float = 0.005) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("gave up waiting")
        time.sleep(every)


def bot_turn_latencies(services, queue: Queue, turns: int) -> list[float]:
    """Enqueue to stored event, for bot turns answering a person's move (the random bot thinks in microseconds)."""
    samples: list[float] = []
    number = 0
    while len(samples) < turns:
        created = services.commands.create("chi", [{"name": "p"}, {"bot": "random"}], seed=f"lat-{number}")
        number += 1
        game = services.store.game(created.id)
        while not game.finished and len(samples) < turns:
            if game.to_act() == 1:
                version = game.version
                # After a bot's own move the worker enqueues the next turn just after saving it.
                job_id = services.reactions.bots.job_id(game.id, version)
                # Job.exists, not Queue.fetch_job: on a miss, RQ's fetch_job also removes the id from
                # the queue, and a miss racing the worker's enqueue would take the job off the queue.
                wait_for(lambda: Job.exists(job_id, connection=queue.connection))
                job = Job.fetch(job_id, connection=queue.connection)
                wait_for(lambda: services.store.game(created.id).version > version)
                stored = services.store.stored_events(created.id, gt=version, lte=version + 1)[0]
                samples.append((stored.timestamp - job.enqueued_at.replace(tzinfo=stored.timestamp.tzinfo)).total_seconds())
            else:
                services.commands.act(game.id, 0, game.rules.legal_actions(game.state, 0)[0], game.version)
            game = services.store.game(created.id)
    return samples


def bare_job_latencies(queue: Queue, jobs: int) -> list[float]:
    samples = []
    for _ in range(jobs):
        job = queue.enqueue("workers.jobs.ping")
        wait_for(lambda: job.get_status(refresh=True) == "finished")
        ran_at = job.return_value()
        samples.append(ran_at - job.enqueued_at.timestamp())
    return samples


def games_per_second(services, games: int) -> float:
    started = time.perf_counter()
    ids = [services.commands.create("chi", [{"bot": "random"}, {"bot": "random"}], seed=f"gps-{started}-{n}").id
           for n in range(games)]
    wait_for(lambda: all(services.store.game(game_id).finished for game_id in ids), timeout=600, every=0.2)
    return games / (time.perf_counter() - started)


def queue_figures(turns: int = 200, games: int = 40) -> dict:
    figures: dict = {}
    with postgres_database() as pg, redis_server() as redis, tempfile.TemporaryDirectory() as data:
        env = {**pg, "CHRONICLE_BOTS": "rq", "REDIS_URL": redis.url, "CHRONICLE_DATA": data, "SWEEP_SECONDS": "30"}
        services = build(env)
        queue = services.reactions.jobs.queue
        with workers(1, env):
            bot = bot_turn_latencies(services, queue, turns)
            bare = bare_job_latencies(queue, turns)
            figures["bot_p50"], figures["bot_p95"] = percentile(bot, 0.5), percentile(bot, 0.95)
            figures["bare_p50"], figures["bare_p95"] = percentile(bare, 0.5), percentile(bare, 0.95)
            figures["games_per_second_1"] = games_per_second(services, games)
        with workers(2, env):
            figures["games_per_second_2"] = games_per_second(services, games)
        services.store.close()
    return figures
