"""Tables for games of three to six seats: players seated by standing, as a multiplayer Swiss does.

The table sizes for a field of N players, with tables of `least` to `most` seats:
- the fewest tables that can hold everyone, t = ceil(N / most), sizes as equal as they can be
  (N = t*q + r: r tables of q + 1 players, then t - r of q), bigger tables first;
- if that leaves a table under `least`, one more table, and so on while t * least <= N;
- if no number of tables fits (a field of 5 with tables of exactly 4), as many players as can be
  seated are, and the rest have a bye: the lowest ordered players without a bye yet.
The players, ordered by points then initial rank, fill table 1 first, then table 2, and so on. The
seat order at each table (who moves first) is drawn from the seed's `seats:R:T` stream.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rng import Rng
from .model import Pairing, Table
from .records import Record


def table_sizes(field: int, least: int, most: int) -> list[int]:
    """The sizes of a round's tables, bigger first; their sum is the number of players seated."""
    for seated in range(field, least - 1, -1):
        tables = -(-seated // most)
        while tables * least <= seated:
            q, r = divmod(seated, tables)
            if least <= q and q + (1 if r else 0) <= most:
                return [q + 1] * r + [q] * (tables - r)
            tables += 1
    return []


def pair_tables(order: Sequence[str], records: dict[str, Record], round_number: int, seed: str,
                least: int, most: int) -> Pairing:
    """The round's tables for the players in `order` (initial rank), seated by points then that rank."""
    ranked = sorted(order, key=lambda p: (-records[p].points, order.index(p)))
    sizes = table_sizes(len(ranked), least, most)
    left_out = len(ranked) - sum(sizes)
    byes: list[str] = []
    for p in reversed(ranked):
        if len(byes) < left_out and not records[p].byes:
            byes.append(p)
    for p in reversed(ranked):  # everyone has had a bye: the lowest ordered again
        if len(byes) < left_out and p not in byes:
            byes.append(p)
    seated = [p for p in ranked if p not in byes]
    tables, start = [], 0
    for number, size in enumerate(sizes, start=1):
        players = seated[start:start + size]
        start += size
        tables.append(Table(number, tuple(Rng(seed, f"seats:{round_number}:{number}").shuffle(players))))
    return Pairing(round_number, tuple(tables), tuple(sorted(byes, key=ranked.index)))
