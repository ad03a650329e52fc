"""What `chronicle simulate xanadu` counts in each decision, besides the buildings built: the
Favors unlocked, the Favors that paid for a building on a later turn than they were unlocked,
and the buildings built by colour.

A Favor counts as used when the building could not have been paid for without the Favors its
builder held before the turn: what the cost lacks after the builder's passives, the rows covered
this turn and the Favors those rows unlock is paid by earlier Favors (a lower bound: a player may
also have paid with an earlier Favor what a covered row gave again).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from domain.contract import Event
from domain.xanadu.cards import COLOURS
from domain.xanadu.state import XanaduState
from domain.xanadu.table import facts

UNLOCKED = "Favors unlocked"
USED = "earlier Favors used"
SERVED = "buildings paid with an earlier Favor"
BUILT = "built: "  # and the colour
NAMES = (UNLOCKED, USED, SERVED, *(BUILT + colour for colour in COLOURS))


def tallies(state: XanaduState, events: Sequence[Event]) -> Counter:
    """The named counts of one decision, from the table before it and its events (every name is
    given, 0 or not, so that a report lists them all)."""
    counts = Counter(dict.fromkeys(NAMES, 0))
    known = facts(state)
    for event in events:
        if event.type == "building_constructed":
            card = event.data["card"]
            counts[BUILT + known.cards[card].colour] += 1
            earlier = _paid_by_earlier_favors(state, event.data["seat"], card)
            counts[USED] += earlier
            counts[SERVED] += 1 if earlier else 0
        elif event.type == "workers_placed":
            for owner, index, row in event.data["covers"]:
                if known.favors[state.buildings[owner][index]["card"]][row]:
                    counts[UNLOCKED] += 1
    return counts


def _paid_by_earlier_favors(state: XanaduState, seat: int, card: str) -> int:
    """How many resources of the card's cost only the Favors unlocked before this turn pay for."""
    known = facts(state)
    have: Counter = Counter()
    for building in state.buildings[seat]:
        have.update(known.passive[building["card"]])
    done: Counter = Counter()
    for owner, index in state.plan["covers"]:
        building = state.buildings[owner][index]
        row = len(building["workers"]) + done[(owner, index)]
        done[(owner, index)] += 1
        have.update((known.gains_own if owner == seat else known.harvests)[building["card"]][row])
    return sum((Counter(known.cost[card]) - have).values())
