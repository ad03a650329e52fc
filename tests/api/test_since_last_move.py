"""GET /api/games/{id}/since: what a seat that comes back reads first. Each step since its last own
decision in its line (bookkeeping left out), each change to its own score and hand with the rule
that made it (in words), and the places of its table changed."""

from __future__ import annotations

from tests.api.test_games_api import bearer
from tests.fixtures.chi_conflict import RED_YIN_AGAINST_A_LONE_RED_YANG


def create(client, game, seats, seed):
    answer = client.post("/api/games", json={"game": game, "seats": seats, "seed": seed})
    assert answer.status_code == 201, answer.json
    return answer.json


def decide(client, game_id, token, action):
    version = client.get(f"/api/games/{game_id}").json["version"]
    answer = client.post(f"/api/games/{game_id}/actions", headers=bearer(token),
                         json={"action": action, "expected_version": version})
    assert answer.status_code == 200, answer.json
    return answer.json


def test_after_the_rivals_turn_the_seat_reads_each_of_its_actions_and_every_change_to_its_score(client):
    answer = client.post("/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                             "seed": "since-chi", "scenario": RED_YIN_AGAINST_A_LONE_RED_YANG})
    assert answer.status_code == 201, answer.json
    game_id, (ana, bo) = answer.json["id"], (token["token"] for token in answer.json["tokens"])
    drawn = decide(client, game_id, ana, {"type": "draw", "slot": 0})
    decide(client, game_id, bo, {"type": "attack", "card": "yin-red-1", "target": "yang-red-1"})

    since = client.get(f"/api/games/{game_id}/since", headers=bearer(ana)).json
    steps = {step["step"]: step for step in client.get(
        f"/api/games/{game_id}/replay?limit=500", headers=bearer(ana)).json["steps"]}
    assert since["name"] == "ana" and since["since"] == drawn["version"], "the last step of ana's own decision"
    later = [n for n in steps if n > since["since"]]
    assert [line["step"] for line in since["lines"]] == [n for n in later if not steps[n]["bookkeeping"]], \
        "every step but bookkeeping, in its line, and nothing else"
    told = [line["description"] for line in since["lines"]]
    assert told[0] == "bo attacks ana's red Yang (3) with the red Yin"
    assert "ana wins" not in " ".join(told) and any("ana's red Yang (3) is destroyed" in line for line in told)
    assert "bo draws a card from the deck" in told, "the card bo drew is not named to ana"
    for line in since["lines"]:
        assert line["description"] == steps[line["step"]]["description"]
        assert line["seat"] == 1 and line["rule"]["section"] and line["rule"]["text"]
    [score] = [change for change in since["changes"] if change["what"] == "score"]
    assert score["sentence"] == "Your score: 9 -> 6", "two Yang (3) in play and 3 cards in hand, then a Yang lost"
    assert steps[score["step"]]["type"] == "conflict_resolved" and score["rule"]["id"] == "chi.conflict.resolve"
    assert "areas[0]" in " ".join(since["changed"]), "ana's play area is marked as changed"


def test_a_spectator_has_no_last_move_and_is_told_so(client):
    created = create(client, "chi", [{"name": "ana"}, {"name": "bo"}], seed="since-spectator")
    answer = client.get(f"/api/games/{created['id']}/since")
    assert answer.status_code == 400 and "token" in answer.json["detail"]


def test_before_its_first_decision_a_seat_reads_the_game_from_the_deal(client):
    created = create(client, "xanadu", [{"name": "ana"}, {"name": "bo"}], seed="since-xanadu")
    since = client.get(f"/api/games/{created['id']}/since", headers=bearer(created["tokens"][1]["token"])).json
    assert since["since"] is None and since["lines"], "the deal, told"
    assert any(change["what"] == "hand" and change["sentence"].startswith("Your hand: you gain ")
               for change in since["changes"]), "bo's dealt hand, named"
