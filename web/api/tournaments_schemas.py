"""The tournaments' requests and answers (web.api.tournaments)."""

from marshmallow import Schema, fields, validate

from domain.tournaments.model import (
    FORMATS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TABLE_SEATS,
    MAX_TIMEOUTS,
    MIN_TABLE_SEATS,
    WITHDRAW_AFTER_TIMEOUTS,
)
from projections.pages import MAX_LIMIT
from projections.tournament_list import STATUSES
from web.api.common_schemas import NEXT_PAGE, WholeNumber, cursor_field, next_link


class TournamentBotSeat(Schema):
    bot = fields.String(required=True, validate=validate.Length(max=40), metadata={
        "description": "one of the game's built-in bots", "example": "greedy"})
    strength = fields.Integer(strict=True, allow_none=True, metadata={"description": "a searching bot's level"})
    name = fields.String(allow_none=True, validate=validate.Length(max=40), metadata={
        "description": "the bot's name in the tournament (default: the bot's, numbered)"})


class TournamentRequest(Schema):
    game = fields.String(required=True, validate=validate.Length(max=40), metadata={"example": "chi"})
    options = fields.Dict(keys=fields.String(), metadata={"description": "the game's options, as a game's creation "
                                                                         "takes them"})
    format = fields.String(load_default="swiss", validate=validate.OneOf(FORMATS), metadata={
        "description": "swiss or round-robin (two-player games), tables (3 to 6 seats): docs/tournaments.md"})
    rounds = fields.Integer(required=True, strict=True, validate=validate.Range(1, MAX_ROUNDS), metadata={"example": 5})
    rated = fields.Boolean(load_default=True, metadata={"description": "whether its games count for the ratings"})
    clock = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "the time for each decision of every game, as a game's creation takes it: every round ends",
        "example": {"per_decision": "P1D", "on_timeout": "forfeit"}})
    bots = fields.List(fields.Nested(TournamentBotSeat), validate=validate.Length(max=MAX_PLAYERS), metadata={
        "description": "bot seats the organiser enters, as a game takes them"})
    starts_at = fields.String(allow_none=True, validate=validate.Length(max=40), metadata={
        "description": "when round one is paired (ISO 8601 UTC, within a year); without it, the organiser starts it"})
    size_limit = fields.Integer(strict=True, load_default=64, validate=validate.Range(2, MAX_PLAYERS), metadata={
        "description": "the most entrants, bots included; for tables, at least a table's fewest seats"})
    withdraw_after_timeouts = fields.Integer(
        strict=True, load_default=WITHDRAW_AFTER_TIMEOUTS, validate=validate.Range(0, MAX_TIMEOUTS), metadata={
            "description": "the withdrawal rule: a player who loses this many games on time is withdrawn from the "
                           "rounds after (0: never)", "example": 1})
    table_seats_min = fields.Integer(strict=True, validate=validate.Range(MIN_TABLE_SEATS, MAX_TABLE_SEATS), metadata={
        "description": "tables: the fewest seats at a table (default: the game's fewest, at least 3)"})
    table_seats_max = fields.Integer(strict=True, validate=validate.Range(MIN_TABLE_SEATS, MAX_TABLE_SEATS), metadata={
        "description": "tables: the most seats at a table (default: the game's most, at most 6)"})


class Organiser(Schema):
    id = fields.String()
    name = fields.String()


class TournamentEntrant(Schema):
    name = fields.String()
    kind = fields.String(metadata={"description": "player or bot"})
    player = fields.String(metadata={"description": "a player's id"})
    bot = fields.String(metadata={"description": "a bot's kind"})
    rating = fields.Integer(metadata={"description": "the rating the entrant joined with, which seeds round one: "
                                                     "1500 + 10 x their rating at the game, 1500 if unrated"})
    withdrawn = fields.Boolean()
    withdrawn_on_time = fields.Boolean(metadata={
        "description": "withdrawn by the withdrawal rule, after losing games on time, not by asking"})


