"""Bad input of every shape gets a clear 4xx problem naming the field, and changes nothing."""

from __future__ import annotations

import io
import json

import pytest

from tests.api.test_games_api import PROBLEM, bearer, create
from tests.api.test_players_api import register

TWO_SEATS = [{"name": "ana"}, {"bot": "random"}]
LONE_SURROGATE = '"\\ud800"'  # JSON's escape of a UTF-16 half that is no character
DEEP = "[" * 1000 + "]" * 1000


def post_raw(client, path, text, headers=None, content_type="application/json"):
    return client.post(path, data=text, content_type=content_type, headers=headers or {})


def refused(answer, status, field=None):
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.content_type == PROBLEM
    assert answer.json["status"] == status and answer.json["detail"]
    if field is not None:
        assert answer.json["field"] == field, answer.json
    return answer.json


def nothing_created(client):
    assert client.get("/api/games").json["games"] == []


@pytest.mark.parametrize("path", ["/api/games", "/api/results"])
@pytest.mark.parametrize("name", ["offset", "limit"])
def test_an_offset_or_limit_past_64_bits_is_refused_naming_it(client, path, name):
    refused(client.get(f"{path}?{name}=10000000000000000000"), 400, name)


def test_an_offset_at_its_documented_bound_is_answered(client):
    assert client.get("/api/games?offset=1000000").json == {"games": [], "next": None, "total": 0}
    refused(client.get("/api/games?offset=1000001"), 400, "offset")


@pytest.mark.parametrize("body, field", [
    ('{"game": "chi", "seats": [{"name": %s}, {"bot": "random"}]}' % LONE_SURROGATE, "seats[0].name"),
    ('{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "seed": %s}' % LONE_SURROGATE, "seed"),
    ('{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "options": {%s: 1}}' % LONE_SURROGATE,
     "options.'\\ud800'"),
])
def test_a_lone_surrogate_in_a_new_game_is_refused_naming_where(client, body, field):
    refused(post_raw(client, "/api/games", body), 400, field)
    nothing_created(client)


def test_a_lone_surrogate_in_a_players_name_is_refused(client):
    problem = refused(post_raw(client, "/api/players", '{"name": %s}' % LONE_SURROGATE), 400, "name")
    assert "surrogate" in problem["detail"]


def test_a_lone_surrogate_in_a_dispute_claim_is_refused_and_files_nothing(client):
    created = create(client)
    token = bearer(created["tokens"][0]["token"])
    answer = post_raw(client, f"/api/games/{created['id']}/disputes", '{"step": 1, "claim": %s}' % LONE_SURROGATE, token)
    refused(answer, 400, "claim")
    assert client.get(f"/api/games/{created['id']}/disputes", headers=token).json["disputes"] == []


def test_a_pair_of_surrogates_is_one_character_and_welcome(client):
    answer = post_raw(client, "/api/players", '{"name": "ana \\ud83c\\udfb2"}')
    assert answer.status_code == 201 and answer.json["name"] == "ana \U0001F3B2"


def test_json_nested_a_thousand_levels_deep_is_refused_in_an_action(client):
    created = create(client)
    game = client.get(f"/api/games/{created['id']}").json
    token = next(t["token"] for t in created["tokens"] if t["seat"] == game["to_act"]["seat"])
    body = '{"action": {"type": "draw", "slot": %s}, "expected_version": %d}' % (DEEP, game["version"])
    refused(post_raw(client, f"/api/games/{created['id']}/actions", body, bearer(token)), 400, "body")
    assert client.get(f"/api/games/{created['id']}").json["version"] == game["version"]


@pytest.mark.parametrize("member", ["options", "scenario"])
def test_json_nested_a_thousand_levels_deep_is_refused_in_a_new_game(client, member):
    body = '{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "%s": {"x": %s}}' % (member, DEEP)
    refused(post_raw(client, "/api/games", body), 400, "body")
    nothing_created(client)


def test_nesting_beyond_the_documented_limit_is_refused_naming_the_path(client):
    nested = "[" * 31 + "]" * 31  # with the body and `options`, 33 levels
    body = '{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "options": {"x": %s}}' % nested
    problem = refused(post_raw(client, "/api/games", body), 400)
    assert problem["field"].startswith("options.x[0]") and "32 levels" in problem["detail"]


def test_a_clock_longer_than_a_timedelta_is_refused_naming_per_decision(client):
    answer = client.post("/api/games", json={"game": "chi", "seats": TWO_SEATS,
                                             "clock": {"per_decision": "P99999999999D"}})
    refused(answer, 400, "clock.per_decision")
    digits = client.post("/api/games", json={"game": "chi", "seats": TWO_SEATS,
                                              "clock": {"per_decision": "P" + "9" * 5000 + "D"}})
    refused(digits, 400, "clock.per_decision")
    nothing_created(client)


