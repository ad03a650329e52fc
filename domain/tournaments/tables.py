"""Tables for games of three to six seats: players seated by standing, as a multiplayer Swiss does.

The table sizes for a field of N players, with tables of `least` to `most` seats:
- the fewest tables that can hold everyone, t = ceil(N / most), sizes as equal as they can be
  (N = t*q + r: r tables of q + 1 players, then t - r of q), bigger tables first;
- if that leaves a table under `least`, one more table, and so on while t * least <= N;
- if no number of tables fits (a field of 5 with tables of exactly 4), as many players as can be
  seated are, and the rest have a bye: the lowest ordered players without a bye yet.
The players, ordered by points then initial rank, fill table 1 first, then table 2, and so on.
Then, table by table from the top, a player who would meet someone at their table again (the
lowest seated such player first) changes places with the first player of a lower table (lower
tables in order, each in its seating order) with whom fewer pairs meet again at the two tables;
each change lowers that count, so this ends. The seat order at each table (who moves
first) is drawn from the seed's `seats:R:T` stream.
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
    groups, start = [], 0
    for size in sizes:
        groups.append(seated[start:start + size])
        start += size
    _separate_players_who_have_met(groups, records)
    tables = [Table(number, tuple(Rng(seed, f"seats:{round_number}:{number}").shuffle(players)))
              for number, players in enumerate(groups, start=1)]
    return Pairing(round_number, tuple(tables), tuple(sorted(byes, key=ranked.index)))


def _meetings_again(players: list[str], records: dict[str, Record]) -> int:
    """How many pairs at this table have met before."""
    return sum(1 for i, p in enumerate(players) for q in players[i + 1:] if q in records[p].met)


def _separate_players_who_have_met(groups: list[list[str]], records: dict[str, Record]) -> None:
    """Table by table from the top: a player who would meet someone again changes places with the
    first player of a lower table with whom fewer pairs meet again at the two tables."""
    for t, table in enumerate(groups):
        moved = True
        while moved:
            moved = False
            for i in reversed(range(len(table))):
                p = table[i]
                if not any(q in records[p].met for q in table if q != p):
                    continue
                for other in groups[t + 1:]:
                    for j, q in enumerate(other):
                        before = _meetings_again(table, records) + _meetings_again(other, records)
                        table[i], other[j] = q, p
                        if _meetings_again(table, records) + _meetings_again(other, records) < before:
                            moved = True
                            break
                        table[i], other[j] = p, q
                    if moved:
                        break
                if moved:
                    break
