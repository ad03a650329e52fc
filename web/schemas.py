"""Marshmallow schemas of the REST API: what requests must hold and what answers carry."""

import re

from marshmallow import Schema, ValidationError, fields, validate

from projections.pages import MAX_CURSOR, MAX_LIMIT, MAX_OFFSET
from services.play.commands import MAX_DELAY, MAX_SEED_LENGTH
from services.errors import InvalidRequest
from services.log.names import MAX_NAME, checked_name
from services.play.queries import MAX_PAGE, PAGE
from services.players.destinations import MAX_URL
from web.bodies import INT64_MAX


class Name(fields.String):
    """A person's name, composed (NFC) and trimmed, then checked as services.log.names says."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).update(minLength=1, maxLength=MAX_NAME)
        kwargs["metadata"]["description"] = kwargs["metadata"].get("description", "a name") + (
            f": at most {MAX_NAME} characters, at least one of them visible, none a control or format character "
            "(no bidirectional control, no zero-width space); kept in Unicode's composed form (NFC)")
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return checked_name(super()._deserialize(value, attr, data, **kwargs), attr)
        except InvalidRequest as error:
            raise ValidationError(error.reason) from None


class WholeNumber(fields.Integer):
    """An integer in a query string: ASCII digits, perhaps after a minus sign, within 64 bits (not
    what Python's int() also reads: "1_000", " 5", "٣")."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str) and not WHOLE_NUMBER.fullmatch(value):
            raise ValidationError(f"a whole number in digits, within 64 bits, not {value[:40]!r}")
        return super()._deserialize(value, attr, data, **kwargs)


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,19}")


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
    kind = fields.String(metadata={"description": "'person', 'bot' or 'open' (nobody holds it yet)"})
    bot = fields.String(allow_none=True)
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


def cursor_field() -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=MAX_CURSOR), metadata={
        "description": "where the page starts: the cursor in the `next` link of the page before; opaque, "
                       "refused (400) if it is not one this list gave"})


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


def next_link(description: str) -> fields.String:
    return fields.String(allow_none=True, metadata={"description": description})


NEXT_PAGE = "the link to the next page (the same filters and limit, from a cursor); null on the last page"


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


class SeenEvent(Schema):
    version = fields.Integer()
    type = fields.String()
    rule = fields.String()
    description = fields.String()
    data = fields.Dict()
    hidden = fields.List(fields.String(), metadata={"description": "names of facts hidden from the asker"})
    cause = fields.Dict()
    chain = fields.String(metadata={"description": "the event's hash in the game's chain (HMAC-SHA-256 keyed by the seed)"})
    at = fields.String()


class LegalActions(Schema):
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    to_act = fields.Integer(allow_none=True)
    actions = fields.List(fields.Dict(), metadata={"description": "each can be posted back unchanged"})
    open_actions = fields.List(fields.Dict(), metadata={
        "description": "open to the seat whoever's decision it is, e.g. {'type': 'resign'}: post one back "
                       "unchanged, with the current version"})


class ActRequest(Schema):
    action = fields.Dict(required=True, metadata={"example": {"type": "draw", "slot": 0}})
    expected_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))


class ActReply(Schema):
    game_id = fields.String()
    version = fields.Integer()
    receipt = fields.String(metadata={"description": "the head of the game's hash chain after this move: keep it to prove the history later"})
    status = fields.String()
    to_act = fields.Nested(ToAct, allow_none=True)
    rules_turn = fields.String(allow_none=True, metadata={
        "description": "the rival whose turn the rules play now (Tianxia's li-mu), with no seat to act; null otherwise"})
    events = fields.List(fields.Nested(SeenEvent))


class VersionsQuery(Schema):
    after = WholeNumber(load_default=0, validate=validate.Range(min=0, max=INT64_MAX), metadata={
        "description": "the page starts after this version (0: from the first)"})
    limit = WholeNumber(load_default=PAGE, validate=validate.Range(min=1, max=MAX_PAGE), metadata={
        "description": f"how many versions the page holds at most (default {PAGE})"})


NEXT_VERSIONS = ("the link to the page of the versions after this one's (`after` and the same `limit`); null when "
                 "this page reaches `version`, the last the asker may see")


class EventLog(Schema):
    version = fields.Integer(metadata={"description": "the game's last version the asker may see: the log's length"})
    events = fields.List(fields.Nested(SeenEvent))
    next = next_link(NEXT_VERSIONS)


class StepTurn(Schema):
    number = fields.Integer(metadata={"description": "0 for the opening (deal and starting choices), then 1, 2, ..."})
    seat = fields.Integer(allow_none=True, metadata={"description": "the seat whose turn it is; null in the opening"})
    rival = fields.String(metadata={"description": "a turn the rules play: the rival's (Tianxia's li-mu), seat null"})


class StepDecision(Schema):
    seat = fields.Integer(allow_none=True, metadata={"description": "the seat that decided; null for a turn the rules played"})
    rules = fields.String(metadata={"description": "the rival whose turn the rules played (only then)"})
    decided_on = fields.Integer(metadata={"description": "the version the decision was taken on: the steps of one "
                                                         "decision share it"})


