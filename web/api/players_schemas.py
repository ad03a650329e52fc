"""The schemas of players (web.api.players): registering, finding, callbacks, and a player's inbox."""


from marshmallow import Schema, fields, validate

from projections.pages import MAX_LIMIT
from services.log.names import MAX_NAME
from services.players.destinations import MAX_URL
from web.api.common_schemas import NEXT_PAGE, Name, WholeNumber, cursor_field, next_link
from web.api.games_schemas import GameSummary, Seat


class PlayerRequest(Schema):
    name = Name(required=True, metadata={"description": "the player's name", "example": "ana"})
    callback_url = fields.String(metadata={"description": "an http(s) URL to POST a signed notice to whenever a "
                                                          "game comes to wait on the player; its host must be a "
                                                          "public internet address (or resolve only to such)",
                                           "pattern": "^https?://", "maxLength": MAX_URL})


class PlayerSearch(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=MAX_NAME),
                         metadata={"description": "the start of the name, case aside"})
    limit = WholeNumber(load_default=10, validate=validate.Range(min=1, max=20), metadata={"description": "how many"})


class FoundPlayer(Schema):
    id = fields.String()
    name = fields.String()
    bot = fields.Boolean(metadata={"description": "a bot account: a program plays as this player"})


class FoundPlayers(Schema):
    players = fields.List(fields.Nested(FoundPlayer))


class CallbackRequest(Schema):
    callback_url = fields.String(required=True, allow_none=True,
                                 metadata={"description": "where to POST the player's notices (an http(s) URL whose "
                                                          "host is public); null to stop",
                                           "pattern": "^https?://", "maxLength": MAX_URL})


class PlayerView(Schema):
    id = fields.String()
    name = fields.String()
    callback_url = fields.String(allow_none=True)
    bot = fields.Boolean(metadata={"description": "a bot account (POST /api/players/me/bot): a program plays as "
                                                  "this player"})


class Callback(Schema):
    callback_url = fields.String(allow_none=True)
    webhook_secret = fields.String(metadata={
        "description": "signs each notice the Standard Webhooks way (www.standardwebhooks.com), shown once: "
                       "`whsec_<base64>`; each POST has `webhook-id` (the delivery, the same on every retry), "
                       "`webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` "
                       "(`v1,<base64 HMAC-SHA-256 of \"id.timestamp.body\">`); verify with any Standard Webhooks "
                       "library, e.g. Python's `standardwebhooks.Webhook(secret).verify(body, headers)`"})


class RegisteredPlayer(PlayerView, Callback):
    key = fields.String(metadata={"description": "the player's secret, shown this once: send it as "
                                                "'Authorization: Bearer <key>' in any game of the player's"})


class InboxQuery(Schema):
    status = fields.String(validate=validate.OneOf(["running", "finished"]))
    limit = WholeNumber(load_default=100, validate=validate.Range(min=1, max=MAX_LIMIT),
                        metadata={"description": "how many to list"})
    cursor = cursor_field()


class InboxGame(GameSummary):
    seat = fields.Integer(metadata={"description": "the player's seat in this game"})
    your_decision = fields.Boolean(metadata={"description": "the game waits on the player"})
    opponents = fields.List(fields.Nested(Seat))


class TournamentLinks(Schema):
    tournament = fields.String(metadata={"description": "the tournament (GET /api/tournaments/{id})"})
    tournament_page = fields.String(metadata={"description": "the tournament's page"})
    game = fields.String(metadata={"description": "the player's game of the round, with `kind` round"})
    page = fields.String(metadata={"description": "that game's page"})


class TournamentNotice(Schema):
    id = fields.String(metadata={"description": "the notice, the same wherever it is told: "
                                                "`<tournament>:round-<n>`, `<tournament>:withdrawn` or "
                                                "`<tournament>:finished`"})
    kind = fields.String(validate=validate.OneOf(["round", "bye", "withdrawn", "finished"]),
                         metadata={"description": "`round`: a round seats the player at a game; `bye`: a round "
                                                  "gives them a bye; `withdrawn`: the withdrawal rule took them "
                                                  "out after losses on time; `finished`: the tournament ended"})
    tournament = fields.String(metadata={"description": "the tournament's id"})
    title = fields.String(metadata={"description": "the game the tournament is of"})
    round = fields.Integer(allow_none=True, metadata={"description": "the round (for `withdrawn`: the last "
                                                                     "they played; none for `finished`)"})
    words = fields.String(metadata={"description": "the notice in words",
                                    "example": "Round 2 of Chi, a Swiss by oli: your game against bob"})
    game = fields.String(allow_none=True, metadata={"description": "the player's game of the round (`round`)"})
    opponents = fields.List(fields.String(), metadata={"description": "the others at the player's table (`round`)"})
    place = fields.Integer(allow_none=True, metadata={"description": "the player's final place (`finished`)"})
    of = fields.Integer(allow_none=True, metadata={"description": "among how many (`finished`)"})
    links = fields.Nested(TournamentLinks)


class Inbox(Schema):
    games = fields.List(fields.Nested(InboxGame))
    next = next_link(NEXT_PAGE)
    total = fields.Integer(metadata={"description": "how many games the player has, with this filter"})
    tournament_news = fields.List(fields.Nested(TournamentNotice), metadata={
        "description": "where each of the player's newest tournaments stands for them: its latest notice "
                       "(their game of the round, a bye, their withdrawal after losses on time, or their "
                       "final place), the newest tournament first"})


class PlayerStreamQuery(Schema):
    games = fields.String(validate=validate.OneOf(["full", "notices"]), metadata={
        "description": "`full` (a bot account's default): also each game's state as the player's seat sees it, "
                       "`game_full` for every running game at once and for each new one, then `game_state` for "
                       "every new version, and `invitation` for each game keeping a seat for the player; "
                       "`notices` (everyone else's default): the notices only"})
