"""GET /api/players/me/tournaments as a player meets it: each tournament they organised or
entered, with their part in it and its words as the tournaments' page says them, their standing
in words (entered, their place as it runs, withdrew, placed at the end)."""

from __future__ import annotations

import html

from domain.english import ordinal
from tests.api.test_games_api import bearer
from tests.api.test_players_api import register
from tests.playing import play_to_end

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
BOTS = [{"bot": "greedy", "name": "Gus"}, {"bot": "random", "name": "Rae"}, {"bot": "random", "name": "Ivy"}]


def post(client, player, tournament_id, verb):
    answer = client.post(f"/api/tournaments/{tournament_id}/{verb}", headers=bearer(player["key"]))
    assert answer.status_code == 200, answer.json
    return answer.json


def mine(client, player) -> list[dict]:
    answer = client.get("/api/players/me/tournaments", headers=bearer(player["key"]))
    assert answer.status_code == 200, answer.json
    return answer.json["tournaments"]


def test_a_players_tournaments_say_where_they_stand_from_joining_to_their_final_place(client, services):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    opened = client.post("/api/tournaments", json={"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY,
                                                   "bots": BOTS}, headers=bearer(ana["key"])).json
    post(client, bo, opened["id"], "join")
    post(client, cy, opened["id"], "join")
    post(client, cy, opened["id"], "withdraw")

    [entered] = mine(client, bo)
    assert entered["id"] == opened["id"]
    assert entered["words"] == {"heading": "Chi, a Swiss by ana", "progress": "open to join: 4 entrants of at most 64",
                                "terms": "2 rounds · 1 day per move · rated", "standing": "you entered"}
    assert entered["you"] == {"entrant": "bo", "organiser": False, "withdrawn": False, "withdrawn_on_time": False,
                              "place": None, "of": None}
    listed = html.unescape(client.get("/tournaments").get_data(as_text=True))
    assert f"{entered['words']['progress']} · {entered['words']['terms']}" in listed, "the list's own words"
    assert [t["words"]["standing"] for t in mine(client, ana)] == ["you organised it"]
    assert [t["words"]["standing"] for t in mine(client, cy)] == ["you withdrew"], "out before round one"

    started = post(client, ana, opened["id"], "start")
    [table] = [t for t in started["rounds"][0]["tables"] if "bo" in t["players"]]
    [running] = mine(client, bo)
    place = next(s["place"] for s in running["standings"] if s["player"] == "bo")
    assert running["you"]["place"] == place and running["you"]["of"] == 4
    assert running["words"]["progress"] == "running: round 1 of 2"
    assert running["words"]["standing"] == f"you are {ordinal(place)} of 4 so far in round 1", \
        "the bots' game of round 1 ended at once: it counts"

    post(client, bo, opened["id"], "withdraw")
    assert mine(client, bo)[0]["words"]["standing"] == "you withdrew"
    play_to_end(services, table["game_id"])  # a game goes on after its player withdraws, and counts
    [finished] = mine(client, bo)
    assert finished["status"] == "finished"
    final = next(s["place"] for s in finished["standings"] if s["player"] == "bo")
    assert finished["words"]["standing"] == f"you placed {ordinal(final)} of 4; you withdrew"


def test_a_player_of_no_tournament_has_none_and_a_stranger_has_no_list(client):
    assert mine(client, register(client, "dee")) == []
    assert client.get("/api/players/me/tournaments").status_code == 401
