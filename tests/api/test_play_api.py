"""Playing over the REST API: legal actions, moves, and every refusal a client can meet."""

from tests.api.test_games_api import PROBLEM, bearer, create


def seat_to_act(client, created):
    game = client.get(f"/api/games/{created['id']}").json
    seat = game["to_act"]["seat"]
    token = next(t["token"] for t in created["tokens"] if t["seat"] == seat)
    return seat, token, game["version"]


def test_the_legal_actions_can_be_posted_back_unchanged(client):
    created = create(client)
    seat, token, version = seat_to_act(client, created)
    legal = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json
    assert legal["seat"] == seat and legal["actions"]
    answer = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": legal["actions"][0], "expected_version": version},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.json
    assert answer.json["version"] > version
    assert [e["version"] for e in answer.json["events"]] == list(range(version + 1, answer.json["version"] + 1))


def test_the_seat_not_to_act_has_no_legal_actions_and_is_refused_403(client):
    created = create(client)
    seat, _, version = seat_to_act(client, created)
    other = next(t["token"] for t in created["tokens"] if t["seat"] != seat)
    assert client.get(f"/api/games/{created['id']}/actions", headers=bearer(other)).json["actions"] == []
    answer = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": {"type": "draw", "slot": 0}, "expected_version": version},
        headers=bearer(other),
    )
    assert answer.status_code == 403 and answer.json["rule"] == "game.turn-order"


def test_an_illegal_action_is_answered_422_with_the_rule_and_changes_nothing(client):
    created = create(client)
    _, token, version = seat_to_act(client, created)
    answer = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": {"type": "draw", "slot": 6}, "expected_version": version},
        headers=bearer(token),
    )
    assert answer.status_code == 422 and answer.content_type == PROBLEM
    assert answer.json["rule"].startswith("chi.") and answer.json["detail"]
    assert client.get(f"/api/games/{created['id']}").json["version"] == version


def test_a_stale_expected_version_is_answered_409_with_the_current_version(client):
    created = create(client)
    _, token, version = seat_to_act(client, created)
    answer = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": {"type": "draw", "slot": 0}, "expected_version": version - 1},
        headers=bearer(token),
    )
    assert answer.status_code == 409 and answer.json["current_version"] == version


def test_a_move_without_a_token_is_answered_401(client):
    created = create(client)
    _, _, version = seat_to_act(client, created)
    answer = client.post(
        f"/api/games/{created['id']}/actions", json={"action": {"type": "pass"}, "expected_version": version}
    )
    assert answer.status_code == 401 and answer.headers["WWW-Authenticate"] == "Bearer"


def test_a_move_missing_its_expected_version_is_answered_400(client):
    created = create(client)
    _, token, _ = seat_to_act(client, created)
    answer = client.post(
        f"/api/games/{created['id']}/actions", json={"action": {"type": "pass"}}, headers=bearer(token)
    )
    assert answer.status_code == 400 and "expected_version" in answer.json["errors"]
    answer = client.post(
        f"/api/games/{created['id']}/actions", data="[1,", content_type="application/json", headers=bearer(token)
    )
    assert answer.status_code == 400


def test_a_retried_post_with_the_same_idempotency_key_returns_the_first_answer(client):
    created = create(client)
    _, token, version = seat_to_act(client, created)
    legal = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json["actions"]
    headers = {**bearer(token), "Idempotency-Key": "retry-1"}
    body = {"action": legal[0], "expected_version": version}
    first = client.post(f"/api/games/{created['id']}/actions", json=body, headers=headers)
    again = client.post(f"/api/games/{created['id']}/actions", json=body, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.json == first.json
    assert client.get(f"/api/games/{created['id']}").json["version"] == first.json["version"]


def test_the_event_log_and_replay_steps_are_served_and_step_bounds_are_404(client):
    created = create(client, [{"name": "ana"}, {"bot": "random"}])
    game_id = created["id"]
    log = client.get(f"/api/games/{game_id}/events").json
    replay = client.get(f"/api/games/{game_id}/replay").json
    assert [e["version"] for e in log["events"]] == [s["step"] for s in replay["steps"]]
    step = client.get(f"/api/games/{game_id}/replay/2").json
    assert step["rule"]["id"] and step["rule"]["text"] and step["description"]
    assert client.get(f"/api/games/{game_id}/replay/0").status_code == 404
    assert client.get(f"/api/games/{game_id}/replay/{log['version'] + 1}").status_code == 404
    assert client.get(f"/api/games/{game_id}/replay/-3").status_code == 404


def test_a_seat_resigns_over_rest_even_when_it_is_not_its_turn_and_the_other_seat_wins(client):
    created = create(client)
    game = client.get(f"/api/games/{created['id']}").json
    waiting = 1 - game["to_act"]["seat"]
    token = next(t["token"] for t in created["tokens"] if t["seat"] == waiting)
    listed = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json
    assert listed["actions"] == [] and listed["open_actions"] == [{"type": "resign"}]
    answer = client.post(f"/api/games/{created['id']}/actions", headers=bearer(token),
                         json={"action": {"type": "resign"}, "expected_version": game["version"]})
    assert answer.status_code == 200, answer.json
    assert answer.json["status"] == "finished"
    over = client.get(f"/api/games/{created['id']}").json
    assert over["outcome"]["winners"] == [1 - waiting] and over["outcome"]["detail"]["resigned"] == waiting
    assert client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json["open_actions"] == []
    assert client.get(f"/api/games/{created['id']}/audit").json["verified"] is True
