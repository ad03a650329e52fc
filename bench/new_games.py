"""New games on the game list: how soon after its creation a game is on the list, on a server
with thousands of games stored, while games are created one after another.

The store holds STORED games of Chi, its read models caught up, when a server as `make run`
starts it (gunicorn, one gevent worker, SQLite) opens on it; then NEW games are created through
`POST /api/games`, one after another. Each game's lag is the time from its creation's answer to
its row in the read-model file, read there directly (a list read would bring a few games up to
date itself): the catch-up of the server's runner alone, which news of each save wakes.
"""

from __future__ import annotations

import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import requests

from bench.http import percentile
from services.compose import build
from web.app import create_app
from cli.server_process import running_server

STORED = 3_000
NEW = 500
TARGET = 0.200
BOUND = 120.0  # seconds the last game may take to show before the bench gives up
LOOK_SECONDS = 0.005


def stored_games(data: str, count: int) -> None:
    """`count` games in the store at `data`, each on the list (its read models caught up)."""
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": data})
    for number in range(count):
        services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed=f"stored-{number}")
    app = create_app(services=services)
    game_list = app.extensions["chronicle"].game_list
    game_list.catch_up()
    game_list.db.close()
    services.store.close()


class ListWatch:
    """Notes when each game first has its row in the read-model file."""

    def __init__(self, path: Path):
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self.pending: dict[str, None] = {}
        self.seen: dict[str, float] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._look, daemon=True)

    def expect(self, game_id: str) -> None:
        with self.lock:
            self.pending[game_id] = None

    def _look(self) -> None:
        while not self.stopped.is_set():
            with self.lock:
                waiting = list(self.pending)
            if waiting:
                marks = ",".join("?" * len(waiting))
                found = self.db.execute(f"SELECT game_id FROM game_list WHERE game_id IN ({marks})", waiting).fetchall()
                now = time.monotonic()
                with self.lock:
                    for (game_id,) in found:
                        self.pending.pop(game_id, None)
                        self.seen[game_id] = now
            time.sleep(LOOK_SECONDS)

    def __enter__(self) -> "ListWatch":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stopped.set()
        self.thread.join()
        self.db.close()


def new_game_figures(stored: int = STORED, new: int = NEW) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as data:
        stored_games(data, stored)
        with running_server(Path(data)) as base, ListWatch(Path(data) / "projections.sqlite") as watch:
            session = requests.Session()
            created: dict[str, float] = {}
            started = time.monotonic()
            for number in range(new):
                answer = session.post(f"{base}/api/games", json={
                    "game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": f"new-{number}"})
                answer.raise_for_status()
                game_id = answer.json()["id"]
                created[game_id] = time.monotonic()
                watch.expect(game_id)
            creating = time.monotonic() - started
            deadline = time.monotonic() + BOUND
            while len(watch.seen) < new and time.monotonic() < deadline:
                time.sleep(0.05)
            lags = [watch.seen[game_id] - at for game_id, at in created.items() if game_id in watch.seen]
    return {"stored": stored, "new": new, "shown": len(lags), "per_second": new / creating,
            "p50": statistics.median(lags), "p95": percentile(lags, 0.95), "max": max(lags)}


def report(figures: dict[str, Any]) -> list[str]:
    f = figures
    missing = "" if f["shown"] == f["new"] else f", {f['new'] - f['shown']} NOT SHOWN within {BOUND:.0f} s"
    verdict = "meets" if f["shown"] == f["new"] and f["p95"] < TARGET else "MISSES"
    return [f"New games on the list, {f['new']} created one after another ({f['per_second']:.0f} a second) on a server "
            f"with {f['stored']} stored: shown after p50 {f['p50'] * 1000:.1f} ms, p95 {f['p95'] * 1000:.1f} ms, max "
            f"{f['max'] * 1000:.1f} ms{missing} (target p95 under {TARGET * 1000:.0f} ms: {verdict})"]


if __name__ == "__main__":
    print("\n".join(report(new_game_figures())))
