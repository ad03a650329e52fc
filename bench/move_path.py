"""The move path: a move through the service beside the store's floor, and POST /actions over HTTP
on SQLite and on PostgreSQL beside a bare Flask "hello" on the same gunicorn set-up.

The three servers run at once and are asked in turn (a move on SQLite, one on PostgreSQL, a
hello), so that a busy machine weighs on all three alike and the ratios hold. Each move is timed
from the client's POST to its answer, with `requests` as bench.http does (the headline figures),
and again with the standard library's http.client, which shows how much of a round trip is the
client's own; the client first reads the game and its legal actions, untimed.
`python -m bench.move_path` runs this part alone; `--profile` also profiles every POST /actions
in the SQLite server (cProfile) and prints where the time goes."""

from __future__ import annotations

import argparse
import http.client
import json
import pstats
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import requests

from bench.http import percentile
from domain.rng import Rng
from bench.service_moves import service_moves
from tests.infra import postgres_database
from cli.server_process import running_server

TARGET_P50 = 0.0015  # seconds, for a move over HTTP on SQLite
WARM_UP = 20  # moves (and hellos) left out of the figures: a fresh process fills its caches first
HELLO_BODY = {"action": {"type": "draw", "slot": 0}, "expected_version": 10}  # the size of a move's


class Post:
    """POSTs JSON on one keep-alive connection: with `requests` (as bench.http does) or, `lean`,
    with the standard library's http.client, which costs the client less of each round trip."""

    def __init__(self, base: str, lean: bool):
        self.session, self.lean = requests.Session(), lean
        self.host, self.port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(self.host, int(self.port)) if lean else None

    def __call__(self, url: str, body: dict, headers: dict) -> float:
        """The latency of one POST; raises on an answer other than 2xx."""
        if not self.lean:
            started = time.perf_counter()
            answer = self.session.post(url, json=body, headers=headers)
            elapsed = time.perf_counter() - started
            answer.raise_for_status()
            return elapsed
        data = json.dumps(body)
        path = url.removeprefix(f"http://{self.host}:{self.port}")
        headers = {**headers, "Content-Type": "application/json"}
        started = time.perf_counter()
        try:
            answer = self.send(path, data, headers)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # gunicorn closes a connection left idle past its keep-alive (2 s), which a busy
            # machine's pauses between moves can reach: the request was never read, so it is
            # sent again on a new connection, timed from there.
            self.connection.close()
            self.connection = http.client.HTTPConnection(self.host, int(self.port))
            started = time.perf_counter()
            answer = self.send(path, data, headers)
        elapsed = time.perf_counter() - started
        if answer.status >= 300:
            raise RuntimeError(f"POST {url} answered {answer.status}")
        return elapsed

    def send(self, path: str, data: str, headers: dict) -> http.client.HTTPResponse:
        self.connection.request("POST", path, data, headers)
        answer = self.connection.getresponse()
        answer.read()
        return answer


class Mover:
    """Plays two-person games of Chi over HTTP with random legal actions, one move after another,
    starting a new game whenever one ends; only the move's POST is timed."""

    def __init__(self, base: str, name: str, lean: bool = False):
        self.base, self.name, self.games, self.game = base, name, 0, None
        self.post = Post(base, lean)

    def next_latency(self) -> float:
        session = self.post.session
        while True:
            if self.game is None:
                seed = f"{self.name}-{self.games}"
                self.games += 1
                created = session.post(f"{self.base}/api/games", json={
                    "game": "chi", "seats": [{"name": "a"}, {"name": "b"}], "seed": seed}).json()
                self.game = f"{self.base}/api/games/{created['id']}"
                self.tokens = {token["seat"]: token["token"] for token in created["tokens"]}
                self.chooser = Rng(seed, "chooser")
            game = session.get(self.game).json()
            if game["to_act"] is None:
                self.game = None
                continue
            auth = {"Authorization": f"Bearer {self.tokens[game['to_act']['seat']]}"}
            legal = session.get(f"{self.game}/actions", headers=auth).json()["actions"]
            return self.post(f"{self.game}/actions", {"action": self.chooser.choice(legal),
                                                      "expected_version": game["version"]}, auth)


