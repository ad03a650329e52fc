"""`chronicle tournament bots GAME`: a whole tournament of a game's built-in bots, at the strengths
asked for, organised and run through the services as any tournament is (on the RQ workers where
CHRONICLE_BOTS=rq, in this process otherwise), waited for to its end, and reported: the
crosstable, and each bot's rating change.

A built-in bot is rated as its kind, version and strength (projections.ratings), so each bot of
the field is a different one: `random,greedy,search:1,search:2`. A rated tournament's games move
the bots' ratings on the service's leaderboards, and the changes shown are those the ratings read
model recorded for its games. Where the games counted for nothing (a casual tournament, or a game
whose ratings are for persons only, as Tianxia's), the changes shown are the ones the tournament
implies: the service's own rating code (projections.ratings.rate_game) run over its games on a
scratch table, from the bots' ratings as they stand, and the report says so.
"""

from __future__ import annotations

import argparse
import sqlite3
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence
from uuid import UUID

from domain import registry
from projections import ratings
from projections.leaderboards import Leaderboards
from services.log.names import bot_name
from services.reactions.overdue import ClockWatch
from services.tournaments.tournaments import checked_bots, checked_table

CLOCK = {"per_decision": "P1D", "on_timeout": "forfeit"}  # bots decide at once: the clock only guarantees an end
ORGANISER = "bot-tournaments"  # the player who organises them
POLL_SECONDS = 0.5  # how often the tournament is read while the workers play it


class BotTournamentFailed(Exception):
    """The tournament could not be run to its end (the workers did not finish it in time)."""


def bot_list(text: str) -> list[dict[str, Any]]:
    """`random,greedy,search:1` as bot seats: {"bot": "random"}, ..., {"bot": "search", "strength": 1}."""
    seats, seen = [], set()
    for item in (part.strip() for part in text.split(",")):
        bot, colon, level = item.partition(":")
        if not bot or (colon and not level.isdigit()):
            raise argparse.ArgumentTypeError(f"{item!r} is not a bot, such as random or search:2 (BOT or BOT:STRENGTH)")
        seat: dict[str, Any] = {"bot": bot, "name": bot_name(bot)}
        if colon:
            seat.update(strength=int(level), name=f"{bot_name(bot)} {level}")
        if (bot, seat.get("strength")) in seen:
            raise argparse.ArgumentTypeError(f"{item} is named twice: a bot is rated as its kind and strength, and a "
                                             "bot against itself tells nothing of its strength")
        seen.add((bot, seat.get("strength")))
        seats.append(seat)
    return seats


def table_seats(text: str) -> tuple[int, int]:
    """`3-4` (or `4`): the fewest and most seats at a table."""
    low, _, high = text.partition("-")
    try:
        least, most = int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not MIN-MAX seats, such as 3-4") from None
    return least, most


