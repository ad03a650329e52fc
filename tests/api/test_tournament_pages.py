"""The tournament pages, rendered by the server: the list of open, running and finished
tournaments, and a tournament's page with its terms in words, who joined, the round's games, the
standings with their tie-breaks named, and the crosstable or the places per round."""

from __future__ import annotations

import html
import re

import pytest

from tests.api.test_games_api import bearer
from tests.api.test_players_api import register

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def organise(client, organiser, **body):
    body = {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY, **body}
    answer = client.post("/api/tournaments", json=body, headers=bearer(organiser["key"]))
    assert answer.status_code == 201, answer.json
    return answer.json


def text_of(page: str) -> str:
    """What a person reads: the page without its tags, scripts and attributes."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start:page.index("</section>", start)]


def first_game_of_no_tournament(client) -> str:
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    return answer.json["id"]


def test_an_open_tournaments_page_says_its_terms_in_words_and_who_joined(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    tournament = organise(client, ana, rounds=3, rated=False, bots=[{"bot": "greedy", "name": "Gus"}])
    client.post(f"/api/tournaments/{tournament['id']}/join", headers=bearer(bo["key"]))

    page = client.get(f"/tournaments/{tournament['id']}")
    assert page.status_code == 200
    words = text_of(page.text)
    assert "Chi, a Swiss by ana" in words
    assert "open to join: 2 entrants of at most 64" in words
    assert "Game Chi, the game's standard rules" in words and "Rounds 3" in words
    assert "Clock 1 day per move; running out of time loses the game" in words
    assert "Rated no, casual games" in words and "when ana, the organiser, starts it" in words
    assert "Who joined (2 of at most 64) Gus (bot) bo" in words
    assert f'href="/players/{bo["id"]}"' in page.text, "a player's name links to their page"
    assert not UUID.search(words), "no id is written for a person to read"
    assert 'id="tournament-join"' in page.text and "Standings" not in words, "nothing is played yet"


def test_the_list_sorts_tournaments_into_open_running_and_finished_and_the_header_links_it(client):
    ana = register(client, "ana")
    opened = organise(client, ana)
    running = organise(client, ana, clock=DAY, bots=[{"bot": "random"}])
    client.post(f"/api/tournaments/{running['id']}/join", headers=bearer(ana["key"]))
    assert client.post(f"/api/tournaments/{running['id']}/start", headers=bearer(ana["key"])).status_code == 200
    finished = organise(client, ana, rounds=1, bots=[{"bot": "random"}, {"bot": "greedy"}])
    client.post(f"/api/tournaments/{finished['id']}/start", headers=bearer(ana["key"]))
    assert client.get(f"/api/tournaments/{finished['id']}").json["status"] == "finished"

    page = client.get("/tournaments")
    assert page.status_code == 200
    for status, tournament in (("open", opened), ("running", running), ("finished", finished)):
        assert f'data-tournament="{tournament["id"]}"' in section(page.text, f"tournaments-{status}"), status
    assert "running: round 1 of 2" in text_of(section(page.text, "tournaments-running"))
    assert re.search(r"finished after 1 round: (random|greedy)-bot won", text_of(page.text))
    assert 'href="/tournaments"' in client.get("/").text, "the site's header links the tournaments"


def test_a_running_tournament_links_the_rounds_games_and_shows_the_standings_with_tie_breaks_named(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    tournament = organise(client, ana)
    for player in (ana, bo):
        client.post(f"/api/tournaments/{tournament['id']}/join", headers=bearer(player["key"]))
    client.post(f"/api/tournaments/{tournament['id']}/start", headers=bearer(ana["key"]))
    [table] = client.get(f"/api/tournaments/{tournament['id']}").json["rounds"][0]["tables"]

    page = client.get(f"/tournaments/{tournament['id']}")
    current = section(page.text, "current-round")
    assert f'href="/games/{table["game_id"]}">{" – ".join(table["players"])}</a>' in current
    assert "being played" in text_of(current)
    game_page = client.get(f"/games/{table['game_id']}").text
    assert f'<a href="/tournaments/{tournament["id"]}">Round 1 of Chi, a Swiss by ana</a>' in game_page, \
        "a tournament's game links back to it"
    assert 'id="tournament-line"' not in client.get(f"/games/{first_game_of_no_tournament(client)}").text
    standings = text_of(section(page.text, "standings"))
    assert "Place Player Points Buchholz cut 1 Buchholz Sonneborn-Berger Wins Games" in standings
    assert "equal points are split by Buchholz cut 1" in standings
    assert not UUID.search(text_of(page.text))


@pytest.mark.parametrize("format", ["swiss", "round-robin"])
def test_a_finished_swiss_or_round_robin_shows_a_crosstable_of_names_and_results_with_the_byes(client, format):
    ana = register(client, "ana")
    bots = [{"bot": "random", "name": "Rae"}, {"bot": "greedy", "name": "Gus"}, {"bot": "random", "name": "Ivy"}]
    tournament = organise(client, ana, format=format, rounds=2, bots=bots)
    client.post(f"/api/tournaments/{tournament['id']}/start", headers=bearer(ana["key"]))
    shown = client.get(f"/api/tournaments/{tournament['id']}").json
    assert shown["status"] == "finished"

    page = client.get(f"/tournaments/{tournament['id']}")
    crosstable = section(page.text, "crosstable")
    order = [row["player"] for row in shown["standings"]]
    assert re.findall(r'<tr data-player="([^"]+)"', crosstable) == order, "rows by standing, best first"
    rows = dict(re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', crosstable, flags=re.S))
    for played in shown["rounds"]:
        for table in played["tables"]:
            first, second = table["players"]
            won = table["places"][0] < table["places"][1]
            cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[first], flags=re.S)
            cell = cells[order.index(second)]
            assert f'href="/games/{table["game_id"]}"' in cell
            assert text_of(cell).split()[0] in (["1"] if won else ["0", "½"]), cell
        for name in played["byes"]:
            assert f"bye in round {played['round']}" in text_of(rows[name]), "a bye is shown in its player's row"
    assert sum(len(p["byes"]) for p in shown["rounds"]) == 2, "three players: one sits out each round"
    assert "Final standings" in text_of(page.text) and "now revealed" in text_of(page.text)
    assert not UUID.search(text_of(page.text))


def test_a_finished_tables_tournament_shows_each_players_place_per_round(client):
    ana = register(client, "ana")
    bots = [{"bot": "random", "name": name} for name in ("Rae", "Gus", "Ivy")]
    tournament = organise(client, ana, game="xi", format="tables", rounds=1, bots=bots)
    client.post(f"/api/tournaments/{tournament['id']}/start", headers=bearer(ana["key"]))
    shown = client.get(f"/api/tournaments/{tournament['id']}").json
    assert shown["status"] == "finished", shown

    page = client.get(f"/tournaments/{tournament['id']}")
    places = section(page.text, "places")
    assert 'id="crosstable"' not in page.text, "tables have places, not a crosstable"
    [table] = shown["rounds"][0]["tables"]
    for name, place in zip(table["players"], table["places"]):
        row = re.search(rf'<tr data-player="{name}">(.*?)</tr>', places, flags=re.S).group(1)
        assert re.search(rf"{place}(st|nd|rd)( \(tied\))? of 3", text_of(row)), row
        assert f'href="/games/{table["game_id"]}"' in row
    assert "(tables of 3 to 4)" in text_of(page.text), "Xi Cards seats 3 or 4 at a table"


def test_an_unknown_tournament_has_no_page(client):
    assert client.get("/tournaments/7e0c1a52-2b4f-4f8e-9d1e-3a5b6c7d8e90").status_code == 404
    assert client.get("/tournaments/not-an-id").status_code == 404


def test_points_and_clocks_are_written_as_people_write_them():
    from web.pages.tournament_words import clock_words, duration_words, points_words

    assert [points_words(p) for p in (2, 1.5, 0.5, 0)] == ["2", "1½", "½", "0"]
    assert [points_words(p, halves=False) for p in (2, 1.5, 2 / 3, 4 / 3)] == ["2", "1.5", "0.67", "1.33"]
    assert duration_words("PT1H30M") == "1 hour 30 minutes" and duration_words("P3D") == "3 days"
    assert clock_words({"per_decision": "PT1H", "on_timeout": "bot"}) == "1 hour per move; when it runs out, a bot plays the move"


def test_a_player_who_withdrew_mid_way_is_marked_in_the_standings(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    tournament = organise(client, ana, bots=[{"bot": "greedy", "name": "Gus"}, {"bot": "random", "name": "Rae"}])
    for player in (ana, bo):
        client.post(f"/api/tournaments/{tournament['id']}/join", headers=bearer(player["key"]))
    client.post(f"/api/tournaments/{tournament['id']}/start", headers=bearer(ana["key"]))
    assert client.post(f"/api/tournaments/{tournament['id']}/withdraw", headers=bearer(bo["key"])).status_code == 200

    page = client.get(f"/tournaments/{tournament['id']}")
    standings = text_of(section(page.text, "standings"))
    assert "bo (withdrew)" in standings and "ana (withdrew)" not in standings
    assert 'id="tournament-withdraw"' in page.text, "the others may still withdraw from the rounds to come"
    entrants = re.search(r'data-entrants="([^"]*)"', page.text).group(1).split()
    assert entrants == [ana["id"]], "the page offers Withdraw to those still in"


def test_the_page_states_the_withdrawal_rule_and_marks_a_player_it_withdrew(client, services):
    from tests.clocks import FakeClock

    services.commands.clock = clock = FakeClock()
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    tournament = organise(client, ana)
    rule = ("Withdrawal A player who loses 1 game on time is withdrawn from the rounds after; a player may "
            "withdraw at any time, even while a round they play is running: that game goes on and its result counts")
    assert rule in text_of(client.get(f"/tournaments/{tournament['id']}").text)
    for player in (ana, bo, cy):
        client.post(f"/api/tournaments/{tournament['id']}/join", headers=bearer(player["key"]))
    started = client.post(f"/api/tournaments/{tournament['id']}/start", headers=bearer(ana["key"])).json
    [table] = started["rounds"][0]["tables"]
    game = services.store.game(table["game_id"])
    late = table["players"][game.to_act()]
    clock.advance(days=1)
    services.commands.time_out(game.id, game.version)

    page = client.get(f"/tournaments/{tournament['id']}")
    standings = text_of(section(page.text, "standings"))
    assert f"{late} (withdrawn: lost on time)" in standings
    assert standings.count("(withdrawn") == 1 and "(withdrew)" not in standings
    assert rule in text_of(page.text)


def test_the_withdrawal_rule_is_said_for_every_setting():
    from web.pages.tournament_words import withdrawal_words

    assert withdrawal_words(2).startswith("A player who loses 2 games on time is withdrawn from the rounds after;")
    assert withdrawal_words(0).startswith("Losing on time withdraws nobody;")
