"""Lists, event logs and replays come a page at a time: `next` links, cursors, totals, refusals."""

from __future__ import annotations

import base64
import json
from uuid import UUID

import pytest

from tests.api.test_games_api import PROBLEM, bearer, create
from tests.api.test_players_api import act_first_legal, create_as, register, two_players_game
from tests.paging import every_page
from tests.playing import play_to_end


def get(client, headers=None):
    def answer(path):
        response = client.get(path, headers=headers)
        assert response.status_code == 200, response.json
        return response.json
    return answer


def refused(answer, field):
    assert answer.status_code == 400 and answer.content_type == PROBLEM, answer.json
    assert answer.json["field"] == field, answer.json
    return answer.json


def long_game(client, services, versions=130):
    """A game of Chi between two people who only draw and discard, played past `versions`."""
    created = create(client, seed="long-pages")
    game_id = UUID(created["id"])
    while (game := services.store.game(game_id)).version < versions:
        seat = game.to_act()
        legal = game.rules.legal_actions(game.state, seat)
        services.commands.act(game_id, seat, next(a for a in legal if a["type"] in ("draw", "discard")), game.version)
    return created


def test_the_game_list_comes_a_page_at_a_time_following_its_next_links(client, caught_up):
    ids = [create(client, seed=f"page-{n}")["id"] for n in range(7)]
    caught_up()
    whole = client.get("/api/games?limit=500").json
    assert whole["total"] == 7 and whole["next"] is None and {g["id"] for g in whole["games"]} == set(ids)
    first = client.get("/api/games?limit=3&status=running").json
    assert len(first["games"]) == 3 and first["total"] == 7
    assert "status=running" in first["next"] and "limit=3" in first["next"], "the next page keeps the filters"
    last, games = every_page(get(client), "/api/games?limit=3&status=running", "games")
    assert games == whole["games"] and last["next"] is None


def test_a_game_that_moves_while_a_client_pages_is_neither_shown_twice_nor_skipped_over_others(client, caught_up):
    created = [create(client, seed=f"moving-{n}") for n in range(6)]
    caught_up()
    first = client.get("/api/games?limit=2").json
    moved = created[0]  # the oldest activity: on the last page
    assert moved["id"] not in {g["id"] for g in first["games"]}
    act_first_legal(client, moved["id"], seat_token(client, moved))  # now the most recently active
    _, rest = every_page(get(client), first["next"], "games")
    shown = [g["id"] for g in first["games"] + rest]
    assert len(shown) == len(set(shown)), "no game twice"
    assert set(shown) == {game["id"] for game in created} - {moved["id"]}, \
        "every game that stayed where it was is on a page; the one that moved ahead of the pages is not"


def seat_token(client, created):
    to_act = client.get(f"/api/games/{created['id']}").json["to_act"]["seat"]
    return next(token["token"] for token in created["tokens"] if token["seat"] == to_act)


def test_results_come_a_page_at_a_time(client, services, caught_up):
    for n in range(3):
        finished = create(client, [{"name": "ana"}, {"bot": "random"}], seed=f"result-{n}")
        play_to_end(services, UUID(finished["id"]))
    caught_up()
    whole = client.get("/api/results").json
    assert whole["total"] == 3 and len(whole["results"]) == 3
    last, results = every_page(get(client), "/api/results?limit=1", "results")
    assert results == whole["results"] and last["total"] == 3


