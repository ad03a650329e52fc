"""The schemas of /api/games (web.api.games): creating a game and its seats, the lists of games and
results, and a game as the asker may see it (also the table of a replay step and of a joined seat)."""


from marshmallow import Schema, fields, validate

from projections.pages import MAX_LIMIT, MAX_OFFSET
from services.play.commands import MAX_DELAY, MAX_SEED_LENGTH
from web.api.common_schemas import NEXT_PAGE, Name, WholeNumber, cursor_field, next_link
from web.bodies import INT64_MAX


class SeatRequest(Schema):
    open = fields.Boolean(metadata={"description": "true: a seat any player may take later (POST .../seats/{n}/join); "
                                                  "with `player`, kept for that player, the only one who may take it"})
    name = Name(metadata={"description": "a person's name", "example": "ana"})
    bot = fields.String(metadata={"description": "the name of a bot, e.g. 'random'"})
    strength = fields.Raw(allow_none=True, metadata={"description": "a searching bot's strength, 1 to 5 (default 3, the game's own "
                                                   "budget): each step up doubles its thinking", "example": 3})
    player = fields.String(metadata={"description": "a player's id (POST /api/players): the player's key opens the seat. "
                                                    "Alone, only for the player whose key the request carries "
                                                    "(Authorization: Bearer <key>); with `open`, a seat kept for them"})


MAX_SEATS = 8


class CreateGameRequest(Schema):
    game = fields.String(required=True, metadata={"example": "chi"})
    seats = fields.List(fields.Nested(SeatRequest), required=True, validate=validate.Length(min=1, max=MAX_SEATS))
    seed = fields.String(validate=validate.Length(min=1, max=MAX_SEED_LENGTH),
                         metadata={"description": "fixes the deal; otherwise the server draws one"})
    options = fields.Dict(keys=fields.String(), metadata={"description": "'sandbox': true marks the game as a sandbox; "
                                                                       "'casual': true plays it for no rating"})
    spectator_delay = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_DELAY), metadata={
        "description": "spectators see the running game this many steps behind (the seats see it as it is)"})
    clock = fields.Dict(
        keys=fields.String(),
        metadata={"description": "a time for each decision: per_decision (ISO 8601 duration, 10 s to 60 days, "
                                 "stored in its canonical form), "
                                 "on_timeout ('forfeit': the seat resigns; 'bot': a bot plays that decision), "
                                 "bot (which, for 'bot'; default the game's stand-in)",
                  "example": {"per_decision": "P1D", "on_timeout": "forfeit"}},
    )
    scenario = fields.Dict(
        keys=fields.String(),
        metadata={"description": "in place of a random deal, a chosen position (a sandbox game); the format is "
                                 "the game's own: see the examples of POST /api/games"},
    )


class SeatToken(Schema):
    seat = fields.Integer()
    name = fields.String()
    token = fields.String(metadata={"description": "the seat's secret: send it as 'Authorization: Bearer <token>'"})


class CreatedGame(Schema):
    id = fields.String()
    version = fields.Integer()
    seed_commitment = fields.String(metadata={"description": "SHA-256 of the seed, revealed when the game ends"})
    tokens = fields.List(fields.Nested(SeatToken))
    links = fields.Dict()


class Seat(Schema):
    seat = fields.Integer()
    name = fields.String()
    kind = fields.String(metadata={"description": "'person', 'bot' or 'open' (nobody holds it yet); a bot "
                                                 "account's seat is a person's with `bot_account`"})
    bot = fields.String(allow_none=True, metadata={"description": "the built-in bot playing this seat, if any"})
    bot_account = fields.Boolean(metadata={"description": "true: a bot account (a program playing as a player) holds "
                                                          "this seat (absent otherwise)"})
    strength = fields.Integer(metadata={"description": "the strength chosen for the seat's bot, if any"})
    player = fields.String(allow_none=True, metadata={"description": "the id of the player sitting here, if any"})
    reserved_for = fields.String(metadata={"description": "an open seat kept for this player (an id): only they may join it"})


class ToAct(Schema):
    seat = fields.Integer()
    name = fields.String()
    bot = fields.String(allow_none=True)


class FailedTurn(Schema):
    attempts = fields.Integer(metadata={"description": "how many times the turn was tried and failed"})
    error = fields.String(metadata={"description": "the kind of failure (the exception's name; the log says more)"})
    since = fields.String(metadata={"description": "when it first failed, ISO 8601 UTC"})
    next_try = fields.String(metadata={"description": "when it is tried again, ISO 8601 UTC"})
    retries_spent = fields.Boolean(metadata={
        "description": "the quick retries are spent: it is tried again after a pause that doubles each time"})


class GameListQuery(Schema):
    status = fields.String(validate=validate.OneOf(["running", "finished"]))
    open = fields.Boolean(metadata={"description": "true: only running games with a seat anyone may take"})
    game = fields.String()
    limit = WholeNumber(load_default=50, validate=validate.Range(min=1, max=MAX_LIMIT),
                        metadata={"description": "how many to list"})
    offset = WholeNumber(load_default=0, validate=validate.Range(min=0, max=MAX_OFFSET),
                         metadata={"description": "how many to skip, from the first (not with `cursor`, which "
                                                  "costs less deep in the list)"})
    cursor = cursor_field()