class Hello:
    """Asks the hello app as a Mover asks the API: two untimed GETs, then the timed POST."""

    def __init__(self, base: str, lean: bool = False):
        self.url, self.post = f"{base}/hello", Post(base, lean)

    def next_latency(self) -> float:
        for _ in range(2):
            self.post.session.get(self.url).raise_for_status()
        return self.post(self.url, HELLO_BODY, {})


def http_figures(moves: int, profile_to: Path | None = None) -> dict:
    """p50 and p95 of the move on SQLite and on PostgreSQL, and of the hello, measured in turn,
    keyed by (server, lean): each with `requests` and with http.client."""
    with tempfile.TemporaryDirectory() as kept, ExitStack() as stack:
        folders = [Path(stack.enter_context(tempfile.TemporaryDirectory())) for _ in range(3)]
        postgres = stack.enter_context(postgres_database())
        timings_to = Path(kept) / "timings.jsonl"  # read once the servers (and their folders) are gone
        sqlite_app = {"app": "bench.profiled_wsgi:app" if profile_to else "bench.timed_wsgi:app",
                      "env": {"CHRONICLE_TIMINGS": str(timings_to), "CHRONICLE_PROFILE": str(profile_to)}}
        bases = {
            "sqlite": stack.enter_context(running_server(folders[0], **sqlite_app)),
            "postgres": stack.enter_context(running_server(folders[1], env=postgres)),
            "hello": stack.enter_context(running_server(folders[2], app="bench.hello_wsgi:app", ready="/hello")),
        }
        clients = {}
        for lean in (False, True):
            clients[("sqlite", lean)] = Mover(bases["sqlite"], f"sqlite-{lean}", lean)
            clients[("postgres", lean)] = Mover(bases["postgres"], f"postgres-{lean}", lean)
            clients[("hello", lean)] = Hello(bases["hello"], lean)
        samples: dict[tuple[str, bool], list[float]] = {name: [] for name in clients}
        for turn in range(WARM_UP + moves):
            for name, client in clients.items():
                latency = client.next_latency()
                if turn >= WARM_UP:
                    samples[name].append(latency)
        stack.close()  # the servers stop, and the SQLite one writes its timings
        inside = server_phases(timings_to, skip=2 * WARM_UP)
    figures = {name: {"p50": percentile(values, 0.50), "p95": percentile(values, 0.95), "count": len(values)}
               for name, values in samples.items()}
    return {**figures, "inside": inside}


def server_phases(path: Path, skip: int) -> dict:
    """The p50 of each phase of a move inside the SQLite server (bench/timed_wsgi.py), the warm-up
    moves of both clients left out."""
    rows = [json.loads(line) for line in path.read_text().splitlines()][skip:]
    return {phase: percentile([row[phase] for row in rows], 0.50) for phase in ("request", "command", "save")}


def move_path_figures(moves: int = 400, games: int = 20, profile_to: Path | None = None) -> dict:
    service = service_moves(games)
    events = [len(move) for move in service["events_per_move"]]
    return {
        "service_move": service["seconds_per_move"],
        "store_floor": service["floor_seconds_per_move"],
        "rules": service["rules_seconds_per_move"],
        "events_per_move": sum(events) / len(events),
        "http": http_figures(moves, profile_to),
    }


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(figures: dict) -> list[str]:
    budget = 1.5 * figures["store_floor"] + figures["rules"]
    http = figures["http"]
    sqlite, postgres, hello = http[("sqlite", False)], http[("postgres", False)], http[("hello", False)]
    lean = {name: http[(name, True)] for name in ("sqlite", "postgres", "hello")}
    inside = http["inside"]
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
        f"  the same with http.client for a client: p50 {ms(lean['sqlite']['p50'])} on SQLite, "
        f"{ms(lean['postgres']['p50'])} on PostgreSQL, {ms(lean['hello']['p50'])} the hello",
        f"  inside the SQLite server, p50: the request {ms(inside['request'])}, of which the command "
        f"{ms(inside['command'])}, of which its durable save {ms(inside['save'])}; the rest of a round trip "
        f"is the sockets, gunicorn and the client ({ms(lean['sqlite']['p50'] - inside['request'])} with "
        f"http.client, {ms(sqlite['p50'] - inside['request'])} with requests)",
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
            print(f"\nServer-side profile of POST /actions on SQLite (cProfile, the {2 * (WARM_UP + arguments.moves)} "
                  "moves of both clients):")
            stats.sort_stats("cumulative").print_stats(40)
            stats.sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
