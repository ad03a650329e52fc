"""/api/tournaments as a client meets it: open one, join, withdraw, start, read its rounds and
standings, list one's own; bad input answered with the field at fault, refusals with the rule."""

from __future__ import annotations

import pytest

from tests.api.test_bot_accounts import bot_account
from tests.api.test_players_api import register
from tests.api.test_games_api import bearer
from tests.playing import play_to_end

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


def organise(client, organiser, **body):
    body = {"game": "chi", "format": "swiss", "rounds": 2, "clock": DAY, **body}
    return client.post("/api/tournaments", json=body, headers=bearer(organiser["key"]))


def post(client, player, tournament_id, verb):
    return client.post(f"/api/tournaments/{tournament_id}/{verb}", headers=bearer(player["key"]))


def test_players_join_a_tournament_with_a_bot_and_the_organiser_starts_it_seating_them_at_real_games(client,
                                                                                                   caught_up):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    opened = organise(client, ana, bots=[{"bot": "greedy", "name": "Gus"}], size_limit=4)
    assert opened.status_code == 201, opened.json
    tournament = opened.json
    assert tournament["status"] == "open" and tournament["seed"] is None and len(tournament["seed_commitment"]) == 64
    assert tournament["pairing_version"] == 2  # a new tournament is paired by the latest procedure
    for player in (ana, bo, cy):
        assert post(client, player, tournament["id"], "join").status_code == 200
    left = post(client, cy, tournament["id"], "withdraw")
    assert [e["name"] for e in left.json["entrants"]] == ["Gus", "ana", "bo"]

    assert post(client, bo, tournament["id"], "start").status_code == 403, "only the organiser starts it"
    started = post(client, ana, tournament["id"], "start")
    assert started.status_code == 200, started.json
    shown = client.get(f"/api/tournaments/{tournament['id']}").json
    assert shown["status"] == "running"
    [first] = shown["rounds"]
    seated = [p for table in first["tables"] for p in table["players"]] + first["byes"]
    assert sorted(seated) == ["Gus", "ana", "bo"], "everyone still in is paired or has the bye"
    for table in first["tables"]:
        game = client.get(f"/api/games/{table['game_id']}").json
        assert [s["name"] for s in game["seats"]] == table["players"]
    assert [s["place"] for s in shown["standings"]] == [1, 2, 3]

    caught_up()
    for player in (ana, bo):
        inbox = client.get("/api/players/me/games", headers=bearer(player["key"])).json["games"]
        mine = [t["game_id"] for t in first["tables"] if player["name"] in t["players"]]
        assert [g["id"] for g in inbox] == mine, "a new round's game is in its players' inbox"

    mine = client.get("/api/players/me/tournaments", headers=bearer(bo["key"]))
    assert [t["id"] for t in mine.json["tournaments"]] == [tournament["id"]]

    late = post(client, cy, tournament["id"], "join")
    assert late.status_code == 409
    assert late.json["type"] == "/problems/tournament-refused" and late.json["rule"] == "tournament.join.open"


@pytest.mark.parametrize("change, field", [
    ({"game": "go"}, "game"),
    ({"rounds": 0}, "rounds"),
    ({"rounds": 31}, "rounds"),
    ({"rounds": 2.7}, "rounds"),
    ({"rounds": "2"}, "rounds"),
    ({"size_limit": 3.9}, "size_limit"),
    ({"format": "arena"}, "format"),
    ({"size_limit": 257}, "size_limit"),
    ({"game": "xanadu", "format": "tables", "size_limit": 2}, "size_limit"),  # never a table's fewest
    ({"game": "xanadu", "format": "tables", "table_seats_min": 4, "size_limit": 3}, "size_limit"),
    ({"clock": {"per_decision": "forever"}}, "clock.per_decision"),
    ({"bots": [{"bot": "genius"}]}, "bots[0].bot"),
    ({"starts_at": "2000-01-01T00:00:00Z"}, "starts_at"),
    ({"withdraw_after_timeouts": 11}, "withdraw_after_timeouts"),
    ({"withdraw_after_timeouts": -1}, "withdraw_after_timeouts"),
    ({"withdraw_after_timeouts": 1.5}, "withdraw_after_timeouts"),
    ({"withdraw_after_timeouts": True}, "withdraw_after_timeouts"),
])
def test_a_bad_tournament_is_answered_400_naming_the_field_and_nothing_is_opened(client, change, field):
    ana = register(client, "ana")
    answer = organise(client, ana, **change)
    assert answer.status_code == 400, answer.json
    assert answer.json["field"] == field or field in str(answer.json.get("errors")), answer.json
    assert client.get("/api/players/me/tournaments", headers=bearer(ana["key"])).json == {"tournaments": []}


@pytest.mark.parametrize("given, shown", [({}, 1), ({"withdraw_after_timeouts": 0}, 0),
                                          ({"withdraw_after_timeouts": 3}, 3), ({"withdraw_after_timeouts": 10}, 10)])
