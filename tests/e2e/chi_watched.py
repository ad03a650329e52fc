"""A game of Chi between two people on a server as `make run` starts it, and streams of it read
together: what the tests of many streams at once (spectators, seats) share."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

import requests

from cli.server_process import running_server
from tests.e2e.conftest import LONG_STREAMS
from tests.http_session import fresh_connections

BOUND = 60  # seconds: a failure bound, not a pace


@dataclass(frozen=True)
class ChiGame:
    http: requests.Session
    created: dict  # the answer that created it: its id, version and seats' tokens
    url: str

    def seat(self, seat: int) -> dict[str, str]:
        """The headers that make a request the seat's."""
        return {"Authorization": f"Bearer {self.created['tokens'][seat]['token']}"}


@contextmanager
def chi_game_on_a_server(tmp_path: Path, seed: str) -> Iterator[ChiGame]:
    """A new game of Chi, ana against bo, on a server of its own whose streams outlast the test."""
    with running_server(tmp_path, env=LONG_STREAMS) as base:
        http = fresh_connections()
        created = http.post(f"{base}/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                                       "seed": seed}).json()
        yield ChiGame(http, created, f"{base}/api/games/{created['id']}")


@contextmanager
def streams_of(game: ChiGame, headers: Sequence[dict[str, str]]) -> Iterator[list[requests.Response]]:
    """A stream of the game opened with each of `headers`, every one closed afterwards."""
    streams: list[requests.Response] = []
    try:
        for each in headers:
            streams.append(requests.get(f"{game.url}/stream", headers=each, stream=True, timeout=BOUND))
        yield streams
    finally:
        for stream in streams:
            stream.close()


def read_together(read: Callable[..., None], arguments: Sequence[tuple]) -> None:
    """`read(*each)` for each of `arguments`, all at once, each in a thread of its own (a stream
    blocks its reader), waited for up to BOUND seconds each."""
    readers = [threading.Thread(target=read, args=each) for each in arguments]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join(BOUND)
