"""The tables every bench of the rules measures, in one list: each game with the seat counts (and
options) that change its cost, and OpenSpiel's pure-Python games they are set beside.

Plain data with no import of the games, so that a bench's child process (bench.instructions under
callgrind) may read it and load only the one game it plays.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple


class Table(NamedTuple):
    """One measured table: its label in the figures, the game, its seats and options."""

    label: str
    game: str
    seats: int
    options: Mapping[str, Any]


TABLES = (
    Table("Chi", "chi", 2, {}),
    Table("The Court of Xiang Chi", "court", 1, {}),
    Table("Xanadu, 2 seats", "xanadu", 2, {}),
    Table("Xanadu, 4 seats", "xanadu", 4, {}),
    Table("Xi Cards, 2 seats", "xi", 2, {}),
    Table("Xi Cards, 4 seats", "xi", 4, {}),
    Table("Tianxia, solo (Normal)", "tianxia", 1, {"difficulty": "normal"}),
    Table("Tianxia, 2 seats and the Bot", "tianxia", 2, {}),
    Table("Tianxia, 4 seats", "tianxia", 4, {}),
)

# OpenSpiel's pure-Python games (open_spiel/python/games/), the peers of every rules figure.
OPENSPIEL = (
    "python_tic_tac_toe",
    "python_kuhn_poker",
    "python_liars_poker",
    "python_iterated_prisoners_dilemma",
    "python_block_dominoes",
    "python_dynamic_routing",
)


def table(label: str) -> Table | None:
    """The table of that label, or None (an OpenSpiel game's name)."""
    return next((row for row in TABLES if row.label == label), None)
