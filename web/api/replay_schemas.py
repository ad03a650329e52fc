"""The schemas of replays (web.api.replay): the steps, one step explained, what changed since a
seat's last move, and the score chart."""


from marshmallow import Schema, fields

from web.api.common_schemas import NEXT_VERSIONS, next_link
from web.api.games_schemas import GameView
from web.api.play_schemas import SeenEvent
from web.api.rules_schemas import RuleRef


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
    analysis = fields.Dict(allow_none=True, metadata={
        "description": "the decision taken on this step's table as the game's analysis judged it (an entry of "
                       "GET /api/games/{id}/analysis, with its `strength`), once an analysis is done; else null"})
    version = fields.Integer()
    last_step = fields.Integer()
    description = fields.String()
    rule = fields.Nested(RuleRef)
    event = fields.Nested(SeenEvent)
    table = fields.Nested(GameView)
