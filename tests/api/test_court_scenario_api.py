"""Court sandbox games over REST: the OpenAPI example of a Court scenario creates a game, a bad one
is refused naming the field and the rule, and a finished Court game forks at a step."""

from uuid import UUID

from tests.integration.test_court_scenario import decision_ends


def court_example(client) -> dict:
    spec = client.get("/openapi.json").json
    examples = spec["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    return examples["court-scenario"]["value"]


def test_the_court_scenario_example_of_the_openapi_document_creates_a_sandbox_game(client):
    body = court_example(client)
    assert body["game"] == "court" and len(body["seats"]) == 1
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json
    table = client.get(f"/api/games/{answer.json['id']}").json
    assert table["sandbox"] is True and table["to_act"]["seat"] == 0


def test_a_bad_court_scenario_is_refused_with_422_naming_the_field_and_the_rule(client):
    body = {**court_example(client), "scenario": {"row": ["daemon-1", "daemon-1", None, None]}}
    bad = client.post("/api/games", json=body)
    assert bad.status_code == 422 and bad.json["rule"] == "court.scenario"
    assert bad.json["detail"].startswith("scenario.row: daemon-1 is listed twice")


def test_a_finished_court_game_forks_over_rest_into_the_table_at_that_step(client, services):
    created = client.post("/api/games", json={"game": "court", "seats": [{"bot": "autoplayer"}], "seed": "court-api"})
    game_id = UUID(created.json["id"])
    step = decision_ends(services, game_id)[-1]  # the last decision before the end
    forked = client.post(f"/api/games/{game_id}/fork?at={step}")
    assert forked.status_code == 201, forked.json
    fork = services.store.game(UUID(forked.json["id"]), version=forked.json["version"])  # before its bot plays on
    assert fork.state == services.store.game(game_id, version=step).state
    over = client.post(f"/api/games/{game_id}/fork?at={services.store.game(game_id).version}")
    assert over.status_code == 422 and over.json["rule"] == "court.scenario"
