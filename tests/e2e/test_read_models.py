"""The read models of a real server catch up on their own, off the request path, in every process."""

import time

import pytest
import requests

from projections.database import ProjectionDatabase
from projections.game_list import READ_GAMES, GameList
from services.compose import build
from cli.server_process import running_server

pytestmark = pytest.mark.e2e


def test_each_api_process_catches_up_with_games_another_process_wrote_without_a_read_asking(tmp_path):
    with running_server(tmp_path, workers=2) as base:
        elsewhere = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path)})
        created = {str(elsewhere.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed=f"other-{n}").id)
                   for n in range(READ_GAMES * 5)}
        read_models = GameList(elsewhere.store, ProjectionDatabase(str(tmp_path / "projections.sqlite")))
        deadline = time.monotonic() + 60  # bounds a failure only
        while read_models.total("games") < len(created):  # no request: the server's runners do it
            assert time.monotonic() < deadline, f"{read_models.total('games')} of {len(created)} games caught up"
            time.sleep(0.05)
        listed = requests.get(f"{base}/api/games?limit=500", timeout=30).json()
        assert {game["id"] for game in listed["games"]} == created and listed["total"] == len(created)
