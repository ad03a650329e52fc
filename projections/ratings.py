"""Ratings: each player's and each bot's strength at each game, from the games they finished.

The rating system is openskill's Plackett-Luce model, made for any number of players and for
ties: a finished game gives each rated seat a place (the winners share the first; the others
follow by score, equal scores sharing a place) and moves every seat's rating (mu, sigma) from
what the places say against what the ratings expected. A rating is shown as its ordinal,
mu - 3 sigma: a newcomer starts at 0 and climbs as the model grows sure of them.

Who is rated: registered players (a seat of a named person without a player id could be anyone,
so a game with one is not rated; a bot account, a program playing as a player, is rated as the
player it is, its kind `bot_account` as its seat records it), and bots, each name, version and strength a rater of its own,
so that a bot's strength sits on the people's scale. What counts: a finished game of two seats
or more that is no sandbox (scenarios and forks never count); a resignation or a clock forfeit is
a loss like any other, as the outcome says; a game its creator chose to play casual
(`options.casual`) counts for nothing. A game whose rules say its ratings are for persons
only (`rated_seats = "persons"`: Tianxia, whose bots play beside a rival the rules play) counts
only when every seat is a player. Solo games are scored, not rated: their results go on the
game's solo boards (projections.solo_boards), in the same order.

The ratings follow the order in which games finished in the store's notification log, live and
rebuilt alike: a catch-up notes the position of each game's last event, and rates every result
whose last event lies at or before the position it reached, in the order of those positions
(a result written ahead of its position waits for it). So a rebuild from zero gives exactly the
ratings the live read model holds. Rating a game reads and writes one row per seat: O(1).
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from openskill.models import PlackettLuce

from domain.contract import Outcome
from projections import solo_boards
from services.log.names import bot_name

MODEL = PlackettLuce()  # mu 25, sigma 25/3: openskill's defaults
PROVISIONAL_GAMES = 10  # a rating from fewer games is marked provisional
# The version of a bot that sat in a game made before seats recorded it: rated apart, the same
# way live and rebuilt whatever the bot's version is now.
UNRECORDED = "unrecorded"

SCHEMA = """
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    rater TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    wins REAL NOT NULL,
    last_game TEXT NOT NULL,
    PRIMARY KEY (game, rater)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, ordinal DESC, rater);