def test_the_withdrawal_rule_is_set_when_organising_and_shown_with_the_tournament(client, given, shown):
    ana = register(client, "ana")
    opened = organise(client, ana, **given)
    assert opened.status_code == 201, opened.json
    assert opened.json["withdraw_after_timeouts"] == shown
    assert client.get(f"/api/tournaments/{opened.json['id']}").json["withdraw_after_timeouts"] == shown
    assert all(e["withdrawn_on_time"] is False for e in opened.json["entrants"])


def test_a_tables_tournament_may_be_limited_to_its_tables_fewest_seats(client):
    opened = organise(client, register(client, "ana"), game="xanadu", format="tables", table_seats_min=4, size_limit=4)
    assert opened.status_code == 201, opened.json
    assert (opened.json["size_limit"], opened.json["table_seats"]) == (4, [4, 6])


def test_an_unknown_tournament_is_not_found(client):
    answer = client.get("/api/tournaments/7e0c1a52-2b4f-4f8e-9d1e-3a5b6c7d8e90")
    assert answer.status_code == 404 and answer.json["field"] == "id"


def test_a_finished_tournaments_record_is_exported_and_verifies_but_not_before_its_end(client):
    from domain.tournaments.verify import verify_export

    ana, bo = register(client, "ana"), register(client, "bo")
    bots = [{"bot": "random"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}]
    played = organise(client, ana, bots=bots, rated=False).json
    running = organise(client, ana).json
    for player in (ana, bo):
        post(client, player, running["id"], "join")

    for tournament, words in ((played, "has not started"), (running, "is still running")):
        if tournament is running:
            assert post(client, ana, tournament["id"], "start").json["status"] == "running", "people play slowly"
        refused = client.get(f"/api/tournaments/{tournament['id']}/export")
        assert refused.status_code == 409 and refused.json["type"] == "/problems/not-finished"
        assert words in refused.json["detail"] and "seed" in refused.json["detail"]

    assert post(client, ana, played["id"], "start").json["status"] == "finished"
    exported = client.get(f"/api/tournaments/{played['id']}/export")
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"] == f'attachment; filename="tournament-{played["id"]}.json"'
    record = exported.json
    shown = client.get(f"/api/tournaments/{played['id']}").json
    assert record["format"] == "chronicle-tournament/1" and record["seed"] == shown["seed"]
    assert record["head"] == shown["head"], "the record ends in the head the service shows"
    assert [[t["game_id"] for t in r["tables"]] for r in record["rounds"]] == \
        [[t["game_id"] for t in r["tables"]] for r in shown["rounds"]]
    assert [s["player"] for s in record["standings"]] == [s["player"] for s in shown["standings"]]
    assert [s["points"] for s in record["rounds"][0]["standings_in"]] == ["0"] * 4
    verdict = verify_export(record)
    assert verdict.ok and verdict.rounds_checked == 2, verdict.problem
    assert client.get("/api/tournaments/00000000-0000-0000-0000-000000000000/export").status_code == 404


def test_entrants_join_with_their_rating_at_the_game_which_seeds_round_one(client, app, caught_up):
    from domain.tournaments.ranking import entrant_rating

    for seed in ("seeding-1", "seeding-2"):
        client.post("/api/games", json={"game": "chi", "seed": seed, "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    caught_up()
    ana, bo = register(client, "ana"), register(client, "bo")
    opened = organise(client, ana, bots=[{"bot": "greedy"}, {"bot": "random"}]).json
    joined = post(client, bo, opened["id"], "join").json

    leaderboards = app.extensions["chronicle"].leaderboards
    ratings = {e["name"]: e["rating"] for e in joined["entrants"]}
    assert ratings == {"greedy-bot": entrant_rating(leaderboards.rating("chi", {"bot": "greedy"})),
                       "random-bot": entrant_rating(leaderboards.rating("chi", {"bot": "random"})), "bo": 1500}
    assert ratings["greedy-bot"] != 1500 and ratings["random-bot"] != 1500, "rated bots join with their rating"
    assert leaderboards.rating("chi", {"player": bo["id"]}) is None, "bo has played no game: a newcomer's 1500"


def test_a_bot_account_joins_with_its_key_plays_its_round_and_is_ranked(client, services, caught_up):
    ana, robo = register(client, "ana"), bot_account(client, "robo")
    opened = organise(client, ana, rounds=1).json
    for player in (ana, robo):
        assert post(client, player, opened["id"], "join").status_code == 200
    assert post(client, ana, opened["id"], "start").status_code == 200
    [table] = client.get(f"/api/tournaments/{opened['id']}").json["rounds"][0]["tables"]
    assert sorted(table["players"]) == ["ana", "robo"]
    caught_up()
    inbox = client.get("/api/players/me/games", headers=bearer(robo["key"])).json["games"]
    assert [game["id"] for game in inbox] == [table["game_id"]], "the bot account finds its game as a player does"
    play_to_end(services, table["game_id"])
    finished = client.get(f"/api/tournaments/{opened['id']}").json
    assert finished["status"] == "finished"
    assert sorted(s["player"] for s in finished["standings"]) == ["ana", "robo"]
    assert sorted(s["points"] for s in finished["standings"]) in ([0.0, 1.0], [0.5, 0.5])