@pytest.mark.parametrize("after", ["100000000000000000000", "9223372036854775807", "²", "٣", "-1", "1.5"])
def test_a_stream_cannot_resume_after_a_version_the_game_never_had(client, after):
    created = create(client)
    refused(client.get(f"/api/games/{created['id']}/stream?after={after}"), 400, "after")
    refused(client.get(f"/api/games/{created['id']}/stream", headers={"Last-Event-ID": after}), 400, "Last-Event-ID")


def test_a_stream_resuming_one_version_past_the_game_is_refused_before_it_starts(client):
    created = create(client)
    refused(client.get(f"/api/games/{created['id']}/stream?after={created['version'] + 1}"), 400, "after")


def test_a_body_over_the_size_limit_is_refused_413(client):
    body = json.dumps({"game": "chi", "seats": TWO_SEATS, "seed": "x" * (300 * 1024)})
    problem = refused(post_raw(client, "/api/games", body), 413, "body")
    assert problem["type"] == "/problems/too-large" and "256 KiB" in problem["detail"]
    nothing_created(client)


@pytest.mark.parametrize("name", [" ", "   ", "\t\n", "a\x00b", "ana\x1b[31m", "b\u2028o", "a\x7f"])
def test_a_seat_name_of_spaces_or_with_a_control_character_is_refused(client, name):
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": name}]})
    problem = refused(answer, 400, "seats[1].name")
    assert "at most 40 characters" in problem["detail"]
    nothing_created(client)


@pytest.mark.parametrize("name", [" ", "a\x00b", "\x07", "x" * 41])
def test_a_player_name_of_spaces_or_with_a_control_character_is_refused(client, name):
    refused(client.post("/api/players", json={"name": name}), 400, "name")


def test_a_name_of_forty_characters_as_sent_is_trimmed(client):
    created = client.post("/api/games", json={"game": "chi", "seats": [{"name": "  ana  "}, {"name": " " + "b" * 39}]})
    assert created.status_code == 201, created.json
    seats = client.get(f"/api/games/{created.json['id']}").json["seats"]
    assert [seat["name"] for seat in seats] == ["ana", "b" * 39]
    assert register(client, "\tbo ")["name"] == "bo"
    # The documented limit is on the name as sent, spaces included.
    refused(client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": " " + "b" * 40}]}),
            400, "seats[1].name")


def test_two_seats_named_alike_once_trimmed_are_refused(client):
    refused(client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "ana "}]}), 400,
            "seats[1].name")


@pytest.mark.parametrize("text, field", [
    ('{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "spectator_delay": NaN}', "spectator_delay"),
    ('{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "spectator_delay": 1e999}', "spectator_delay"),
    ('{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "options": {"n": %s}}' % ("9" * 5000),
     "options.n"),
    ('{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "spectator_delay": 99999999999999999999}',
     "spectator_delay"),
])
def test_numbers_no_service_can_keep_are_refused_naming_them(client, text, field):
    refused(post_raw(client, "/api/games", text), 400, field)
    nothing_created(client)


@pytest.mark.parametrize("path", ["/replay/99999999999999999999", "/replay/0", "/replay/-1"])
def test_a_step_past_any_game_is_not_found(client, path):
    created = create(client)
    refused(client.get(f"/api/games/{created['id']}{path}"), 404, "n")


def test_a_dispute_about_a_step_past_64_bits_is_refused_naming_step(client):
    created = create(client)
    answer = post_raw(client, f"/api/games/{created['id']}/disputes", '{"step": 99999999999999999999, "claim": "x"}',
                      bearer(created["tokens"][0]["token"]))
    refused(answer, 400, "step")


def test_joining_a_seat_past_64_bits_is_refused_naming_n(client):
    bo = register(client, "bo")
    created = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"open": True}]}).json
    refused(client.post(f"/api/games/{created['id']}/seats/99999999999999999999/join", headers=bearer(bo["key"])), 400, "n")


def test_forking_at_a_step_past_64_bits_is_refused_naming_at(client, services):
    from tests.playing import play_to_end
    from uuid import UUID
    created = create(client, [{"name": "ana"}, {"name": "bo"}], seed="fork-far")
    play_to_end(services, UUID(created["id"]))
    refused(client.post(f"/api/games/{created['id']}/fork?at=99999999999999999999"), 400, "at")


def test_an_expected_version_past_64_bits_is_refused_naming_it(client):
    created = create(client)
    text = '{"action": {"type": "draw", "slot": 0}, "expected_version": 99999999999999999999}'
    refused(post_raw(client, f"/api/games/{created['id']}/actions", text, bearer(created["tokens"][0]["token"])), 400,
            "expected_version")