CREATE TABLE IF NOT EXISTS rating_changes (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    rater TEXT NOT NULL,
    position INTEGER NOT NULL,
    place INTEGER NOT NULL,
    before_mu REAL NOT NULL,
    before_sigma REAL NOT NULL,
    after_mu REAL NOT NULL,
    after_sigma REAL NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS rating_changes_by_rater ON rating_changes (rater, game, position);
CREATE TABLE IF NOT EXISTS rated_games (
    game_id TEXT PRIMARY KEY,
    position INTEGER,
    entry TEXT NOT NULL,
    rated INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rated_games_due ON rated_games (position) WHERE rated = 0 AND position IS NOT NULL;
""" + solo_boards.SCHEMA
TABLES = ("ratings", "rating_changes", "rated_games") + solo_boards.TABLES


def places(outcome: Outcome) -> list[int]:
    """Each seat's place, 1 the best: the winners share the first; the others follow, by score,
    equal scores sharing a place. Nobody won (a rival the rules play did): all by score."""
    winners = set(outcome.winners)
    others = sorted({score for seat, score in enumerate(outcome.scores) if seat not in winners}, reverse=True)
    after = 2 if winners else 1
    return [1 if seat in winners else after + others.index(score) for seat, score in enumerate(outcome.scores)]


def rater_of(seat: Mapping[str, Any], bot_version: str | None) -> tuple[str, str, str] | None:
    """Who a seat is on the ratings: (rater id, kind, name), or None for a person without a player id."""
    if seat.get("player"):
        # A bot account is rated as the player it is (one rater, its whole history), marked a bot.
        return f"player:{seat['player']}", "bot_account" if seat.get("bot_account") else "player", seat["name"]
    bot = seat.get("bot")
    if not bot:
        return None
    shown = f"{bot_name(bot)}, version {bot_version}" if bot_version != UNRECORDED else f"{bot_name(bot)} (version unrecorded)"
    shown += f" at strength {seat['strength']}" if seat.get("strength") is not None else ""
    strength = f"/{seat['strength']}" if seat.get("strength") is not None else ""
    return f"bot:{bot}@{bot_version}{strength}", "bot", shown


def unrated_because(rules: Any, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> str | None:
    """Why a game of these seats and options counts for nothing, in words; None when it counts (a
    solo game on its solo board, any other on the ratings). The new-game form asks it too."""
    if options.get("sandbox"):
        return "a game from a chosen position (a sandbox) counts for nothing"
    if options.get("casual"):
        return "a casual game, by its players' choice"
    raters = [rater_of(seat, seat.get("bot_version", UNRECORDED)) for seat in seats]
    known = [rater for rater in raters if rater is not None]
    if len(known) < len(raters):
        return "a person who is not a registered player could be anyone"
    persons_only = rules.rated_seats == "persons"
    if len(seats) > 1 and persons_only and any(kind != "player" for _, kind, _ in known):
        return f"{rules.title}'s ratings count games between players only"
    if len({rater[0] for rater in known}) < len(known):
        return "two seats are the same bot, and a bot against itself tells nothing of its strength"
    return None


def rated_entry(game: str, rules: Any, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
                outcome: Outcome, finished_at: str) -> dict[str, Any] | None:
    """What the ratings take from a finished game: each seat's rater and place, or a solo game's
    score for its board (projections.solo_boards); None for a game that counts for nothing
    (`unrated_because`)."""
    if unrated_because(rules, seats, options) is not None:
        return None
    raters = [rater for seat in seats if (rater := rater_of(seat, seat.get("bot_version", UNRECORDED)))]
    if len(seats) == 1:
        return solo_boards.solo_entry(game, rules, list(raters[0]), options, outcome, finished_at)
    return {"game": game, "raters": [list(rater) for rater in raters], "places": places(outcome),
            "winners": list(outcome.winners), "finished_at": finished_at}


def queue(cursor: Any, game_id: str, entry: Mapping[str, Any] | None, position: int | None) -> None:
    """Keep a finished game's entry until the catch-up has passed its last event (`position`,
    None while it lies ahead of the batch that found the game finished)."""
    if entry is None:
        return
    cursor.execute("INSERT INTO rated_games (game_id, position, entry) VALUES (?, ?, ?) ON CONFLICT (game_id) "
                   "DO UPDATE SET position = coalesce(rated_games.position, excluded.position)",
                   (game_id, position, json.dumps(entry)))


def rate_due(cursor: Any, position: int) -> int:
    """Rate every queued game whose last event lies at or before `position`, in that order;
    returns how many."""
    due = cursor.execute("SELECT game_id, position, entry FROM rated_games WHERE rated = 0 AND position IS NOT NULL "
                         "AND position <= ? ORDER BY position", (position,)).fetchall()
    for row in due:
        entry = json.loads(row["entry"])
        if "solo" in entry:
            solo_boards.record(cursor, row["game_id"], entry)
        else:
            rate_game(cursor, row["game_id"], row["position"], entry)
        cursor.execute("UPDATE rated_games SET rated = 1 WHERE game_id = ?", (row["game_id"],))
    return len(due)


def rate_game(cursor: Any, game_id: str, position: int, entry: Mapping[str, Any]) -> None:
    """One finished game's ratings: every seat's rating before and after, and the history."""
    game, finished_at = entry["game"], entry["finished_at"]
    raters, seat_places = entry["raters"], entry["places"]
    before = []
    for rater, kind, name in raters:
        row = cursor.execute("SELECT mu, sigma, games, wins FROM ratings WHERE game = ? AND rater = ?",
                             (game, rater)).fetchone()
        before.append((row["mu"], row["sigma"], row["games"], row["wins"]) if row else (MODEL.mu, MODEL.sigma, 0, 0.0))
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma, _, _ in before]
    after = [team[0] for team in MODEL.rate(teams, ranks=list(seat_places))]
    winners = entry["winners"]
    for seat, ((rater, kind, name), (mu, sigma, games, wins), new) in enumerate(zip(raters, before, after)):
        share = 1 / len(winners) if seat in winners else 0.0
        cursor.execute(
            "INSERT INTO ratings (game, rater, kind, name, mu, sigma, ordinal, games, wins, last_game)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, rater) DO UPDATE SET name = excluded.name,"
            " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
            " wins = excluded.wins, last_game = excluded.last_game",
            (game, rater, kind, name, new.mu, new.sigma, ordinal(new.mu, new.sigma), games + 1, wins + share, game_id))
        cursor.execute(
            "INSERT INTO rating_changes (game_id, seat, game, rater, position, place, before_mu, before_sigma, after_mu,"
            " after_sigma, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, seat, game, rater, position, seat_places[seat], mu, sigma, new.mu, new.sigma, finished_at))


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: what the model is nearly sure the player's strength is above."""
    return mu - 3 * sigma


def changes_of(db: Any, game_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """Each rated game's seats' rating changes, for the games of `game_ids`."""
    found: dict[str, list[dict[str, Any]]] = {}
    if not game_ids:
        return found
    marks = ", ".join("?" * len(game_ids))
    for row in db.query(f"SELECT * FROM rating_changes WHERE game_id IN ({marks}) ORDER BY game_id, seat",  # noqa: S608
                        tuple(game_ids)):
        found.setdefault(row["game_id"], []).append(change(row))
    return found


def change(row: Any) -> dict[str, Any]:
    """One seat's rating change in one game, as shown: the ratings (ordinals) before and after."""
    before, after = ordinal(row["before_mu"], row["before_sigma"]), ordinal(row["after_mu"], row["after_sigma"])
    return {"seat": row["seat"], "rater": row["rater"], "place": row["place"],
            "before": round(before, 2), "after": round(after, 2), "change": round(after - before, 2)}
