"""Sandbox games (from a scenario, or forked) are marked in every list that shows them, and count
on no board: they can never pass for real games."""

from domain import registry
from tests.api.test_games_api import bearer
from tests.api.test_players_api import register


def finished_between(client, ana, bo, seed, **extra):
    """A Chi game between two players, ended by ana's resignation: a real one, or a sandbox."""
    body = {"game": "chi", "seed": seed, "seats": [{"player": ana["id"]}, {"open": True, "player": bo["id"]}], **extra}
    created = client.post("/api/games", json=body, headers=bearer(ana["key"]))
    assert created.status_code == 201, created.json
    assert client.post(f"/api/games/{created.json['id']}/seats/1/join", headers=bearer(bo["key"])).status_code == 200
    version = client.get(f"/api/games/{created.json['id']}").json["version"]
    resigned = client.post(f"/api/games/{created.json['id']}/actions", headers=bearer(ana["key"]),
                           json={"action": {"type": "resign"}, "expected_version": version})
    assert resigned.status_code == 200, resigned.json
    return created.json["id"]


def test_a_sandbox_game_is_marked_in_the_game_list_the_results_and_the_inbox_and_counts_for_no_rating(client, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    real = finished_between(client, ana, bo, "real")
    sandbox = finished_between(client, ana, bo, "sandbox", scenario=registry.get("chi").scenario_example)
    caught_up()
    marked = {"games": {row["id"]: row["sandbox"] for row in client.get("/api/games").json["games"]},
              "results": {row["id"]: row["sandbox"] for row in client.get("/api/results").json["results"]},
              "inbox": {row["id"]: row["sandbox"] for row in
                        client.get("/api/players/me/games", headers=bearer(ana["key"])).json["games"]}}
    for name, rows in marked.items():
        assert rows == {real: False, sandbox: True}, name
    player = client.get(f"/api/players/{ana['id']}").json
    rated = [point["game_id"] for rating in player["ratings"].values() for point in rating["history"]]
    assert rated == [real], "a sandbox game is on no player's page"
    board = client.get("/api/leaderboards/chi").json
    assert all(standing["games"] == 1 for standing in board["ratings"])
