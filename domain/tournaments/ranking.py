"""The initial ranking: rating first, equal ratings in an order drawn from the tournament's seed.

The players, sorted by name, are shuffled with the seed's `initial-order` stream (domain/rng.py);
that order breaks ties of rating, and, last of all, every tie of the standings. Anyone holding the
revealed seed gets the same order.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rng import Rng
from .model import MAX_RATING, Entrant


def drawn_order(players: Iterable[str], seed: str, stream: str = "initial-order") -> list[str]:
    return Rng(seed, stream).shuffle(sorted(players))


def initial_ranking(entrants: Iterable[Entrant], seed: str) -> list[str]:
    """Players best first: higher rating, then the seeded order."""
    entrants = list(entrants)
    drawn = {p: i for i, p in enumerate(drawn_order([e.player for e in entrants], seed))}
    return [e.player for e in sorted(entrants, key=lambda e: (-e.rating, drawn[e.player]))]


NEWCOMER = 1500  # the entrant rating of a player not rated at the game yet (their ordinal is 0)
ORDINAL_SCALE = 10  # entrant rating points per point of ordinal


def entrant_rating(ordinal: float | None) -> int:
    """An entrant's rating from their rating at the tournament's game, as the leaderboard shows it
    (its ordinal, mu - 3 sigma, 0 for a newcomer): 1500 + 10 x ordinal, rounded half away from
    zero, kept within 0..4000; 1500 for one not rated there yet, as a newcomer."""
    if ordinal is None:
        return NEWCOMER
    scaled = ORDINAL_SCALE * ordinal
    whole = int(scaled + 0.5) if scaled >= 0 else -int(-scaled + 0.5)
    return max(0, min(MAX_RATING, NEWCOMER + whole))