class TournamentTable(Schema):
    table = fields.Integer()
    players = fields.List(fields.String(), metadata={"description": "in seat order: the first moves first"})
    game_id = fields.String(allow_none=True)
    places = fields.List(fields.Integer(), allow_none=True, metadata={"description": "per seat, once the game ended"})
    lost_on_time = fields.List(fields.String())


class TournamentRound(Schema):
    round = fields.Integer()
    tables = fields.List(fields.Nested(TournamentTable))
    byes = fields.List(fields.String())
    closed = fields.Boolean(metadata={"description": "every game of the round has ended"})


class TournamentStanding(Schema):
    place = fields.Integer()
    player = fields.String()
    points = fields.Float()
    buchholz = fields.Float()
    buchholz_cut1 = fields.Float()
    sonneborn_berger = fields.Float()
    wins = fields.Integer()
    games = fields.Integer()
    byes = fields.Integer()
    withdrawn = fields.Boolean()


class Tournament(Schema):
    id = fields.String()
    status = fields.String(metadata={"description": "open, running or finished"})
    organiser = fields.Nested(Organiser)
    game = fields.String()
    title = fields.String(metadata={"description": "the game's name, for people"})
    options = fields.Dict()
    clock = fields.Dict()
    rated = fields.Boolean()
    format = fields.String()
    rounds_planned = fields.Integer()
    size_limit = fields.Integer()
    table_seats = fields.List(fields.Integer(), metadata={"description": "the fewest and most seats at a table"})
    starts_at = fields.String(allow_none=True)
    entrants = fields.List(fields.Nested(TournamentEntrant))
    rounds = fields.List(fields.Nested(TournamentRound))
    standings = fields.List(fields.Nested(TournamentStanding), metadata={"description": "best first (docs/tournaments.md)"})
    seed_commitment = fields.String(metadata={"description": "SHA-256 of the seed, published at creation"})
    withdraw_after_timeouts = fields.Integer(metadata={
        "description": "the withdrawal rule: a player who loses this many games on time is withdrawn from the rounds "
                       "after (0: never)"})
    pairing_version = fields.Integer(metadata={"description": "the version of the pairing procedure that pairs its rounds (docs/tournaments.md), which `chronicle verify` follows"})
    head = fields.String(metadata={"description": "the hash chain of the tournament's events so far, its last link: "
                                                  "a finished tournament's export must end in the same head"})
    seed = fields.String(allow_none=True, metadata={"description": "revealed once the tournament is finished"})


class YourPart(Schema):
    entrant = fields.String(allow_none=True, metadata={
        "description": "the name you entered under; null when you are not in its field (its organiser only, or "
                       "withdrawn before round one)"})
    organiser = fields.Boolean(metadata={"description": "you organised it"})
    withdrawn = fields.Boolean(metadata={"description": "you withdrew, or were withdrawn"})
    withdrawn_on_time = fields.Boolean(metadata={"description": "withdrawn by the withdrawal rule, after losses on time"})
    place = fields.Integer(allow_none=True, metadata={"description": "your place in its standings once it runs"})
    of = fields.Integer(allow_none=True, metadata={"description": "how many its standings hold once it runs"})


class TournamentWords(Schema):
    heading = fields.String(metadata={"example": "Chi, a Swiss by ana"})
    progress = fields.String(metadata={"example": "running: round 2 of 3"})
    terms = fields.String(metadata={"example": "3 rounds · 1 day per move · rated"})
    standing = fields.String(metadata={
        "description": "where you stand: you entered, you are 3rd of 8 after round 2, you placed 1st of 5, "
                       "you withdrew, you organised it", "example": "you are 3rd of 8 after round 2"})


