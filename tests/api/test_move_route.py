"""POST /api/games/{id}/actions, the hot route: it reads its body and answers without building the
schemas, yet takes and answers exactly what ActRequest and ActReply document,
and a move on a game the server holds in memory reads none of the game's events back."""

import json

import pytest
from hypothesis import given, settings, strategies as st
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from domain.rng import Rng
from services.compose import build
from tests.conftest import MEMORY
from tests.api.test_games_api import bearer, create
from tests.api.test_play_api import seat_to_act
from web.api.play_schemas import ActReply, ActRequest
from web.api.play import act_request
from web.app import create_app

TEXT = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=8)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)
FIELDS = st.sampled_from(["action", "expected_version", "expected-version", "seat"])
BODIES = (
    st.fixed_dictionaries({"action": st.dictionaries(TEXT, JSON, max_size=3),
                           "expected_version": st.integers(-3, 2**63 - 1)})
    | st.dictionaries(FIELDS, JSON | st.integers(-3, 50), max_size=4)
    | JSON
)


@pytest.fixture(scope="module")
def quiet_app():
    """An app the generated bodies never change (a body is only read, never acted on)."""
    return create_app(services=build(MEMORY))


@settings(max_examples=300, deadline=None)
@given(body=BODIES)
def test_the_move_route_takes_a_body_exactly_as_the_documented_schema_does(quiet_app, body):
    with quiet_app.test_request_context(method="POST", data=json.dumps(body), content_type="application/json"):
        try:
            taken = act_request()
        except HTTPException as refused:
            taken = refused.data["messages"]["json"]
    try:
        expected = ActRequest().load(body)
    except ValidationError as refused:
        expected = refused.messages
    assert taken == expected


@pytest.mark.parametrize("game, seats", [
    ("chi", [{"name": "ana"}, {"name": "bo"}]),
    ("court", [{"name": "ana"}]),
    ("xanadu", [{"name": "ana"}, {"name": "bo"}, {"name": "cy"}]),
])
def test_every_move_is_answered_with_just_what_the_reply_schema_documents(client, game, seats):
    created = client.post("/api/games", json={"game": game, "seats": seats, "seed": f"reply-{game}"}).json
    chooser = Rng(f"reply-{game}", "chooser")
    for _ in range(40):
        game_now = client.get(f"/api/games/{created['id']}").json
        if game_now["to_act"] is None:
            break
        token = next(t["token"] for t in created["tokens"] if t["seat"] == game_now["to_act"]["seat"])
        legal = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json["actions"]
        answer = client.post(f"/api/games/{created['id']}/actions", headers=bearer(token),
                             json={"action": chooser.choice(legal), "expected_version": game_now["version"]})
        assert answer.status_code == 200, answer.json
        assert answer.json == ActReply().dump(answer.json)


def test_a_move_on_a_game_the_server_holds_reads_none_of_its_events_back(client, services, monkeypatch):
    created = create(client, seed="one-load")
    _, token, version = seat_to_act(client, created)
    action = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json["actions"][0]
    recorder = services.store.recorder
    reads = []

    def select_events(originator_id, **kwargs):
        reads.append(str(originator_id))
        return type(recorder).select_events(recorder, originator_id, **kwargs)

    monkeypatch.setattr(recorder, "select_events", select_events)
    answer = client.post(f"/api/games/{created['id']}/actions", headers=bearer(token),
                         json={"action": action, "expected_version": version})
    assert answer.status_code == 200, answer.json
    assert created["id"] not in reads
