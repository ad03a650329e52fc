"""Schemathesis over the whole OpenAPI document: whatever a client sends, within the document or
outside it, the answer is never a server error and is what the document says (its status, its
media type, its body's schema).

The app is the in-process one of tests/conftest.py (the in-memory store, bots in-process),
seeded with a running game, a finished one, an open one, two players, a dispute and two challenges, so that
generated path parameters and tokens reach real things as well as random ones. The run is
deterministic (a fixed seed, derandomized) and bounded in examples, not in time; streams end on
their own, their clock advanced by each wait rather than by the wall clock.
"""

from __future__ import annotations

from uuid import UUID

import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance, negative_data_rejection, response_headers_conformance, response_schema_conformance,
    status_code_conformance, unsupported_method,
)

from services.compose import build
from services.errors import GameNotFound
from services.live.streams import Pace
from tests.conftest import MEMORY
from web.app import create_app

EXAMPLES_PER_OPERATION = 100
# Left out: positive_data_acceptance (a schema cannot say which moves the rules accept, which seat a
# game has, or that a scenario's cards exist) and ignored_auth (its guess that a generated token is
# invalid is wrong here: the hooks below send real ones).
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,  # what breaks the document is refused 4xx
    unsupported_method,  # 405, with Allow
]


class PolledClock:
    """A stream's clock that moves only when the stream waits: every stream ends after a few
    waits, however fast or slow the machine."""

    def __init__(self):
        self.now = 0.0

    def clock(self) -> float:
        return self.now

    def wait(self, bell, seconds: float) -> None:
        self.now += seconds


def seeded_app():
    """The app, and the games, players and tokens it holds."""
    services = build(MEMORY)
    app = create_app(services=services)
    polled = PolledClock()
    app.config["CHRONICLE_STREAM_PACE"] = Pace(safety=1.0, heartbeat=2.0, lifetime=3.0, clock=polled.clock,
                                               wait=polled.wait)
    client = app.test_client()

    def post(path, body, **headers):
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == 201, answer.json
        return answer.json

    running = post("/api/games", {"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "seed": "fuzz-running"})
    finished = post("/api/games", {"game": "chi", "seats": [{"bot": "random"}, {"bot": "greedy"}], "seed": "fuzz-over"})
    ana, bo = post("/api/players", {"name": "ana"}), post("/api/players", {"name": "bo"})
    opened = post("/api/games", {"game": "chi", "seats": [{"player": ana["id"]}, {"open": True}], "seed": "fuzz-open"},
                  Authorization=f"Bearer {ana['key']}")
    seat_token = running["tokens"][0]["token"]
    post(f"/api/games/{running['id']}/disputes", {"step": 2, "claim": "that shuffle looks odd"},
         Authorization=f"Bearer {seat_token}")
    challenges = [post("/api/challenges", body, Authorization=f"Bearer {ana['key']}")["id"]
                  for body in ({"game": "chi", "to": bo["id"]}, {"game": "xi", "rated": False})]
    return app, services, {
        "games": [running["id"], finished["id"], opened["id"]],
        "challenges": challenges,
        "tokens": [seat_token, ana["key"], bo["key"]],
    }


APP, SERVICES, SEEDED = seeded_app()
CONFIG = schemathesis.Config.from_dict({
    "seed": 20261123,
    "generation": {"deterministic": True, "max-examples": EXAMPLES_PER_OPERATION, "database": "none"},
    "phases": {"stateful": {"enabled": False}},
})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP, config=CONFIG)


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    """A game id is one of the seeded games about as often as a generated one; a step or a seat
    is one the game has about as often as a generated one."""
    if path_parameters and "challenge_id" in path_parameters:
        chosen = st.sampled_from([*SEEDED["challenges"], path_parameters["challenge_id"]])
        return chosen.map(lambda drawn: {**path_parameters, "challenge_id": drawn})
    if not path_parameters or "game_id" not in path_parameters:
        return st.just(path_parameters)
    chosen = {"game_id": st.sampled_from([*SEEDED["games"], path_parameters["game_id"]])}
    if "n" in path_parameters:
        chosen["n"] = st.sampled_from([0, 1, 9, path_parameters["n"]])
    return st.fixed_dictionaries(chosen).map(lambda drawn: {**path_parameters, **drawn})


def playable(case):
    """The case with a move its game could take now: the first legal action of the seat to act,
    on the game's current version (whether the case's token holds that seat is the case's own)."""
    try:
        game = SERVICES.store.game(UUID(str(case.path_parameters["game_id"])))
    except (GameNotFound, ValueError):
        return case
    seat = game.to_act()
    if seat is not None:
        case.body = {"action": game.rules.legal_actions(game.state, seat)[0], "expected_version": game.version}
    return case


@schema.hook
def flatmap_case(context, case):
    """Now and then a move or a dispute the game could take, so that their answers are checked too."""
    if case.operation.label == "POST /api/games/{game_id}/actions" and case.path_parameters:
        return st.booleans().map(lambda real: playable(case) if real else case)
    if case.operation.label == "POST /api/games/{game_id}/disputes" and isinstance(case.body, dict):
        def with_step(step):
            case.body = {**case.body, "step": step}
            return case
        return st.sampled_from([2, case.body.get("step")]).map(with_step)
    return st.just(case)


@schema.hook
def flatmap_headers(context, headers):
    """A bearer token is a seeded seat's token or player's key about as often as a generated one."""
    if not headers or "Authorization" not in headers:
        return st.just(headers)
    tokens = st.sampled_from([*(f"Bearer {token}" for token in SEEDED["tokens"]), headers["Authorization"]])
    return tokens.map(lambda value: {**headers, "Authorization": value})


@schema.parametrize()
def test_every_operation_answers_as_documented_and_never_fails(case):
    case.call_and_validate(checks=CHECKS)
