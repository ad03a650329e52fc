"""Bot accounts over REST: a player becomes one before their first game, for good; it is shown as
a bot everywhere, plays through challenges and invitations (never seating itself as a person), is
rated beside the built-in bots, and its stream carries its games' states."""

from __future__ import annotations

from tests.api.test_games_api import PROBLEM, bearer
from tests.api.test_players_api import register, two_players_game
from tests.api.test_streams import Script, read
from tests.playing import play_to_end


def become_bot(client, player):
    return client.post("/api/players/me/bot", headers=bearer(player["key"]))


def bot_account(client, name):
    player = register(client, name)
    answer = become_bot(client, player)
    assert answer.status_code == 200, answer.json
    return player


def test_a_newcomer_becomes_a_bot_account_for_good_and_is_shown_as_one(client, caught_up):
    robo = register(client, "robo")
    assert client.get("/api/players/me", headers=bearer(robo["key"])).json["bot"] is False
    answer = become_bot(client, robo)
    assert answer.status_code == 200 and answer.json == {"id": robo["id"], "name": "robo", "callback_url": None, "bot": True}
    again = become_bot(client, robo)
    assert again.status_code == 200 and again.json["bot"] is True, "asked again, it changes nothing"
    assert client.get("/api/players/me", headers=bearer(robo["key"])).json["bot"] is True
    assert client.get(f"/api/players/{robo['id']}").json["bot"] is True
    ana = register(client, "ana")
    caught_up()
    assert client.get("/api/players?name=rob").json["players"] == [{"id": robo["id"], "name": "robo", "bot": True}]
    assert client.get("/api/players?name=an").json["players"] == [{"id": ana["id"], "name": "ana"}]


def test_the_switch_is_refused_once_the_player_sits_in_a_game_or_is_invited_to_one(client):
    ana, bo, cy = register(client, "ana"), register(client, "bo"), register(client, "cy")
    two_players_game(client, ana, bo, seed="before-the-switch")
    refused = become_bot(client, ana)
    assert refused.status_code == 422 and refused.mimetype == PROBLEM
    assert refused.json["type"] == "/problems/bot-account" and refused.json["rule"] == "players.bot-account.before-first-game"
    assert "ana sits in a game already" in refused.json["detail"] and "before their first game" in refused.json["detail"]
    assert client.get("/api/players/me", headers=bearer(ana["key"])).json["bot"] is False, "nothing changed"
    client.post("/api/games", headers=bearer(ana["key"]), json={
        "game": "chi", "seats": [{"player": ana["id"]}, {"open": True, "player": cy["id"]}]})
    invited = become_bot(client, cy)
    assert invited.status_code == 422 and "has a seat kept for them" in invited.json["detail"]
    assert client.get(f"/api/players/{cy['id']}").json["bot"] is False


def test_a_bot_account_may_not_seat_itself_as_a_person(client, caught_up):
    robo = bot_account(client, "robo")
    before = client.get("/api/games").json["total"]
    refused = client.post("/api/games", headers=bearer(robo["key"]), json={
        "game": "chi", "seats": [{"player": robo["id"]}, {"bot": "random"}]})
    assert refused.status_code == 422 and refused.mimetype == PROBLEM
    assert refused.json["field"] == "seats[0].player" and refused.json["rule"] == "players.bot-account.no-seat-as-person"
    assert "challenges" in refused.json["detail"] and "invitations" in refused.json["detail"]
    caught_up()
    assert client.get("/api/games").json["total"] == before, "no game was created"


def test_a_bot_account_joins_the_seat_kept_for_it_and_its_seat_says_it_is_a_bot(client, caught_up):
    ana, robo = register(client, "ana"), bot_account(client, "robo")
    game = two_players_game(client, ana, robo, seed="kept-for-a-bot")["id"]
    seats = client.get(f"/api/games/{game}").json["seats"]
    assert seats[1]["bot_account"] is True and "bot_account" not in seats[0]
    caught_up()
    [row] = client.get("/api/players/me/games", headers=bearer(ana["key"])).json["games"]
    assert row["opponents"][0]["bot_account"] is True
    listed = next(g for g in client.get("/api/games").json["games"] if g["id"] == game)
    assert listed["seats"][1]["bot_account"] is True


