"""Rate limits across two real API servers (gunicorn, each its own process) sharing one event store
and the real Redis: the requests each answers count towards one limit, both refuse past it with 429
`rate-limited` and Retry-After, a refused request changes nothing, and the live streams held open
are capped over both together."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from cli.server_process import running_server
from tests.e2e.conftest import LONG_STREAMS

pytestmark = pytest.mark.e2e

REDIS = "redis://127.0.0.1:6379/0"
BOUND = 60  # seconds: a failure bound, not a pace
PROBLEM = "application/problem+json"
GAMES_PER_KEY = 3
SEATS = [{"name": "ana"}, {"name": "bo"}]


@contextmanager
def two_servers(tmp_path: Path, limits: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Two API servers on one store (one data folder), counting their limits in the real Redis
    under a namespace of their own."""
    shared = {**LONG_STREAMS, **limits, "CHRONICLE_DATA": str(tmp_path / "shared"),
              "CHRONICLE_LIMITS_STORAGE": REDIS, "CHRONICLE_NAMESPACE": f"limits-e2e-{uuid.uuid4().hex[:12]}"}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with running_server(tmp_path / "a", env=shared) as one, running_server(tmp_path / "b", env=shared) as other:
        yield one, other


def wait_until(condition, what: str):
    """Poll `condition` until it gives something truthy; BOUND only bounds a failure."""
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        if found := condition():
            return found
        time.sleep(0.2)
    raise AssertionError(f"within {BOUND} s: {what}")


def assert_rate_limited(answer: requests.Response, words: str, allowed: int, window: int) -> None:
    # The status alone when it fails: the body of an accepted stream would not end.
    assert answer.status_code == 429, f"answered {answer.status_code}, not 429"
    assert answer.headers["Content-Type"].startswith(PROBLEM)
    body = answer.json()
    assert body["type"] == "/problems/rate-limited"
    assert words in body["rate_limit"] and body["limit"] == allowed
    wait = int(answer.headers["Retry-After"])
    assert 1 <= wait <= window and body["retry_after"] == wait
    assert f"try again in {wait} s" in body["detail"]


def listing_with(base: str, game_id: str) -> set[str] | None:
    """The ids of the games `base` lists, once it lists `game_id`; None until then."""
    answer = requests.get(f"{base}/api/games", timeout=BOUND)
    assert answer.status_code == 200, answer.text
    ids = {game["id"] for game in answer.json()["games"]}
    return ids if game_id in ids else None


def test_games_created_with_one_key_are_counted_over_both_servers_and_refused_by_both_past_the_limit(tmp_path):
    # An hour's window: the count cannot start again while the test runs, however slow the machine.
    with two_servers(tmp_path, {"CHRONICLE_LIMIT_GAMES_PER_KEY": f"{GAMES_PER_KEY}/hour"}) as servers:
        registered = requests.post(f"{servers[0]}/api/players", json={"name": "ana"}, timeout=BOUND)
        assert registered.status_code == 201, registered.text
        key = {"Authorization": f"Bearer {registered.json()['key']}"}

        created, answers = [], []
        while not answers or answers[-1].status_code != 429:
            assert len(answers) <= GAMES_PER_KEY, "the limit was never met"
            base = servers[len(answers) % 2]  # alternately to each server
            answers.append(requests.post(f"{base}/api/games", headers=key, timeout=BOUND,
                                         json={"game": "chi", "seats": SEATS, "seed": f"limits-{len(answers)}"}))
            if answers[-1].status_code == 201:
                created.append(answers[-1].json()["id"])
        # The servers shared the count: the one after the limit's number, summed over both, is refused.
        assert [answer.status_code for answer in answers] == [201] * GAMES_PER_KEY + [429]
        for base in servers:
            refused = requests.post(f"{base}/api/games", headers=key, timeout=BOUND,
                                    json={"game": "chi", "seats": SEATS, "seed": "refused"})
            assert_rate_limited(refused, f"{GAMES_PER_KEY} games created from one player key per 1 hour",
                                allowed=GAMES_PER_KEY, window=3600)
        assert_rate_limited(answers[-1], "games created from one player key", allowed=GAMES_PER_KEY, window=3600)

        # A game created without the key (not counted against it) comes after the refused ones: once
        # each server lists it, the list holds every earlier game, and no refused one is among them.
        later = requests.post(f"{servers[1]}/api/games", json={"game": "chi", "seats": SEATS, "seed": "later"},
                              timeout=BOUND)
        assert later.status_code == 201, later.text
        last = later.json()["id"]
        for base in servers:
            listed = wait_until(lambda server=base: listing_with(server, last), f"{base} lists the game created last")
            assert listed == {*created, last}


def open_stream(base: str, game_id: str) -> requests.Response:
    return requests.get(f"{base}/api/games/{game_id}/stream", stream=True, timeout=BOUND)


def test_streams_held_open_are_capped_over_both_servers_and_a_closed_one_gives_its_place_back(tmp_path):
    with two_servers(tmp_path, {"CHRONICLE_LIMIT_STREAMS_PER_ADDRESS": "2"}) as (one, other):
        game = requests.post(f"{one}/api/games", json={"game": "chi", "seats": SEATS, "seed": "streams"}, timeout=BOUND)
        assert game.status_code == 201, game.text
        game_id = game.json()["id"]
        held = [open_stream(one, game_id), open_stream(other, game_id)]
        try:
            assert [stream.status_code for stream in held] == [200, 200]
            for base in (one, other):
                with open_stream(base, game_id) as refused:
                    assert_rate_limited(refused, "2 streams open at once for one client address", allowed=2, window=60)

            held.pop(0).close()

            # The server learns of the closed stream when it next writes to it (a keep-alive, at
            # the latest): until then a third stream is still refused, then accepted, on either.
            def accepted_on(base: str) -> requests.Response | None:
                answer = open_stream(base, game_id)
                if answer.status_code == 200:
                    return answer
                with answer:
                    assert answer.status_code == 429, f"answered {answer.status_code}"
                return None

            held.append(wait_until(lambda: accepted_on(other), "a place is given back after a stream closes"))
            with open_stream(one, game_id) as refused:
                assert_rate_limited(refused, "2 streams open at once for one client address", allowed=2, window=60)
        finally:
            for stream in held:
                stream.close()
