"""Many watchers: thousands of live-stream clients of one game on one API host, as `make run`
serves it but with as many gevent workers as cores behind the one port (news between the workers
through Redis).

Measured: how long a move takes to reach every client (from the moment its POST is sent to the
moment each client has its message), the server's CPU per move per client (all its workers,
user and system, beyond what the same moves cost with no stream open), what each open stream
costs the workers in memory, and the move's own latency meanwhile, beside its latency on the
same server with no stream open and on a server of threads (gunicorn's gthread worker).

The clients are processes of their own (bench/stream_clients.py: plain sockets and epoll, a
share of the clients each), so that reading thousands of sockets does not slow the process that
times the moves; on a machine of few cores they share them with the server, which the figures
then include.
"""

from __future__ import annotations

import json
import os
import resource
import socket
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

CLIENTS = 10_000
MOVES = 40
MOVE_GAP_SECONDS = 0.5  # a brisk game: two decisions a second
QUIET_MOVES = 200
CLIENT_PROCESSES = 4
TARGET_P95 = 0.5  # seconds, issue 32
TARGET_CPU_PER_CLIENT = 10e-6  # seconds of server CPU per client per move, issue 32


def raise_open_files(wanted: int) -> int:
    """Room for `wanted` files in this process and the servers and clients it starts (they
    inherit it), up to what the system allows; what it is now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        soft = min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


@contextmanager
def api_server(data: Path, worker_class: str, workers: int = 1) -> Iterator[tuple[str, subprocess.Popen]]:
    """A server of `workers` workers on the SQLite store in `data`, with streams that outlive the
    run, its workers telling each other of moves through Redis."""
    port = free_port()
    env = {**os.environ, "CHRONICLE_DATA": str(data), "PYTHONPATH": str(ROOT), "CHRONICLE_STREAM_SECONDS": "3600",
           "CHRONICLE_LIMITS": "off", "CHRONICLE_NEWS": "redis" if workers > 1 else "none"}
    for key in ("PERSISTENCE_MODULE", "CHRONICLE_BOTS"):
        env.pop(key, None)
    with open(data / "server.log", "w") as log:
        process = subprocess.Popen(gunicorn_command(f"127.0.0.1:{port}", workers, worker_class, threads=32),
                                   cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base + "/openapi.json", process)
            yield base, process
        finally:
            process.terminate()
            process.wait(timeout=60)


def worker_pids(master: subprocess.Popen) -> list[str]:
    return open(f"/proc/{master.pid}/task/{master.pid}/children").read().split()


def worker_rss(master: subprocess.Popen) -> int:
    """The resident memory of the server's workers together, in bytes."""
    total = 0
    for pid in worker_pids(master):
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def worker_cpu(master: subprocess.Popen) -> float:
    """The CPU time the server's workers have used so far (user and system), in seconds."""
    total = 0
    for pid in worker_pids(master):
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def send_floor(size: int, sockets: int = 2000, rounds: int = 5) -> float:
    """The CPU time (user and system) of one bare non-blocking send() of `size` bytes to a
    loopback TCP socket, the least a server can spend per client per move: the median of
    `rounds` rounds over `sockets` sockets, each read out between rounds."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(sockets)
        pairs = []
        try:
            for _ in range(sockets):
                client = socket.create_connection(listener.getsockname())
                server, _ = listener.accept()
                server.setblocking(False)
                pairs.append((client, server))
            data, costs = b"x" * size, []
            for _ in range(rounds):
                began = time.process_time()
                for _, server in pairs:
                    server.send(data)
                costs.append((time.process_time() - began) / sockets)
                for client, _ in pairs:
                    client.recv(size * 2)
            return percentile(costs, 0.5)
        finally:
            for client, server in pairs:
                client.close()
                server.close()


def load_average() -> float:
    return os.getloadavg()[0]


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


def open_clients(url: str, clients: int, processes: int) -> list[subprocess.Popen]:
    """`clients` streams of `url`, shared among `processes` client processes, each open."""
    shares = [clients // processes + (1 if n < clients % processes else 0) for n in range(processes)]
    started = [subprocess.Popen([sys.executable, "-m", "bench.stream_clients", url, str(share)], cwd=ROOT,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for share in shares if share]
    for process, share in zip(started, shares):
        line = process.stdout.readline()
        if line.strip() != f"opened {share}":
            raise RuntimeError(f"the stream clients did not open: {line!r}")
    return started


def watched_moves(base: str, server: subprocess.Popen, clients: int, moves: int, processes: int) -> dict:
    game = Game(base, "watched")
    before = worker_rss(server)
    opening = time.monotonic()
    started = open_clients(f"{game.url}/stream", clients, processes)
    arrivals: dict[int, list[float]] = {}
    closed = received = 0
    try:
        opened_in = time.monotonic() - opening
        time.sleep(2.0)  # the last openings settled
        opened = worker_rss(server)
        made = []
        load = load_average()
        used = worker_cpu(server)
        for _ in range(moves):
            made.append(game.move())
            time.sleep(MOVE_GAP_SECONDS)
        time.sleep(3.0)  # the last move's messages on their way
        cpu_per_move = (worker_cpu(server) - used) / moves
        load = (load + load_average()) / 2
        for process in started:
            process.stdin.write("report\n")
            process.stdin.flush()
        for process in started:
            found = json.loads(process.stdout.readline())
            closed += found["closed"]
            received += found["bytes"]
            for version, times in found["arrivals"].items():
                arrivals.setdefault(int(version), []).extend(times)
    finally:
        for process in started:
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
        "opened_in": opened_in,
        "reach_p50": percentile(reach, 0.50),
        "reach_p95": percentile(reach, 0.95),
        "reach_max": max(reach),
        "missed": missed,
        "closed": closed,
        "bytes_per_message": received / (clients * moves),
        "bytes_per_stream": (opened - before) / clients,
        "move_p50": percentile([took for _, took, _ in made], 0.50),
        "move_p95": percentile([took for _, took, _ in made], 0.95),
        "cpu_per_move": cpu_per_move,
        "load": load,
    }


def watcher_figures(clients: int = CLIENTS, moves: int = MOVES, workers: int = 0,
                    processes: int = CLIENT_PROCESSES) -> dict:
    workers = workers or os.cpu_count() or 1
    raise_open_files(2 * clients + 1024)  # the clients' sockets and the server's, in processes that inherit it
    with tempfile.TemporaryDirectory() as threads_data, tempfile.TemporaryDirectory() as gevent_data, \
            api_server(Path(threads_data), "gthread", workers) as threads, \
            api_server(Path(gevent_data), "gevent", workers) as gevent:
        quiet = quiet_moves({"gthread": threads, "gevent": gevent})
        watched = watched_moves(*gevent, clients, moves, processes)
    return {
        "send_floor": send_floor(max(1, int(watched["bytes_per_message"]))),
        **watched,
        "workers": workers,
        "processes": processes,
        "cores": os.cpu_count(),
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
    per_client = (figures["cpu_per_move"] - figures["quiet_cpu_per_move"]) / figures["clients"]
    reach = "meets" if figures["reach_p95"] < TARGET_P95 and not figures["missed"] else "MISSES"
    cpu = "meets" if per_client <= TARGET_CPU_PER_CLIENT else "MISSES"
    return [
        f"{figures['clients']} stream clients of one game on one API host ({figures['workers']} gevent workers behind "
        f"one port, {figures['cores']} cores; the clients in {figures['processes']} processes on the same cores; "
        f"load average {figures['load']:.1f}), {figures['moves']} moves {MOVE_GAP_SECONDS * 1000:.0f} ms apart; "
        f"the streams opened in {figures['opened_in']:.0f} s:",
        f"a move reaches every client: p50 {ms(figures['reach_p50'])}, p95 {ms(figures['reach_p95'])}, "
        f"max {ms(figures['reach_max'])}, {figures['missed']} messages missed, {figures['closed']} streams closed "
        f"(target p95 under {TARGET_P95 * 1000:.0f} ms and none missed: {reach})",
        f"server CPU per move: {ms(figures['cpu_per_move'])} with the streams open, "
        f"{ms(figures['quiet_cpu_per_move'])} with none: {per_client * 1e6:.1f} µs per client per move "
        f"(target at most {TARGET_CPU_PER_CLIENT * 1e6:.0f} µs: {cpu}); a bare send() of a message's "
        f"{figures['bytes_per_message']:.0f} bytes to a loopback socket, same run: "
        f"{figures['send_floor'] * 1e6:.1f} µs ({per_client / figures['send_floor']:.2f}x)",
        f"memory per open stream (the server's workers): {figures['bytes_per_stream'] / 1024:.1f} KiB",
        f"move latency meanwhile: p50 {ms(figures['move_p50'])}, p95 {ms(figures['move_p95'])}; "
        f"with no stream open: p50 {ms(figures['quiet_move_p50'])}, p95 {ms(figures['quiet_move_p95'])}; "
        f"on gthread workers (32 threads each) with no stream open, same run: p50 {ms(figures['threads_move_p50'])}, "
        f"p95 {ms(figures['threads_move_p95'])} (server CPU per move {ms(figures['threads_cpu_per_move'])})",
    ]


if __name__ == "__main__":
    # `python -m bench.watchers [CLIENTS [MOVES [WORKERS [CLIENT_PROCESSES]]]]`
    print("\n".join(report(watcher_figures(*(int(arg) for arg in sys.argv[1:])))))
