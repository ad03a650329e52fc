"""The schemas of a game's analysis (web.api.analysis): each decision judged from its seat's view."""

from marshmallow import Schema, fields, validate

from domain.search import DEFAULT_STRENGTH, STRENGTHS

MARK = validate.OneOf(["inaccuracy", "mistake", "blunder"])


class AnalysisRequest(Schema):
    strength = fields.Integer(strict=True, load_default=DEFAULT_STRENGTH, validate=validate.OneOf(STRENGTHS), metadata={
        "description": "the search bot's strength (1 to 5, default 3): each step up doubles its playouts"})


class AnalysisQuery(Schema):
    strength = fields.Integer(validate=validate.OneOf(STRENGTHS), metadata={
        "description": "which strength's analysis; without it, the deepest there is (the strongest done, else the "
                       "strongest still running)"})


class AnalysisBot(Schema):
    name = fields.String(metadata={"description": "the bot that judged: the game's search bot"})
    version = fields.String()
    strength = fields.Integer()
    budget = fields.Dict(metadata={"description": "its playouts, dealt tables, playout depth, exploration"})


class AnalysedDecision(Schema):
    step = fields.Integer(metadata={"description": "the replay step whose table is the table before the decision"})
    seat = fields.Integer()
    seat_name = fields.String()
    expected_before = fields.Float(metadata={"description": "the position's expected result for the seat, from its "
                                                            "view: the best action's"})
    played = fields.Dict(metadata={"description": "the action taken"})
    played_words = fields.String()
    played_expected = fields.Float()
    best = fields.Dict(metadata={"description": "the action the analysis prefers"})
    best_words = fields.String()
    best_expected = fields.Float()
    loss = fields.Float(metadata={"description": "best_expected - played_expected, never below 0"})
    mark = fields.String(allow_none=True, validate=MARK, metadata={"description": "by the loss: null, inaccuracy, "
                                                                                  "mistake or blunder"})


class SeatAccuracy(Schema):
    seat = fields.Integer()
    name = fields.String()
    decisions = fields.Integer(metadata={"description": "the seat's analysed decisions so far"})
    accuracy = fields.Float(allow_none=True, metadata={"description": "0 to 100 (docs/analysis.md); null with no "
                                                                      "decision analysed"})
    inaccuracies = fields.Integer()
    mistakes = fields.Integer()
    blunders = fields.Integer()


class ChartPoint(Schema):
    step = fields.Integer()
    seat = fields.Integer()
    expected = fields.Float()


class Thresholds(Schema):
    inaccuracy = fields.Float()
    mistake = fields.Float()
    blunder = fields.Float()


class AnalysisAnswer(Schema):
    game_id = fields.String()
    analysis_version = fields.Integer()
    status = fields.String(validate=validate.OneOf(["queued", "running", "done"]))
    progress = fields.Float(metadata={"description": "the share of the decisions done, 0 to 1: every decision a "
                                                     "seat took counts, those passed over (one legal action, a "
                                                     "standing answer) too"})
    measure = fields.String(validate=validate.OneOf(["win_chance", "expected_score"]), metadata={
        "description": "win_chance where seats win or lose (0 to 1); expected_score for a seat alone (the Court, "
                       "Tianxia against Li Mu), in the game's points (see unit)"})
    unit = fields.String(metadata={"description": "what the expected results and losses count: 'win chance', or "
                                                  "a seat alone's points by the game's name ('points', 'prestige')"})
    bot = fields.Nested(AnalysisBot)
    seed = fields.String(metadata={"description": "derived from the game id and the analysis version: asking "
                                                  "again gives the same numbers"})
    thresholds = fields.Nested(Thresholds, metadata={"description": "the losses from which a decision is marked"})
    decisions = fields.List(fields.Nested(AnalysedDecision), metadata={
        "description": "one per analysed decision, in game order (while running, those done so far)"})
    seats = fields.List(fields.Nested(SeatAccuracy))
    chart = fields.List(fields.Nested(ChartPoint))
    withheld = fields.Integer(metadata={
        "description": "the other seats' decisions done so far, held back from the asker while the game runs (an "
                       "entry names the action and judges from the seat's hand); counted as the public log counts "
                       "them, those forced by a hand too (passed over, they have no entry once it is over); 0 once "
                       "it is over"})
