"""A tables tournament of Xanadu bots (three or four a table) played to its end on the RQ workers,
against a real Redis: each round's games played by bot-turn jobs, each result recorded by its
job, the next round seated once a round closes; its export verifies offline."""

import json
from uuid import UUID

import pytest

from domain.tournaments.events import from_data
from domain.tournaments.state import fold
from domain.tournaments.verify import verify_export
from tests.quick_bots import quick_search
from tests.workers.conftest import run_worker

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
BOTS = [{"bot": "random"}, {"bot": "random"}, {"bot": "builder"}, {"bot": "builder"},
        {"bot": "search", "strength": 1}, {"bot": "search", "strength": 2}, {"bot": "random"}]


def test_a_tables_tournament_of_xanadu_bots_is_played_to_the_end_on_the_workers(services, queue, monkeypatch):
    quick_search(monkeypatch)  # the workers play the jobs in this process (run_worker)
    players = services.commands.players
    organiser = players.get(players.register("ana")["id"])
    tournaments = services.commands.tournaments
    opened = tournaments.organise(organiser, {"game": "xanadu", "format": "tables", "rounds": 2, "clock": DAY,
                                              "bots": BOTS, "table_seats_min": 3, "table_seats_max": 4})
    started = tournaments.start(opened["id"], organiser)
    assert started["status"] == "running", "on the workers, start only seats round one"
    assert [t["places"] for t in started["rounds"][0]["tables"]] == [None, None]

    run_worker(queue)

    ended = tournaments.shown(opened["id"])
    assert ended["status"] == "finished", ended["rounds"]
    assert len(ended["rounds"]) == 2
    for played in ended["rounds"]:
        assert played["closed"] and played["byes"] == []
        assert sorted(len(t["players"]) for t in played["tables"]) == [3, 4], "seven bots: a table of 4 and one of 3"
        for table in played["tables"]:
            game = services.store.game(UUID(table["game_id"]))
            assert game.finished and [s["name"] for s in game.seats] == table["players"]
            assert sorted(table["places"])[0] == 1 and len(table["places"]) == len(table["players"])
    assert sum(s["points"] for s in ended["standings"]) == pytest.approx(2 * (4 / 2 + 3 / 2)), \
        "a table of n seats gives n/2 points"
    assert [s["place"] for s in ended["standings"]] == list(range(1, 8))
    assert sorted(s["player"] for s in ended["standings"]) == sorted(e["name"] for e in ended["entrants"])
    assert all(s["games"] == 2 for s in ended["standings"]), "everyone played both rounds"

    record = json.loads(json.dumps(tournaments.export(opened["id"])))  # as `chronicle verify` reads it
    verdict = verify_export(record)
    assert verdict.ok, verdict.problem
    assert verdict.rounds_checked == 2 and verdict.head == ended["head"]
    rebuilt = fold([from_data(data) for data in tournaments.get(opened["id"]).events]).standings()
    assert [(s.player, float(s.points)) for s in rebuilt] == [(s["player"], s["points"]) for s in ended["standings"]]
