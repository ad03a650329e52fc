"""Open games: seats created empty, listed for anyone, taken by the first player to join."""

from __future__ import annotations

from uuid import UUID

from services.disputes.audit import audit_game
from tests.api.test_games_api import PROBLEM, bearer
from tests.api.test_players_api import register


def open_game(client, host, seed="open"):
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"player": host["id"]}, {"open": True}], "seed": seed},
                         headers=bearer(host["key"]))
    assert answer.status_code == 201, answer.json
    return answer.json


def join(client, game_id, seat, player):
    return client.post(f"/api/games/{game_id}/seats/{seat}/join", headers=bearer(player["key"]))


def test_an_open_seat_is_listed_for_anyone_and_nobody_can_move_for_it_before_someone_joins(client):
    ana = register(client, "ana")
    created = open_game(client, ana)
    listed = client.get("/api/games?open=true").json["games"]
    assert [game["id"] for game in listed] == [created["id"]] and listed[0]["open_seats"] == [1]
    seat = client.get(f"/api/games/{created['id']}").json["seats"][1]
    assert seat["kind"] == "open" and seat["name"] == "open seat 2" and created["tokens"] == []


def test_the_first_player_to_join_takes_the_seat_and_plays_it_with_their_key(client):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    created = open_game(client, ana)
    answer = join(client, created["id"], 1, bo)
    assert answer.status_code == 200 and answer.json["you"] == 1 and answer.json["table"]["hand"]
    assert answer.json["seats"][1] == {"seat": 1, "name": "bo", "kind": "person", "bot": None, "player": bo["id"]}
    late = join(client, created["id"], 1, cy)
    assert late.status_code == 409 and late.content_type == PROBLEM and "taken by bo" in late.json["detail"]
    assert client.get("/api/games?open=true").json["games"] == []
    assert [game["id"] for game in client.get("/api/players/me/games", headers=bearer(bo["key"])).json["games"]] == [created["id"]]
    game = client.get(f"/api/games/{created['id']}", headers=bearer(bo["key"])).json
    seat = game["to_act"]["seat"]
    key = (ana, bo)[seat]["key"]
    action = client.get(f"/api/games/{created['id']}/actions", headers=bearer(key)).json["actions"][0]
    moved = client.post(f"/api/games/{created['id']}/actions", headers=bearer(key),
                        json={"action": action, "expected_version": game["version"]})
    assert moved.status_code == 200


def test_a_seat_that_cannot_be_joined_is_refused_saying_why(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    created = open_game(client, ana)
    assert join(client, created["id"], 0, bo).status_code == 409, "ana holds seat 0"
    assert join(client, created["id"], 5, bo).json["field"] == "n"
    assert join(client, created["id"], 1, ana).json["detail"] == "ana already has a seat at this table"
    assert client.post(f"/api/games/{created['id']}/seats/1/join").status_code == 401


def test_a_game_whose_open_seat_was_taken_audits_the_same_as_created(client, services):
    ana, bo = register(client, "ana"), register(client, "bo")
    created = open_game(client, ana, seed="open-audit")
    join(client, created["id"], 1, bo)
    game = client.get(f"/api/games/{created['id']}").json
    client.post(f"/api/games/{created['id']}/actions", headers=bearer(bo["key"]),
                json={"action": {"type": "resign"}, "expected_version": game["version"]})
    report = audit_game(services.store, UUID(created["id"]))
    assert report["verified"], report
    assert client.get(f"/api/games/{created['id']}/export").get_data(as_text=True).count('"open seat 2"') == 1
