"""Through a real server: jumping to an early or a late replay step of a long game."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import requests

from domain.rng import Rng
from cli.server_process import running_server


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Player:
    """Plays a two-person game of Chi over HTTP with random legal actions."""

    def __init__(self, base: str, seed: str):
        self.base = base
        self.session = requests.Session()
        created = self.session.post(f"{base}/api/games", json={
            "game": "chi", "seats": [{"name": "a"}, {"name": "b"}], "seed": seed}).json()
        self.id = created["id"]
        self.tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        self.chooser = Rng(seed, "chooser")

    def move(self, prefer=None) -> float | None:
        """Make the next move; returns the POST's latency, or None when the game is over."""
        game = self.session.get(f"{self.base}/api/games/{self.id}").json()
        if game["to_act"] is None:
            return None
        auth = {"Authorization": f"Bearer {self.tokens[game['to_act']['seat']]}"}
        legal = self.session.get(f"{self.base}/api/games/{self.id}/actions", headers=auth).json()["actions"]
        chosen = [a for a in legal if prefer and prefer(a)] or legal
        action = self.chooser.choice(chosen)
        started = time.perf_counter()
        answer = self.session.post(f"{self.base}/api/games/{self.id}/actions", headers=auth,
                                   json={"action": action, "expected_version": game["version"]})
        elapsed = time.perf_counter() - started
        answer.raise_for_status()
        return elapsed


def stalling(action: dict) -> bool:
    """Draw and discard only, so a game grows as long as wanted."""
    return action["type"] in ("draw", "discard", "pass")


def time_get(session: requests.Session, url: str, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        session.get(url).raise_for_status()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def http_figures(long_game_events: int = 2000) -> dict:
    """Jumping to an early and to a late step of a long game's replay (a move's own latency is
    bench.move_path's)."""
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as base:
        long_game = Player(base, "long-game")
        version = 0
        while version < long_game_events:
            if long_game.move(prefer=stalling) is None:
                break
            version = long_game.session.get(f"{base}/api/games/{long_game.id}").json()["version"]
        replay = f"{base}/api/games/{long_game.id}/replay"
        step_10 = time_get(long_game.session, f"{replay}/10", 50)
        last = time_get(long_game.session, f"{replay}/{version}", 50)
    return {"long_game_events": version, "replay_step_10": step_10, "replay_last_step": last}