class ReplayStepSummary(Schema):
    step = fields.Integer()
    disputes = fields.List(fields.Integer(), metadata={"description": "numbers of the disputes filed about this step"})
    type = fields.String()
    rule = fields.String()
    description = fields.String()
    bookkeeping = fields.Boolean(metadata={"description": "whether the step only keeps the table in order (a refill, "
                                                          "a turn passing, a shuffle): a move list may fold it away"})
    turn = fields.Nested(StepTurn, metadata={"description": "the turn the table is in after this step"})
    decision = fields.Nested(StepDecision, allow_none=True, metadata={
        "description": "the decision this step's event came from; null for the creation and the deal"})


class RuleWords(Schema):
    id = fields.String(metadata={"description": "the rule's id in the game's rule index"})
    section = fields.String()
    text = fields.String()


class SinceLine(Schema):
    step = fields.Integer()
    seat = fields.Integer(allow_none=True, metadata={"description": "the seat whose decision it came from; null for "
                                                                    "a deal or a turn the rules played"})
    description = fields.String(metadata={"description": "the step's line, as the asking seat reads it"})
    rule = fields.Nested(RuleWords)


class SinceChange(Schema):
    step = fields.Integer()
    what = fields.String(metadata={"description": "score (life, prestige) or hand"})
    sentence = fields.String()
    rule = fields.Nested(RuleWords)


class SinceLastMove(Schema):
    seat = fields.Integer()
    name = fields.String()
    since = fields.Integer(allow_none=True, metadata={
        "description": "the last step of the seat's last own decision; null when it has taken none yet"})
    version = fields.Integer()
    lines = fields.List(fields.Nested(SinceLine), metadata={
        "description": "each step since, but bookkeeping (a refill, a turn passing), in its line"})
    changes = fields.List(fields.Nested(SinceChange), metadata={
        "description": "each change to the seat's own score and hand since, with the rule that made it"})
    changed = fields.List(fields.String(), metadata={"description": "the places of the seat's table changed since"})


class Replay(Schema):
    version = fields.Integer(metadata={"description": "the last step the asker may see: how many steps there are"})
    status = fields.String()
    steps = fields.List(fields.Nested(ReplayStepSummary))
    next = next_link(NEXT_VERSIONS)


class TurnScores(Schema):
    turn = fields.Integer(metadata={"description": "the turn (0: the opening)"})
    seat = fields.Integer(allow_none=True, metadata={"description": "the seat whose turn it was; null in the opening"})
    step = fields.Integer(metadata={"description": "the step the turn ended on"})
    scores = fields.List(fields.Integer(), metadata={"description": "each seat's score as the turn ended, as the "
                                                                     "rules count it (the last: the outcome's)"})


class ScoreChart(Schema):
    game_id = fields.String()
    seats = fields.List(fields.String(), metadata={"description": "the seats' names, in seat order"})
    turns = fields.List(fields.Nested(TurnScores))


class RuleRef(Schema):
    id = fields.String()
    section = fields.String()
    text = fields.String()


class SeatRange(Schema):
    min = fields.Integer(metadata={"description": "the fewest seats a game of it has"})
    max = fields.Integer(metadata={"description": "the most"})


class NamedDeck(Schema):
    name = fields.String()
    cards = fields.List(fields.String(), metadata={"description": "its card ids, a copy an entry"})


class PublicRules(Schema):
    game = fields.String()
    title = fields.String()
    version = fields.String(metadata={"description": "the rules' version, stored with every game"})
    seats = fields.Nested(SeatRange)
    bots = fields.List(fields.String(), metadata={"description": "the names of the bots that play it"})
    bot_strengths = fields.Dict(keys=fields.String(), values=fields.List(fields.Integer()), metadata={
        "description": "for each bot a seat may give a strength (`seats[].strength`), its levels, weakest first "
                       "(only for a game that has one)", "example": {"search": [1, 2, 3, 4, 5]}})
    rules = fields.List(fields.Nested(RuleRef), metadata={"description": "the rule index every event and refusal cites"})
    cards = fields.List(fields.Dict(), metadata={
        "description": "the game's card catalogue, each card as printed, in the game's own shape (only for a game "
                       "with a catalogue)"})
    decks = fields.List(fields.Nested(NamedDeck), metadata={
        "description": "the decks a seat may bring by name (only for a game that has them)"})


class Explanation(Schema):
    decision = fields.Dict(allow_none=True, metadata={"description": "the decision behind the step: the seat, the version it was taken on, its legal actions and the action (to that seat, or to all once the game is over)"})
    rules = fields.List(fields.Nested(RuleRef), metadata={"description": "every rule the decision's events cite"})
    changes = fields.List(fields.Dict(), metadata={"description": "what changed on the table at this step: path, before, after"})
    rerun = fields.Dict(allow_none=True, metadata={"description": "the decision run through the rules again"})