def test_a_bot_account_issues_and_accepts_challenges_marked_as_a_bot(client):
    ana, robo = register(client, "ana"), bot_account(client, "robo")
    issued = client.post("/api/challenges", headers=bearer(robo["key"]), json={"game": "chi", "to": ana["id"]})
    assert issued.status_code == 201 and issued.json["challenger"] == {"id": robo["id"], "name": "robo", "bot": True}
    incoming = client.get("/api/challenges", headers=bearer(ana["key"])).json["incoming"]
    assert incoming[0]["challenger"]["bot"] is True
    accepted = client.post(f"/api/challenges/{issued.json['id']}/accept", headers=bearer(ana["key"]))
    assert accepted.status_code == 200, accepted.json
    seats = client.get(f"/api/games/{accepted.json['game_id']}").json["seats"]
    assert [seat.get("bot_account", False) for seat in seats if seat["player"] == robo["id"]] == [True]
    open_one = client.post("/api/challenges", headers=bearer(ana["key"]), json={"game": "chi"}).json
    taken = client.post(f"/api/challenges/{open_one['id']}/accept", headers=bearer(robo["key"]))
    assert taken.status_code == 200 and taken.json["taker"]["bot"] is True


def test_a_bot_account_is_rated_beside_the_built_in_bots_and_a_rebuild_agrees(client, services, app, caught_up):
    robo = bot_account(client, "robo")
    created = client.post("/api/games", json={"game": "chi", "seed": "rated-bot-account",
                                               "seats": [{"open": True, "player": robo["id"]}, {"bot": "random"}]})
    assert created.status_code == 201, created.json
    game = created.json["id"]
    assert client.post(f"/api/games/{game}/seats/0/join", headers=bearer(robo["key"])).status_code == 200
    play_to_end(services, game, seed="rated-bot-account")
    caught_up()
    board = client.get("/api/leaderboards/chi").json["ratings"]
    rows = {row["kind"]: row for row in board}
    assert set(rows) == {"bot_account", "bot"}
    assert rows["bot_account"]["name"] == "robo" and rows["bot_account"]["bot"] is True
    assert rows["bot_account"]["player"] == robo["id"] and rows["bot"]["bot"] is True
    assert client.get(f"/api/players/{robo['id']}").json["ratings"]["chi"]["kind"] == "bot_account"
    app.extensions["chronicle"].game_list.rebuild()
    assert client.get("/api/leaderboards/chi").json["ratings"] == board


def test_a_bot_accounts_stream_carries_its_games_states_unless_it_asks_for_notices_only(client, app):
    ana, robo = register(client, "ana"), bot_account(client, "robo")
    game = two_players_game(client, ana, robo, seed="bot-stream")["id"]
    _, messages = read(client, app, "/api/players/me/stream", Script(lifetime=1), bearer(robo["key"]))
    fulls = [data for kind, _, data in messages if kind == "game_full"]
    assert [(full["id"], full["seat"]) for full in fulls] == [(game, 1)]
    assert fulls[0]["view"] == client.get(f"/api/games/{game}", headers=bearer(robo["key"])).json
    _, quiet = read(client, app, "/api/players/me/stream?games=notices", Script(lifetime=1), bearer(robo["key"]))
    assert not [kind for kind, _, _ in quiet if kind == "game_full"]


def test_a_bot_account_follows_a_game_from_a_challenge_on_its_stream_and_is_caught_up_after_a_break(client, app):
    ana, robo = register(client, "ana"), bot_account(client, "robo")
    issued = client.post("/api/challenges", headers=bearer(ana["key"]), json={"game": "chi", "to": robo["id"]}).json
    accepted = []

    def accept():
        accepted.append(client.post(f"/api/challenges/{issued['id']}/accept", headers=bearer(robo["key"])).json["game_id"])

    def move():
        game = client.get(f"/api/games/{accepted[0]}").json
        key = robo["key"] if game["to_act"]["name"] == "robo" else ana["key"]
        action = client.get(f"/api/games/{accepted[0]}/actions", headers=bearer(key)).json["actions"][0]
        assert client.post(f"/api/games/{accepted[0]}/actions", headers=bearer(key),
                           json={"action": action, "expected_version": game["version"]}).status_code == 200

    _, messages = read(client, app, "/api/players/me/stream", Script([accept, move], lifetime=4), bearer(robo["key"]))
    told = [(kind, data.get("id")) for kind, _, data in messages if kind in ("game_full", "game_state")]
    assert told == [("game_full", accepted[0]), ("game_state", accepted[0])]
    last = [data for kind, _, data in messages if kind == "game_state"][-1]
    move()  # while the stream is closed
    _, again = read(client, app, "/api/players/me/stream", Script(lifetime=1), bearer(robo["key"]))
    [caught_up] = [data for kind, _, data in again if kind == "game_full"]
    assert caught_up["version"] > last["version"]
    assert caught_up["view"] == client.get(f"/api/games/{accepted[0]}", headers=bearer(robo["key"])).json
    assert caught_up["view"]["seats"][caught_up["seat"]]["bot_account"] is True
