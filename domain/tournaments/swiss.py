"""Swiss pairing for two-player games: score groups paired top down, no rematch, colours balanced.

The procedure (docs/tournaments.md tells it with an example), after FIDE's Dutch system
(tests/unit/test_swiss_fide.py checks it against published pairings):
1. Order the players to pair: points, then initial rank (rating, then the seeded order).
2. With an odd field, the bye goes to the lowest ordered player who has had no bye and whose bye
   leaves a field that can be paired with no rematch.
3. Score groups are paired from the top. A bracket is the players floated down from above, then
   the score group. The floaters take the group's players from its top, in order. The rest is
   split in halves: the top half (S1) meets the bottom half (S2), S1's first player the first S2
   player they have not met, the next S1 player the next, and so on; when that fails, later S2
   players are tried in order (transpositions), then S1 players from the bottom (exchanges).
   Players left unpaired (the odd one, or those every pairing would rematch) float down to the
   next bracket: the fewest floaters possible, from the bottom of the bracket.
4. Of the first candidates of a bracket, the one that best meets colour preferences is taken
   (fewest absolute preferences unmet, then fewest preferences unmet, then fewest strong ones; the
   first in the order above among equals), provided the rest of the field can still be paired.
5. If no pairing of the whole field avoids a rematch, rematches are allowed for that round.
6. Tables are ordered by the better score, then the lesser score, then the better initial rank;
   colours as domain/tournaments/colours.py says.

Procedure versions (a tournament records the version that pairs it, and is verified with it):
1. the steps above;
2. (the current one) also weighs floats as FIDE's Dutch system does (C.04.3, criteria C.12 to
   C.15): after colours, a bracket's candidates are compared by how many players would float the
   same way (down, or up) as in the round before, then as two rounds before; and of the players
   who may have the bye, those of the lowest score who floated down (a bye is a downfloat) in the
   round before, then two rounds before, are passed over for one who did not.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import islice

from ..rng import Rng
from .colours import ABSOLUTE, STRONG, clash, first_seat
from .model import PAIRING_VERSION, PAIRING_VERSIONS, Pairing, Table
from .records import Record

# The procedure's version that weighs floats (model.PAIRING_VERSIONS lists them all).
FLOATS = 2

# How many candidate pairings of one bracket are compared for colours before the rest are taken in order.
COLOUR_CANDIDATES = 64


class _Field:
    """The players of one round's pairing, their order and who may meet whom.

    Sets of players are bit masks (bit i for the i-th player of the order), so that asking whether
    a set can be paired, thousands of times a round, stays cheap.
    """

    def __init__(self, order: Sequence[str], records: dict[str, Record], avoid_rematch: bool,
                 round_number: int = 1, version: int = PAIRING_VERSION):
        self.order = list(order)
        self.round_number = round_number
        self.version = version
        self.rank = {p: i for i, p in enumerate(order)}
        self.records = records
        self.avoid_rematch = avoid_rematch
        everyone = (1 << len(order)) - 1
        self._may_meet = [everyone & ~(1 << i) & ~self._mask(records[p].met if avoid_rematch else ())
                          for i, p in enumerate(order)]
        # For each set of players asked about: a way to pair them all (partner by partner), or None.
        self._matching: dict[int, dict[int, int] | None] = {0: {}}

    def _mask(self, players) -> int:
        mask = 0
        for p in players:
            if p in self.rank:
                mask |= 1 << self.rank[p]
        return mask

    def may_meet(self, a: str, b: str) -> bool:
        return bool(self._may_meet[self.rank[a]] >> self.rank[b] & 1)

    def pairable(self, players: frozenset[str]) -> bool:
        """Whether these players can all be paired (a perfect matching of who may meet whom)."""
        return self._match(self._mask(players)) is not None

    def pairable_after(self, players: frozenset[str], a: str, b: str) -> bool:
        """Whether, `players` being pairable, the others can all be paired once a meets b.

        A known pairing of `players` usually answers at once: a already meets b in it, or a's and
        b's partners may meet each other."""
        mask, i, j = self._mask(players), self.rank[a], self.rank[b]
        known = self._match(mask)
        target = mask & ~(1 << i) & ~(1 << j)
        if known is not None and target not in self._matching:
            pi, pj = known[i], known[j]
            if pi == j or self._may_meet[pi] >> pj & 1:
                rest = {k: v for k, v in known.items() if k not in (i, j)}
                if pi != j:
                    rest[pi], rest[pj] = pj, pi
                self._matching[target] = rest
        return self._match(target) is not None

    def _match(self, mask: int) -> dict[int, int] | None:
        if mask in self._matching:
            return self._matching[mask]
        found = None
        if mask.bit_count() % 2 == 0:
            found = self._search(mask)
        self._matching[mask] = found
        return found

    def _search(self, mask: int) -> dict[int, int] | None:
        # The player with the fewest possible opponents first: a dead end shows at once.
        degree, first, left = {}, -1, mask
        while left:
            low = left & -left
            i = low.bit_length() - 1
            degree[i] = (self._may_meet[i] & mask).bit_count()
            if first < 0 or degree[i] < degree[first]:
                first = i
            left ^= low
        if not degree[first] or self._has_odd_component(mask):
            return None
        rest = mask & ~(1 << first)
        partners, left = [], self._may_meet[first] & mask
        while left:
            low = left & -left
            partners.append(low.bit_length() - 1)
            left ^= low
        partners.sort(key=degree.__getitem__)
        for j in partners:
            found = self._match(rest & ~(1 << j))
            if found is not None:
                return {**found, first: j, j: first}
        return None

    def _has_odd_component(self, mask: int) -> bool:
        """A group of players none of whom may meet anyone outside it, odd in number, cannot be paired."""
        left = mask
        while left:
            component = frontier = left & -left
            while frontier:
                reach, bits = 0, frontier
                while bits:
                    low = bits & -bits
                    reach |= self._may_meet[low.bit_length() - 1]
                    bits ^= low
                frontier = reach & mask & ~component
                component |= frontier
            if component.bit_count() % 2:
                return True
            left &= ~component
        return False


