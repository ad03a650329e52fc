"""The client's tests: a real API server (gunicorn) and a client of it."""

import pytest

from chronicle_client import Client
from cli.server_process import running_server
from tests.infra import redis_server

# A stream the tests read to the game's end must not end at its lifetime (60 s) on a slow machine.
LONG_STREAMS = {"CHRONICLE_STREAM_SECONDS": "3600"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # The two API workers tell each other of a move through Redis, as a deployment's do: a stream
    # on one hears of a move the other saved at once, not at its next look at the store.
    with redis_server() as news:
        env = {**LONG_STREAMS, "CHRONICLE_NEWS": "redis", "REDIS_URL": news.url}
        with running_server(tmp_path_factory.mktemp("chronicle-data"), workers=2, env=env) as base:
            yield base


@pytest.fixture
def anonymous(server):
    with Client(server) as client:
        yield client


def register(anonymous: Client, name: str) -> tuple[Client, str]:
    """A new player's client (with their key), and their id."""
    player = anonymous.register_player({"name": name})
    return anonymous.with_key(player["key"]), player["id"]
