"""/api/tournaments: an organiser opens a tournament of one game, players join and withdraw, and
anyone reads its rounds, games and standings (docs/tournaments.md tells how rounds are paired)."""

from __future__ import annotations

from uuid import UUID

from flask.views import MethodView

from web import problem_types as kinds
from web.api import tournaments_schemas as schemas
from web.api.links import next_link
from web.api.players import PLAYER_KEY, me
from web.blueprint import Blueprint, chronicle
from web.openapi import BODY_ERRORS
from web.pages.tournament_words import as_yours

blp = Blueprint("tournaments", __name__, url_prefix="/api",
                description="Tournaments: Swiss, round robin and tables, with pairings anyone can check")

EXAMPLE = {"id": "7e0c1a52-2b4f-4f8e-9d1e-3a5b6c7d8e90", "status": "running",
           "organiser": {"id": "1c1c7d64-5a41-4c1e-8d0e-0e3f5d0c3b11", "name": "ana"}, "game": "chi", "title": "Chi",
           "options": {}, "clock": {"per_decision": "P1D", "on_timeout": "forfeit"}, "rated": True,
           "format": "swiss", "rounds_planned": 3, "size_limit": 64, "table_seats": [2, 2], "starts_at": None,
           "entrants": [{"name": "ana", "kind": "player", "player": "1c1c7d64-5a41-4c1e-8d0e-0e3f5d0c3b11",
                         "rating": 1500, "withdrawn": False, "withdrawn_on_time": False},
                        {"name": "greedy-bot", "kind": "bot", "bot": "greedy", "rating": 1573, "withdrawn": False,
                         "withdrawn_on_time": False}],
           "rounds": [{"round": 1, "closed": False, "byes": [],
                       "tables": [{"table": 1, "players": ["greedy-bot", "ana"], "places": None, "lost_on_time": [],
                                   "game_id": "0a8c5f0e-8f3b-4a9e-b0b4-3c9d5b7e6f21"}]}],
           "standings": [{"place": 1, "player": "ana", "points": 0, "buchholz": 0, "buchholz_cut1": 0,
                          "sonneborn_berger": 0, "wins": 0, "games": 0, "byes": 0, "withdrawn": False},
                         {"place": 2, "player": "greedy-bot", "points": 0, "buchholz": 0, "buchholz_cut1": 0,
                          "sonneborn_berger": 0, "wins": 0, "games": 0, "byes": 0, "withdrawn": False}],
           "seed_commitment": "5d41402abc4b2a76b9719d911017c592a1b2c3d4e5f60718293a4b5c6d7e8f90",
           "withdraw_after_timeouts": 1, "pairing_version": 2,
           "head": "9b74c9897bac770ffc029102a200c5de0d5e2f4b2a8b3e1c4d6f7a8b9c0d1e2f", "seed": None}
LISTED = {key: EXAMPLE[key] for key in ("id", "status", "organiser", "game", "title", "format", "rated", "clock",
                                        "rounds_planned", "size_limit", "starts_at")} | {
    "rounds_played": 1, "entrant_count": 2, "winner": None, "created_at": "2026-11-20T18:00:00.000000+00:00",
    "finished_at": None}
YOURS = {**EXAMPLE, "you": {"entrant": "ana", "organiser": True, "withdrawn": False, "withdrawn_on_time": False,
                             "place": 1, "of": 2},
         "words": {"heading": "Chi, a Swiss by ana", "progress": "running: round 1 of 3",
                   "terms": "3 rounds · 1 day per move · rated", "standing": "you are 1st of 2 before any result"}}
REFUSED = "the tournament's rules refuse it now (`rule` names which: a full field, a tournament started, ...)"


def _tournaments():
    return chronicle().commands.tournaments


@blp.route("/tournaments")
class Tournaments(MethodView):
    @blp.doc(operationId="listTournaments")
    @blp.arguments(schemas.TournamentListQuery, location="query")
    @blp.response(200, schemas.TournamentList, example={"tournaments": [LISTED], "next": None, "total": 1})
    @blp.problems(400)
    def get(self, query):
        """The tournaments, the newest organised first (from the tournament-list read model), a page
        at a time: `status` keeps those open to join, running or finished, `game` those of one game;
        `next` links to the next page."""
        page = chronicle().tournament_list.page(**query)
        return {"tournaments": page.rows,
                "next": next_link("tournaments.Tournaments", query, cursor=page.next) if page.next else None,
                "total": page.total}

    @blp.doc(security=PLAYER_KEY, operationId="organiseTournament")
    @blp.arguments(schemas.TournamentRequest, example={"game": "chi", "format": "swiss", "rounds": 3,
                                                       "clock": {"per_decision": "P1D"},
                                                       "bots": [{"bot": "greedy"}, {"bot": "random"}]})
    @blp.response(201, schemas.Tournament, example={**EXAMPLE, "status": "open", "rounds": []})
    @blp.problems(*BODY_ERRORS, 429, s401="no key", s403="a key of no player")
    def post(self, body):
        """Open a tournament of one game, with its options and clock, rated or casual, in a format
        (`swiss`, `round-robin` or `tables`) over a number of rounds; the organiser may enter bots.
        Its seed is drawn now and kept secret (`seed_commitment` publishes its hash); it is revealed
        when the tournament ends, so anyone can re-derive every round's pairing. Each entrant joins
        with their rating at the game, which seeds round one. `withdraw_after_timeouts` is the withdrawal
        rule: a player who loses that many games on time is withdrawn from the rounds after (0 to
        10, default 1; 0 never)."""
        return _tournaments().organise(me(), body, chronicle().leaderboards.rating), 201


