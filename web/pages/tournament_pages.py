"""Tournaments as pages: the list (`/tournaments`: open ones to join, running, finished, and a form
to organise one for a signed-in player) and a tournament's page (`/tournaments/<id>`): its game and
settings in words, who joined, the round being played with its games, the standings with their
tie-breaks named, and the crosstable (two-player formats) or the places per round (tables).

Rendered on the server: the list from the tournament-list read model (projections.tournament_list,
as GET /api/tournaments answers), a few of each status at a time; a tournament's page from the
same service answer as GET /api/tournaments/{id}. Joining, withdrawing, starting and organising
are the REST API's, called by static/tournament.js with the key the browser keeps.
"""

from __future__ import annotations

from typing import Any, Iterable
from uuid import UUID

from flask import Blueprint, render_template

from domain.english import ordinal
from domain.tournaments.model import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TABLE_SEATS,
    MAX_TIMEOUTS,
    MIN_TABLE_SEATS,
    WITHDRAW_AFTER_TIMEOUTS,
)
from domain.tournaments.standings import TIE_BREAKS
from services.errors import NotFound
from web.blueprint import chronicle
from web.pages.new_game_form import games_to_start
from web.pages.tournament_words import (
    clock_words,
    heading,
    in_brief,
    listed,
    options_words,
    points_words,
    progress_words,
    withdrawal_words,
)

blp = Blueprint("tournament_pages", __name__)

LISTED = 30  # tournaments listed per kind (open, running, finished), the newest first

FORMAT_WORDS = {"swiss": "Swiss", "round-robin": "round robin", "tables": "tables"}
FORMAT_HINTS = {
    "swiss": "each round pairs players of equal points who have not met, and balances who moves first",
    "round-robin": "every player meets every other once",
    "tables": "each round seats players at tables by their standing; points by place at the table",
}
TIE_BREAK_WORDS = {"buchholz_cut1": "Buchholz cut 1", "buchholz": "Buchholz", "sonneborn_berger": "Sonneborn-Berger",
                   "wins": "Wins"}
TIE_BREAK_HINTS = {"buchholz_cut1": "Buchholz less the weakest opponent's",
                   "buchholz": "the sum of the opponents' points",
                   "sonneborn_berger": "the points of the opponents beaten, plus half those drawn with",
                   "wins": "games won"}
STATUSES = ("open", "running", "finished")
# The organise form's bounds, the API's (web/api/tournaments_schemas.py): the game's own are the server's to say.
LIMITS = {"rounds": MAX_ROUNDS, "players": MAX_PLAYERS, "default_size": 64, "timeouts": MAX_TIMEOUTS,
          "default_timeouts": WITHDRAW_AFTER_TIMEOUTS, "table_seats": (MIN_TABLE_SEATS, MAX_TABLE_SEATS)}


# -- the pages ------------------------------------------------------------------------------


@blp.get("/tournaments")
def tournament_list():
    """Open tournaments to join, those running and those finished, the newest first; and the form
    to organise one (shown by static/tournament.js to a signed-in player)."""
    tournaments = chronicle().tournament_list
    kinds = {status: [listed(row) for row in tournaments.page(status=status, limit=LISTED).rows]
             for status in STATUSES}
    games = [game for game in games_to_start() if game["seats"][1] >= 2]
    return render_template("tournaments.html", kinds=kinds, games=games, formats=FORMAT_WORDS, limits=LIMITS)


@blp.get("/tournaments/<uuid:tournament_id>")
def tournament_page(tournament_id: UUID):
    """One tournament: its settings, entrants, current round, standings and crosstable."""
    try:
        tournament = chronicle().commands.tournaments.shown(tournament_id)
    except NotFound:
        return render_template("not_found.html", what="tournament", name=str(tournament_id)), 404
    return render_template("tournament.html", **page_context(tournament))


# -- reading ---------------------------------------------------------------------------------


def tournament_of(game_id: UUID) -> dict[str, Any] | None:
    """The tournament a game is played for, for its page: the link, and "round 2 of Chi, a Swiss
    by oli"; None for a game of no tournament."""
    placed = chronicle().commands.tournaments.of_game(game_id)
    if placed is None:
        return None
    tournament = chronicle().commands.tournaments.shown(placed.tournament_id)
    return {"id": tournament["id"], "words": f"Round {placed.round} of {heading(tournament)}"}


# -- the tournament's page -------------------------------------------------------------------


