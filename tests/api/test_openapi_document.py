"""The OpenAPI document tells the truth: every error a problem in application/problem+json, every
operation named and shown by an example that fits its schema, the stream's resumption and the
export's media type described, and every problem's `type` a page that explains it."""

from __future__ import annotations

import copy
import json

import jsonschema_rs
import pytest

from tests.api.test_games_api import PROBLEM, bearer, create
from web.problem_types import KINDS

METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture
def document(client):
    answer = client.get("/openapi.json")
    assert answer.status_code == 200
    return answer.json


def operations(document):
    for path, item in document["paths"].items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def parameters(document, path, method):
    """An operation's parameters, those of its path included, by name."""
    item = document["paths"][path]
    return {p["name"]: p for p in item.get("parameters", []) + item[method].get("parameters", [])}


def as_json_schema(node):
    """OpenAPI 3.0's `nullable` as JSON Schema's type list, throughout."""
    if isinstance(node, list):
        return [as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: as_json_schema(value) for key, value in node.items()}
    if converted.pop("nullable", False) and "type" in converted:
        converted["type"] = [converted["type"], "null"]
    return converted


def validator(document, schema):
    root = {**as_json_schema(schema), "components": as_json_schema(document["components"])}
    return jsonschema_rs.validator_for(root)


def test_every_operation_has_its_own_operation_id(document):
    ids = [operation.get("operationId") for _, operation in operations(document)]
    assert all(ids), [name for name, operation in operations(document) if not operation.get("operationId")]
    assert len(set(ids)) == len(ids)


def test_every_error_of_every_operation_is_a_problem_in_problem_json(document):
    for name, operation in operations(document):
        errors = {status: response for status, response in operation["responses"].items() if status[0] in "45"}
        assert "500" in errors and "default" not in operation["responses"], name
        for status, response in errors.items():
            assert list(response["content"]) == [PROBLEM], (name, status)
            assert response["content"][PROBLEM]["schema"] == {"$ref": "#/components/schemas/Problem"}, (name, status)


def test_the_problem_schema_names_every_member_the_service_sends(document):
    problem = document["components"]["schemas"]["Problem"]
    assert set(problem["properties"]) == {"type", "title", "status", "detail", "field", "rule", "current_version",
                                          "errors", "limit", "challenge_status", "rate_limit", "retry_after"}
    assert set(problem["required"]) == {"type", "title", "status", "detail"}


def test_each_operation_lists_the_errors_it_can_answer(document):
    listed = {name: set(operation["responses"]) for name, operation in operations(document)}
    assert {"400", "401", "403", "404", "409", "413", "415", "422", "429"} <= listed["POST /api/games/{game_id}/actions"]
    for limited in ("POST /api/games", "POST /api/players", "POST /api/games/{game_id}/what-if",
                    "POST /api/games/{game_id}/analysis", "GET /api/games/{game_id}/stream", "GET /api/players/me/stream",
                    "POST /api/challenges", "POST /api/challenges/{challenge_id}/accept", "POST /api/tournaments",
                    "POST /api/tournaments/{tournament_id}/join"):
        assert "429" in listed[limited], limited
    assert "429" not in listed["GET /api/games"], "what is never limited does not say it may be"
    assert {"400", "413", "415", "422"} <= listed["POST /api/games"]
    assert {"404", "409"} <= listed["GET /api/games/{game_id}/audit"]
    assert {"400", "401", "403", "404", "409"} <= listed["POST /api/games/{game_id}/seats/{n}/join"]
    assert {"400", "404"} <= listed["GET /api/games/{game_id}/stream"]
    assert {"400", "401", "403", "413", "415", "422"} <= listed["POST /api/challenges"]
    assert {"401", "403", "404", "409"} <= listed["POST /api/challenges/{challenge_id}/accept"]


def test_every_operation_has_an_example_that_fits_its_schema(document):
    for name, operation in operations(document):
        shown = []
        bodies = [("request", operation.get("requestBody", {}))] + list(operation["responses"].items())
        for where, part in bodies:
            for media_type, content in part.get("content", {}).items():
                values = [content["example"]] if "example" in content else []
                values += [example["value"] for example in content.get("examples", {}).values()]
                if values and "json" in media_type:
                    check = validator(document, content["schema"])
                    for value in values:
                        errors = [str(error) for error in check.iter_errors(value)]
                        assert not errors, (name, where, errors[:3])
                shown += values
        assert shown, f"{name} has no example"


def test_the_stream_documents_after_and_last_event_id(document):
    resume = parameters(document, "/api/games/{game_id}/stream", "get")
    after = resume["after"]["schema"]
    assert resume["after"]["in"] == "query" and after["type"] == "integer"
    assert after["minimum"] == 0 and after["maximum"] == 2**63 - 1
    assert resume["Last-Event-ID"]["in"] == "header"


