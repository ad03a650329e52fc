"""Players over REST: one key for every game a player sits in, and the inbox of their games."""

from __future__ import annotations

import json
from uuid import UUID

import pytest

from tests.api.test_games_api import PROBLEM, bearer, create
from tests.playing import play_to_end


def register(client, name):
    answer = client.post("/api/players", json={"name": name})
    assert answer.status_code == 201, answer.json
    return answer.json


def two_players_game(client, host, guest, seed="two-players", **extra):
    """A game between two players: `host` seats themselves (sending their key) and keeps seat 1 for
    `guest`, who joins it with theirs."""
    body = {"game": "chi", "seed": seed, "seats": [{"player": host["id"]}, {"open": True, "player": guest["id"]}], **extra}
    created = client.post("/api/games", json=body, headers=bearer(host["key"]))
    assert created.status_code == 201, created.json
    joined = client.post(f"/api/games/{created.json['id']}/seats/1/join", headers=bearer(guest["key"]))
    assert joined.status_code == 200, joined.json
    return created.json


def act_first_legal(client, game_id, key):
    game = client.get(f"/api/games/{game_id}", headers=bearer(key)).json
    action = client.get(f"/api/games/{game_id}/actions", headers=bearer(key)).json["actions"][0]
    answer = client.post(f"/api/games/{game_id}/actions", json={"action": action, "expected_version": game["version"]},
                         headers=bearer(key))
    assert answer.status_code == 200, answer.json
    return answer.json


def test_a_new_player_gets_an_id_and_a_key_that_names_them(client):
    ana = register(client, "ana")
    assert UUID(ana["id"]) and ana["key"].startswith(ana["id"] + ".")
    assert client.get("/api/players/me", headers=bearer(ana["key"])).json == {"id": ana["id"], "name": "ana", "callback_url": None,
                                                                             "bot": False}


def test_a_players_key_plays_their_seat_in_every_game_they_sit_in(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    games = [two_players_game(client, ana, bo, seed=f"both-{n}") for n in range(2)]
    assert all(game["tokens"] == [] for game in games), "a player's seat needs no token of its own"
    for game in games:
        table = client.get(f"/api/games/{game['id']}", headers=bearer(ana["key"])).json
        assert table["you"] == 0 and table["table"]["hand"] is not None
        seat = table["to_act"]["seat"]
        act_first_legal(client, game["id"], (ana, bo)[seat]["key"])


def create_as(client, player, seats, seed="api-seed"):
    """Create a game with the player's key on the request, as a player seating themselves does."""
    answer = client.post("/api/games", json={"game": "chi", "seats": seats, "seed": seed}, headers=bearer(player["key"]))
    assert answer.status_code == 201, answer.json
    return answer.json


def test_a_players_key_holds_no_seat_of_a_game_they_do_not_sit_in(client):
    ana, cy = register(client, "ana"), register(client, "cy")
    game = create_as(client, ana, [{"player": ana["id"]}, {"bot": "random"}])
    answer = client.get(f"/api/games/{game['id']}", headers=bearer(cy["key"]))
    assert answer.status_code == 403 and answer.content_type == PROBLEM


@pytest.mark.parametrize(
    "seats, field, words",
    [
        (lambda ana: [{"player": ana}, {"player": ana}], "seats[1].player", "already has a seat"),
        (lambda ana: [{"player": "00000000-0000-0000-0000-000000000000"}, {"bot": "random"}], "seats[0].player", "no player"),
        (lambda ana: [{"player": "not-an-id"}, {"bot": "random"}], "seats[0].player", "no player"),
        (lambda ana: [{"player": ana, "bot": "random"}, {"bot": "random"}], "seats[0]", "not more than one"),
    ],
)
def test_a_seat_for_a_player_who_cannot_take_it_is_refused_naming_it(client, seats, field, words):
    ana = register(client, "ana")
    answer = client.post("/api/games", json={"game": "chi", "seats": seats(ana["id"])}, headers=bearer(ana["key"]))
    assert answer.status_code == 400
    assert answer.json["field"] == field and words in answer.json["detail"]
    assert client.get("/api/games").json["games"] == []


def test_the_players_endpoints_want_a_players_key(client):
    assert client.get("/api/players/me/games").status_code == 401
    assert client.get("/api/players/me", headers=bearer("a.b")).status_code == 403
    seat_token = create(client)["tokens"][0]["token"]
    assert client.get("/api/players/me", headers=bearer(seat_token)).status_code == 403
    assert client.post("/api/players", json={"name": ""}).status_code == 400


def test_the_key_is_kept_only_as_its_hash(client, services):
    ana = register(client, "ana")
    game = create_as(client, ana, [{"player": ana["id"]}, {"bot": "random"}])
    stored = [services.store.events.get(UUID(ana["id"])), services.store.events.get(UUID(game["id"]))]
    everything = json.dumps([event.__dict__ for stream in stored for event in stream], default=str)
    assert ana["key"] not in everything and ana["key"].split(".")[1] not in everything


def test_the_inbox_lists_the_games_awaiting_the_player_first_then_the_others_then_the_finished(client, services,
                                                                                              caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    created = [two_players_game(client, ana, bo, seed=f"inbox-{n}")["id"] for n in range(6)]
    key_of = {0: ana["key"], 1: bo["key"]}
    # Make every game wait on someone; move each game on once so the order of activity is known.
    for game_id in created:
        to_act = client.get(f"/api/games/{game_id}").json["to_act"]["seat"]
        act_first_legal(client, game_id, key_of[to_act])
    finished = create_as(client, ana, [{"player": ana["id"]}, {"bot": "greedy"}], seed="inbox-done")["id"]
    play_to_end(services, UUID(finished))

    caught_up()
    inbox = client.get("/api/players/me/games", headers=bearer(ana["key"])).json["games"]
    assert {game["id"] for game in inbox} == set(created) | {finished}
    mine = [game for game in inbox if game["your_decision"]]
    assert mine and inbox[: len(mine)] == mine, "the games awaiting ana come first"
    assert [g["last_activity"] for g in mine] == sorted(g["last_activity"] for g in mine), "longest waiting first"
    assert inbox[-1]["id"] == finished and inbox[-1]["status"] == "finished"
    for game in inbox[len(mine):-1]:
        assert game["status"] == "running" and game["to_act"]["name"] == "bo"
    first = mine[0]
    assert first["seat"] == 0 and [o["name"] for o in first["opponents"]] == ["bo"]
    assert first["last_move"]["seat"] == 1 and first["last_move"]["description"].startswith("bo ")
    assert first["deadline"] is None
    running = client.get("/api/players/me/games?status=running", headers=bearer(ana["key"])).json["games"]
    assert finished not in {game["id"] for game in running}


def test_the_inbox_of_a_player_is_rebuilt_with_the_read_models(client, app):
    ana = register(client, "ana")
    game = create_as(client, ana, [{"player": ana["id"]}, {"bot": "random"}])
    before = client.get("/api/players/me/games", headers=bearer(ana["key"])).json
    app.extensions["chronicle"].game_list.rebuild()
    assert client.get("/api/players/me/games", headers=bearer(ana["key"])).json == before
    assert before["games"][0]["id"] == game["id"]
