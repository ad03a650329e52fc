"""Ratings through REST: a game's leaderboard a page at a time, a player's ratings with their
history, and each seat's rating change on a finished game."""

from __future__ import annotations

from tests.playing import play_to_end


def register(client, name):
    answer = client.post("/api/players", json={"name": name})
    assert answer.status_code == 201
    return answer.json


def players_game(client, services, host, guest, seed):
    """A game of Chi between two players, the guest joining the seat kept for them, played to its end."""
    created = client.post("/api/games", json={"game": "chi", "seed": seed, "seats": [
        {"player": host["id"]}, {"open": True, "player": guest["id"]}]},
        headers={"Authorization": f"Bearer {host['key']}"})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    joined = client.post(f"/api/games/{game_id}/seats/1/join", headers={"Authorization": f"Bearer {guest['key']}"})
    assert joined.status_code == 200, joined.json
    play_to_end(services, game_id, seed=seed)
    return game_id


def test_the_leaderboard_lists_players_and_bots_by_rating_a_page_at_a_time(client, services, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    game_id = players_game(client, services, ana, bo, "board-1")
    for seed in ("board-2", "board-3"):
        client.post("/api/games", json={"game": "chi", "seed": seed, "seats": [{"bot": "greedy"}, {"bot": "random"}]})
    caught_up()
    board = client.get("/api/leaderboards/chi").json
    assert board["total"] == 4 and board["next"] is None
    ratings = [row["rating"] for row in board["ratings"]]
    assert ratings == sorted(ratings, reverse=True)
    assert {row["name"] for row in board["ratings"]} == {"ana", "bo", "greedy-bot, version 1", "random-bot, version 1"}
    assert all(row["provisional"] for row in board["ratings"])

    first = client.get("/api/leaderboards/chi?limit=3").json
    assert len(first["ratings"]) == 3 and first["total"] == 4
    rest = client.get(first["next"]).json
    assert [row["rater"] for row in first["ratings"] + rest["ratings"]] == [row["rater"] for row in board["ratings"]]
    assert rest["next"] is None

    changes = client.get(f"/api/games/{game_id}/ratings").json
    assert changes["rated"] and [seat["seat"] for seat in changes["seats"]] == [0, 1]
    assert {seat["rater"] for seat in changes["seats"]} == {f"player:{ana['id']}", f"player:{bo['id']}"}
    assert all(abs(seat["after"] - seat["before"] - seat["change"]) < 0.02 for seat in changes["seats"])
    winner = next(seat for seat in changes["seats"] if seat["place"] == 1)
    assert winner["change"] > 0
    results = {result["id"]: result for result in client.get("/api/results?game=chi").json["results"]}
    assert results[game_id]["ratings"] == changes["seats"], "the result carries the rating change"


def test_a_players_page_shows_each_games_rating_and_its_history(client, services, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    for number in range(2):
        players_game(client, services, ana, bo, f"history-{number}")
    caught_up()
    shown = client.get(f"/api/players/{ana['id']}").json
    assert shown["name"] == "ana" and "key" not in shown and "callback_url" not in shown
    chi = shown["ratings"]["chi"]
    assert chi["games"] == 2 and [point["rating"] for point in chi["history"]][-1] == chi["rating"]


def test_a_game_that_counts_for_nobody_says_so_and_unknowns_are_404(client, services, caught_up):
    created = client.post("/api/games", json={"game": "chi", "seed": "unrated",
                                              "seats": [{"name": "cy"}, {"bot": "random"}]}).json
    play_to_end(services, created["id"])
    caught_up()
    assert client.get(f"/api/games/{created['id']}/ratings").json == {"rated": False, "seats": []}
    [result] = client.get("/api/results").json["results"]
    assert result["ratings"] is None
    unknown_game = client.get("/api/leaderboards/go")
    assert unknown_game.status_code == 404 and unknown_game.json["field"] == "game"
    unknown_player = client.get("/api/players/00000000-0000-4000-8000-000000000000")
    assert unknown_player.status_code == 404 and unknown_player.json["field"] == "player_id"
    assert client.get("/api/leaderboards/chi?cursor=nonsense").status_code == 400


def solo_game(client, services, player, game, seed, **options):
    created = client.post("/api/games", json={"game": game, "seed": seed, "seats": [{"player": player["id"]}],
                                              **({"options": options} if options else {})},
                          headers={"Authorization": f"Bearer {player['key']}"})
    assert created.status_code == 201, created.json
    return created.json["id"]


def test_the_courts_board_keeps_each_ones_best_score_and_title_the_advanced_game_apart(client, services, caught_up):
    ana = register(client, "ana")
    scores = []
    for number in range(2):
        game_id = solo_game(client, services, ana, "court", f"court-board-{number}")
        play_to_end(services, game_id, seed=f"court-board-{number}")
        scores.append(client.get(f"/api/games/{game_id}").json["outcome"])
    play_to_end(services, solo_game(client, services, ana, "court", "court-board-advanced", advanced=True))
    client.post("/api/games", json={"game": "court", "seed": "court-board-bot", "seats": [{"bot": "autoplayer"}]})
    caught_up()
    board = client.get("/api/leaderboards/court").json
    assert board["ratings"] == [], "a solo game is scored, not rated"
    assert set(board["solo_boards"]) == {"standard", "advanced"}
    standard = client.get(board["solo_boards"]["standard"]).json
    assert standard["against_rival"] is False and standard["total"] == 2
    best = max(scores, key=lambda outcome: outcome["scores"][0])
    [mine] = [row for row in standard["entries"] if row["player"] == ana["id"]]
    assert mine["games"] == 2 and mine["best_score"] == best["scores"][0] and mine["best_title"] == best["detail"]["title"]
    assert [row["best_score"] for row in standard["entries"]] == sorted((row["best_score"] for row in standard["entries"]),
                                                                         reverse=True)
    advanced = client.get("/api/leaderboards/court/solo/advanced").json
    assert [row["name"] for row in advanced["entries"]] == ["ana"] and advanced["entries"][0]["games"] == 1
    assert client.get(f"/api/players/{ana['id']}").json["solo"]["court"]["advanced"]["games"] == 1
    assert client.get("/api/leaderboards/court/solo/expert").status_code == 404


def test_tianxias_solo_board_counts_wins_and_losses_against_li_mu_per_difficulty(client, services, caught_up):
    ana = register(client, "ana")
    game_id = solo_game(client, services, ana, "tianxia", "li-mu-board", difficulty="hard")
    game = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {ana['key']}"}).json
    resigned = client.post(f"/api/games/{game_id}/actions", json={"action": {"type": "resign"},
                           "expected_version": game["version"]}, headers={"Authorization": f"Bearer {ana['key']}"})
    assert resigned.status_code == 200, resigned.json
    caught_up()
    hard = client.get("/api/leaderboards/tianxia/solo/hard").json
    assert hard["against_rival"] is True
    assert [(row["name"], row["wins"], row["losses"]) for row in hard["entries"]] == [("ana", 0, 1)], "resigning loses"
    assert client.get("/api/leaderboards/tianxia/solo/normal").json["entries"] == []


def test_a_cursor_holding_a_number_past_64_bits_is_refused_not_a_server_error(client):
    from projections import pages

    for cursor, path in ((pages.encode("solo:court:standard", [0, 2**64, "x"]), "/api/leaderboards/court/solo/standard"),
                         (pages.encode("leaderboard:chi", [2.0**70, "x"]), "/api/leaderboards/chi")):
        answer = client.get(path, query_string={"cursor": cursor})
        assert answer.status_code in (200, 400), answer.status_code
    assert client.get("/api/leaderboards/court/solo/standard",
                      query_string={"cursor": pages.encode("solo:court:standard", [0, 2**64, "x"])}).status_code == 400
    assert client.get("/leaderboards/court", query_string={
        "board": "standard", "cursor": pages.encode("solo:court:standard", [0, 2**64, "x"])}).status_code == 400
