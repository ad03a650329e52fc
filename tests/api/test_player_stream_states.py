"""The player's stream with game states (`?games=full`): each running game's whole seat view at
once, each new version after, invitations, and a client caught up after a dropped connection."""

from __future__ import annotations

from tests.api.test_games_api import bearer
from tests.api.test_players_api import act_first_legal, register, two_players_game
from tests.api.test_streams import Script, read


def states(messages, *kinds):
    return [(kind, data) for kind, _, data in messages if kind in kinds]


def to_act_key(client, game_id, *players):
    name = client.get(f"/api/games/{game_id}").json["to_act"]["name"]
    return next(player["key"] for player in players if player["name"] == name)


def test_a_stream_with_game_states_opens_with_each_running_games_seat_view_then_sends_each_new_version(client, app):
    ana, bo = register(client, "ana"), register(client, "bo")
    game = two_players_game(client, ana, bo, seed="states")["id"]
    seen_by_bo = client.get(f"/api/games/{game}", headers=bearer(bo["key"])).json
    actions = client.get(f"/api/games/{game}/actions", headers=bearer(bo["key"])).json["actions"]
    move = lambda: act_first_legal(client, game, to_act_key(client, game, ana, bo))  # noqa: E731
    _, messages = read(client, app, "/api/players/me/stream?games=full", Script([move], lifetime=4), bearer(bo["key"]))
    assert messages[0][0] == "inbox" and messages[0][2]["invitations"] == []
    (first_kind, full), (second_kind, state) = states(messages, "game_full", "game_state")
    assert first_kind == "game_full" and full["id"] == game and full["seat"] == 1 and full["status"] == "running"
    assert full["view"] == seen_by_bo, "the view is the one GET /api/games/{id} answers bo's key"
    assert full["your_decision"] == (seen_by_bo["to_act"]["seat"] == 1)
    assert full["legal_actions"] == (actions if full["your_decision"] else [])
    assert second_kind == "game_state" and state["version"] > full["version"] == seen_by_bo["version"]
    assert state["view"] == client.get(f"/api/games/{game}", headers=bearer(bo["key"])).json
    assert state["view"]["you"] == 1


def test_the_view_is_the_players_own_seats_never_the_other_seats(client, app):
    ana, bo = register(client, "ana"), register(client, "bo")
    game = two_players_game(client, ana, bo, seed="secrecy")["id"]
    _, messages = read(client, app, "/api/players/me/stream?games=full", Script(lifetime=1), bearer(ana["key"]))
    [(_, full)] = states(messages, "game_full")
    bos_hand = client.get(f"/api/games/{game}", headers=bearer(bo["key"])).json["table"]["hand"]
    assert full["view"]["you"] == 0 and full["view"]["table"]["hand"] != bos_hand
    assert str(bos_hand) not in str(full)


def test_a_client_that_dropped_its_connection_is_caught_up_by_the_game_full_when_it_reconnects(client, app):
    ana, bo = register(client, "ana"), register(client, "bo")
    game = two_players_game(client, ana, bo, seed="dropped")["id"]
    _, before = read(client, app, "/api/players/me/stream?games=full", Script(lifetime=1), bearer(bo["key"]))
    [(_, full)] = states(before, "game_full")
    act_first_legal(client, game, to_act_key(client, game, ana, bo))  # while bo is away
    _, after = read(client, app, "/api/players/me/stream?games=full", Script(lifetime=1), bearer(bo["key"]))
    [(_, caught_up)] = states(after, "game_full")
    assert caught_up["version"] > full["version"]
    assert caught_up["view"] == client.get(f"/api/games/{game}", headers=bearer(bo["key"])).json


def test_an_invitation_is_told_and_listed_and_joining_it_brings_the_games_full_state(client, app):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    kept = client.post("/api/games", headers=bearer(ana["key"]), json={
        "game": "chi", "seed": "kept", "seats": [{"player": ana["id"]}, {"open": True, "player": bo["id"]}]}).json["id"]
    created = []

    def invite_again():
        created.append(client.post("/api/games", headers=bearer(cy["key"]), json={
            "game": "chi", "seed": "kept-2", "seats": [{"open": True, "player": bo["id"]}, {"player": cy["id"]}]}).json["id"])

    def join():
        assert client.post(f"/api/games/{created[0]}/seats/0/join", headers=bearer(bo["key"])).status_code == 200

    _, messages = read(client, app, "/api/players/me/stream?games=full", Script([invite_again, join], lifetime=4),
                       bearer(bo["key"]))
    assert messages[0][2]["invitations"] == [{"id": kept, "game": "chi", "title": "Chi", "seat": 1}]
    told = states(messages, "invitation", "game_full", "game_state")
    assert told[0] == ("invitation", {"id": created[0], "game": "chi", "title": "Chi", "seat": 0})
    assert told[1][0] == "game_full" and told[1][1]["id"] == created[0] and told[1][1]["seat"] == 0


def test_without_asking_a_persons_stream_carries_notices_only_and_a_wrong_choice_is_refused(client, app):
    ana, bo = register(client, "ana"), register(client, "bo")
    two_players_game(client, ana, bo, seed="notices-only")
    _, messages = read(client, app, "/api/players/me/stream", Script(lifetime=1), bearer(bo["key"]))
    assert not states(messages, "game_full", "game_state", "invitation") and "invitations" not in messages[0][2]
    answer = client.get("/api/players/me/stream?games=all", headers=bearer(bo["key"]))
    assert answer.status_code == 400 and answer.json["field"] == "games"


def test_a_seat_taken_reaches_the_seated_players_stream_and_only_then_is_the_game_their_decision(client, app):
    bo, cy = register(client, "bo"), register(client, "cy")
    game = client.post("/api/games", headers=bearer(cy["key"]), json={
        "game": "chi", "seed": "waits-on-bo", "seats": [{"player": cy["id"]}, {"open": True, "player": bo["id"]}]}).json
    first = client.get(f"/api/games/{game['id']}").json["to_act"]

    def join():
        assert client.post(f"/api/games/{game['id']}/seats/1/join", headers=bearer(bo["key"])).status_code == 200

    _, messages = read(client, app, "/api/players/me/stream?games=full", Script([join], lifetime=4), bearer(cy["key"]))
    (_, waiting), (kind, seated) = states(messages, "game_full", "game_state")
    assert waiting["your_decision"] is False and waiting["legal_actions"] == [], "bo's seat is still open"
    assert kind == "game_state" and seated["version"] == waiting["version"], "a seat taken moves no version"
    assert [seat.get("name") for seat in seated["view"]["seats"]] == ["cy", "bo"]
    assert seated["your_decision"] == (first["seat"] == 0)
    assert bool(seated["legal_actions"]) == seated["your_decision"]
