"""/api/players: lasting identities, and a player's games, those awaiting them first."""

from __future__ import annotations

from flask import current_app
from flask.views import MethodView

from projections import player_names
from projections.game_states import GameStates
from projections.notices import PlayerNotices
from services.players.players import shown_player
from services.tournaments.news import TournamentNotices
from web import problem_types as kinds

from web.api import players_schemas as schemas
from web.api.examples import EXAMPLES
from web.api.links import next_link
from web.api.stream import streaming
from web.auth import required_bearer_token
from web.blueprint import Blueprint, chronicle
from web.openapi import BODY_ERRORS, server_sent_event

blp = Blueprint("players", __name__, url_prefix="/api/players", description="Players and their inbox")

PLAYER_KEY = [{"bearerAuth": []}]
NOTICE_EVENT = server_sent_event(
    ["inbox", "your_turn", "game_finished", "game_moved", "challenge", "tournament", "game_full", "game_state",
     "invitation"],
    "`inbox`: {awaiting_you: [notices], "
    "challenges: [challenges waiting for your answer], tournaments: [the latest tournament notice of each of "
    "your newest tournaments], and with `?games=full` invitations: [invitations]}; "
    "`challenge`: a challenge (as GET /api/challenges lists it) "
    "that came to you, was cancelled, or (yours) was answered; `tournament`: a tournament notice {id, kind "
    "(`round`: your game of a round, `bye`, `finished`: your place), tournament, title, round, words (\"Round 2 "
    "of Chi, a Swiss by oli: your game against bob\"), game, opponents, place, of, links}, told once; `your_turn`, "
    "`game_finished` and `game_moved` (a game moved on to wait on another seat, or had a seat taken): a notice {id, game, title, "
    "version, seat, opponents, last_move, deadline, status}. With `?games=full`: `game_full` (each running game "
    "right after `inbox`, and each game of yours that starts later) and `game_state` (each new version of one): "
    "{id, game, title, seat, version, status, your_decision, deadline, view (your seat's table, as GET "
    "/api/games/{id} answers your key), legal_actions (the `actions` GET /api/games/{id}/actions answers your "
    "key when it is your decision, else [])}; `invitation`: {id, game, title, seat} for a game keeping seat "
    "`seat` for you, which you take with POST /api/games/{id}/seats/{seat}/join", with_id=False)


def me():
    """The player whose key the request carries."""
    return chronicle().commands.players.by_key(required_bearer_token("send the player's key as 'Authorization: Bearer <key>'"))


@blp.route("")
class Players(MethodView):
    @blp.doc(operationId="findPlayers")
    @blp.arguments(schemas.PlayerSearch, location="query")
    @blp.response(200, schemas.FoundPlayers, example={"players": [{"id": EXAMPLES["PLAYER"]["id"], "name": "ana"}]})
    @blp.problems(400)
    def get(self, query):
        """Players whose name starts with `name` (case aside), in the order of their names: to find
        one to challenge. Two players may bear one name; their ids tell them apart."""
        game_list = chronicle().game_list
        game_list.catch_up_some()
        return {"players": player_names.starting_with(game_list.db, query["name"], query["limit"])}

    @blp.doc(operationId="registerPlayer")
    @blp.arguments(schemas.PlayerRequest, example={"name": "ana"})
    @blp.response(201, schemas.RegisteredPlayer, example=EXAMPLES["REGISTERED_PLAYER"])
    @blp.problems(*BODY_ERRORS, 429)
    def post(self, body):
        """Become a player: the answer holds the player's secret key, shown this once.

        Create games with a `{"player": id}` seat for yourself (sending this key), and `{"open": true,
        "player": id}` seats kept for the players you invite; the key then works wherever a seat
        token does."""
        return chronicle().commands.players.register(body["name"], body.get("callback_url"))


@blp.route("/me")
class Me(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="getMe")
    @blp.response(200, schemas.PlayerView, example=EXAMPLES["PLAYER"])
    @blp.problems(s401="no key", s403="a key of no player")
    def get(self):
        """The player the key belongs to."""
        return shown_player(me())

    @blp.doc(security=PLAYER_KEY, operationId="setCallback")
    @blp.arguments(schemas.CallbackRequest, example={"callback_url": "https://example.org/chronicle"})
    @blp.response(200, schemas.Callback, example=EXAMPLES["CALLBACK"])
    @blp.problems(*BODY_ERRORS, s401="no key", s403="a key of no player")
    def put(self, body):
        """Set (or, with null, stop) the URL the player's "your turn" notices (and their tournaments'
        news) are POSTed to; the answer holds a new signing secret, shown this once."""
        return chronicle().commands.players.set_callback(me(), body["callback_url"])


