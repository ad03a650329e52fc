"""GET /api/tournaments as a client meets it: the tournaments open to join, running and finished,
newest first, of one game or all, a page at a time; a status it does not know is refused naming
the field, and changes nothing."""

from __future__ import annotations

import pytest

from tests.api.test_games_api import bearer
from tests.api.test_players_api import register
from tests.paging import every_page

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
PROBLEM = "application/problem+json"


def organise(client, organiser, **body) -> dict:
    body = {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY, **body}
    answer = client.post("/api/tournaments", json=body, headers=bearer(organiser["key"]))
    assert answer.status_code == 201, answer.json
    return answer.json


def ids(answer) -> list[str]:
    return [tournament["id"] for tournament in answer.json["tournaments"]]


@pytest.fixture
def three(client) -> dict[str, dict]:
    """ana's tournaments of Chi: one open (bo joined), one running, one finished between bots."""
    ana, bo = register(client, "ana"), register(client, "bo")
    opened = organise(client, ana, rounds=3)
    client.post(f"/api/tournaments/{opened['id']}/join", headers=bearer(bo["key"]))
    running = organise(client, ana, bots=[{"bot": "random"}])
    client.post(f"/api/tournaments/{running['id']}/join", headers=bearer(ana["key"]))
    assert client.post(f"/api/tournaments/{running['id']}/start", headers=bearer(ana["key"])).status_code == 200
    finished = organise(client, ana, rounds=1, bots=[{"bot": "random"}, {"bot": "greedy"}])
    client.post(f"/api/tournaments/{finished['id']}/start", headers=bearer(ana["key"]))
    return {"open": opened, "running": running, "finished": finished}


def test_the_list_sorts_tournaments_by_status_newest_first(client, three):
    everything = client.get("/api/tournaments")
    assert everything.status_code == 200
    assert ids(everything) == [three[s]["id"] for s in ("finished", "running", "open")], "the newest organised first"
    assert everything.json["total"] == 3 and everything.json["next"] is None
    for status, tournament in three.items():
        answer = client.get(f"/api/tournaments?status={status}")
        assert ids(answer) == [tournament["id"]], status
        assert answer.json["tournaments"][0]["status"] == status and answer.json["total"] == 1


def test_each_tournament_is_listed_with_its_terms_progress_and_winner(client, three):
    listed = {t["id"]: t for t in client.get("/api/tournaments").json["tournaments"]}
    opened = listed[three["open"]["id"]]
    assert opened["organiser"]["name"] == "ana" and opened["title"] == "Chi" and opened["format"] == "swiss"
    assert (opened["entrant_count"], opened["rounds_planned"], opened["rounds_played"]) == (1, 3, 0), \
        "bo joined; nothing is played yet"
    assert opened["clock"] == DAY and opened["rated"] is True and opened["finished_at"] is None
    assert listed[three["running"]["id"]]["rounds_played"] == 1

    whole = client.get(f"/api/tournaments/{three['finished']['id']}").json
    finished = listed[whole["id"]]
    assert finished["winner"] == whole["standings"][0]["player"]
    assert finished["rounds_played"] == 1 and finished["entrant_count"] == 2
    assert finished["finished_at"] >= finished["created_at"]


def test_a_tournament_moves_between_the_lists_as_it_starts_and_a_join_is_counted_at_once(client):
    ana, bo = register(client, "ana"), register(client, "bo")
    tournament = organise(client, ana, bots=[{"bot": "greedy"}])
    client.post(f"/api/tournaments/{tournament['id']}/join", headers=bearer(bo["key"]))
    [listed] = client.get("/api/tournaments?status=open").json["tournaments"]
    assert listed["entrant_count"] == 2, "the list answers with the join just made"

    client.post(f"/api/tournaments/{tournament['id']}/start", headers=bearer(ana["key"]))
    assert client.get("/api/tournaments?status=open").json == {"tournaments": [], "next": None, "total": 0}
    assert ids(client.get("/api/tournaments?status=running")) == [tournament["id"]]


def test_the_list_keeps_to_one_game_when_asked(client):
    ana = register(client, "ana")
    chi = organise(client, ana)
    xi = organise(client, ana, game="xi", format="tables", rounds=1)
    assert ids(client.get("/api/tournaments?game=xi")) == [xi["id"]]
    assert ids(client.get("/api/tournaments?game=chi&status=open")) == [chi["id"]]
    assert client.get("/api/tournaments?game=xi&status=running").json["total"] == 0


def test_the_list_is_read_a_page_at_a_time_each_tournament_once(client):
    ana = register(client, "ana")
    organised = [organise(client, ana)["id"] for _ in range(5)]
    first = client.get("/api/tournaments?status=open&limit=2")
    assert ids(first) == organised[::-1][:2] and first.json["total"] == 5
    assert "status=open" in first.json["next"] and "limit=2" in first.json["next"], "the next page keeps the filters"
    last, listed = every_page(lambda path: client.get(path).json, "/api/tournaments?status=open&limit=2",
                              "tournaments")
    assert [t["id"] for t in listed] == organised[::-1], "every tournament once, the newest first"
    assert last["next"] is None


@pytest.mark.parametrize("query, field", [("status=paused", "status"), ("status=", "status"), ("limit=0", "limit"),
                                          ("limit=501", "limit"), ("cursor=not-a-cursor", "cursor")])
def test_a_bad_query_is_refused_naming_the_field(client, query, field):
    organise(client, register(client, "ana"))
    answer = client.get(f"/api/tournaments?{query}")
    assert answer.status_code == 400 and answer.content_type == PROBLEM, answer.json
    assert answer.json["field"] == field
    assert client.get("/api/tournaments").json["total"] == 1
