"""A finished game's score chart over REST: each seat's score at the end of every turn, ending on
the outcome's scores; a running game has none yet."""

from __future__ import annotations

from domain import registry
from tests.api.test_games_api import PROBLEM, create


def test_a_finished_games_chart_runs_turn_by_turn_to_its_result(client):
    created = create(client, [{"bot": "greedy"}, {"bot": "random"}])
    game = client.get(f"/api/games/{created['id']}").json
    chart = client.get(f"/api/games/{created['id']}/scores")
    assert chart.status_code == 200
    chart = chart.json
    assert chart["seats"] == [seat["name"] for seat in game["seats"]]
    turns = [row["turn"] for row in chart["turns"]]
    assert turns == sorted(set(turns)) and turns[0] == 0
    assert chart["turns"][-1]["scores"] == game["outcome"]["scores"]
    assert chart["turns"][-1]["step"] == game["version"]
    for row in chart["turns"][1::9]:  # a sample: a turn's scores are those its last step's table shows
        table = client.get(f"/api/games/{created['id']}/replay/{row['step']}").json["table"]["table"]
        assert table["turn"] == row["turn"] and table["current"] == row["seat"]
        assert row["scores"] == [points + cards for points, cards in zip(table["points_in_play"], table["hand_sizes"])]


def test_a_running_game_has_no_chart_yet_and_an_unknown_one_none(client):
    created = create(client, [{"name": "ana"}, {"name": "bo"}])
    answer = client.get(f"/api/games/{created['id']}/scores")
    assert answer.status_code == 409 and answer.content_type == PROBLEM
    assert "once it is over" in answer.json["detail"]
    assert client.get("/api/games/00000000-0000-4000-8000-000000000000/scores").status_code == 404


def test_a_finished_games_chart_is_drawn_once_and_then_kept(client, monkeypatch):
    created = create(client, [{"bot": "greedy"}, {"bot": "random"}])
    rules = registry.get("chi")
    folds = []
    evolve = rules.events.evolve
    monkeypatch.setattr(rules.events, "evolve", lambda state, event: folds.append(event) or evolve(state, event))
    first = client.get(f"/api/games/{created['id']}/scores")
    drawn = len(folds)
    second = client.get(f"/api/games/{created['id']}/scores")
    assert first.status_code == second.status_code == 200 and first.json == second.json
    assert drawn > first.json["turns"][-1]["step"] // 2, "the first request folds the game"
    assert len(folds) == drawn, "the second request folds nothing again"