@pytest.mark.parametrize("key", ["é", "a\x00", "x" * 201])
def test_an_idempotency_key_that_is_not_printable_ascii_is_refused(client, key):
    created = create(client)
    game = client.get(f"/api/games/{created['id']}").json
    token = next(t["token"] for t in created["tokens"] if t["seat"] == game["to_act"]["seat"])
    action = client.get(f"/api/games/{created['id']}/actions", headers=bearer(token)).json["actions"][0]
    answer = client.post(f"/api/games/{created['id']}/actions", json={"action": action, "expected_version": game["version"]},
                         headers={**bearer(token), "Idempotency-Key": key})
    refused(answer, 400, "Idempotency-Key")
    assert client.get(f"/api/games/{created['id']}").json["version"] == game["version"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"])
def test_a_body_that_is_not_sent_as_json_is_refused_415(client, content_type):
    body = json.dumps({"game": "chi", "seats": TWO_SEATS})
    problem = refused(post_raw(client, "/api/games", body, content_type=content_type), 415)
    assert problem["type"] == "/problems/unsupported-media-type"
    nothing_created(client)


@pytest.mark.parametrize("raw", [b'{"game": "\xff\xfe"}', b"", b"{", b'"chi"', b"[]", b"null"])
def test_a_body_that_is_not_a_json_object_in_utf8_is_refused_400(client, raw):
    refused(client.post("/api/games", data=raw, content_type="application/json"), 400)
    nothing_created(client)


@pytest.mark.parametrize("body, field", [
    ({"game": "chi", "seats": [{"name": {"first": "ana"}}, {"bot": "random"}]}, "seats[0].name"),
    ({"game": "chi", "seats": [{"name": "ana"}, {"bot": ["random"]}]}, "seats[1].bot"),
    ({"game": ["chi"], "seats": TWO_SEATS}, "game"),
    ({"game": "chi", "seats": TWO_SEATS, "clock": {"per_decision": "P1D", "on_timeout": "bot", "bot": ["x"]}},
     "clock.bot"),
    ({"game": "chi", "seats": TWO_SEATS, "clock": {"per_decision": ["P1D"]}}, "clock.per_decision"),
    ({"game": "chi", "seats": TWO_SEATS, "seed": 12}, "seed"),
])
def test_a_value_of_the_wrong_type_is_refused_naming_its_field(client, body, field):
    refused(client.post("/api/games", json=body), 400, field)
    nothing_created(client)


def test_a_bad_after_is_refused_even_beside_a_good_last_event_id(client):
    created = create(client)
    answer = client.get(f"/api/games/{created['id']}/stream?after=false", headers={"Last-Event-ID": "1"})
    refused(answer, 400, "after")


@pytest.mark.parametrize("delay", [0.5, 2.5890419884777833e-42, True, "3"])
def test_a_spectator_delay_that_is_not_a_whole_number_is_refused(client, delay):
    refused(client.post("/api/games", json={"game": "chi", "seats": TWO_SEATS, "spectator_delay": delay}), 400,
            "spectator_delay")
    nothing_created(client)


@pytest.mark.parametrize("path, name", [("/api/games?stauts=running", "stauts"), ("/api/results?page=2", "page")])
def test_an_unknown_query_parameter_is_refused_naming_it(client, path, name):
    refused(client.get(path), 400, name)


def test_an_unknown_query_parameter_of_a_stream_is_refused_before_it_starts(client):
    created = create(client)
    refused(client.get(f"/api/games/{created['id']}/stream?since=3"), 400, "since")


@pytest.mark.parametrize("value", ["1_0", " 5", "٣", "+5", "5.0"])
def test_a_number_in_a_query_string_is_ascii_digits(client, value):
    refused(client.get("/api/games", query_string={"limit": value}), 400, "limit")


@pytest.mark.parametrize("game, seats", [
    ("chi", [{"name": "ana"}, {"name": "bo"}]),
    ("court", [{"name": "ana"}]),
    ("xanadu", [{"name": "ana"}, {"name": "bo"}]),
])
@pytest.mark.parametrize("kind", [[], {}, ["draw"], 7, None])
def test_an_action_whose_type_is_not_text_is_refused_by_the_rules(client, game, seats, kind):
    created = client.post("/api/games", json={"game": game, "seats": seats, "seed": "odd-type"}).json
    view = client.get(f"/api/games/{created['id']}").json
    token = next(t["token"] for t in created["tokens"] if t["seat"] == view["to_act"]["seat"])
    answer = client.post(f"/api/games/{created['id']}/actions", json={"action": {"type": kind},
                         "expected_version": view["version"]}, headers=bearer(token))
    problem = refused(answer, 422)
    assert problem["type"] == "/problems/illegal-action" and problem["rule"]
    assert client.get(f"/api/games/{created['id']}").json["version"] == view["version"]


def chunked(client, body):
    """A POST whose body has no stated length, as a server passes a chunked request on."""
    return client.post("/api/games", input_stream=io.BytesIO(body), content_type="application/json",
                       headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_body_over_the_size_limit_is_refused_413(client):
    body = json.dumps({"game": "chi", "seats": TWO_SEATS, "seed": "x" * (400 * 1024)}).encode()
    refused(chunked(client, body), 413, "body")
    nothing_created(client)


def test_a_chunked_body_under_the_size_limit_is_read(client):
    assert chunked(client, json.dumps({"game": "chi", "seats": TWO_SEATS}).encode()).status_code == 201


def test_a_query_string_that_is_not_utf8_is_read_as_replacement_characters(client):
    assert client.get("/api/games?game=%ED%A0%80").json == {"games": [], "next": None, "total": 0}