class YourTournament(Tournament):
    you = fields.Nested(YourPart, metadata={"description": "your part in it"})
    words = fields.Nested(TournamentWords, metadata={"description": "the tournament as the list's page says it, "
                                                                    "with your standing"})


class Tournaments(Schema):
    tournaments = fields.List(fields.Nested(YourTournament), metadata={
        "description": "the newest first (at most 50)"})


class TournamentListQuery(Schema):
    status = fields.String(validate=validate.OneOf(STATUSES), metadata={
        "description": "only the tournaments open to join, running, or finished"})
    game = fields.String(validate=validate.Length(max=40), metadata={
        "description": "only the tournaments of this game", "example": "chi"})
    limit = WholeNumber(load_default=50, validate=validate.Range(min=1, max=MAX_LIMIT),
                        metadata={"description": "how many to list"})
    cursor = cursor_field()


class TournamentSummary(Schema):
    id = fields.String()
    status = fields.String(metadata={"description": "open, running or finished"})
    organiser = fields.Nested(Organiser)
    game = fields.String()
    title = fields.String(metadata={"description": "the game's name, for people"})
    format = fields.String()
    rated = fields.Boolean()
    clock = fields.Dict(allow_none=True)
    rounds_planned = fields.Integer()
    rounds_played = fields.Integer(metadata={"description": "the rounds paired so far"})
    size_limit = fields.Integer()
    entrant_count = fields.Integer(metadata={"description": "how many entered (those who withdrew once it ran "
                                                            "included)"})
    winner = fields.String(allow_none=True, metadata={"description": "first in the final standings, once finished"})
    starts_at = fields.String(allow_none=True)
    created_at = fields.String(metadata={"description": "when it was organised"})
    finished_at = fields.String(allow_none=True, metadata={"description": "when its last round closed"})


class TournamentList(Schema):
    tournaments = fields.List(fields.Nested(TournamentSummary), metadata={
        "description": "the newest organised first"})
    next = next_link(NEXT_PAGE)
    total = fields.Integer(metadata={"description": "how many tournaments the list holds, with these filters"})


class ExportedStanding(Schema):
    place = fields.Integer()
    player = fields.String()
    points = fields.String(metadata={"description": "an exact fraction, such as 3/2"})
    buchholz = fields.String()
    buchholz_cut1 = fields.String()
    sonneborn_berger = fields.String()
    wins = fields.Integer()
    games = fields.Integer()
    byes = fields.Integer()
    withdrawn = fields.Boolean()


class ExportedEvent(Schema):
    event = fields.Dict(metadata={"description": "one of the tournament's events, with its type"})
    chain = fields.String(metadata={"description": "SHA-256 of the previous chain and this event as canonical JSON"})


class ExportedRound(Schema):
    round = fields.Integer()
    standings_in = fields.List(fields.Nested(ExportedStanding), metadata={
        "description": "the standings the round was paired from, best first"})
    tables = fields.List(fields.Nested(TournamentTable))
    byes = fields.List(fields.String())


class ExportedEntrant(Schema):
    name = fields.String()
    player = fields.String(metadata={"description": "a player's id"})
    bot = fields.String(metadata={"description": "a bot's kind"})


class TournamentExport(Schema):
    format = fields.String(metadata={"example": "chronicle-tournament/1"})
    id = fields.String()
    game = fields.String()
    title = fields.String()
    options = fields.Dict()
    clock = fields.Dict()
    rated = fields.Boolean()
    organiser = fields.Nested(Organiser)
    entrants = fields.List(fields.Nested(ExportedEntrant))
    seed_commitment = fields.String()
    seed = fields.String(metadata={"description": "the revealed seed: its SHA-256 is seed_commitment"})
    events = fields.List(fields.Nested(ExportedEvent))
    head = fields.String(metadata={"description": "the last event's chain hash"})
    rounds = fields.List(fields.Nested(ExportedRound))
    standings = fields.List(fields.Nested(ExportedStanding), metadata={"description": "the final standings"})
