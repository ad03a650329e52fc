"""Many watchers: 1,000 live-stream clients of one game on one API server, as `make run` starts it.

Measured: how long a move takes to reach every client (from the moment its POST is sent to the
moment each client has its message), what each open stream costs the server's worker in memory,
and the move's own latency meanwhile, beside its latency on the same server with no stream open
and on a server of threads (gunicorn's gthread worker, 32 threads, as `make run` ran before).

The clients are one process of their own (bench/stream_clients.py: asyncio and aiohttp), so
that reading a thousand sockets does not slow the process that times the moves.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import requests

from bench.http import percentile
from domain.rng import Rng
from cli.server_process import ROOT, free_port, gunicorn_command, wait_until_up

CLIENTS = 1000
MOVES = 40
MOVE_GAP_SECONDS = 0.25  # a brisk game: four decisions a second
QUIET_MOVES = 300


@contextmanager
def api_server(data: Path, worker_class: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """A server of one worker on the SQLite store in `data`, with streams that outlive the run."""
    port = free_port()
    env = {**os.environ, "CHRONICLE_DATA": str(data), "PYTHONPATH": str(ROOT), "CHRONICLE_STREAM_SECONDS": "3600"}
    for key in ("PERSISTENCE_MODULE", "CHRONICLE_BOTS", "CHRONICLE_NEWS"):
        env.pop(key, None)
    with open(data / "server.log", "w") as log:
        process = subprocess.Popen(gunicorn_command(f"127.0.0.1:{port}", 1, worker_class, threads=32),
                                   cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base + "/openapi.json", process)
            yield base, process
        finally:
            process.terminate()
            process.wait(timeout=30)


def worker_pid(master: subprocess.Popen) -> str:
    (worker,) = open(f"/proc/{master.pid}/task/{master.pid}/children").read().split()
    return worker


def worker_rss(master: subprocess.Popen) -> int:
    """The resident memory of the server's one worker process, in bytes."""
    for line in open(f"/proc/{worker_pid(master)}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def worker_cpu(master: subprocess.Popen) -> float:
    """The CPU time the server's worker has used so far (user and system), in seconds."""
    fields = open(f"/proc/{worker_pid(master)}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Game:
    """A two-person game of Chi played over HTTP with random legal actions, drawn out long."""

    def __init__(self, base: str, seed: str):
        self.session = requests.Session()
        created = self.session.post(f"{base}/api/games", json={
            "game": "chi", "seats": [{"name": "a"}, {"name": "b"}], "seed": seed}).json()
        self.url = f"{base}/api/games/{created['id']}"
        self.tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        self.chooser = Rng(seed, "chooser")

    def move(self) -> tuple[float, float, int]:
        """One decision: when its POST was sent, how long it took, and the version it brought."""
        game = self.session.get(self.url).json()
        if game["to_act"] is None:
            raise RuntimeError("the game ended before the bench's moves")
        auth = {"Authorization": f"Bearer {self.tokens[game['to_act']['seat']]}"}
        legal = self.session.get(f"{self.url}/actions", headers=auth).json()["actions"]
        slow = [action for action in legal if action["type"] in ("draw", "discard", "pass")]
        action = self.chooser.choice(slow or legal)
        sent = time.monotonic()
        answer = self.session.post(f"{self.url}/actions", headers=auth,
                                   json={"action": action, "expected_version": game["version"]})
        took = time.monotonic() - sent
        answer.raise_for_status()
        return sent, took, answer.json()["version"]


def quiet_moves(servers: dict[str, tuple[str, subprocess.Popen]], moves: int = QUIET_MOVES) -> dict[str, dict]:
    """On each server, with no stream open: the moves' latencies and the worker's CPU time per
    move (of the GETs and the POST of each). The servers take turns, move by move, so that a
    busy machine weighs on each alike."""
    games = {name: Game(base, f"quiet-{name}-0") for name, (base, _) in servers.items()}
    found = {name: {"latencies": [], "cpu": 0.0} for name in servers}
    for turn in range(moves):
        for name, (base, server) in servers.items():
            if turn and turn % 100 == 0:  # a fresh game before a long one runs out
                games[name] = Game(base, f"quiet-{name}-{turn}")
            used = worker_cpu(server)
            found[name]["latencies"].append(games[name].move()[1])
            found[name]["cpu"] += worker_cpu(server) - used
    return {name: {"latencies": figures["latencies"], "cpu_per_move": figures["cpu"] / moves}
            for name, figures in found.items()}


def watched_moves(base: str, server: subprocess.Popen, clients: int, moves: int) -> dict:
    game = Game(base, "watched")
    before = worker_rss(server)
    process = subprocess.Popen([sys.executable, "-m", "bench.stream_clients", f"{game.url}/stream", str(clients)],
                               cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        if line.strip() != f"opened {clients}":
            raise RuntimeError(f"the stream clients did not open: {line!r}")
        opened = worker_rss(server)
        made = []
        used = worker_cpu(server)
        for _ in range(moves):
            made.append(game.move())
            time.sleep(MOVE_GAP_SECONDS)
        time.sleep(2.0)  # the last move's messages on their way
        cpu_per_move = (worker_cpu(server) - used) / moves
        process.stdin.write("report\n")
        process.stdin.flush()
        arrivals = {int(version): times for version, times in json.loads(process.stdout.readline()).items()}
    finally:
        process.kill()
        process.wait()
    reach, missed = [], 0
    for sent, _, version in made:
        times = arrivals.get(version, [])
        missed += clients - len(times)
        reach += [arrived - sent for arrived in times]
    return {
        "clients": clients,
        "moves": moves,
        "reach_p50": percentile(reach, 0.50),
        "reach_p95": percentile(reach, 0.95),
        "reach_max": max(reach),
        "missed": missed,
        "bytes_per_stream": (opened - before) / clients,
        "move_p50": percentile([took for _, took, _ in made], 0.50),
        "move_p95": percentile([took for _, took, _ in made], 0.95),
        "cpu_per_move": cpu_per_move,
    }


def watcher_figures(clients: int = CLIENTS, moves: int = MOVES) -> dict:
    with tempfile.TemporaryDirectory() as threads_data, tempfile.TemporaryDirectory() as gevent_data, \
            api_server(Path(threads_data), "gthread") as threads, api_server(Path(gevent_data), "gevent") as gevent:
        quiet = quiet_moves({"gthread": threads, "gevent": gevent})
        watched = watched_moves(*gevent, clients, moves)
    return {
        **watched,
        "threads_move_p50": percentile(quiet["gthread"]["latencies"], 0.50),
        "threads_move_p95": percentile(quiet["gthread"]["latencies"], 0.95),
        "quiet_move_p50": percentile(quiet["gevent"]["latencies"], 0.50),
        "quiet_move_p95": percentile(quiet["gevent"]["latencies"], 0.95),
        "quiet_cpu_per_move": quiet["gevent"]["cpu_per_move"],
        "threads_cpu_per_move": quiet["gthread"]["cpu_per_move"],
    }


def report(figures: dict) -> list[str]:
    def ms(seconds: float) -> str:
        return f"{seconds * 1000:.1f} ms"
    verdict = "meets" if figures["reach_p95"] < 0.25 and not figures["missed"] else "MISSES"
    return [
        f"{figures['clients']} stream clients of one game on one API server (gevent worker), {figures['moves']} moves "
        f"{MOVE_GAP_SECONDS * 1000:.0f} ms apart:",
        f"a move reaches every client: p50 {ms(figures['reach_p50'])}, p95 {ms(figures['reach_p95'])}, "
        f"max {ms(figures['reach_max'])}, {figures['missed']} messages missed (target p95 under 250 ms: {verdict})",
        f"memory per open stream (server worker): {figures['bytes_per_stream'] / 1024:.1f} KiB",
        f"server CPU per move: {ms(figures['cpu_per_move'])} with the streams open, "
        f"{ms(figures['quiet_cpu_per_move'])} with none "
        f"({(figures['cpu_per_move'] - figures['quiet_cpu_per_move']) / figures['clients'] * 1e6:.0f} µs per stream)",
        f"move latency meanwhile: p50 {ms(figures['move_p50'])}, p95 {ms(figures['move_p95'])}; "
        f"with no stream open: p50 {ms(figures['quiet_move_p50'])}, p95 {ms(figures['quiet_move_p95'])}; "
        f"on 32 threads (gthread) with no stream open, same run: p50 {ms(figures['threads_move_p50'])}, "
        f"p95 {ms(figures['threads_move_p95'])} (server CPU per move {ms(figures['threads_cpu_per_move'])})",
    ]


if __name__ == "__main__":
    print("\n".join(report(watcher_figures(*(int(arg) for arg in sys.argv[1:])))))
