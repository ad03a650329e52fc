"""The replay's list of steps as a move list: each step names the decision it came from and the
turn the table is in, so a client groups a game by turns and decisions without reading every step."""

from __future__ import annotations

from tests.api.test_games_api import create


def steps_of(client, game_id: str, limit: int) -> list[dict]:
    steps, after = [], 0
    while after is not None:
        page = client.get(f"/api/games/{game_id}/replay?after={after}&limit={limit}").json
        steps += page["steps"]
        after = page["next"] and page["steps"][-1]["step"]
    return steps


def test_each_step_names_its_decision_and_turn_and_a_decisions_steps_come_together(client):
    created = create(client, [{"bot": "greedy"}, {"bot": "random"}])
    game_id = created["id"]
    steps = steps_of(client, game_id, limit=37)  # pages that cut through decisions
    assert steps == steps_of(client, game_id, limit=500), "a page starts from the table where the last ended"
    assert steps[0]["decision"] is None and steps[0]["turn"] == {"number": 0, "seat": None}
    dealt = [step for step in steps if step["decision"] is None]
    assert dealt == steps[:len(dealt)], "the creation and the deal come first and belong to no decision"

    decisions: dict[int, list[dict]] = {}
    for step in steps[len(dealt):]:
        decisions.setdefault(step["decision"]["decided_on"], []).append(step)
    for decided_on, caused in decisions.items():
        assert [step["step"] for step in caused] == list(range(decided_on + 1, decided_on + 1 + len(caused))), \
            "a decision's steps follow the version it was decided on, one after another"
        assert len({step["decision"]["seat"] for step in caused}) == 1
        explained = client.get(f"/api/games/{game_id}/replay/{caused[-1]['step']}").json["explanation"]["decision"]
        assert explained["decided_on_version"] == decided_on and explained["seat"] == caused[0]["decision"]["seat"]

    turns = [step["turn"]["number"] for step in steps]
    assert turns == sorted(turns) and turns[-1] > 10
    for step in steps[len(dealt)::7]:  # a sample: the turn is the one the step's table is in
        table = client.get(f"/api/games/{game_id}/replay/{step['step']}").json["table"]["table"]
        assert (table["turn"], table["current"]) == (step["turn"]["number"], step["turn"]["seat"])
