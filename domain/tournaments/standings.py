"""Standings and tie-breaks, read from the records (docs/tournaments.md works an example by hand).

For each finished game, with the tablemates' final points (their points as they stand now; a
withdrawn player's stay as they were, so their past games still count for their opponents):
- Buchholz: the sum, over the player's games, of the tablemates' mean points (in a two-player
  game, the opponent's points). A bye adds nothing.
- Buchholz cut-1: Buchholz less the game that added the least, when there are two games or more.
- Sonneborn-Berger: the sum, over the player's games and tablemates, of what the player scored
  against that tablemate (above 1, level 1/2, below 0) times the tablemate's points, divided by
  the tablemates at that table (two-player: the beaten opponents' points plus half the drawn).
- Wins: games finished first alone (a loss on time is a game like any other).
Ranking: points, then the format's tie-breaks in order, then the initial rank, so no two players
ever share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .model import ROUND_ROBIN
from .records import Record
from .scoring import head_to_head

TIE_BREAKS = {
    "swiss": ("buchholz_cut1", "buchholz", "sonneborn_berger", "wins"),
    "tables": ("buchholz_cut1", "buchholz", "sonneborn_berger", "wins"),
    ROUND_ROBIN: ("sonneborn_berger", "wins"),
}


@dataclass(frozen=True)
class Standing:
    place: int
    player: str
    points: Fraction
    buchholz: Fraction
    buchholz_cut1: Fraction
    sonneborn_berger: Fraction
    wins: int
    games: int
    byes: int
    withdrawn: bool


def _buchholz_parts(record: Record, records: dict[str, Record]) -> list[Fraction]:
    return [sum((records[q].points for q in g.tablemates), Fraction(0)) / len(g.tablemates)
            for g in record.games]


def _sonneborn_berger(record: Record, records: dict[str, Record]) -> Fraction:
    total = Fraction(0)
    for g in record.games:
        mine = g.places[g.seat]
        for seat, q in enumerate(g.players):
            if seat != g.seat:
                total += head_to_head(mine, g.places[seat]) * records[q].points / len(g.tablemates)
    return total


def standings(ranking: Sequence[str], records: dict[str, Record], format: str,
              withdrawn: frozenset[str] | set[str] = frozenset()) -> list[Standing]:
    """Every player of `ranking` (the initial ranking), best first."""
    rows = []
    for p in ranking:
        record = records[p]
        parts = _buchholz_parts(record, records)
        buchholz = sum(parts, Fraction(0))
        cut = buchholz - min(parts) if len(parts) >= 2 else buchholz
        rows.append(Standing(0, p, record.points, buchholz, cut, _sonneborn_berger(record, records),
                             record.wins, len(record.games), len(record.byes), p in withdrawn))
    initial = {p: i for i, p in enumerate(ranking)}
    keys = TIE_BREAKS[format]
    rows.sort(key=lambda s: (-s.points, *(-getattr(s, k) for k in keys), initial[s.player]))
    return [replace(s, place=i + 1) for i, s in enumerate(rows)]
