"""Xi Cards over REST: a game created with `"game": "xi"` is played to its end by bots, or by
people posting legal actions (a named deck in the deck step, then random legal moves); a sandbox
game starts from the documented scenario."""

from domain.rng import Rng
from domain.xi import RULES


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_an_xi_game_of_two_random_bots_created_over_rest_is_played_to_its_end(client):
    created = client.post("/api/games", json={"game": "xi", "seats": [{"bot": "random"}, {"bot": "random"}],
                                              "seed": "xi-bots"})
    assert created.status_code == 201, created.json
    game = client.get(f"/api/games/{created.json['id']}").json
    assert game["status"] == "finished" and game["outcome"]["reason"]


def test_people_bring_the_named_deck_and_play_an_xi_game_of_three_to_its_end_over_rest(client):
    created = client.post("/api/games", json={"game": "xi", "seats": [{"name": n} for n in ("ana", "bo", "cy")],
                                              "seed": "xi-people"}).json
    url, tokens = f"/api/games/{created['id']}", {t["seat"]: t["token"] for t in created["tokens"]}
    chooser, moves = Rng("xi-people", "chooser"), 0
    while (game := client.get(url).json)["to_act"] is not None:
        seat = game["to_act"]["seat"]
        actions = client.get(f"{url}/actions", headers=bearer(tokens[seat])).json["actions"]
        if moves < 3:
            assert actions == [{"type": "bring_deck", "deck": name} for name in ("aqua", "ember", "stone", "wind")]
        moved = client.post(f"{url}/actions", headers=bearer(tokens[seat]),
                            json={"action": chooser.choice(actions), "expected_version": game["version"]})
        assert moved.status_code in (200, 201), moved.json
        moves += 1
        assert moves < 10_000
    assert game["status"] == "finished" and len(game["outcome"]["scores"]) == 3


def test_an_xi_sandbox_game_starts_from_the_documented_scenario(client):
    body = {"game": "xi", "seats": [{"name": "jack"}, {"name": "jake"}], "scenario": RULES.scenario_example}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.json
    game = client.get(f"/api/games/{created.json['id']}").json
    assert game["to_act"]["seat"] == 1 and game["pending"][-1]["rule"] == "xi.skirmish.react"
    bad = client.post("/api/games", json={**body, "scenario": {**RULES.scenario_example, "turn": 0}})
    assert bad.status_code == 422 and bad.json["rule"] == "xi.scenario" and "scenario.turn" in bad.json["detail"]