def test_the_inbox_comes_a_page_at_a_time_in_its_order(client, services, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    for n in range(5):
        game = two_players_game(client, ana, bo, seed=f"inbox-page-{n}")
        if n % 2:
            to_act = client.get(f"/api/games/{game['id']}").json["to_act"]["seat"]
            act_first_legal(client, game["id"], (ana, bo)[to_act]["key"])
    for n in range(2):
        finished = create_as(client, ana, [{"player": ana["id"]}, {"bot": "greedy"}], seed=f"inbox-done-{n}")
        play_to_end(services, UUID(finished["id"]))
    caught_up()
    mine = bearer(ana["key"])
    whole = client.get("/api/players/me/games", headers=mine).json
    assert whole["total"] == 7 and whole["next"] is None
    assert {g["your_decision"] for g in whole["games"]} == {True, False}, "games in every part of the inbox"
    for limit in (1, 2, 3):
        _, games = every_page(get(client, mine), f"/api/players/me/games?limit={limit}", "games")
        assert games == whole["games"], limit
    _, running = every_page(get(client, mine), "/api/players/me/games?limit=2&status=running", "games")
    assert running == [g for g in whole["games"] if g["status"] == "running"]
    assert client.get("/api/players/me/games?status=finished", headers=mine).json["total"] == 2


def cursor_of(*key):
    return base64.urlsafe_b64encode(json.dumps(list(key)).encode()).decode().rstrip("=")


@pytest.mark.parametrize("path", ["/api/games", "/api/results", "/api/players/me/games"])
@pytest.mark.parametrize("cursor", [
    "not a cursor", "e30", "%%%", cursor_of("games"), cursor_of("games", "2026", 3), cursor_of("results", 1, 2),
    cursor_of("inbox", 0, "x"), cursor_of("inbox", 3, "2026", "id"), cursor_of("inbox", True, "2026", "id"),
    cursor_of("inbox", 1, ["2026"], "id"), "x" * 401,
])
def test_a_cursor_that_is_not_one_the_list_gave_is_refused_naming_it(client, path, cursor):
    ana = register(client, "ana")
    refused(client.get(path, query_string={"cursor": cursor}, headers=bearer(ana["key"])), "cursor")


def test_a_cursor_of_one_list_is_refused_by_another(client, caught_up):
    for n in range(3):
        create(client, seed=f"other-{n}")
    caught_up()
    cursor = client.get("/api/games?limit=1").json["next"].split("cursor=")[1]
    refused(client.get(f"/api/results?cursor={cursor}"), "cursor")
    refused(client.get(f"/api/games?cursor={cursor}&offset=1"), "cursor")
    assert client.get(f"/api/games?cursor={cursor}").status_code == 200


def test_an_offset_still_pages_and_links_to_the_next_page_by_cursor(client, caught_up):
    for n in range(5):
        create(client, seed=f"offset-{n}")
    caught_up()
    whole = client.get("/api/games").json["games"]
    page = client.get("/api/games?offset=1&limit=2").json
    assert page["games"] == whole[1:3] and "offset" not in page["next"]
    assert client.get(page["next"]).json["games"] == whole[3:5]


def test_the_event_log_and_the_replay_come_a_page_at_a_time(client, services):
    created = long_game(client, services)
    game = f"/api/games/{created['id']}"
    version = client.get(game).json["version"]
    first = client.get(f"{game}/events").json
    assert [e["version"] for e in first["events"]] == list(range(1, 101)), "the first 100 versions by default"
    assert first["version"] == version and "after=100" in first["next"]
    last, events = every_page(get(client), f"{game}/events", "events")
    assert [e["version"] for e in events] == list(range(1, version + 1)) and last["next"] is None
    last, steps = every_page(get(client), f"{game}/replay?limit=40", "steps")
    assert [s["step"] for s in steps] == list(range(1, version + 1)) and last["next"] is None
    assert [s["description"] for s in steps] == [e["description"] for e in events]
    window = client.get(f"{game}/events?after=3&limit=7").json
    assert [e["version"] for e in window["events"]] == list(range(4, 11))
    assert client.get(f"{game}/replay?after={version}").json == {
        "version": version, "status": "running", "steps": [], "next": None}


@pytest.mark.parametrize("query, field", [("limit=0", "limit"), ("limit=501", "limit"), ("after=-1", "after"),
                                          ("after=x", "after"), ("page=2", "page")])
def test_a_page_of_versions_out_of_bounds_is_refused_naming_the_parameter(client, query, field):
    created = create(client)
    for path in ("events", "replay"):
        refused(client.get(f"/api/games/{created['id']}/{path}?{query}"), field)


def test_a_spectator_pages_no_further_than_the_delay_lets_them_see(client, services):
    body = {"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": "delayed-pages", "spectator_delay": 4}
    created = client.post("/api/games", json=body).json
    seen = client.get(f"/api/games/{created['id']}").json["version"]
    page = client.get(f"/api/games/{created['id']}/events?after={seen - 2}").json
    assert [e["version"] for e in page["events"]] == [seen - 1, seen] and page["next"] is None
    assert client.get(f"/api/games/{created['id']}/replay?after={seen}").json["steps"] == []


def test_the_export_is_sent_line_by_line_as_it_is_read(client, services):
    created = long_game(client, services)
    services.commands.act(UUID(created["id"]), 0, {"type": "resign"}, client.get(f"/api/games/{created['id']}").json["version"])
    export = client.get(f"/api/games/{created['id']}/export")
    assert export.status_code == 200 and export.is_streamed
    lines = [json.loads(line) for line in export.get_data(as_text=True).splitlines()]
    _, events = every_page(get(client), f"/api/games/{created['id']}/events?limit=500", "events")
    assert [line["version"] for line in lines[1:]] == [e["version"] for e in events[1:]]
    assert [line["chain"] for line in lines[1:]] == [e["chain"] for e in events[1:]]


LONE = "\ud800"  # half of a UTF-16 pair: no character, and no text a database keeps
# Each list, and a cursor of its own shape holding a lone surrogate where its key holds text.
CURSORS_WITH_A_LONE_SURROGATE = [
    ("/api/games", cursor_of("games", "2026-11-23T09:00:00Z", LONE)),
    ("/api/results", cursor_of("results", LONE, "id")),
    ("/api/leaderboards/chi", cursor_of("leaderboard:chi", 3.5, LONE)),
    ("/api/leaderboards/court/solo/standard", cursor_of("solo:court:standard", 0, 4, LONE)),
    ("/api/players/me/games", cursor_of("inbox", 0, 0, "2026", LONE, "id")),
    ("/api/players/me/games", cursor_of("inbox", 1, LONE, "id")),
    ("/leaderboards/chi", cursor_of("leaderboard:chi", 3.5, LONE)),
]


@pytest.mark.parametrize("path, cursor", CURSORS_WITH_A_LONE_SURROGATE)
def test_a_cursor_holding_a_lone_surrogate_is_refused_naming_it(client, path, cursor):
    ana = register(client, "ana")
    answer = client.get(path, query_string={"cursor": cursor}, headers=bearer(ana["key"]))
    if path.startswith("/api/"):
        refused(answer, "cursor")
    else:  # the page starts again from the top
        assert answer.status_code == 400 and "Chi" in answer.get_data(as_text=True)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
@pytest.mark.parametrize("kind, path", [("leaderboard:chi", "/api/leaderboards/chi"),
                                        ("solo:court:standard", "/api/leaderboards/court/solo/standard")])
def test_a_leaderboard_cursor_holding_no_finite_number_is_refused_naming_it(client, caught_up, number, kind, path):
    create(client, [{"bot": "greedy"}, {"bot": "random"}], seed="two-raters")  # bots play it to its end at once
    caught_up()
    assert client.get("/api/leaderboards/chi").json["total"] == 2
    parts = f'"{kind}",{number},"player:x"' if kind.startswith("leaderboard") else f'"{kind}",{number},0,"player:x"'
    cursor = base64.urlsafe_b64encode(f"[{parts}]".encode()).decode().rstrip("=")
    refused(client.get(path, query_string={"cursor": cursor}), "cursor")
