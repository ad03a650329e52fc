"""Playing as yourself from the new-game form: a signed-in player's key, sent with the form,
seats them in their own seat, rated where the table can be rated or casual by choice; the form
says what each table is and offers only what it takes; the player's page lists their games with
each result and rating change."""

from __future__ import annotations

import html
import json
import re

from tests.api.test_ratings_api import register
from tests.playing import play_to_end

FORM = {"game": "chi", "bot": "greedy", "bots": "1", "seed": "as-yourself", "rated": "on"}


def started(client, **changes) -> str:
    answer = client.post("/games", data={**FORM, **changes})
    assert answer.status_code == 303, answer.text
    return re.search(r"/games/([0-9a-f-]{36})", answer.headers["Location"]).group(1)


def test_a_signed_in_player_sits_in_their_own_seat_and_the_finished_game_is_rated(client, services, caught_up):
    ana = register(client, "ana")
    answer = client.post("/games", data={**FORM, "key": ana["key"], "name": "not-ana"})
    assert answer.status_code == 303
    assert "#token" not in answer.headers["Location"], "the page opens the seat with the key it keeps"
    game_id = re.search(r"/games/([0-9a-f-]{36})", answer.headers["Location"]).group(1)
    seats = client.get(f"/api/games/{game_id}").json["seats"]
    assert [(seat["name"], seat["player"], seat["bot"]) for seat in seats] == [
        ("ana", ana["id"], None), ("greedy-bot", None, "greedy")], "the key seats its player; a typed name is ignored"
    play_to_end(services, game_id, seed="as-yourself")
    caught_up()
    ratings = client.get(f"/api/games/{game_id}/ratings").json
    assert ratings["rated"] is True
    change = next(seat for seat in ratings["seats"] if seat["seat"] == 0)
    page = client.get(f"/players/{ana['id']}").text
    row = page[page.index(f'<tr data-game="{game_id}"'):]
    row = row[:row.index("</tr>")]
    moved = f"{'up' if change['change'] >= 0 else 'down'} {abs(change['change']):.1f}, to {change['after']:.1f}"
    assert "greedy-bot (bot)" in row and moved in row
    scores = client.get(f"/api/games/{game_id}").json["outcome"]["scores"]
    assert re.search(rf"(won|lost to greedy-bot|a draw), {scores[0]} to {scores[1]}", row)
    assert "cautious estimate of skill" in page and "openskill" not in page


def test_unticking_rated_makes_a_casual_game_that_counts_for_no_rating(client, services, caught_up):
    ana = register(client, "ana")
    form = {key: value for key, value in FORM.items() if key != "rated"}
    answer = client.post("/games", data={**form, "key": ana["key"]})
    game_id = re.search(r"/games/([0-9a-f-]{36})", answer.headers["Location"]).group(1)
    play_to_end(services, game_id, seed="casual")
    caught_up()
    assert client.get(f"/api/games/{game_id}/ratings").json == {"rated": False, "seats": []}
    assert client.get(f"/api/players/{ana['id']}").json["ratings"] == {}
    page = client.get(f"/players/{ana['id']}").text
    assert re.search(rf'<tr data-game="{game_id}".*?not rated', page, re.S)


def test_a_casual_game_over_rest_counts_for_no_rating_and_casual_is_a_boolean(client, services, caught_up):
    ana = register(client, "ana")
    auth = {"Authorization": f"Bearer {ana['key']}"}
    body = {"game": "chi", "seed": "rest-casual", "seats": [{"player": ana["id"]}, {"bot": "greedy"}]}
    refused = client.post("/api/games", json={**body, "options": {"casual": "yes"}}, headers=auth)
    assert refused.status_code == 400 and refused.json["field"] == "options.casual"
    created = client.post("/api/games", json={**body, "options": {"casual": True}}, headers=auth)
    assert created.status_code == 201
    play_to_end(services, created.json["id"], seed="rest-casual")
    caught_up()
    assert client.get(f"/api/games/{created.json['id']}/ratings").json["rated"] is False


def test_a_key_of_no_player_is_refused_by_name_and_starts_nothing(client):
    before = client.get("/api/games").json["total"]
    answer = client.post("/games", data={**FORM, "key": "00000000-0000-4000-8000-000000000000.nothing"})
    assert answer.status_code == 400
    assert "Signed in: the key this page keeps belongs to no player" in answer.text
    too_long = client.post("/games", data={**FORM, "key": "k" * 5000})
    assert too_long.status_code == 400 and "Signed in: a player key is at most 200 characters" in too_long.text
    assert client.get("/api/games").json["total"] == before


def test_a_visitor_still_starts_a_casual_game_by_name(client):
    game_id = started(client, name="cy")
    assert [seat["name"] for seat in client.get(f"/api/games/{game_id}").json["seats"]] == ["cy", "greedy-bot"]


def test_the_form_says_each_table_in_words_and_offers_only_the_options_it_takes(client):
    page = client.get("/?game=tianxia&name=ana&bots=0").text
    assert "Tianxia, alone against General Li Mu" in page
    assert "with 2 seats, two players, with the Bot the rules play beside them" in page
    tianxia, court = (tables_of(page, game) for game in ("tianxia", "court"))
    assert tianxia["1"]["mode"].startswith("Tianxia, alone against General Li Mu")
    assert tianxia["1"]["options"] == {"difficulty": ["easy", "normal", "hard", "emperor"]}
    assert tianxia["2"]["options"] == {}, "Li Mu's difficulty is not offered to a table he is not at"
    assert tianxia["2"]["unrated"] == "Tianxia's ratings count games between players only"
    assert "a solitaire" in court["1"]["mode"] and court["1"]["unrated"].endswith("The Court of Xiang Chi's solo board")


def tables_of(page: str, game: str) -> dict:
    """The tables the form offers for `game`, as its select's option carries them for the page's script."""
    return json.loads(html.unescape(re.search(rf'value="{game}"[^>]*data-tables="([^"]+)"', page).group(1)))
