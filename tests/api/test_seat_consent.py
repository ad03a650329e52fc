"""Nobody is seated without consent: a game seats a player only with that player's key on the
request; anyone else gets a seat kept for them, which only they may join. So creating a game
cannot make the server call another player's webhook nor fill their inbox."""

from __future__ import annotations

from uuid import UUID

import pytest

from services.disputes.audit import audit_game
from services.compose import build
from tests.api.test_games_api import PROBLEM, bearer
from tests.api.test_players_api import register
from tests.conftest import MEMORY
from tests.receiver import Receiver
from web.app import create_app


@pytest.fixture
def services():
    """bo's receiver listens on 127.0.0.1, which the operator allows here."""
    return build({**MEMORY, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"})


@pytest.fixture
def client(services):
    return create_app(services=services).test_client()


def inbox(client, player):
    return client.get("/api/players/me/games", headers=bearer(player["key"])).json["games"]


def test_a_game_cannot_seat_another_player_nor_call_their_webhook(client):
    with Receiver() as receiver:
        ana = register(client, "ana")
        bo = client.post("/api/players", json={"name": "bo", "callback_url": receiver.url}).json
        both = [{"player": ana["id"]}, {"player": bo["id"]}]
        answer = client.post("/api/games", json={"game": "chi", "seats": both}, headers=bearer(ana["key"]))
        assert answer.status_code == 403 and answer.content_type == PROBLEM
        assert answer.json["field"] == "seats[1].player"
        assert "ana's key" in answer.json["detail"] and f'{{"open": true, "player": "{bo["id"]}"}}' in answer.json["detail"]
        unsigned = client.post("/api/games", json={"game": "chi", "seats": [{"player": bo["id"]}, {"bot": "random"}]})
        assert unsigned.status_code == 403 and unsigned.json["field"] == "seats[0].player"
        assert "that player's key" in unsigned.json["detail"]
        forged = client.post("/api/games", json={"game": "chi", "seats": both}, headers=bearer(f"{bo['id']}.guess"))
        assert forged.status_code == 403
        assert client.get("/api/games").json["games"] == [] and inbox(client, bo) == []
    assert receiver.received == [], "bo's webhook was never called"


def test_a_seat_kept_for_a_player_is_theirs_to_join_and_nobody_elses(client, services):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    seats = [{"player": ana["id"]}, {"open": True, "player": bo["id"]}]
    created = client.post("/api/games", json={"game": "chi", "seats": seats}, headers=bearer(ana["key"]))
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    seat = client.get(f"/api/games/{game_id}").json["seats"][1]
    assert seat["kind"] == "open" and seat["reserved_for"] == bo["id"] and seat["player"] is None
    assert client.get("/api/games?open=true").json["games"] == [], "not a seat for anyone"
    assert inbox(client, bo) == [], "nothing reaches bo before he joins"
    refused = client.post(f"/api/games/{game_id}/seats/1/join", headers=bearer(cy["key"]))
    assert refused.status_code == 403 and refused.content_type == PROBLEM and refused.json["field"] == "n"
    assert "kept for another player" in refused.json["detail"]
    joined = client.post(f"/api/games/{game_id}/seats/1/join", headers=bearer(bo["key"]))
    assert joined.status_code == 200 and joined.json["you"] == 1 and joined.json["seats"][1]["name"] == "bo"
    assert [game["id"] for game in inbox(client, bo)] == [game_id]
    version = client.get(f"/api/games/{game_id}").json["version"]
    client.post(f"/api/games/{game_id}/actions", headers=bearer(bo["key"]),
                json={"action": {"type": "resign"}, "expected_version": version})
    assert audit_game(services.store, UUID(game_id))["verified"], "the game audits as created"


@pytest.mark.parametrize(
    "seat, field, words",
    [
        ({"open": False, "player": "bo"}, "seats[1].open", '{"open": true, "player": id}'),
        ({"open": True, "player": "00000000-0000-0000-0000-000000000000"}, "seats[1].player", "no player"),
        ({"open": True, "player": "ana"}, "seats[1].player", "already has a seat"),
    ],
)
def test_a_seat_that_cannot_be_kept_for_a_player_is_refused_naming_it(client, seat, field, words):
    ana, bo = register(client, "ana"), register(client, "bo")
    seat = {**seat, "player": {"ana": ana["id"], "bo": bo["id"]}.get(seat["player"], seat["player"])}
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"player": ana["id"]}, seat]},
                         headers=bearer(ana["key"]))
    assert answer.status_code == 400 and answer.json["field"] == field and words in answer.json["detail"]
    assert client.get("/api/games").json["games"] == []
