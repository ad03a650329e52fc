"""Ratings from zero: 100,000 finished games rated in the order they finished, as a rebuild of
the read models does once it has queued them, in catch-up-sized transactions on a SQLite file.

The games are drawn at random (seeded): 2,000 players and a few bots, two-seat games of Chi and
games of 3 to 6 at Xanadu with ties now and then. What is measured is the ratings' own share of a
rebuild (reading each game from the event store is the game list's, measured in read_models).
Rating a game reads and writes one row per seat, so the cost of a game must not grow with the
games before it: the last tenth costs about what the first tenth did (CPU time, so
that other work on the machine does not blur it; the indexes' logarithm is all that grows).
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

from projections import ratings
from projections.database import ProjectionDatabase

GAMES = 100_000
PLAYERS = 2_000
BOTS = ["bot:random@1", "bot:greedy@1", "bot:search@1", "bot:builder@1"]
BATCH = 500  # games rated in one transaction, about what one catch-up transaction meets


def entries(games: int, rng: random.Random):
    """Finished games as the ratings queue them: raters, places, winners."""
    raters = [[f"player:{number}", "player", f"p{number}"] for number in range(PLAYERS)]
    raters += [[bot, "bot", bot] for bot in BOTS]
    for number in range(games):
        game, seats = ("chi", 2) if number % 5 < 3 else ("xanadu", rng.randint(3, 6))
        table = rng.sample(raters, seats)
        scores = [rng.randint(0, 12) for _ in table]
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        others = sorted({score for score in scores if score != best}, reverse=True)
        places = [1 if score == best else 2 + others.index(score) for score in scores]
        yield f"game-{number}", {"game": game, "raters": table, "places": places, "winners": winners,
                                 "finished_at": f"2026-01-01T00:00:{number % 60:02d}"}


def rating_figures(games: int = GAMES) -> dict:
    rng = random.Random("ratings-bench")
    with tempfile.TemporaryDirectory() as folder:
        db = ProjectionDatabase(str(Path(folder) / "projections.sqlite"))
        with db.transaction() as cursor:
            cursor.executemany("INSERT INTO rated_games (game_id, position, entry) VALUES (?, ?, ?)",
                               ((game_id, position, json.dumps(entry))
                                for position, (game_id, entry) in enumerate(entries(games, rng), start=1)))
        seconds: list[float] = []
        for end in range(BATCH, games + BATCH, BATCH):
            started = time.process_time()
            with db.transaction() as cursor:
                ratings.rate_due(cursor, min(end, games))
            seconds.append(time.process_time() - started)
        rated = db.query("SELECT count(*) AS n FROM rating_changes")[0]["n"]
        raters = db.query("SELECT count(*) AS n FROM ratings")[0]["n"]
        db.close()
    per_slice = max(1, len(seconds) // 10)  # batches in a tenth of the games
    first, last = sum(seconds[:per_slice]) / (per_slice * BATCH), sum(seconds[-per_slice:]) / (per_slice * BATCH)
    return {"games": games, "seats": rated, "raters": raters, "seconds": sum(seconds), "first": first, "last": last}


def report(figures: dict) -> list[str]:
    ratio = figures["last"] / figures["first"]
    verdict = "meets" if ratio <= 1.5 else "MISSES"
    return [
        f"Ratings rebuilt from {figures['games']:,} finished games ({figures['seats']:,} seats, {figures['raters']:,} "
        f"players and bots): {figures['seconds']:.1f} s of CPU, {figures['games'] / figures['seconds']:,.0f} games/s; "
        f"a game costs {figures['first'] * 1e6:.0f} µs in the first tenth and {figures['last'] * 1e6:.0f} µs "
        f"in the last ({ratio:.2f}x; target O(1), at most 1.5x: {verdict})",
    ]


if __name__ == "__main__":
    print("\n".join(report(rating_figures())))
