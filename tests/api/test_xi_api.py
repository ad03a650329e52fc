"""Xi Cards over REST: a game created with `"game": "xi"` is played to its end by bots, or by
people posting legal actions (a named deck in the deck step, then random legal moves); a sandbox
game starts from the documented scenario."""

from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards.decks import NAMED


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


def deck_step(client, seed="xi-decks"):
    created = client.post("/api/games", json={"game": "xi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                              "seed": seed}).json
    return f"/api/games/{created['id']}", {t["seat"]: bearer(t["token"]) for t in created["tokens"]}


def bring(client, url, seat_auth, deck):
    version = client.get(url).json["version"]
    return client.post(f"{url}/actions", headers=seat_auth, json={"action": {"type": "bring_deck", **deck},
                                                                  "expected_version": version})


def test_a_seat_brings_a_starter_by_name_or_its_own_list_and_nobody_else_sees_which_until_the_end(client):
    url, auth = deck_step(client)
    own = ["flood", "rainfall", "rainblast"] * 3 + ["snow-beast", "river-sprite", "pearl-diver"] * 3 + [
        "undertow", "mist-veil", "dispel"] * 3 + ["bubble-fighter", "healing-spring", "storm-surge"]
    assert bring(client, url, auth[0], {"cards": own}).status_code == 200
    assert bring(client, url, auth[1], {"deck": "ember"}).status_code == 200
    mine, theirs = client.get(url, headers=auth[0]).json, client.get(url, headers=auth[1]).json
    assert sorted(mine["table"]["deck_list"]) == sorted(own) and theirs["table"]["deck_list"] == list(NAMED["ember"])
    for seen in (theirs, client.get(url).json):  # bo and a spectator: sizes only
        assert seen["table"]["players"][0]["deck_size"] + len(mine["table"]["hand"]) == 30
        assert "undertow" not in str(seen["table"]) and "undertow" not in str(client.get(f"{url}/events",
                                                                                             headers=auth[1]).json)
    client.post(f"{url}/actions", headers=auth[1], json={"action": {"type": "resign"},
                                                          "expected_version": client.get(url).json["version"]})
    assert client.get(url).json["table"]["deck_lists"][0] == own  # shown to all once the game is over


def test_an_illegal_deck_list_is_refused_with_the_rule_it_breaks_and_changes_nothing(client):
    url, auth = deck_step(client, seed="xi-bad-decks")
    before = client.get(url).json["version"]
    for cards, rule, field in ((["flood"] * 4 + ["rainfall"] * 26, "xi.deck.copies", "4 copies of Flood"),
                               (["flood"] * 3, "xi.deck.size", "a deck holds 30 or more cards, not 3"),
                               (["black-lotus"] * 30, "xi.deck.known-card", "'black-lotus' is not a Xi card")):
        refused = bring(client, url, auth[0], {"cards": cards})
        assert refused.status_code == 422 and refused.json["rule"] == rule and field in refused.json["detail"]
    unknown = bring(client, url, auth[0], {"deck": "fire"})
    assert unknown.status_code == 422 and "'fire' is not a named deck; one of aqua, ember, stone, wind" in unknown.json["detail"]
    assert client.get(url).json["version"] == before