def test_the_export_is_documented_as_json_lines(document, client, services):
    documented = document["paths"]["/api/games/{game_id}/export"]["get"]["responses"]["200"]["content"]
    created = client.post("/api/games", json={"game": "chi", "seats": [{"bot": "random"}, {"bot": "random"}]}).json
    export = client.get(f"/api/games/{created['id']}/export")
    assert list(documented) == [export.mimetype]
    assert all(json.loads(line) for line in export.get_data(as_text=True).splitlines())


def test_the_limits_the_service_enforces_are_in_the_document(document):
    schemas = document["components"]["schemas"]
    assert schemas["CreateGameRequest"]["properties"]["seed"]["maxLength"] == 256
    assert schemas["SeatRequest"]["properties"]["name"]["maxLength"] == 40
    key = parameters(document, "/api/games/{game_id}/actions", "post")["Idempotency-Key"]
    assert key["schema"]["maxLength"] == 200
    assert parameters(document, "/api/games/{game_id}/fork", "post")["at"]["schema"]["minimum"] == 2
    seat = parameters(document, "/api/games/{game_id}/seats/{n}/join", "post")["n"]["schema"]
    assert seat["minimum"] == 0 and seat["maximum"] == 7
    step = parameters(document, "/api/games/{game_id}/replay/{n}", "get")["n"]["schema"]
    assert step["minimum"] == 1
    listing = parameters(document, "/api/games", "get")
    assert listing["limit"]["schema"]["maximum"] == 500 and listing["offset"]["schema"]["maximum"] == 1_000_000
    description = document["info"]["description"]
    assert "256 KiB" in description and "32 levels" in description


def test_every_kind_of_problem_has_a_page_in_html_and_in_json(client):
    for kind in KINDS.values():
        page = client.get(kind.type)
        assert page.status_code == 200 and page.mimetype == "text/html", kind.slug
        assert kind.title in page.text and len(kind.text) > 40
        described = client.get(kind.type, headers={"Accept": "application/json"})
        assert described.json == {"type": kind.type, "title": kind.title, "status": kind.status, "text": kind.text}
    listed = client.get("/problems", headers={"Accept": "application/json"}).json["problems"]
    assert [entry["type"] for entry in listed] == [kind.type for kind in KINDS.values()]


def test_an_unknown_kind_of_problem_is_not_found(client):
    answer = client.get("/problems/no-such-thing")
    assert answer.status_code == 404 and answer.content_type == PROBLEM


def test_every_type_the_service_sends_resolves_to_its_page(client, services):
    created = create(client)
    game = f"/api/games/{created['id']}"
    to_act = client.get(game).json["to_act"]["seat"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    version = client.get(game).json["version"]
    answers = [
        client.post("/api/games", json={"game": "go", "seats": []}),  # invalid-request
        client.post(f"{game}/actions", json={"action": {"type": "resign"}, "expected_version": version}),  # unauthorized
        client.get(game, headers=bearer("nobody")),  # forbidden
        client.post(f"{game}/actions", json={"action": {"type": "draw", "slot": 0}, "expected_version": version},
                    headers=bearer(tokens[1 - to_act])),  # not-your-turn
        client.get("/api/games/00000000-0000-0000-0000-000000000000"),  # not-found
        client.delete("/api/games"),  # method-not-allowed
        client.post(f"{game}/actions", json={"action": {"type": "draw", "slot": 0}, "expected_version": 1},
                    headers=bearer(tokens[to_act])),  # stale-version
        client.get(f"{game}/audit"),  # not-finished
        client.post("/api/games", data="x" * (300 * 1024), content_type="application/json"),  # too-large
        client.post("/api/games", data="{}", content_type="text/plain"),  # unsupported-media-type
        client.post(f"{game}/actions", json={"action": {"type": "fly"}, "expected_version": version},
                    headers=bearer(tokens[to_act])),  # illegal-action
    ]
    sent = set()
    for answer in answers:
        assert answer.content_type == PROBLEM, answer.status_code
        problem = answer.json
        assert problem["status"] == answer.status_code
        sent.add(problem["type"])
        page = client.get(problem["type"], headers={"Accept": "application/json"})
        assert page.status_code == 200 and page.json["title"] == problem["title"]
    assert len(sent) == 11


def test_a_method_not_allowed_names_the_methods_that_are(client):
    answer = client.delete("/api/games")
    assert answer.status_code == 405 and set(answer.headers["Allow"].split(", ")) >= {"GET", "POST"}


def test_the_document_itself_is_unchanged_by_being_read_twice(client):
    first = client.get("/openapi.json").json
    assert copy.deepcopy(first) == client.get("/openapi.json").json
