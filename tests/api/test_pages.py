"""The HTML pages: the game list, the new-game form, and the viewer's page of one game."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FORM = {"game": "chi", "name": "ana", "bot": "random", "bots": "1", "seed": "pages"}


def start(client, **changes):
    return client.post("/games", data={**FORM, **changes})


def test_the_form_starts_a_game_and_opens_it_with_the_seat_token_in_the_fragment(client):
    answer = start(client)
    assert answer.status_code == 303
    match = re.fullmatch(r"/games/([0-9a-f-]{36})#token=([\w-]+)", answer.headers["Location"])
    assert match, answer.headers["Location"]
    game_id, token = match.groups()
    game = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json
    assert game["you"] == 0
    assert [seat["name"] for seat in game["seats"]] == ["ana", "random-bot"]


def test_with_no_name_the_form_starts_a_game_between_bots_to_watch(client):
    answer = start(client, name="", bots="2", bot="greedy")
    assert answer.status_code == 303
    assert "#token" not in answer.headers["Location"]
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{game_id}").json
    assert game["status"] == "finished"
    assert [seat["bot"] for seat in game["seats"]] == ["greedy", "greedy"]


def test_a_refused_form_says_which_field_and_why_and_starts_nothing(client):
    for changes, message in (
        ({"bot": "clever"}, "Against: Chi has no bot &#39;clever&#39;"),
        ({"bots": "3"}, "Players: Chi is played by 2 seats, not 4"),
        ({"bots": "many"}, "Bots at the table: the number of bots is a whole number"),
        ({"name": "x" * 41}, "Your name: a name has 1 to 40 characters once trimmed"),
        ({"game": "go"}, "Game: there is no game &#39;go&#39;"),
    ):
        answer = start(client, **changes)
        assert answer.status_code == 400, changes
        assert message in answer.text, (changes, answer.text)
    assert client.get("/api/games").json["games"] == []


def test_the_list_links_each_game_and_shows_who_won(client):
    start(client, name="", bots="2")
    playing = start(client).headers["Location"].split("#")[0]
    page = client.get("/").text
    assert f'href="{playing}"' in page
    assert "ana to play" in page or "random-bot to play" in page
    assert re.search(r"finished: \S+ won|finished: a tie", page)
    running_only = client.get("/?status=running").text
    assert f'href="{playing}"' in running_only and "finished:" not in running_only


def test_the_page_of_a_game_loads_its_games_table_script(client):
    game = start(client).headers["Location"].split("#")[0]
    page = client.get(game)
    assert page.status_code == 200
    assert "/static/tables/chi.js" in page.text and "/static/viewer.js" in page.text
    assert client.get("/static/tables/chi.js").status_code == 200


def test_an_unknown_game_has_a_page_saying_so(client):
    answer = client.get("/games/00000000-0000-0000-0000-000000000000")
    assert answer.status_code == 404
    assert "No such game" in answer.text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.dictionaries(st.sampled_from(sorted(FORM)), st.text(max_size=50), max_size=5))
def test_any_form_is_answered_without_a_server_error(client, form):
    answer = client.post("/games", data=form)
    assert answer.status_code in (303, 400)


def test_a_person_starting_a_solitaire_from_the_form_sits_alone(client):
    answer = start(client, game="court", bots="1", bot="greedy")
    assert answer.status_code == 303, answer.text
    game_id = answer.headers["Location"].split("#")[0].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{game_id}").json
    assert game["title"] == "The Court of Xiang Chi" and [seat["name"] for seat in game["seats"]] == ["ana"]
    watched = start(client, game="court", name="", bots="1", bot="autoplayer")
    assert client.get(watched.headers["Location"].replace("/games/", "/api/games/")).json["status"] == "finished"