def tournament_body(game: str, bots: Sequence[Mapping[str, Any]], rounds: int, format: str | None = None,
                    seats: tuple[int, int] | None = None, rated: bool = True,
                    options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The tournament to organise: a Swiss for a game of two, tables for a game of more seats (unless
    `format` says otherwise), every game with a clock of a day a decision (bots decide at once)."""
    rules = registry.GAMES.get(game)
    if format is None:
        format = "swiss" if rules is None or rules.seats[1] <= 2 else "tables"
    body = {"game": game, "format": format, "rounds": rounds, "clock": CLOCK, "rated": rated,
            "bots": [dict(seat) for seat in bots], "options": dict(options or {}), "size_limit": max(len(bots), 2)}
    if seats is not None:
        body["table_seats_min"], body["table_seats_max"] = seats
    return body


@dataclass(frozen=True)
class RatingChange:
    """An entrant's rating at the game (the ordinal) before its first game of the tournament and
    after its last, and the change its games made."""

    name: str
    shown: str  # the bot as the leaderboards name it ("search-bot, version 1 at strength 2")
    before: float
    after: float
    change: float
    games: int


@dataclass(frozen=True)
class BotTournament:
    tournament: dict[str, Any]  # as the service shows it, finished
    changes: list[RatingChange]  # in the order of the standings
    recorded: bool  # the ratings read model's changes (True), or those the games imply (False)
    unrated_because: str | None  # why the games counted for nothing, when they did


def run_bot_tournament(services: Any, leaderboards: Leaderboards, body: Mapping[str, Any],
                       organiser: str = ORGANISER, timeout: float | None = None,
                       progress: Callable[[str], None] | None = None) -> BotTournament:
    """Organise the tournament `body` describes (its bots seeded by their ratings now), start it,
    wait for its end and tell its rating changes. InvalidRequest (and the like) for a bad body,
    before anything is saved; BotTournamentFailed if it has not ended after `timeout` seconds."""
    tournaments = services.commands.tournaments
    leaderboards.game_list.catch_up()
    players = services.commands.players
    # The body is checked before anything is saved, the organiser (made on the first run) too.
    rules, _, settings = checked_table(body)
    checked_bots(body.get("bots"), rules, settings)
    who = players.house_player(organiser)
    opened = tournaments.organise(who, body, leaderboards.rating)
    shown = tournaments.start(opened["id"], who)
    # Where bots play in this process, a turn that failed is tried again by the process's watch,
    # which this command is while it waits.
    watch = None if services.in_process is None else ClockWatch(services.commands, POLL_SECONDS, services.in_process)
    shown = finished(tournaments, opened["id"], shown, timeout, progress, watch)
    leaderboards.game_list.catch_up()
    changes, recorded, why = rating_changes(services, leaderboards, tournaments.get(opened["id"]), shown)
    return BotTournament(shown, changes, recorded, why)


def finished(tournaments: Any, tournament_id: str, shown: dict[str, Any], timeout: float | None,
             progress: Callable[[str], None] | None, watch: ClockWatch | None = None) -> dict[str, Any]:
    """The tournament once it has finished: at once where bots play in this process (unless a
    turn failed, which `watch` tries again); where they play on the workers, read again every
    POLL_SECONDS until it has (telling `progress` each game that ends)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    told = None
    while shown["status"] != "finished":
        where = position(shown)
        if progress is not None and where != told:
            progress(where)
            told = where
        if deadline is not None and time.monotonic() > deadline:
            raise BotTournamentFailed(f"tournament {tournament_id} has not finished after {timeout:g} s ({where}); "
                                      "are workers running (chronicle-worker run)? It goes on without this command")
        time.sleep(POLL_SECONDS)
        if watch is not None:
            watch.look()
        shown = tournaments.shown(tournament_id)
    return shown


def position(shown: Mapping[str, Any]) -> str:
    """Where a running tournament is: "round 2 of 3: 1 of 2 games finished"."""
    if not shown["rounds"]:
        return "round 1 not paired yet"
    current = shown["rounds"][-1]
    done = sum(1 for table in current["tables"] if table["places"] is not None)
    return (f"round {current['round']} of {shown['rounds_planned']}: {done} of {len(current['tables'])} "
            f"games finished")


# -- rating changes ----------------------------------------------------------------------------


def rating_changes(services: Any, leaderboards: Leaderboards, tournament: Any, shown: Mapping[str, Any]
                   ) -> tuple[list[RatingChange], bool, str | None]:
    """Each entrant's rating change: as the ratings read model recorded it when the games were
    rated, else as the service's rating code rates the games on a scratch table."""
    game = shown["game"]
    rules = registry.get(game)
    played = [(table["players"], services.store.game(UUID(table["game_id"])))
              for each in shown["rounds"] for table in each["tables"]]
    why = next((reason for _, record in played
                if (reason := ratings.unrated_because(rules, record.seats, record.options)) is not None), None)
    db = leaderboards.game_list.db
    if why is None:
        rows = changed_rows(db, [str(record.id) for _, record in played])
    else:
        rows = implied_rows(db, game, rules, played)
    raters = {name: ratings.rater_of(seat, rules.bots[seat["bot"]].version)
              for name, seat in tournament.entrants.items()}
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in raters}
    for names, record in played:
        for seat, name in enumerate(names):
            if (row := rows.get((str(record.id), seat))) is not None:
                seen[name].append(row)
    changes = []
    for standing in shown["standings"]:
        name = standing["player"]
        moves = seen[name]
        now = current_rating(db, game, raters[name][0])
        before = moves[0][0] if moves else now
        after = moves[-1][1] if moves else now
        changes.append(RatingChange(name, raters[name][2], before, after, sum(b - a for a, b in moves), len(moves)))
    return changes, why is None, why


def current_rating(db: Any, game: str, rater: str) -> float:
    rows = db.query("SELECT ordinal FROM ratings WHERE game = ? AND rater = ?", (game, rater))
    return rows[0]["ordinal"] if rows else 0.0


def changed_rows(db: Any, game_ids: Sequence[str]) -> dict[tuple[str, int], tuple[float, float]]:
    """(game, seat) -> the seat's rating (ordinal) before and after that game, as recorded."""
    found = {}
    for start in range(0, len(game_ids), 500):
        chunk = list(game_ids[start:start + 500])
        marks = ", ".join("?" * len(chunk))
        for row in db.query(f"SELECT * FROM rating_changes WHERE game_id IN ({marks})", tuple(chunk)):  # noqa: S608
            found[(row["game_id"], row["seat"])] = (ratings.ordinal(row["before_mu"], row["before_sigma"]),
                                                    ratings.ordinal(row["after_mu"], row["after_sigma"]))
    return found


class Scratch:
    """A SQLite database in memory with the ratings' tables, queried as the read models' is."""

    def __init__(self) -> None:
        self.connection = sqlite3.connect(":memory:")
        self.connection.row_factory = sqlite3.Row
        self.connection.executescript(ratings.SCHEMA)

    def query(self, sql: str, params: tuple = ()) -> list[Any]:
        return self.connection.execute(sql, params).fetchall()


