"""The schemas of ratings (web.api.ratings): leaderboards, solo boards, a player's ratings, and
the ratings a finished game changed."""


from marshmallow import Schema, fields, validate

from projections.pages import MAX_LIMIT
from web.api.common_schemas import NEXT_PAGE, WholeNumber, cursor_field, next_link


class LeaderboardQuery(Schema):
    limit = WholeNumber(load_default=50, validate=validate.Range(min=1, max=MAX_LIMIT),
                        metadata={"description": "how many to list"})
    cursor = cursor_field()


class Rater(Schema):
    """Who stands on a board: a player, or a bot at a version (and strength)."""
    rater = fields.String(metadata={"description": "`player:<id>`, or `bot:<name>@<version>` (with `/<strength>` "
                                                   "for a bot given one)"})
    kind = fields.String(metadata={"description": "'player', 'bot' (a built-in bot) or 'bot_account' (a player "
                                                 "whose account a program plays)"})
    name = fields.String()
    bot = fields.Boolean(metadata={"description": "a bot: a built-in one or a bot account"})
    player = fields.String(allow_none=True, metadata={"description": "the player's id (GET /api/players/{id}), for a "
                                                                     "player or a bot account"})


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
    bot = fields.Boolean(metadata={"description": "a bot account: a program plays as this player, rated beside "
                                                  "the built-in bots"})
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