@blp.route("/me/bot")
class MyBotAccount(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="becomeBotAccount")
    @blp.response(200, schemas.PlayerView, example={**EXAMPLES["PLAYER"], "bot": True})
    @blp.problems(s401="no key", s403="a key of no player",
                  s422="the player sits in a game, or a game keeps a seat for them, already (`rule`: "
                       "players.bot-account.before-first-game)", kinds={422: kinds.BOT_ACCOUNT})
    def post(self):
        """Make the player a bot account, for good: a program plays as this player. Only before the
        player's first game (no game they sit in, no seat kept for them); asked again, it changes
        nothing. A bot account is shown as a bot everywhere and rated beside the built-in bots; it
        plays through challenges (it may issue and accept them, open ones too) and invitations (a
        seat kept for it, which it joins), never seating itself as a person; its stream
        (GET /api/players/me/stream) carries its games' states unless it asks `?games=notices`."""
        player = me()
        return chronicle().commands.players.become_bot(player, None if player.bot else chronicle().inbox.first_game(str(player.id)))


@blp.route("/me/games")
class MyGames(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="listMyGames")
    @blp.arguments(schemas.InboxQuery, location="query")
    @blp.response(200, schemas.Inbox, example=EXAMPLES["INBOX"])
    @blp.problems(400, s401="no key", s403="a key of no player")
    def get(self, query):
        """The player's games: those awaiting the player's decision first, nearest deadline (then longest
        waiting) first; then the running ones, then the finished ones, a page at a time. Beside them,
        `tournament_news`: where each of the player's newest tournaments stands for them, in words
        (its latest notice: their game of the round, a bye, or their final place)."""
        player_id = str(me().id)
        page = chronicle().inbox.page(player_id, **query)
        return {"games": page.rows,
                "next": next_link("players.MyGames", query, cursor=page.next) if page.next else None,
                "total": page.total,
                "tournament_news": TournamentNotices(chronicle().store).latest(player_id)}


@blp.route("/me/stream")
class MyNotices(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="streamMyNotices")
    @blp.arguments(schemas.PlayerStreamQuery, location="query")
    @blp.response(200, NOTICE_EVENT, content_type="text/event-stream", example=EXAMPLES["PLAYER_STREAM"],
                  description="a text/event-stream: `inbox` (the games awaiting the player, at once), then "
                              "`your_turn`, `game_finished` and `game_moved` notices across all the player's games, "
                              "`challenge` for each challenge that comes to the player or is answered, and "
                              "`tournament` for each round of a tournament of theirs that seats them (or gives "
                              "them a bye) and for its end. With "
                              "`?games=full` (a bot account's default): `game_full` for each running game right "
                              "after `inbox`, `game_state` for each new version of a game, `invitation` for each "
                              "game keeping a seat for the player. Each state carries the seat's whole view: a "
                              "client that missed messages is caught up by the next, and on reconnecting by the "
                              "`game_full`s. Messages have no ids: the opening messages are the catch-up")
    @blp.problems(400, s401="no key", s403="a key of no player",
                  s429="the key, or the address, holds as many streams open as it may")
    def get(self, query):
        """"Your turn", "game finished" and "game moved" notices across all the player's games, the
        player's challenges coming and answered, and their tournaments' news (a round's game, a bye,
        the final place), as server-sent events; with `?games=full`, each
        game's state as the player's seat sees it, and the player's invitations."""
        player = me()
        services = chronicle()
        full = query.get("games", "full" if player.bot else "notices") == "full"
        states = GameStates(services.store, services.queries, services.inbox, str(player.id)) if full else None
        notices = PlayerNotices(services.inbox, services.news, str(player.id),
                                current_app.config["CHRONICLE_STREAM_PACE"], services.commands.challenges, states,
                                TournamentNotices(services.store))
        return streaming(message.wire for message in notices.messages())