class ReplayStep(Schema):
    step = fields.Integer()
    explanation = fields.Nested(Explanation)
    disputes = fields.List(fields.Dict(), metadata={
        "description": "the first disputes filed about this step (at most ten), with their answers, as "
                       "GET /api/games/{id}/disputes lists them"})
    disputes_total = fields.Integer(metadata={"description": "how many disputes were filed about this step"})
    disputes_next = next_link("the page of this step's disputes after those shown; null when all are shown")
    what_ifs = fields.List(fields.Dict(), metadata={
        "description": "the first what-ifs asked about the decision behind this step (at most ten; their `step` "
                       "is the one it was taken on), as GET /api/games/{id}/disputes lists them"})
    what_ifs_total = fields.Integer(metadata={"description": "how many of those the asker may see"})
    what_ifs_next = next_link("the page of those what-ifs after the ones shown; null when all are shown")
    version = fields.Integer()
    last_step = fields.Integer()
    description = fields.String()
    rule = fields.Nested(RuleRef)
    event = fields.Nested(SeenEvent)
    table = fields.Nested(GameView)


class ForkQuery(Schema):
    at = WholeNumber(required=True, validate=validate.Range(min=2, max=INT64_MAX), metadata={
        "description": "the step to start from: the last step of a decision, 2 to the game's version", "example": 20})


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


class Inbox(Schema):
    games = fields.List(fields.Nested(InboxGame))
    next = next_link(NEXT_PAGE)
    total = fields.Integer(metadata={"description": "how many games the player has, with this filter"})


class LeaderboardQuery(Schema):
    limit = WholeNumber(load_default=50, validate=validate.Range(min=1, max=MAX_LIMIT),
                        metadata={"description": "how many to list"})
    cursor = cursor_field()


class Rater(Schema):
    """Who stands on a board: a player, or a bot at a version (and strength)."""
    rater = fields.String(metadata={"description": "`player:<id>`, or `bot:<name>@<version>` (with `/<strength>` "
                                                   "for a bot given one)"})
    kind = fields.String(metadata={"description": "'player' or 'bot'"})
    name = fields.String()
    player = fields.String(allow_none=True, metadata={"description": "the player's id (GET /api/players/{id})"})


class Standing(Rater):
    rating = fields.Float(metadata={"description": "mu - 3 sigma: what the rating system is nearly sure the "
                                                   "strength is above; a newcomer starts at 0"})
    mu = fields.Float(metadata={"description": "the estimated strength (Plackett-Luce, openskill; 25 at the start)"})
    sigma = fields.Float(metadata={"description": "how unsure the estimate is (25/3 at the start)"})
    games = fields.Integer(metadata={"description": "rated games finished"})
    wins = fields.Float(metadata={"description": "games won, a shared win counting its share"})
    provisional = fields.Boolean(metadata={"description": "fewer than 10 rated games: the rating may still move far"})


class Leaderboard(Schema):
    game = fields.String()
    ratings = fields.List(fields.Nested(Standing), metadata={"description": "highest rating first"})
    solo_boards = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the game's boards of solo scores (a solo game is scored, not rated): name -> link"})
    next = next_link(NEXT_PAGE)
    total = fields.Integer(metadata={"description": "how many are rated at this game"})


class RatingPoint(Schema):
    game_id = fields.String()
    finished_at = fields.String()
    place = fields.Integer(metadata={"description": "1 for a win; a shared place is a tie"})
    rating = fields.Float(metadata={"description": "the rating after that game"})


class GameRating(Standing):
    history = fields.List(fields.Nested(RatingPoint), metadata={"description": "after each rated game, oldest first"})


class SoloStanding(Rater):
    games = fields.Integer(metadata={"description": "solo games finished on this board"})
    best_score = fields.Integer()
    best_title = fields.String(metadata={"description": "the title the best score earned (a game with titles)"})
    best_game = fields.String(metadata={"description": "the game of the best score"})
    wins = fields.Integer(metadata={"description": "games won against the rival (a game with one)"})
    losses = fields.Integer(metadata={"description": "games the rival won (a game with one)"})


class SoloBoard(Schema):
    game = fields.String()
    board = fields.String()
    against_rival = fields.Boolean(metadata={"description": "true: the most wins against the rival first, then the "
                                                            "best score; false: the best score first"})
    entries = fields.List(fields.Nested(SoloStanding))
    next = next_link(NEXT_PAGE)
    total = fields.Integer()


class PublicPlayer(Schema):
    id = fields.String()
    name = fields.String()
    ratings = fields.Dict(keys=fields.String(), values=fields.Nested(GameRating),
                          metadata={"description": "the player's rating at each game they have a rated game of"})
    solo = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.Nested(SoloStanding)),
                       metadata={"description": "the player's rows on each solo game's boards: game -> board -> row"})


class RatingChange(Schema):
    seat = fields.Integer()
    rater = fields.String()
    place = fields.Integer()
    before = fields.Float()
    after = fields.Float()
    change = fields.Float()


class GameRatings(Schema):
    rated = fields.Boolean(metadata={"description": "whether the game counts for the ratings (a finished game of "
                                                    "rated seats, no sandbox, not solo)"})
    seats = fields.List(fields.Nested(RatingChange), metadata={
        "description": "each seat's rating before and after; empty for a moment after the game ends, until the "
                       "ratings catch up"})
