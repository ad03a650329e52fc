"""Whatever a client sends, the answer is a clear 2xx or 4xx, never a 500."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.test_games_api import bearer, create

JSON_SCALARS = st.none() | st.booleans() | st.integers(-10, 100) | st.text(max_size=12) | st.floats(allow_nan=False)
JSON = st.recursive(JSON_SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
ACTION_KEYS = st.sampled_from(["type", "slot", "card", "target", "seat"])
ACTION_TYPES = st.sampled_from(["draw", "play_yang", "attack", "chi", "pass", "discard", "resign", ""])
ACTIONS = st.dictionaries(ACTION_KEYS, JSON | ACTION_TYPES, max_size=4)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=ACTIONS | JSON, version=st.integers(-5, 20) | JSON)
def test_any_posted_action_is_answered_without_a_server_error(client, action, version):
    created = create(client, seed="fuzz")
    game = client.get(f"/api/games/{created['id']}").json
    token = next(t["token"] for t in created["tokens"] if t["seat"] == game["to_act"]["seat"])
    answer = client.post(
        f"/api/games/{created['id']}/actions",
        json={"action": action, "expected_version": version},
        headers=bearer(token),
    )
    assert answer.status_code in (200, 400, 403, 409, 422), answer.json
    assert answer.status_code == 200 or answer.json["detail"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=JSON)
def test_any_creation_body_is_answered_without_a_server_error(client, body):
    answer = client.post("/api/games", json=body)
    assert answer.status_code in (201, 400), answer.json
