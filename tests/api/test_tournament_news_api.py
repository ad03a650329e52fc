"""A tournament's news over HTTP: a player's notices stream tells them their round's game (or bye)
in words as the round is paired, and their inbox (GET /api/players/me/games) shows where each of
their tournaments stands for them; another player's news is not theirs."""

from __future__ import annotations

from tests.api.test_games_api import bearer
from tests.api.test_players_api import register
from tests.api.test_streams import Script, read
from tests.api.test_tournaments_api import organise, post

NAME = "Chi, a Swiss by oli"


def words_of(tournament, name):
    """What `name` should hear of round one: their game against whom, or their bye."""
    [played] = tournament["rounds"]
    if name in played["byes"]:
        return f"Round 1 of {NAME}: you have a bye", None
    [table] = [t for t in played["tables"] if name in t["players"]]
    [opponent] = [other for other in table["players"] if other != name]
    return f"Round 1 of {NAME}: your game against {opponent}", table["game_id"]


def test_the_stream_tells_a_player_their_round_as_it_is_paired_and_the_inbox_shows_it(client, app):
    oli, ana, bo = register(client, "oli"), register(client, "ana"), register(client, "bo")
    tournament = organise(client, oli, bots=[{"bot": "random", "name": "robo"}], rated=False).json
    for player in (ana, bo):
        assert post(client, player, tournament["id"], "join").status_code == 200
    started = []
    _, messages = read(client, app, "/api/players/me/stream",
                       Script([lambda: started.append(post(client, oli, tournament["id"], "start").json)], lifetime=4),
                       bearer(ana["key"]))
    kind, _, opening = messages[0]
    assert kind == "inbox" and opening["tournaments"] == []
    [running] = started
    words, game_id = words_of(running, "ana")
    [told] = [data for kind, _, data in messages[1:] if kind == "tournament"]
    assert (told["words"], told["game"], told["round"]) == (words, game_id, 1)
    assert told["links"]["tournament_page"] == f"/tournaments/{tournament['id']}"
    if game_id is not None:
        assert told["links"]["game"] == f"/api/games/{game_id}" and told["links"]["page"] == f"/games/{game_id}"

    for player in (ana, bo):
        inbox = client.get("/api/players/me/games", headers=bearer(player["key"])).json
        [news] = inbox["tournament_news"]
        assert (news["words"], news["game"]) == words_of(running, player["name"]), "each hears their own"
        assert news["kind"] == ("round" if news["game"] else "bye")
    assert client.get("/api/players/me/games", headers=bearer(oli["key"])).json["tournament_news"] == [], \
        "the organiser did not play: there is nothing to tell them"