def pair_swiss(order: Sequence[str], records: dict[str, Record], round_number: int, seed: str,
               version: int = PAIRING_VERSION) -> Pairing:
    """The round's pairing of the players in `order` (points, then initial rank), from their records,
    by the given version of the procedure."""
    if version not in PAIRING_VERSIONS:
        raise ValueError(f"no Swiss pairing procedure version {version}")
    order = sorted(order, key=lambda p: (-records[p].points, order.index(p)))
    field = _Field(order, records, avoid_rematch=True, round_number=round_number, version=version)
    bye = _choose_bye(field) if len(order) % 2 else None
    players = [p for p in order if p != bye]
    if not field.pairable(frozenset(players)):
        field = _Field(order, records, avoid_rematch=False, round_number=round_number, version=version)
    pairs = _pair_groups(field, _score_groups(players, records), 0, [])
    assert pairs is not None, "a field of even size can always be paired when rematches are allowed"
    return _lay_tables(pairs, records, field.rank, round_number, seed, bye)


def _choose_bye(field: _Field) -> str:
    without_bye = [p for p in reversed(field.order) if not field.records[p].byes]
    everyone = frozenset(field.order)
    first = next((p for p in without_bye if field.pairable(everyone - {p})), None)
    if first is None:
        return without_bye[0] if without_bye else field.order[-1]
    if field.version < FLOATS:
        return first
    # A bye is a downfloat: of the lowest score's players who may have it, the first (lowest
    # ordered) who did not float down the round before, then two rounds before (C.12, C.14).
    def repeats(p: str) -> tuple[bool, bool]:
        return _floated(field, p, "down", 1), _floated(field, p, "down", 2)

    best, points = first, field.records[first].points
    for p in without_bye[without_bye.index(first) + 1:]:
        if repeats(best) == (False, False) or field.records[p].points != points:
            break
        if repeats(p) < repeats(best) and field.pairable(everyone - {p}):
            best = p
    return best


def _floated(field: _Field, player: str, way: str, rounds_back: int) -> bool:
    return field.records[player].floats.get(field.round_number - rounds_back) == way


def _score_groups(players: list[str], records: dict[str, Record]) -> list[list[str]]:
    groups: list[list[str]] = []
    last: Fraction | None = None
    for p in players:
        if records[p].points != last:
            groups.append([])
            last = records[p].points
        groups[-1].append(p)
    return groups


def _pair_groups(field: _Field, groups: list[list[str]], index: int,
                 floaters: list[str]) -> list[tuple[str, str]] | None:
    """Pairs for groups[index:] with the floaters from above, or None if they cannot be paired."""
    if index == len(groups):
        return [] if not floaters else None
    floaters = sorted(floaters, key=field.rank.__getitem__)
    bracket = floaters + groups[index]
    below = frozenset(p for group in groups[index + 1:] for p in group)
    last = index == len(groups) - 1
    for pairs, down in _candidates(field, bracket, frozenset(floaters), below, last):
        if not field.pairable(below | frozenset(down)):
            continue
        rest = _pair_groups(field, groups, index + 1, down)
        if rest is not None:
            return pairs + rest
    return None