def page_context(tournament: dict[str, Any]) -> dict[str, Any]:
    entrants = {entrant["name"]: entrant for entrant in tournament["entrants"]}
    players = {name: entrant.get("player") for name, entrant in entrants.items()}
    rounds = [shown_round(played, players) for played in tournament["rounds"]]
    keys = TIE_BREAKS[tournament["format"]]
    two = tournament["format"] != "tables"  # a game's points are 1, ½ or 0; at tables, thirds and more
    standings = [{**row, "points_words": points_words(row["points"], two),
                  "tie_breaks": [points_words(row[key], two) for key in keys],
                  "entrant": entrants.get(row["player"], {})} for row in tournament["standings"]]
    order = [row["player"] for row in tournament["standings"]]
    return {
        "t": tournament, "heading": heading(tournament), "progress": progress_words(in_brief(tournament)),
        "format_words": FORMAT_WORDS[tournament["format"]], "format_hint": FORMAT_HINTS[tournament["format"]],
        "clock_words": clock_words(tournament["clock"]), "options_words": options_words(tournament["options"]),
        "seats_words": seats_words(tournament),
        "withdrawal_words": withdrawal_words(tournament.get("withdraw_after_timeouts", 0)),
        "entrants": list(entrants.values()), "entrant_ids": " ".join(entrant["player"] for entrant in entrants.values()  # those who may still withdraw
                                if entrant.get("player") and not entrant["withdrawn"]),
        "rounds": rounds, "current": rounds[-1] if rounds and tournament["status"] == "running" else None,
        "standings": standings, "tie_breaks": [(TIE_BREAK_WORDS[key], TIE_BREAK_HINTS[key]) for key in keys],
        "crosstable": crosstable(order, tournament["rounds"]) if two else None,
        "places": places_table(order, tournament["rounds"]) if not two else None,
        "players": players,
    }


def seats_words(tournament: dict[str, Any]) -> str:
    low, high = tournament["table_seats"]
    if tournament["format"] != "tables":
        return "two players a game"
    return f"tables of {low}" if low == high else f"tables of {low} to {high}"


def shown_round(played: dict[str, Any], players: dict[str, str | None]) -> dict[str, Any]:
    """A round's games in words: who sits at each table, and how it ended or that it is being played."""
    tables = []
    for table in played["tables"]:
        tables.append({"game_id": table["game_id"], "players": table["players"],
                       "player_ids": " ".join(filter(None, (players.get(name) for name in table["players"]))),
                       "result": table_result(table)})
    return {"round": played["round"], "closed": played["closed"], "tables": tables, "byes": played["byes"]}


def table_result(table: dict[str, Any]) -> str:
    """"ana won", "a draw", "bo won: cy lost on time", at more seats "1st ana, 2nd bo, 3rd cy"; or "playing"."""
    places = table["places"]
    if places is None:
        return "being played" if table["game_id"] else "about to start"
    names = table["players"]
    if len(names) == 2:
        words = "a draw" if places[0] == places[1] else f"{names[places.index(min(places))]} won"
    else:
        words = ", ".join(f"{ordinal(place)} {name}" for place, name in sorted(zip(places, names)))
    if table["lost_on_time"]:
        words += f" ({', '.join(table['lost_on_time'])} lost on time)"
    return words


def crosstable(order: list[str], rounds: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Rows and columns by player (in standing order): each cell the player's result against the
    column's player, a game at a time (1 a win, ½ a draw, 0 a loss), with the round; the byes apart."""
    cells: dict[tuple[str, str], list[dict[str, Any]]] = {}
    byes: dict[str, list[int]] = {name: [] for name in order}
    for played in rounds:
        for name in played["byes"]:
            byes.setdefault(name, []).append(played["round"])
        for table in played["tables"]:
            if table["places"] is None or len(table["players"]) != 2:
                continue
            for me, other in ((0, 1), (1, 0)):
                mine, theirs = table["places"][me], table["places"][other]
                score = "1" if mine < theirs else "½" if mine == theirs else "0"
                on_time = table["players"][me] in table["lost_on_time"]
                cells.setdefault((table["players"][me], table["players"][other]), []).append(
                    {"score": score + (" on time" if on_time else ""), "round": played["round"],
                     "game_id": table["game_id"],
                     "words": f"round {played['round']}: {table_result(table)}"})
    return {"order": order, "cells": cells, "byes": byes}


def places_table(order: list[str], rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """A row per player (in standing order), a column per round: the place they took at their
    table, of how many, the bye, or nothing (withdrawn)."""
    rows = []
    for name in order:
        row = []
        for played in rounds:
            cell: dict[str, Any] = {"words": "", "game_id": None}
            if name in played["byes"]:
                cell["words"] = "bye"
            for table in played["tables"]:
                if name in table["players"]:
                    seat = table["players"].index(name)
                    cell["game_id"] = table["game_id"]
                    if table["places"] is None:
                        cell["words"] = "playing"
                    else:
                        place = table["places"][seat]
                        tied = table["places"].count(place) > 1
                        cell["words"] = f"{ordinal(place)}{' (tied)' if tied else ''} of {len(table['players'])}" + (
                            ", on time" if name in table["lost_on_time"] else "")
            row.append(cell)
        rows.append({"name": name, "cells": row})
    return {"rounds": [played["round"] for played in rounds], "rows": rows}
