"""What if, over REST: ask a counterfactual of a step, and read the answers kept with the disputes."""

from tests.api.test_games_api import create


def finished_game(client, seed):
    created = create(client, [{"bot": "random"}, {"bot": "greedy"}], seed=seed)
    game = client.get(f"/api/games/{created['id']}").json
    assert game["status"] == "finished"
    return created


def first_decision(client, game_id):
    """The first step a seat decided on after the deal, and what it did there."""
    for step in range(2, 40):
        decision = client.get(f"/api/games/{game_id}/replay/{step}").json["explanation"]["decision"]
        if decision and decision.get("action"):
            return decision["decided_on_version"], decision
    raise AssertionError("no decision found")


def test_a_spectator_asks_what_another_action_would_have_done_in_a_finished_game(client):
    created = finished_game(client, "what-if-api")
    step, decision = first_decision(client, created["id"])
    other = next(action for action in decision["legal_actions"] if action != decision["action"])
    answer = client.post(f"/api/games/{created['id']}/what-if", json={"step": step, "action": other})
    assert answer.status_code == 200, answer.json
    told = answer.json
    assert told["legal"] and told["taken"] == decision["action"] and told["action"] == other
    assert told["events"] and all(event["description"] for event in told["events"]) and told["table"]
    assert told["number"] == 1 and told["asked_by"] is None
    kept = client.get(f"/api/games/{created['id']}/disputes").json
    assert kept["what_ifs"] == [told], "the answer stays on the record"
    again = client.post(f"/api/games/{created['id']}/what-if", json={"step": step, "action": other}).json
    assert again == told


def test_an_illegal_what_if_is_answered_with_the_rule_not_an_error(client):
    created = finished_game(client, "what-if-api-illegal")
    step, _ = first_decision(client, created["id"])
    told = client.post(f"/api/games/{created['id']}/what-if", json={"step": step, "action": {"type": "fly"}}).json
    assert told["legal"] is False and told["refused"]["rule"]["id"] == "chi.action.well-formed"
    assert "fly" in told["refused"]["reason"]


def test_a_bad_what_if_request_is_refused_naming_the_field(client):
    created = finished_game(client, "what-if-api-bad")
    url = f"/api/games/{created['id']}/what-if"
    for body, field in (({"action": {"type": "pass"}}, "step"), ({"step": 3}, "action"),
                        ({"step": 3, "action": {"type": "pass"}}, "step"),  # inside the deal
                        ({"step": "3", "action": {"type": "pass"}}, "step"),
                        ({"step": 3, "action": {"kind": "pass"}}, "action")):
        answer = client.post(url, json=body)
        assert answer.status_code == 400 and answer.json["field"] == field, (body, answer.json)
    missing = client.post("/api/games/00000000-0000-0000-0000-000000000000/what-if", json={"step": 3, "action": {"type": "x"}})
    assert missing.status_code == 404
    assert client.get(f"/api/games/{created['id']}/disputes").json["what_ifs"] == []


def first_moves(client, created, count):
    """The first `count` moves of a game between people, each seat's first legal action:
    [(the version it was taken on, the seat, the action)]."""
    tokens = {token["seat"]: token["token"] for token in created["tokens"]}
    moved = []
    for _ in range(count):
        game = client.get(f"/api/games/{created['id']}").json
        seat = game["to_act"]["seat"]
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        action = client.get(f"/api/games/{created['id']}/actions", headers=headers).json["actions"][0]
        client.post(f"/api/games/{created['id']}/actions", headers=headers,
                    json={"action": action, "expected_version": game["version"]})
        moved.append((game["version"], seat, action))
    return moved


def test_in_a_running_game_only_the_seat_that_decided_may_ask_about_its_decision(client):
    created = create(client, [{"name": "ana"}, {"name": "bo"}], seed="what-if-api-running")
    tokens = {token["seat"]: token["token"] for token in created["tokens"]}
    step, seat, action = first_moves(client, created, 2)[0]
    body = {"step": step, "action": action}
    url = f"/api/games/{created['id']}/what-if"
    assert client.post(url, json=body).status_code == 403
    other = client.post(url, json=body, headers={"Authorization": f"Bearer {tokens[1 - seat]}"})
    assert other.status_code == 403 and other.json["field"] == "Authorization"
    own = client.post(url, json=body, headers={"Authorization": f"Bearer {tokens[seat]}"})
    assert own.status_code == 200 and own.json["asked_by"] == seat and own.json["same_as_taken"]
    assert client.get(f"/api/games/{created['id']}/disputes").json["what_ifs"] == []
    mine = client.get(f"/api/games/{created['id']}/disputes", headers={"Authorization": f"Bearer {tokens[seat]}"}).json
    assert [asked["number"] for asked in mine["what_ifs"]] == [1]


def test_each_step_of_a_decision_lists_the_what_ifs_asked_about_it(client):
    created = finished_game(client, "what-if-api-replay")
    step, decision = first_decision(client, created["id"])
    other = next(action for action in decision["legal_actions"] if action != decision["action"])
    told = client.post(f"/api/games/{created['id']}/what-if", json={"step": step, "action": other}).json
    for shown in decision["steps"]:
        assert client.get(f"/api/games/{created['id']}/replay/{shown}").json["what_ifs"] == [told]
    assert client.get(f"/api/games/{created['id']}/replay/{step}").json["what_ifs"] == [], \
        "the step the decision was taken on shows the decision before it"


def test_a_running_games_steps_list_a_seats_own_what_ifs_to_it_alone(client):
    created = create(client, [{"name": "ana"}, {"name": "bo"}], seed="what-if-api-replay-running")
    tokens = {token["seat"]: token["token"] for token in created["tokens"]}
    step, seat, action = first_moves(client, created, 1)[0]
    headers = {"Authorization": f"Bearer {tokens[seat]}"}
    client.post(f"/api/games/{created['id']}/what-if", headers=headers, json={"step": step, "action": action})
    after = step + 1
    assert [asked["action"] for asked in client.get(f"/api/games/{created['id']}/replay/{after}", headers=headers).json["what_ifs"]] == [action]
    assert client.get(f"/api/games/{created['id']}/replay/{after}").json["what_ifs"] == []
