"""Over-long requests to a real server (gunicorn, as `make run` serves the API): gunicorn stops
reading them at its limits, and the answer is a problem in application/problem+json, 414 for the
request line and 431 for the headers, documented in the OpenAPI document."""

from __future__ import annotations

import pytest
import requests

from web.request_limits import LIMIT_REQUEST_FIELD_SIZE, LIMIT_REQUEST_FIELDS, LIMIT_REQUEST_LINE

pytestmark = pytest.mark.e2e

PROBLEM = "application/problem+json"


def problem_of(answer: requests.Response, status: int) -> dict:
    assert answer.status_code == status, answer.text[:300]
    assert answer.headers["Content-Type"] == PROBLEM
    problem = answer.json()
    assert problem["status"] == status and problem["detail"]
    return problem


def test_a_request_line_past_the_limit_is_answered_414_as_a_problem(server):
    path = "/api/games?cursor=" + "x" * LIMIT_REQUEST_LINE
    problem = problem_of(requests.get(server + path, timeout=30), 414)
    assert problem["type"] == "/problems/uri-too-long" and problem["field"] == "request line"
    assert str(LIMIT_REQUEST_LINE) in problem["detail"]
    explained = requests.get(server + problem["type"], headers={"Accept": "application/json"}, timeout=30)
    assert explained.status_code == 200


def test_a_request_line_within_the_limit_reaches_the_api_which_bounds_its_own_parameters(server):
    path = "/api/games?cursor=" + "x" * (LIMIT_REQUEST_LINE - 100)
    problem = problem_of(requests.get(server + path, timeout=30), 400)
    assert problem["field"] == "cursor"


@pytest.mark.parametrize("headers", [
    {"X-Long": "x" * LIMIT_REQUEST_FIELD_SIZE},
    {f"X-Many-{number}": "x" for number in range(LIMIT_REQUEST_FIELDS + 1)},
], ids=["one header too long", "too many headers"])
def test_headers_past_the_limits_are_answered_431_as_a_problem(server, headers):
    problem = problem_of(requests.get(server + "/api/games", headers=headers, timeout=30), 431)
    assert problem["type"] == "/problems/headers-too-large" and problem["field"] == "headers"
    assert requests.get(server + "/api/games", timeout=30).status_code == 200, "the server goes on serving"


def test_every_operation_documents_its_414_and_431_as_problems(server):
    document = requests.get(server + "/openapi.json", timeout=30).json()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in ("get", "post", "put", "delete", "patch"):
                for status in ("414", "431"):
                    content = operation["responses"][status]["content"]
                    assert list(content) == [PROBLEM], (method, path, status)