def implied_rows(db: Any, game: str, rules: Any, played: Sequence[tuple[Sequence[str], Any]]
                 ) -> dict[tuple[str, int], tuple[float, float]]:
    """The rating changes the games imply: rated in their order by the service's rating code
    (projections.ratings.rate_game) on a scratch table, each bot starting from its rating now
    (a newcomer's where it has none)."""
    scratch = Scratch()
    cursor = scratch.connection.cursor()
    for index, (_, record) in enumerate(played):
        raters = [ratings.rater_of(seat, seat.get("bot_version", ratings.UNRECORDED)) for seat in record.seats]
        for rater, _, _ in raters:
            if not scratch.query("SELECT 1 FROM ratings WHERE game = ? AND rater = ?", (game, rater)):
                for row in db.query("SELECT * FROM ratings WHERE game = ? AND rater = ?", (game, rater)):
                    cursor.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", tuple(row[key] for key in (
                        "game", "rater", "kind", "name", "mu", "sigma", "ordinal", "games", "wins", "last_game")))
        outcome = rules.outcome(record.state)
        entry = {"game": game, "raters": [list(rater) for rater in raters], "places": ratings.places(outcome),
                 "winners": list(outcome.winners), "finished_at": ""}
        ratings.rate_game(cursor, str(record.id), index, entry)
    return changed_rows(scratch, [str(record.id) for _, record in played])


# -- the report --------------------------------------------------------------------------------


def number(value: float) -> str:
    """1, 1.5, 0.67: points and tie-breaks as short as they go."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def crosstable(shown: Mapping[str, Any]) -> list[str]:
    """The standings, best first, with each round's result: against a player in a game of two, a
    win +n, a loss -n, a draw =n (n the opponent's place here); at a table of more seats, the
    place taken and the table's seats (2/4); a bye, `bye`."""
    standings = shown["standings"]
    placed = {s["player"]: s["place"] for s in standings}
    heads = ["place", "bot", "points", "Bh-cut1", "Bh", "SB", *(f"r{r['round']}" for r in shown["rounds"])]
    rows = []
    for s in standings:
        row = [str(s["place"]), s["player"], number(s["points"]), number(s["buchholz_cut1"]), number(s["buchholz"]),
               number(s["sonneborn_berger"])]
        for played in shown["rounds"]:
            row.append(result_in(played, s["player"], placed))
        rows.append(row)
    return aligned([heads, *rows])


def result_in(played: Mapping[str, Any], name: str, placed: Mapping[str, int]) -> str:
    if name in played["byes"]:
        return "bye"
    for table in played["tables"]:
        if name in table["players"]:
            if table["places"] is None:
                return "..."
            seat = table["players"].index(name)
            mine = table["places"][seat]
            if len(table["players"]) > 2:
                return f"{mine}/{len(table['players'])}"
            other = table["players"][1 - seat]
            theirs = table["places"][1 - seat]
            return f"{'+' if mine < theirs else '-' if mine > theirs else '='}{placed[other]}"
    return ""


def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]


def many(count: int, thing: str) -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def signed(value: float) -> str:
    return f"{value:+.2f}"


def report(result: BotTournament) -> list[str]:
    """What the command prints: the tournament, its crosstable, the bots' rating changes."""
    shown = result.tournament
    form = {"swiss": "A Swiss", "round-robin": "A round robin", "tables": "A tables tournament"}[shown["format"]]
    games = sum(len(r["tables"]) for r in shown["rounds"])
    lines = [f"{form} of {shown['title']}: {many(len(shown['entrants']), 'bot')}, {many(len(shown['rounds']), 'round')}, "
             f"{many(games, 'game')} (tournament {shown['id']}, {'rated' if shown['rated'] else 'casual'})", ""]
    lines += crosstable(shown)
    lines += ["(+n, -n, =n: won, lost, drew against the bot placed n; k/n: placed k at a table of n; Bh: Buchholz, "
              "SB: Sonneborn-Berger)", ""]
    if result.recorded:
        lines.append(f"Rating changes at {shown['title']} (the leaderboards' ordinal, mu - 3 sigma), as the ratings "
                     "recorded them:")
    else:
        lines.append(f"Rating changes at {shown['title']}: the games counted for nothing ({result.unrated_because}); "
                     "these are the changes they imply, rated by the service's rating code (projections/ratings.py) "
                     "from the bots' ratings now:")
    heads = ["bot", "rated as", "before", "after", "change", "games"]
    lines += aligned([heads, *([c.name, c.shown, f"{c.before:.2f}", f"{c.after:.2f}", signed(c.change), str(c.games)]
                               for c in result.changes)])
    return lines


def leaderboards_of(services: Any) -> Leaderboards:
    """The ratings read model of this host (the API's, in the data folder), over the services' store."""
    from projections.database import ProjectionDatabase
    from projections.game_list import GameList
    from web.app import projection_path

    return Leaderboards(GameList(services.store, ProjectionDatabase(projection_path(services))))
