"""News across API servers (gunicorn's gevent worker) sharing one store: streams read from one
server see a move posted to the other, through PostgreSQL's NOTIFY or Redis pub/sub, with every
safety look pushed out of reach so that only the news can bring it."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
import requests

from tests.e2e.conftest import LONG_STREAMS
from tests.http_moves import first_legal_move
from tests.infra import postgres_database, redis_server
from cli.server_process import running_server
from tests.http_session import fresh_connections

pytestmark = pytest.mark.e2e

STREAMS = 12
BOUND = 60  # seconds: a failure bound, not a pace
NO_SAFETY_LOOK = {"CHRONICLE_NEWS_SAFETY_SECONDS": "1000000", "CHRONICLE_STREAM_SAFETY_SECONDS": "1000000",
                  **LONG_STREAMS}


@contextmanager
def two_servers(tmp_path: Path, env: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Two API servers of one worker each, on one store (and one data folder)."""
    shared = {**env, **NO_SAFETY_LOOK, "CHRONICLE_DATA": str(tmp_path / "shared")}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with running_server(tmp_path / "a", env=shared) as one, running_server(tmp_path / "b", env=shared) as other:
        yield one, other


def every_stream_sees_each_move(mover: str, watcher: str) -> None:
    """Streams read from `watcher` see each move posted to `mover`."""
    http = fresh_connections()
    created = http.post(f"{mover}/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                                    "seed": "news-across-servers"}).json()
    game_url = f"{mover}/api/games/{created['id']}"
    streams = [requests.get(f"{watcher}/api/games/{created['id']}/stream", stream=True, timeout=BOUND)
               for _ in range(STREAMS)]
    lines = [stream.iter_lines(decode_unicode=True) for stream in streams]
    try:
        for _ in range(3):
            moved = first_legal_move(http, game_url, created, BOUND)
            assert moved.status_code == 200, moved.text
            version = moved.json()["version"]
            reached = [False] * STREAMS

            def read(index: int) -> None:
                for line in lines[index]:
                    if line == f"id: {version}":
                        reached[index] = True
                        return
            readers = [threading.Thread(target=read, args=(index,)) for index in range(STREAMS)]
            for reader in readers:
                reader.start()
            for reader in readers:
                reader.join(BOUND)
            assert all(reached), f"{reached.count(False)} of {STREAMS} streams did not see version {version}"
    finally:
        for stream in streams:
            stream.close()


def test_on_postgres_a_move_reaches_the_streams_of_another_server(tmp_path):
    with postgres_database() as postgres, two_servers(tmp_path, postgres) as (one, other):
        every_stream_sees_each_move(one, other)


def test_with_redis_a_move_reaches_the_streams_of_another_server(tmp_path):
    with redis_server() as redis, two_servers(tmp_path, {"CHRONICLE_NEWS": "redis", "REDIS_URL": redis.url}) as (
            one, other):
        every_stream_sees_each_move(one, other)
