"""Facts read off a Xanadu table: values, the rows a worker may cover next, and paying for a
building from passives, Favors and harvested rows (the search the Construction phase needs)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from domain.xanadu.cards import CARDS
from domain.xanadu.state import MOST_BUILDINGS, XanaduState

Cover = tuple[int, int]  # (seat, building index)
SEARCH_LIMIT = 20_000  # nodes: far beyond any real table, a guard against pathological ones


def value(building: dict[str, Any]) -> int:
    return CARDS[building["card"]].value(len(building["workers"]))


def covered(state: XanaduState, covers: Sequence[Sequence[int]]) -> Counter:
    """How many rows each building (seat, index) has covered, the plan's covers included."""
    rows = Counter({(seat, index): len(b["workers"]) for seat, owned in enumerate(state.buildings)
                    for index, b in enumerate(owned)})
    for seat, index in covers:
        rows[(seat, index)] += 1
    return rows


def next_row(state: XanaduState, covers: Sequence[Sequence[int]], seat: int, index: int) -> int | None:
    """The row a worker would cover next on that building (None when all are covered)."""
    rows = covered(state, covers)[(seat, index)]
    return rows if rows < len(CARDS[state.buildings[seat][index]["card"]].rows) else None


def resources(state: XanaduState, seat: int, covers: Sequence[Sequence[int]]) -> Counter:
    """What `seat` has to pay with: its passives, the Favors unlocked on its buildings (this turn's
    covers included: they count at once), and the rows it covers this turn."""
    have: Counter = Counter()
    rows = covered(state, covers)
    for index, building in enumerate(state.buildings[seat]):
        card = CARDS[building["card"]]
        have.update(card.passive)
        have.update(row.favor for row in card.rows[: rows[(seat, index)]] if row.favor)
    done: Counter = Counter()
    for owner, index in covers:
        card = CARDS[state.buildings[owner][index]["card"]]
        row = card.rows[len(state.buildings[owner][index]["workers"]) + done[(owner, index)]]
        done[(owner, index)] += 1
        have.update(row.harvest)
    return have


def missing(state: XanaduState, seat: int, cost: Sequence[str], covers: Sequence[Sequence[int]]) -> Counter:
    return Counter(cost) - resources(state, seat, covers)


def workers_left(state: XanaduState, seat: int, plan: dict[str, Any]) -> int:
    """How many more rows the seat may cover: one card of its hand for each, the building aside."""
    return len(state.hands[seat]) - (1 if plan["build"] else 0) - len(plan["covers"])


def coverable(state: XanaduState, covers: Sequence[Sequence[int]]) -> list[Cover]:
    return [(seat, index) for seat, owned in enumerate(state.buildings) for index in range(len(owned))
            if next_row(state, covers, seat, index) is not None]


def can_pay(state: XanaduState, seat: int, cost: Sequence[str], covers: Sequence[Sequence[int]], budget: int) -> bool:
    """Whether some further covers, `budget` at most, complete the payment of `cost`."""
    seen: set = set()
    nodes = [0]

    def search(plan: list, left: int) -> bool:
        need = missing(state, seat, cost, plan)
        if not need:
            return True
        if left == 0 or nodes[0] > SEARCH_LIMIT:
            return False
        key = tuple(sorted(Counter(map(tuple, plan)).items()))
        if key in seen:
            return False
        seen.add(key)
        nodes[0] += 1
        for target in coverable(state, plan):
            if _may_help(state, seat, plan, target, need) and search(plan + [list(target)], left - 1):
                return True
        return False

    return search([list(cover) for cover in covers], budget)


def _may_help(state: XanaduState, seat: int, covers: list, target: Cover, need: Counter) -> bool:
    """Whether some row still to be covered on `target` gives a resource still needed."""
    owner, index = target
    card = CARDS[state.buildings[owner][index]["card"]]
    start = next_row(state, covers, owner, index)
    for row in card.rows[start:]:
        if any(need[r] for r in row.harvest) or (owner == seat and row.favor and need[row.favor]):
            return True
    return False


def payable(state: XanaduState, seat: int, card: str, plan: dict[str, Any]) -> bool:
    budget = len(state.hands[seat]) - 1 - len(plan["covers"])
    return len(state.buildings[seat]) < MOST_BUILDINGS and can_pay(state, seat, CARDS[card].cost, plan["covers"], budget)


def starting_colour(hand: Sequence[str]) -> str | None:
    """The colour a starting building must have: brown, else blue, else yellow (else any)."""
    for colour in ("brown", "blue", "yellow"):
        if any(CARDS[card].colour == colour for card in hand):
            return colour
    return None


def full(building: dict[str, Any]) -> bool:
    return len(building["workers"]) == len(CARDS[building["card"]].rows)