@blp.route("/tournaments/<uuid:tournament_id>")
class OneTournament(MethodView):
    @blp.doc(operationId="getTournament")
    @blp.response(200, schemas.Tournament, example=EXAMPLE)
    @blp.problems(s404="no tournament has this id")
    def get(self, tournament_id: UUID):
        """The tournament: its status (open, running, finished), its rounds with their games and
        results, and its standings, best first."""
        return _tournaments().shown(tournament_id)


@blp.route("/tournaments/<uuid:tournament_id>/export")
class Export(MethodView):
    @blp.doc(operationId="exportTournament")
    @blp.response(200, schemas.TournamentExport, description=(
        "the finished tournament's record (format chronicle-tournament/1): its events with their chain hashes, "
        "the revealed seed, each round's standings-in, tables, games and results, the final standings"))
    @blp.problems(s404="no tournament has this id",
                  s409="the tournament is open or running: its seed, and so its record, is revealed when it ends",
                  kinds={409: kinds.NOT_FINISHED})
    def get(self, tournament_id: UUID):
        """A finished tournament's whole record, for `chronicle verify FILE`, which re-derives every
        round's pairing from the standings before it and the revealed seed (docs/tournaments.md)."""
        record = _tournaments().export(tournament_id)
        return record, 200, {"Content-Disposition": f'attachment; filename="tournament-{tournament_id}.json"'}


@blp.route("/tournaments/<uuid:tournament_id>/join")
class Join(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="joinTournament")
    @blp.response(200, schemas.Tournament, example={**EXAMPLE, "status": "open", "rounds": []})
    @blp.problems(400, 429, s401="no key", s403="a key of no player", s404="no tournament has this id", s409=REFUSED,
                  kinds={409: kinds.TOURNAMENT_REFUSED})
    def post(self, tournament_id: UUID):
        """Enter the tournament while it is open: you agree to be seated at the games its rounds
        pair you to (each with the tournament's clock)."""
        return _tournaments().join(tournament_id, me(), chronicle().leaderboards.rating)


@blp.route("/tournaments/<uuid:tournament_id>/withdraw")
class Withdraw(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="withdrawFromTournament")
    @blp.response(200, schemas.Tournament, example=EXAMPLE)
    @blp.problems(s401="no key", s403="a key of no player", s404="no tournament has this id", s409=REFUSED,
                  kinds={409: kinds.TOURNAMENT_REFUSED})
    def post(self, tournament_id: UUID):
        """Leave the tournament: before round one, the field; after, you are paired no more (the
        games you played still count). You may leave while a round you play is running: that game
        goes on, yours to finish, and its result counts."""
        return _tournaments().withdraw(tournament_id, me())


@blp.route("/tournaments/<uuid:tournament_id>/start")
class Start(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="startTournament")
    @blp.response(200, schemas.Tournament, example=EXAMPLE)
    @blp.problems(s401="no key", s403="a key of no player, or not the organiser's", s404="no tournament has this id",
                  s409=REFUSED, kinds={409: kinds.TOURNAMENT_REFUSED})
    def post(self, tournament_id: UUID):
        """The organiser starts the tournament: round one is paired and its games created together."""
        return _tournaments().start(tournament_id, me())


@blp.route("/players/me/tournaments")
class MyTournaments(MethodView):
    @blp.doc(security=PLAYER_KEY, operationId="listMyTournaments")
    @blp.response(200, schemas.Tournaments, example={"tournaments": [YOURS]})
    @blp.problems(s401="no key", s403="a key of no player")
    def get(self):
        """The tournaments you organised or entered, the newest first, each with your part in it
        (`you`: your place once it runs) and in words (`words`, as the tournaments' page says them)."""
        player_id = str(me().id)
        return {"tournaments": [as_yours(tournament, player_id) for tournament in _tournaments().of_player(player_id)]}
