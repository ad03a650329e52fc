"""The Chi table as plain data, so the store can snapshot it through JSON.

Every field is JSON-native (str, int, bool, None, lists, str-keyed dicts) or one of the two
dataclasses here; no tuples and no sets, so `ChiState(**json.loads(...))` rebuilds an equal state.
Lists are never changed in place: `evolve` builds new lists for what changes and shares the rest,
which is why a shallow copy (`copy_state`) is a table of its own. Slots: the rules read these
fields on every step.

Orders: the deck's top card is `deck[0]` (an event's shuffled order reads top first); the
discard pile's top card is `discard[-1]`; a stack lists its cards from the bottom up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.state_copy import copier

ROW_SLOTS = 6
HAND_LIMIT = 5
STARTING_HAND = 3
STACKS_TO_END = 6

SETUP, ACTION, CONFLICT, DISCARD, OVER = "setup", "action", "conflict", "discard", "over"


@dataclass(slots=True)
class Conflict:
    """A Yin attack under way: who attacked what, the Chi played so far, who decides next."""

    attacker: int
    defender: int
    yin: str
    target: str  # the defender's Yang; it stays in the defender's area until the conflict ends
    chi: list[str] = field(default_factory=list)  # in the order played
    to_decide: int | None = None
    last_played: int | None = None  # the seat whose card is on top: it wins if the other passes


@dataclass(slots=True)
class ChiState:
    """Everything on the table, hidden cards included."""

    seats: int = 2
    phase: str = SETUP  # setup | action | conflict | discard | over
    deck: list[str] = field(default_factory=list)  # top card first
    row: list[str | None] = field(default_factory=lambda: [None] * ROW_SLOTS)
    discard: list[str] = field(default_factory=list)  # top card last
    hands: list[list[str]] = field(default_factory=list)
    areas: list[list[list[str]]] = field(default_factory=list)  # seat -> stacks -> cards, bottom up
    starter: int | None = None
    current: int | None = None
    turn: int = 0
    conflict: Conflict | None = None
    end_triggered: bool = False
    final_turn_for: int | None = None  # the seat whose turn is the last once the end is triggered
    ended_by: str | None = None  # "six-stacks", "no-legal-action" or "resignation" once over
    resigned: int | None = None  # the seat that resigned, if one did


def new_state(seats: int) -> ChiState:
    """The empty table before the deal."""
    return ChiState(seats=seats, hands=[[] for _ in range(seats)], areas=[[] for _ in range(seats)])


copy_state = copier(ChiState)