SANDBOX = "a game from a chosen position or a fork: not a real game (it counts for no rating)"


class LastMove(Schema):
    version = fields.Integer(metadata={"description": "the step of its first event"})
    seat = fields.Integer()
    description = fields.String()
    at = fields.String()


class GameSummary(Schema):
    id = fields.String()
    game = fields.String()
    title = fields.String()
    status = fields.String()
    sandbox = fields.Boolean(metadata={"description": SANDBOX})
    seats = fields.List(fields.Nested(Seat))
    to_act = fields.Nested(ToAct, allow_none=True)
    version = fields.Integer()
    created_at = fields.String()
    last_activity = fields.String()
    last_move = fields.Nested(LastMove, allow_none=True)
    deadline = fields.String(allow_none=True, metadata={"description": "when the decision at hand is due, if the game has a clock"})
    spectator_delay = fields.Integer(metadata={"description": "a running game with a delay shows no more of itself here "
                                                              "than its spectators may see"})
    open_seats = fields.List(fields.Integer(), metadata={"description": "the seats anyone may take: POST "
                                                                        "/api/games/{id}/seats/{n}/join"})


class GameList(Schema):
    games = fields.List(fields.Nested(GameSummary))
    next = next_link(NEXT_PAGE)
    total = fields.Integer(metadata={"description": "how many games the list holds, with these filters"})


class Result(Schema):
    id = fields.String()
    game = fields.String()
    sandbox = fields.Boolean(metadata={"description": SANDBOX})
    seats = fields.List(fields.Nested(Seat))
    scores = fields.List(fields.Integer())
    winners = fields.List(fields.Integer())
    tie = fields.Boolean()
    reason = fields.String()
    headline = fields.String(metadata={"description": "who won in words: \"ana won\", \"Li Mu won\", \"a draw\", "
                                                      "\"ana's time ran out; bo won\", a solitaire's score and title"})
    finished_at = fields.String()
    ratings = fields.List(fields.Nested("RatingChange"), allow_none=True, metadata={
        "description": "each seat's rating before and after the game; null for a game that counts for no rating "
                       "(or not yet rated)"})


class ResultList(Schema):
    results = fields.List(fields.Nested(Result))
    next = next_link(NEXT_PAGE)
    total = fields.Integer(metadata={"description": "how many results the list holds, with this filter"})


class Outcome(Schema):
    scores = fields.List(fields.Integer())
    winners = fields.List(fields.Integer())
    tie = fields.Boolean()
    beaten_by = fields.String(metadata={"description": "a rival the rules play (Tianxia's li-mu) who won, when no seat did"})
    reason = fields.String()
    detail = fields.Dict()
    words = fields.Dict(metadata={"description": "the result in words: headline (\"Li Mu won\", \"a draw\"), reason, "
                                                 "standings (every seat and rival ranked: name, score, place, winner, "
                                                 "seat), columns and lines (the detail, labelled and ordered)"})


class GameView(Schema):
    id = fields.String()
    game = fields.String()
    title = fields.String()
    rules_version = fields.String()
    version = fields.Integer()
    status = fields.String()
    sandbox = fields.Boolean(metadata={"description": SANDBOX})
    seats = fields.List(fields.Nested(Seat))
    you = fields.Integer(allow_none=True, metadata={"description": "the seat the token holds; null for a spectator"})
    to_act = fields.Nested(ToAct, allow_none=True)
    rules_turn = fields.String(allow_none=True, metadata={
        "description": "the rival whose turn the rules play now (Tianxia's li-mu), with no seat to act; null otherwise"})
    failed_turn = fields.Nested(FailedTurn, allow_none=True, metadata={
        "description": "where bots play on workers: the bot's or the rules' turn the game waits on failed (a store "
                       "that was busy, say) and will be tried again at next_try; null otherwise"})
    pending = fields.List(fields.Dict(), metadata={
        "description": "the interrupts waiting (a response window, a choice an effect asks for), bottom first, each "
                       "{seat, kind: window | choice, rule, facts, decline}: all public; the top one's seat is to_act"})
    table = fields.Dict(metadata={"description": "the game's table as the asker may see it"})
    outcome = fields.Nested(Outcome, allow_none=True)
    options = fields.Dict(keys=fields.String(), metadata={
        "description": "the game's own options as it plays them (the Court's `advanced`, Xanadu's `edition`, "
                       "Xi's `pass_when_unable`)"})
    clock = fields.Dict(allow_none=True, metadata={"description": "the game's clock, if it has one"})
    spectator_delay = fields.Integer(metadata={"description": "how many steps behind spectators see the running game"})
    deadline = fields.String(allow_none=True, metadata={
        "description": "when the decision at hand is due (a person's, in a game with a clock), ISO 8601 UTC"})
    seed_commitment = fields.String()
    seed = fields.String(metadata={"description": "only once the game is over"})
    created_at = fields.String()
    last_activity = fields.String()


class ForkQuery(Schema):
    at = WholeNumber(required=True, validate=validate.Range(min=2, max=INT64_MAX), metadata={
        "description": "the step to start from: the last step of a decision, 2 to the game's version", "example": 20})
