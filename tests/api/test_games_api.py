"""The REST API over Flask's test client: creating, reading, and the errors a client can meet."""

import hashlib

import pytest

PROBLEM = "application/problem+json"


def create(client, seats=None, seed="api-seed"):
    body = {"game": "chi", "seats": seats or [{"name": "ana"}, {"name": "bo"}], "seed": seed}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json
    return answer.json


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_creating_a_game_answers_201_with_tokens_and_the_seed_commitment(client):
    created = create(client, [{"name": "ana"}, {"bot": "random"}], seed="abc")
    assert created["seed_commitment"] == hashlib.sha256(b"abc").hexdigest()
    assert [t["seat"] for t in created["tokens"]] == [0]
    assert created["links"]["self"] == f"/api/games/{created['id']}"


@pytest.mark.parametrize(
    "body, field",
    [
        ({"seats": [{"name": "ana"}, {"name": "bo"}]}, "game"),
        ({"game": "chi"}, "seats"),
        ({"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "colour": "red"}, "colour"),
        ({"game": "chi", "seats": "ana"}, "seats"),
    ],
)
def test_a_malformed_creation_is_answered_400_naming_the_field(client, body, field):
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400
    assert answer.content_type == PROBLEM
    assert field in answer.json["errors"]


def test_an_unknown_game_is_answered_400_naming_the_game_field(client):
    answer = client.post("/api/games", json={"game": "go", "seats": [{"name": "a"}, {"name": "b"}]})
    assert answer.status_code == 400 and answer.json["field"] == "game"
    assert "go" in answer.json["detail"]


def test_malformed_json_is_answered_400(client):
    answer = client.post("/api/games", data="{not json", content_type="application/json")
    assert answer.status_code == 400 and answer.content_type == PROBLEM


def test_a_seat_sees_its_own_hand_and_a_spectator_sees_none(client):
    created = create(client)
    ana = client.get(f"/api/games/{created['id']}", headers=bearer(created["tokens"][0]["token"])).json
    spectator = client.get(f"/api/games/{created['id']}").json
    assert ana["you"] == 0 and spectator["you"] is None
    assert ana["status"] == "running" and ana["to_act"]["seat"] in (0, 1)
    assert "seed" not in ana and "seed" not in spectator
    assert ana["table"] != spectator["table"]


def test_a_wrong_token_is_answered_403(client):
    created = create(client)
    answer = client.get(f"/api/games/{created['id']}", headers=bearer("not-a-token"))
    assert answer.status_code == 403 and answer.content_type == PROBLEM


def test_an_unknown_game_is_answered_404(client):
    answer = client.get("/api/games/00000000-0000-0000-0000-000000000000")
    assert answer.status_code == 404 and answer.content_type == PROBLEM
    assert client.get("/api/games/not-a-uuid").status_code == 404


def test_the_game_list_filters_by_status_and_game(client):
    created = create(client)
    create(client, [{"bot": "random"}, {"bot": "random"}], seed="bots")
    running = client.get("/api/games?status=running&game=chi").json["games"]
    finished = client.get("/api/games?status=finished").json["games"]
    assert [g["id"] for g in running] == [created["id"]]
    assert len(finished) == 1 and finished[0]["status"] == "finished"
    assert client.get("/api/games?status=paused").status_code == 400
    assert len(client.get("/api/results").json["results"]) == 1


def test_the_openapi_document_lists_every_path_and_the_docs_page_is_served_locally(client):
    spec = client.get("/openapi.json").json
    for path in (
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/events",
        "/api/games/{game_id}/replay",
        "/api/games/{game_id}/replay/{n}",
    ):
        assert path in spec["paths"], path
    page = client.get("/docs")
    assert page.status_code == 200 and b"/static/swagger-ui/swagger-ui-bundle.js" in page.data
    assert b'<a class="brand" href="/">Tabletop Chronicle</a>' in page.data, "the site's header leads back to the games"
    assert client.get("/static/swagger-ui/swagger-ui-bundle.js").status_code == 200
