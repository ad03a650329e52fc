"""The Xanadu table as plain JSON-native data, so the store can snapshot it.

`buildings[seat]` lists that seat's buildings in play as {"card": id, "workers": [card ids]}: the
workers cover the rows from the bottom up. The turn under way is `plan` until its player ends it:
{"sold": bool, "build": id or None, "covers": [[seat, building], ...], "workers": [card ids],
"steps": the uncommitted steps, in order, for `undo`}. The
deck's top card is `deck[0]`; `edition` is the edition of the deck the game plays, whose card
data every rule reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.state_copy import copier

HAND = 7
MOST_BUILDINGS = 5
MARKER_AMONG_LAST = 10
SELL_DRAW = 3

SETUP, START, FOOTHOLD, SELL, BUILD, WORKERS, CHOOSE, CONFIRM, OVER = (
    "setup", "start", "foothold", "sell", "build", "workers", "choose", "confirm", "over")


@dataclass(slots=True)
class XanaduState:
    seats: int = 2
    phase: str = SETUP
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    buildings: list[list[dict[str, Any]]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    starting: list[str | None] = field(default_factory=list)
    current: int = 0
    turn: int = 0
    reshuffled: bool = False
    plan: dict[str, Any] | None = None
    edition: int = 1  # of the deck (domain/xanadu/cards.py): a table stored before editions has the first


def new_state(seats: int, edition: int = 1) -> XanaduState:
    return XanaduState(seats=seats, hands=[[] for _ in range(seats)], buildings=[[] for _ in range(seats)],
                       scores=[0] * seats, starting=[None] * seats, edition=edition)


def new_plan() -> dict[str, Any]:
    return {"sold": False, "build": None, "covers": [], "workers": [], "steps": []}


copy_state = copier(XanaduState)
