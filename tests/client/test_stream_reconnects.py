"""The client's game stream rides out a server restart: it connects again, resumes after the last
version it saw (Last-Event-ID), and ends by itself once the game's last event has come."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from chronicle_client import Client
from tests.e2e.cluster import ApiServer

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 300.0  # seconds: only bounds a failure


class Reader:
    """Reads a game's stream on a thread, telling each version as it comes."""

    def __init__(self, client: Client, game_id: str):
        self.versions: list[int] = []
        self.last_view: dict | None = None
        self.changed = threading.Condition()
        self.ended = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self.read, args=(client, game_id), daemon=True)
        self.thread.start()

    def read(self, client: Client, game_id: str) -> None:
        try:
            for message in client.game_stream(game_id, views="full"):
                with self.changed:
                    self.versions.append(message.data["version"])
                    self.last_view = message.data["game"]
                    self.changed.notify_all()
        except BaseException as error:  # told to the test, which fails with it
            self.error = error
        finally:
            self.ended.set()
            with self.changed:
                self.changed.notify_all()

    def wait_for(self, version: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: version in self.versions or self.ended.is_set(), PATIENCE)
        assert self.error is None and version in self.versions, (self.error, self.versions)


def play_one(client: Client, game_id: str, seats: dict[int, Client]) -> int:
    """The seat to act takes its first legal action; the version after it."""
    seat = client.get_game(game_id)["to_act"]["seat"]
    legal = seats[seat].list_actions(game_id)
    return seats[seat].act(game_id, legal["actions"][0], legal["version"])["version"]


def test_a_game_stream_resumes_after_a_server_restart_and_ends_with_the_game(tmp_path):
    (tmp_path / "data").mkdir()
    env = {**os.environ, "CHRONICLE_DATA": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "CHRONICLE_STREAM_SECONDS": "3600"}
    env.pop("PERSISTENCE_MODULE", None)
    server = ApiServer(env, tmp_path / "server.log", workers=1, threads=8).start()
    try:
        with Client(server.url, backoff=0.05) as anonymous:
            created = anonymous.create_game({"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                             "seed": "reconnect"})
            game_id = created["id"]
            seats = {token["seat"]: anonymous.with_key(token["token"]) for token in created["tokens"]}
            reader = Reader(seats[0], game_id)
            reader.wait_for(created["version"])

            before = [play_one(anonymous, game_id, seats) for _ in range(3)]
            reader.wait_for(before[-1])
            server.stop()
            server.start()  # on the same port and data: the reader's connection was cut
            after = [play_one(anonymous, game_id, seats) for _ in range(3)]
            reader.wait_for(after[-1])
            final = seats[0].act(game_id, {"type": "resign"}, after[-1])["version"]

            assert reader.ended.wait(PATIENCE), "the stream did not end with the game"
            assert reader.error is None, reader.error
            # Every version once, in order, across the restart: the reconnection resumed where it was.
            assert reader.versions == list(range(created["version"], final + 1))
            assert reader.last_view["status"] == "finished"
            assert server.starts == 2
    finally:
        server.stop()
