"""The move path: a move through the service beside the store's floor, and POST /actions over HTTP
on SQLite and on PostgreSQL beside a bare Flask "hello" on the same gunicorn set-up.

The three servers run at once and are asked in turn (a move on SQLite, one on PostgreSQL, a
hello), so that a busy machine weighs on all three alike and the ratios hold. Each move is timed
from the client's POST to its answer, as bench.http does; the client first reads the game and
its legal actions, untimed. `python -m bench.move_path` runs this part alone; `--profile` also
profiles every POST /actions in the SQLite server (cProfile) and prints where the time goes.
"""

from __future__ import annotations

import argparse
import pstats
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import requests

from bench.http import Player, percentile
from bench.service_moves import service_moves, store_floor
from tests.infra import postgres_database
from web.server_process import running_server

TARGET_P50 = 0.0015  # seconds, for a move over HTTP on SQLite
WARM_UP = 20  # moves (and hellos) left out of the figures: a fresh process fills its caches first
HELLO_BODY = {"action": {"type": "draw", "slot": 0}, "expected_version": 10}  # the size of a move's


class Mover:
    """Makes one move after another over HTTP, starting a new game whenever one ends."""

    def __init__(self, base: str, name: str):
        self.base, self.name, self.games, self.player = base, name, 0, None

    def next_latency(self) -> float:
        while True:
            if self.player is None:
                self.player = Player(self.base, f"{self.name}-{self.games}")
                self.games += 1
            latency = self.player.move()
            if latency is not None:
                return latency
            self.player = None


class Hello:
    def __init__(self, base: str):
        self.url, self.session = f"{base}/hello", requests.Session()

    def next_latency(self) -> float:
        started = time.perf_counter()
        self.session.post(self.url, json=HELLO_BODY).raise_for_status()
        return time.perf_counter() - started


def http_figures(moves: int, profile_to: Path | None = None) -> dict:
    """p50 and p95 of the move on SQLite and on PostgreSQL, and of the hello, measured in turn."""
    with ExitStack() as stack:
        folders = [Path(stack.enter_context(tempfile.TemporaryDirectory())) for _ in range(3)]
        postgres = stack.enter_context(postgres_database())
        sqlite_app = {"app": "bench.profiled_wsgi:app", "env": {"CHRONICLE_PROFILE": str(profile_to)}} if profile_to else {}
        clients = {
            "sqlite": Mover(stack.enter_context(running_server(folders[0], **sqlite_app)), "sqlite"),
            "postgres": Mover(stack.enter_context(running_server(folders[1], env=postgres)), "postgres"),
            "hello": Hello(stack.enter_context(running_server(folders[2], app="bench.hello_wsgi:app", ready="/hello"))),
        }
        samples: dict[str, list[float]] = {name: [] for name in clients}
        for turn in range(WARM_UP + moves):
            for name, client in clients.items():
                latency = client.next_latency()
                if turn >= WARM_UP:
                    samples[name].append(latency)
    return {name: {"p50": percentile(values, 0.50), "p95": percentile(values, 0.95), "count": len(values)}
            for name, values in samples.items()}


def move_path_figures(moves: int = 400, games: int = 20, profile_to: Path | None = None) -> dict:
    service = service_moves(games)
    floor = store_floor(service["events_per_move"])
    events = [len(move) for move in service["events_per_move"]]
    return {
        "service_move": service["seconds_per_move"],
        "store_floor": floor["seconds_per_move"],
        "rules": service["rules_seconds_per_move"],
        "events_per_move": sum(events) / len(events),
        "http": http_figures(moves, profile_to),
    }


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(figures: dict) -> list[str]:
    budget = 1.5 * figures["store_floor"] + figures["rules"]
    http = figures["http"]
    sqlite, postgres, hello = http["sqlite"], http["postgres"], http["hello"]
    verdict = "meets" if sqlite["p50"] <= TARGET_P50 else "MISSES"
    return [
        f"Move through the service on SQLite: {1 / figures['service_move']:.0f} moves/s "
        f"({ms(figures['service_move'])} a move, {figures['events_per_move']:.1f} events a move)",
        f"Store floor (bare aggregate, one transaction a move): {ms(figures['store_floor'])} a move; "
        f"domain work for the same moves (rules, chain hashes): {ms(figures['rules'])} a move",
        f"Target: a move costs at most 1.5 x floor + domain work = {ms(budget)}: "
        f"{'meets' if figures['service_move'] <= budget else 'MISSES'}",
        f"HTTP move (POST /actions) over {sqlite['count']} moves each, the servers asked in turn:",
        f"  on SQLite:     p50 {ms(sqlite['p50'])}, p95 {ms(sqlite['p95'])} "
        f"(target p50 at most {ms(TARGET_P50)}: {verdict})",
        f"  on PostgreSQL: p50 {ms(postgres['p50'])}, p95 {ms(postgres['p95'])}",
        f"  bare Flask \"hello\" on the same gunicorn set-up: p50 {ms(hello['p50'])}, p95 {ms(hello['p95'])}; "
        f"the move's p50 is {sqlite['p50'] / hello['p50']:.1f}x it on SQLite, "
        f"{postgres['p50'] / hello['p50']:.1f}x on PostgreSQL",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--profile", action="store_true", help="profile POST /actions in the SQLite server")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        profile_to = Path(folder) / "actions.prof" if arguments.profile else None
        print("\n".join(report(move_path_figures(arguments.moves, profile_to=profile_to))))
        if profile_to:
            stats = pstats.Stats(str(profile_to))
            print(f"\nServer-side profile of POST /actions on SQLite (cProfile, {WARM_UP + arguments.moves} moves):")
            stats.sort_stats("cumulative").print_stats(40)
            stats.sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
