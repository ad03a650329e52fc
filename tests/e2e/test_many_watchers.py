"""Many spectators on a server as `make run` starts it: open streams hold no thread, so the API
answers everything else meanwhile, and a move reaches every stream."""

from __future__ import annotations

import threading

import pytest
import requests

from tests.e2e.conftest import LONG_STREAMS
from tests.http_moves import first_legal_move
from cli.server_process import running_server
from tests.http_session import fresh_connections

pytestmark = pytest.mark.e2e

SPECTATORS = 100  # far more than the threads a server of threads would have to spare
BOUND = 60  # seconds: a failure bound, not a pace


def versions_seen(response, upto: int, seen: list[int]) -> None:
    """Append the id of each message to `seen` until one reaches `upto`."""
    for line in response.iter_lines(decode_unicode=True):
        if line.startswith("id: "):
            seen.append(int(line[4:]))
            if seen[-1] >= upto:
                return


def test_a_hundred_spectators_leave_the_api_answering_and_all_see_the_next_move(tmp_path):
    with running_server(tmp_path, env=LONG_STREAMS) as base:
        http = fresh_connections()
        created = http.post(f"{base}/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                                       "seed": "many-watchers"}).json()
        game_url = f"{base}/api/games/{created['id']}"
        streams = [requests.get(f"{game_url}/stream", stream=True, timeout=BOUND) for _ in range(SPECTATORS)]
        try:
            assert all(stream.status_code == 200 for stream in streams), "every stream opens"
            moved = first_legal_move(http, game_url, created, BOUND)
            assert moved.status_code == 200, moved.text
            seen = [[] for _ in streams]
            readers = [threading.Thread(target=versions_seen, args=(stream, moved.json()["version"], into))
                       for stream, into in zip(streams, seen)]
            for reader in readers:
                reader.start()
            for reader in readers:
                reader.join(BOUND)
            assert all(into and into[-1] == moved.json()["version"] for into in seen), "every spectator saw the move"
        finally:
            for stream in streams:
                stream.close()
