"""A spectator delay: spectators see a running game that many steps behind, everywhere they look;
the seats see it as it is; once it is over, everyone sees everything."""

from __future__ import annotations

from tests.api.test_games_api import bearer
from tests.api.test_streams import Script, first_legal_move, read

DELAY = 4


def delayed_game(client, services, moves=5):
    body = {"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": "delayed", "spectator_delay": DELAY}
    created = client.post("/api/games", json=body).json
    for _ in range(moves):
        first_legal_move(services, created["id"])()
    return created


def test_a_spectator_sees_the_running_game_some_steps_behind_and_a_seat_sees_it_as_it_is(client, services):
    created = delayed_game(client, services)
    now = client.get(f"/api/games/{created['id']}", headers=bearer(created["tokens"][0]["token"])).json
    seen = client.get(f"/api/games/{created['id']}").json
    assert seen["version"] == now["version"] - DELAY and seen["spectator_delay"] == DELAY
    assert seen["table"] == client.get(f"/api/games/{created['id']}/replay/{seen['version']}").json["table"]["table"]
    assert client.get(f"/api/games/{created['id']}/events").json["events"][-1]["version"] == seen["version"]
    assert len(client.get(f"/api/games/{created['id']}/replay").json["steps"]) == seen["version"]
    ahead = client.get(f"/api/games/{created['id']}/replay/{seen['version'] + 1}")
    assert ahead.status_code == 404 and "behind" in ahead.json["detail"]
    listed = client.get("/api/games").json["games"][0]
    assert listed["version"] == seen["version"] and listed["to_act"] is None and listed["last_move"] is None


def test_a_spectators_stream_brings_each_event_once_the_game_is_far_enough_past_it(client, app, services):
    created = delayed_game(client, services, moves=0)
    start = client.get(f"/api/games/{created['id']}").json["version"]
    moves = [first_legal_move(services, created["id"]) for _ in range(4)]
    _, messages = read(client, app, f"/api/games/{created['id']}/stream", Script(moves, lifetime=6))
    now = client.get(f"/api/games/{created['id']}", headers=bearer(created["tokens"][0]["token"])).json["version"]
    assert messages[0][1] == start
    assert [m[1] for m in messages if m[0] == "event"] == list(range(start + 1, now - DELAY + 1))


def test_once_the_game_is_over_the_delay_is_gone(client, services):
    created = delayed_game(client, services)
    token = created["tokens"][0]["token"]
    version = client.get(f"/api/games/{created['id']}", headers=bearer(token)).json["version"]
    client.post(f"/api/games/{created['id']}/actions", headers=bearer(token),
                json={"action": {"type": "resign"}, "expected_version": version})
    assert client.get(f"/api/games/{created['id']}").json["version"] == version + 1


def test_a_delay_that_is_not_a_number_of_steps_is_refused(client):
    body = {"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "spectator_delay": 5000}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400 and answer.json["field"] == "spectator_delay"


def test_a_spectator_reads_no_dispute_about_a_step_it_may_not_see_yet(client, services):
    created = delayed_game(client, services, moves=8)
    ana = bearer(created["tokens"][0]["token"])
    now = client.get(f"/api/games/{created['id']}", headers=ana).json["version"]
    seen = now - DELAY
    for step in (seen - 2, now):  # one the spectators may see, one they may not yet
        filed = client.post(f"/api/games/{created['id']}/disputes", headers=ana, json={"step": step, "claim": "why?"})
        assert filed.status_code == 201, filed.json
    spectator = client.get(f"/api/games/{created['id']}/disputes").json["disputes"]
    assert [dispute["step"] for dispute in spectator] == [seen - 2]
    assert all(step <= seen for step in spectator[0]["answer"]["decision"]["steps"])
    assert all(step["disputes"] == [] or step["step"] <= seen
               for step in client.get(f"/api/games/{created['id']}/replay").json["steps"])
    assert [d["step"] for d in client.get(f"/api/games/{created['id']}/disputes", headers=ana).json["disputes"]] == [seen - 2, now]
