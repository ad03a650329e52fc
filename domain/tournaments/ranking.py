"""The initial ranking: rating first, equal ratings in an order drawn from the tournament's seed.

The players, sorted by name, are shuffled with the seed's `initial-order` stream (domain/rng.py);
that order breaks ties of rating, and, last of all, every tie of the standings. Anyone holding the
revealed seed gets the same order.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rng import Rng
from .model import Entrant


def drawn_order(players: Iterable[str], seed: str, stream: str = "initial-order") -> list[str]:
    return Rng(seed, stream).shuffle(sorted(players))


def initial_ranking(entrants: Iterable[Entrant], seed: str) -> list[str]:
    """Players best first: higher rating, then the seeded order."""
    entrants = list(entrants)
    drawn = {p: i for i, p in enumerate(drawn_order([e.player for e in entrants], seed))}
    return [e.player for e in sorted(entrants, key=lambda e: (-e.rating, drawn[e.player]))]
