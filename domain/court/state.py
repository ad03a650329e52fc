"""The Court of Xiang Chi table as plain data, JSON-native, so the store can snapshot it.

Society Row is four slots; slot 0 lies next to the draw deck (price 0 + Cost Modifier) and slot
3 at the far end (3 + Cost Modifier). A new card always enters at slot 0, after the cards left of
a gap slid right. The Royal Court is 8 spaces (6 in the Advanced Game), each a stack listed from
the bottom up; only the top card of a space counts. The deck's top card is `deck[0]`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.state_copy import copier

ROW_SLOTS = 4
SPACES, ADVANCED_SPACES = 8, 6
STARTING_CP = 10
STARTING_CARDS = 3
DAEMONS_TO_END = 4

# Phases: the set-up choice, Phase 1A (buy, exchange or skip), a power's own decision (a Tax
# Collector's discard, a General's fight), Phase 2 (the fight), and the end.
SETUP, CHOOSE, BUY, POWER, FIGHT, OVER = "setup", "choose", "buy", "power", "fight", "over"


@dataclass(slots=True)
class CourtState:
    spaces: int = SPACES
    phase: str = SETUP
    deck: list[str] = field(default_factory=list)
    row: list[str | None] = field(default_factory=lambda: [None] * ROW_SLOTS)
    set_aside: list[str] = field(default_factory=list)  # Daemon Princes dealt at set-up
    court: list[list[str]] = field(default_factory=list)
    placed_on: list[int] = field(default_factory=list)  # the turn each space's top card came
    cp: int = 0
    vp: int = 0
    discard: list[str] = field(default_factory=list)
    daemon_court: list[str] = field(default_factory=list)  # the Court of the Daemon Princes
    defeated: list[str] = field(default_factory=list)  # defeated Daemon Princes, left of the deck
    drawn_daemons: int = 0
    turn: int = 0
    pending: dict[str, Any] | None = None  # a power's decision: {"power", "space", "then"}
    exchanged: bool = False  # a Courtesan was exchanged in this Phase 1A
    ended_by: str | None = None


def new_state(advanced: bool = False) -> CourtState:
    spaces = ADVANCED_SPACES if advanced else SPACES
    return CourtState(spaces=spaces, court=[[] for _ in range(spaces)], placed_on=[0] * spaces)


copy_state = copier(CourtState)
