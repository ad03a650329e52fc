"""/api/players: lasting identities, and a player's games, those awaiting them first."""

from __future__ import annotations

from flask import current_app
from flask.views import MethodView

from projections.notices import PlayerNotices

from web import schemas
from web.auth import required_bearer_token
from web.api_stream import streaming
from web.blueprint import Blueprint, chronicle

blp = Blueprint("players", __name__, url_prefix="/api/players", description="Players and their inbox")

PLAYER_KEY = [{"bearerAuth": []}]


def me():
    """The player whose key the request carries."""
    return chronicle().commands.players.by_key(required_bearer_token("send the player's key as 'Authorization: Bearer <key>'"))


@blp.route("")
class Players(MethodView):
    @blp.arguments(schemas.PlayerRequest)
    @blp.response(201, schemas.RegisteredPlayer)
    def post(self, body):
        """Become a player: the answer holds the player's secret key, shown this once.

        Create games with a `{"player": id}` seat for yourself (sending this key), and `{"open": true,
        "player": id}` seats kept for the players you invite; the key then works wherever a seat
        token does."""
        return chronicle().commands.players.register(body["name"], body.get("callback_url"))


@blp.route("/me")
class Me(MethodView):
    @blp.doc(security=PLAYER_KEY)
    @blp.response(200, schemas.PlayerView)
    @blp.alt_response(401, description="no key")
    @blp.alt_response(403, description="a key of no player")
    def get(self):
        """The player the key belongs to."""
        player = me()
        return {"id": str(player.id), "name": player.name, "callback_url": player.callback_url}

    @blp.doc(security=PLAYER_KEY)
    @blp.arguments(schemas.CallbackRequest)
    @blp.response(200, schemas.Callback)
    @blp.alt_response(401, description="no key")
    @blp.alt_response(403, description="a key of no player")
    def put(self, body):
        """Set (or, with null, stop) the URL the player's "your turn" notices are POSTed to; the
        answer holds a new signing secret, shown this once."""
        return chronicle().commands.players.set_callback(me(), body["callback_url"])


@blp.route("/me/games")
class MyGames(MethodView):
    @blp.doc(security=PLAYER_KEY)
    @blp.arguments(schemas.InboxQuery, location="query")
    @blp.response(200, schemas.Inbox)
    @blp.alt_response(401, description="no key")
    @blp.alt_response(403, description="a key of no player")
    def get(self, query):
        """The player's games: those awaiting the player's decision first, longest waiting first."""
        return {"games": chronicle().inbox.games_of(str(me().id), **query)}


@blp.route("/me/stream")
class MyNotices(MethodView):
    @blp.doc(security=PLAYER_KEY, responses={200: {
        "description": "a text/event-stream: `inbox` (the games awaiting the player, at once), then "
                       "`your_turn` and `game_finished` notices across all the player's games",
        "content": {"text/event-stream": {"schema": {"type": "string"}}}}})
    @blp.alt_response(401, description="no key")
    @blp.alt_response(403, description="a key of no player")
    def get(self):
        """"Your turn" and "game finished" notices across all the player's games, as server-sent events."""
        notices = PlayerNotices(chronicle().inbox, str(me().id), current_app.config["CHRONICLE_STREAM_PACE"])
        return streaming(notices.messages())

