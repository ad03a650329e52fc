"""Round robin by the Berger tables: every pair meets once, colours balanced by the tables' layout.

The players get Berger numbers 1..n in the order drawn from the seed's `round-robin` stream (a
drawing of lots, as FIDE's rules for round robins have it); an odd field adds number n+1, whose
opponent of the round has a bye. With m = n - 1 (n even), in round r:
- player n meets player k, where 2k = r + 1 (mod m); n has the first seat in even rounds;
- then table t (t = 1 .. n/2 - 1) is (k + t) against (k - t), numbers taken mod m in 1..m, the
  first named in the first seat.
This gives FIDE's published Berger tables (round 1: 1-n, 2-(n-1), ...; round 2: n-(n/2+1), ...).
A withdrawn player's games are not played: their opponent of the round has a bye.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Pairing, Table
from .ranking import drawn_order


def berger_round(n: int, r: int) -> list[tuple[int, int]]:
    """Round r (1-based) of the Berger table for n players (n even): pairs of numbers, first seat first."""
    m = n - 1

    def wrap(x: int) -> int:
        return (x - 1) % m + 1

    k = wrap((r + 1) * ((m + 1) // 2))  # 2k = r + 1 (mod m): (m + 1) / 2 is the inverse of 2 mod m
    pairs = [(n, k) if r % 2 == 0 else (k, n)]
    pairs += [(wrap(k + t), wrap(k - t)) for t in range(1, n // 2)]
    return pairs


def rounds_in(field_size: int) -> int:
    return field_size - 1 if field_size % 2 == 0 else field_size


def berger_numbers(players: Sequence[str], seed: str) -> list[str]:
    """Players in Berger number order (number 1 first)."""
    return drawn_order(players, seed, "round-robin")


def pair_round_robin(players: Sequence[str], withdrawn: set[str], round_number: int, seed: str) -> Pairing:
    """Round `round_number` of the tournament's Berger table; every player who ever joined keeps a number."""
    numbered = berger_numbers(players, seed)
    n = len(numbered) + len(numbered) % 2
    by_number = {i + 1: p for i, p in enumerate(numbered)}
    tables, byes = [], []
    for a, b in berger_round(n, round_number):
        pa, pb = by_number.get(a), by_number.get(b)
        present = [p for p in (pa, pb) if p is not None and p not in withdrawn]
        if len(present) == 2:
            tables.append(Table(len(tables) + 1, (pa, pb)))
        else:
            byes.extend(present)
    return Pairing(round_number, tuple(tables), tuple(byes))
