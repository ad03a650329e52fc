"""Names show, and show the same everywhere: composed (NFC), never invisible, never turning the
line around them; names alike (case and width aside) are one name at a table."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.test_bad_input import refused
from tests.api.test_games_api import bearer, create
from tests.api.test_players_api import register

NFD_ZOE = "Zoe\u0308"  # "Zoë" with a combining diaeresis
NFC_ZOE = "Zo\u00eb"

INVISIBLE_OR_TURNING = [
    "\u200b",  # a zero-width space alone
    "\u200b\u200b\u200b",
    "\u202eana",  # a right-to-left override
    "ana\u202ebo",
    "\ufeffana",  # a leading byte order mark
    "ana\u2066bo\u2069",  # a left-to-right isolate and its end
    "\u200fana",  # a right-to-left mark
    "\u061cana",  # the Arabic letter mark
    "\u3164",  # a Hangul filler: a letter that shows nothing
    "\u2800",  # a blank braille pattern
    "\u0301",  # a combining accent over nothing
    "\u00adana",  # a soft hyphen
    "ana\U000e0041",  # a tag character
    "ana\U0010ffff",  # a noncharacter
    "\u200d",  # a joiner alone
]


@pytest.mark.parametrize("name", INVISIBLE_OR_TURNING)
def test_a_seat_name_that_shows_nothing_or_holds_a_format_character_is_refused(client, name):
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": name}]})
    problem = refused(answer, 400, "seats[1].name")
    assert "visible" in problem["detail"]
    assert client.get("/api/games").json["games"] == []


@pytest.mark.parametrize("name", INVISIBLE_OR_TURNING)
def test_a_player_name_that_shows_nothing_or_holds_a_format_character_is_refused(client, name):
    refused(client.post("/api/players", json={"name": name}), 400, "name")


def test_a_name_sent_decomposed_is_kept_composed_in_the_game_the_replay_and_the_players_page(client):
    zoe = register(client, NFD_ZOE)
    assert zoe["name"] == NFC_ZOE
    assert client.get(f"/api/players/{zoe['id']}").json["name"] == NFC_ZOE
    created = create(client, [{"name": NFD_ZOE}, {"bot": "random"}], seed="zoe")
    assert created["tokens"][0]["name"] == NFC_ZOE
    game = client.get(f"/api/games/{created['id']}").json
    assert game["seats"][0]["name"] == NFC_ZOE
    replay = client.get(f"/api/games/{created['id']}/replay").json
    assert NFD_ZOE not in str(replay) and NFC_ZOE in str(replay)


@pytest.mark.parametrize("first, second", [
    (NFC_ZOE, NFD_ZOE),
    ("Ana", "ana"),
    ("ANA", "ana"),
    ("\uff3aoe", "Zoe"),  # a full-width Z
    ("Stra\u00dfe", "STRASSE"),
    ("ana bo", "ana  bo"),
    ("ana", "a\u200dna"),  # a joiner that shows nothing
])
def test_two_seats_named_alike_are_refused(client, first, second):
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"name": first}, {"name": second}]})
    refused(answer, 400, "seats[1].name")


def test_a_player_may_not_join_a_table_where_a_seat_bears_a_name_alike(client):
    ana = register(client, "Ana")
    created = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"open": True}]})
    assert created.status_code == 201, created.json
    joined = client.post(f"/api/games/{created.json['id']}/seats/1/join", headers=bearer(ana["key"]))
    refused(joined, 400, "n")


def test_two_players_may_bear_one_name_and_the_joiners_some_names_need_are_kept(client):
    first, second = register(client, "ana"), register(client, "Ana")
    assert first["id"] != second["id"]
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # one emoji, joined
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # a word spelled with a non-joiner
    assert register(client, family)["name"] == family
    assert register(client, persian)["name"] == persian


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=12))
def test_any_name_is_refused_naming_it_or_kept_composed_trimmed_and_showing(client, name):
    answer = client.post("/api/players", json={"name": name})
    if answer.status_code == 400:
        assert answer.json["field"] == "name"
        return
    assert answer.status_code == 201, answer.json
    kept = answer.json["name"]
    assert kept == unicodedata.normalize("NFC", name).strip()
    # The service reads Unicode's newest data (the regex module's); Python's may not know a character yet (Cn).
    assert any(unicodedata.category(character)[0] in "LNPS" or unicodedata.category(character) == "Cn"
               for character in kept)
    assert not any(unicodedata.category(character) in ("Cc", "Cs", "Zl", "Zp") for character in kept)
    assert not any(unicodedata.category(character) == "Cf" for character in kept if character not in "\u200c\u200d")