def _candidates(field: _Field, bracket: list[str], floated_in: frozenset[str], below: frozenset[str],
                last: bool) -> Iterator:
    """A bracket's pairings, fewest floaters first; within that, the mildest colour clashes first."""
    floats = range(1) if last else range(len(bracket) % 2, len(bracket) + 1, 2)
    for count in floats:
        found = _matchings(field, bracket, count, floated_in, below)
        first = list(islice(found, COLOUR_CANDIDATES))
        first.sort(key=lambda candidate: _clashes(field, candidate[0]) + _float_repeats(field, *candidate))
        yield from first
        yield from found


def _clashes(field: _Field, pairs: list[tuple[str, str]]) -> tuple[int, int, int]:
    """How a candidate treats colours, smaller is better: clashes of absolute preferences, then all
    clashes (a player not getting the colour they prefer), then clashes of strong preferences."""
    strengths = [clash(field.records[a].colours, field.records[b].colours) for a, b in pairs]
    return (strengths.count(ABSOLUTE), sum(1 for s in strengths if s), strengths.count(STRONG))


def _float_repeats(field: _Field, pairs: list[tuple[str, str]], down: list[str]) -> tuple[int, ...]:
    """How a candidate repeats floats, smaller is better (procedure 2): players floating down as in
    the round before, up as in the round before, then down and up as two rounds before. Players
    left to float out of the bracket float down; a pair of unequal scores floats its higher player
    down and its lower player up."""
    if field.version < FLOATS:
        return ()
    floats = {p: "down" for p in down}
    for a, b in pairs:
        points_a, points_b = field.records[a].points, field.records[b].points
        if points_a != points_b:
            floats[a], floats[b] = ("down", "up") if points_a > points_b else ("up", "down")
    return tuple(sum(1 for p, way in floats.items() if way == wanted and _floated(field, p, way, back))
                 for back in (1, 2) for wanted in ("down", "up"))


def _matchings(field: _Field, bracket: list[str], floaters: int, floated_in: frozenset[str],
               below: frozenset[str]) -> Iterator:
    """Every pairing of the bracket leaving exactly `floaters` players unpaired, in the Dutch order.

    Players floated in from above come first and take the bracket's own players in order. The rest
    is split in halves: the first of the top half takes the bottom half in order (transpositions),
    then the top half from its bottom (exchanges); the halves are drawn again for what is left.
    """

    def preferred(p: str, rest: list[str], floats_left: int) -> list[str]:
        others = rest[1:]
        if p in floated_in:
            return [q for q in others if q not in floated_in] + [q for q in others if q in floated_in]
        top = set(rest[:(len(rest) - floats_left) // 2])
        return [q for q in others if q not in top] + [q for q in reversed(others) if q in top]

    def go(rest: list[str], floats_left: int, floated: frozenset[str]) -> Iterator[tuple[list, list]]:
        if len(rest) < floats_left:
            return
        if not rest:
            yield [], []
            return
        p, others = rest[0], rest[1:]
        for q in preferred(p, rest, floats_left):
            left = [x for x in others if x != q]
            # Only a pair after which everyone still to pair can be paired: no dead end is explored.
            if field.may_meet(p, q) and field.pairable_after(below | floated | frozenset(rest), p, q):
                for pairs, down in go(left, floats_left, floated):
                    yield [(p, q)] + pairs, down
        if floats_left:
            for pairs, down in go(others, floats_left - 1, floated | {p}):
                yield pairs, [p] + down

    return go(bracket, floaters, frozenset())


def _lay_tables(pairs: list[tuple[str, str]], records: dict[str, Record], rank: dict[str, int],
                round_number: int, seed: str, bye: str | None) -> Pairing:
    def board_key(pair: tuple[str, str]):
        a, b = pair
        high, low = sorted((records[a].points, records[b].points), reverse=True)
        return (-high, -low, min(rank[a], rank[b]))

    drawn_colour = "W" if Rng(seed, f"colours:{round_number}").below(2) == 0 else "B"
    colours = {p: records[p].colours for pair in pairs for p in pair}
    tables = []
    for index, (a, b) in enumerate(sorted(pairs, key=board_key)):
        better, worse = (a, b) if rank[a] < rank[b] else (b, a)
        tables.append(Table(index + 1, first_seat(better, worse, colours, index, drawn_colour)))
    return Pairing(round_number, tuple(tables), (bye,) if bye else ())
