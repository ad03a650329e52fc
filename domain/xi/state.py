"""The Xi table as plain data, so the store can snapshot it through JSON.

Slotted dataclasses with JSON-native fields, as in Chi: lists are never changed in place (an
event puts a new list, or a new `Seat`, in the field it changes), so a shallow copy is a table of
its own. A deck reads top first. The skeleton (step 2) holds seats, time and the pending setup
steps; step 3 adds the units in play (their printed card, current life and skirmishes used: every
other stat is derived by layers.py on each query); step 4 adds the lasting spells and statements in
play and the effects that resolving cards and abilities started; step 5 the windows and the
skirmish step on the pending stack, and each seat's standing rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, TypeVar

from domain.state_copy import copier

LIFE = 40  # xi.setup.life
LIFE_CAP = 99  # xi.cap.life
PT_CAP = 20  # xi.cap.pt
TURN_T = 10  # xi.time.per-turn
FIRST_TURN_T = 6  # xi.time.first-turn
DRAW_COST = 3  # xi.time.draw
BANK_RATE = 2  # xi.time.bank: 2T for 1pT
OPENING_DRAW = 1  # xi.setup.draw-one
DECK_MIN = 30  # xi.deck.size
COPIES_MAX = 3  # xi.deck.copies
TURN_LIMIT = 400  # xi.house.turn-limit
QUIET_TURNS_EACH = 3  # xi.house.no-win: quiet turns in a row, for each player still in
SKIRMISHES_PER_TURN = 1  # xi.skirmish.once (a restriction in play may change it: Everwind)

SETUP, DECKS, ORDER, PLAY, OVER = "setup", "decks", "order", "play", "over"
DECK_STEP, ORDER_STEP, CHOOSE_STEP = "deck", "order", "choose"
WINDOW_STEP, SKIRMISH_STEP = "window", "skirmish"


@dataclass(slots=True)
class Seat:
    """One player: life, time, and their cards. `deck_list` and the deck's order are hidden."""

    life: int = LIFE
    t: int = 0
    pt: int = 0
    deck: list[str] = field(default_factory=list)  # top first
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # top last
    deck_list: list[str] | None = None  # the list as brought; None until brought
    out: bool = False
    standing: dict | None = None  # the seat's standing rules for its windows (engine/standing.py); hidden


@dataclass(slots=True)
class Step:
    """A decision waiting on a seat above the turn's own: `deck` (bring a deck), `order` (the
    coin winner's choice), `choose` (an effect's choice: its options, and what resumes after it
    in `facts`), `window` (a seat may answer a declaration, which `facts` describes, all public,
    and which resolves once the window closes), `skirmish` (a declared skirmish waiting for its
    attacker's strike: `facts` names the attacker and the target)."""

    kind: str
    seat: int
    facts: dict = field(default_factory=dict)


@dataclass(slots=True)
class Unit:
    """A unit in play. Only what events change is stored; type, damage, max life, keywords and
    the controller in force are derived (layers.py), never kept."""

    uid: str  # "u<since>"
    card: str
    owner: int  # whose discard pile it goes to
    controller: int  # as it entered play (layer 1 may change it while an effect lasts)
    life: int  # current life; may fall to 0 or less for the moment before it is destroyed
    skirmishes: int = 0  # used this turn
    since: int = 0  # the timestamp of its entry: the order of effects inside a layer
    uses: int = 0  # uses of its ability this turn (a `limit` counts them)


@dataclass(slots=True)
class InPlay:
    """A lasting spell or a statement in play; `on` is the unit it was cast on (attached), if any."""

    iid: str  # "s<since>"
    card: str
    owner: int
    controller: int
    on: str | None = None
    since: int = 0
    uses: int = 0


@dataclass(slots=True)
class Effect:
    """What an `add_effect` or `take_control` started: a layered static (`where` a layer) or a
    typed-list entry (`where` a list) on the units `to`, until the end of the turn."""

    source: str  # the card id that started it
    to: list[str]  # unit ids, fixed when it began
    where: str  # a layer ("1", "2", ...) or a list ("restriction")
    op: str
    value: object
    since: int


@dataclass(slots=True)
class XiState:
    """Everything on the table, hidden cards included."""

    seats: int = 2
    phase: str = SETUP  # setup | decks | order | play | over
    players: list[Seat] = field(default_factory=list)
    pending: list[Step] = field(default_factory=list)  # bottom first; the top is to act
    units: list[Unit] = field(default_factory=list)  # in order of entry
    in_play: list[InPlay] = field(default_factory=list)  # lasting spells and statements, in order of entry
    effects: list[Effect] = field(default_factory=list)  # in order of their start
    active: int | None = None  # whose turn it is
    first: int | None = None  # who went first
    turn: int = 0  # turns started so far, counted across seats
    clock: int = 0  # the last timestamp given (to a card entering play or an effect starting)
    ended_by: str | None = None  # "resignation", "zero-life", "no-win" or "turn-limit" once over
    winners: list[int] = field(default_factory=list)
    quiet_turns: int = 0  # quiet turns in a row with every deck empty (xi.house.no-win)
    low_water: int | None = None  # the least life on the table at a turn's end since every deck emptied
    # The standing rules each seat is dealt in with (the game's option; standing.starting).
    starting_standing: dict | None = None
    # What the cards in play fix (layers.Memo: derived stats, targets), computed once per table.
    # Not part of the state: never stored, compared or passed in; see layers.memo for its validity.
    memo: object = field(default=None, init=False, repr=False, compare=False)


def new_state(seats: int, starting_standing: dict | None = None) -> XiState:
    """The empty table before the setup events, and the standing rules every seat will start with."""
    return XiState(seats=seats, starting_standing=starting_standing)


T = TypeVar("T")

copy_state = copier(XiState)
copy_seat = copier(Seat)
copy_unit = copier(Unit)
copy_in_play = copier(InPlay)


def writable_seat(s: XiState, index: int) -> Seat:
    """A copy of seat `index`, put in a new players list: a fold's applier may then change it."""
    seat = copy_seat(s.players[index])
    players = [*s.players]  # a copy without `list`'s call: most decisions change a seat
    players[index] = seat
    s.players = players
    return seat


def writable_unit(s: XiState, uid: str) -> Unit:
    """A copy of the unit `uid`, put in a new units list: a fold's applier may then change it."""
    # A loop of its own, not _with_a_copy: units change on most strikes, where a lambda costs more.
    units = s.units
    index = 0  # counted by hand: `enumerate` is a call of its own
    for unit in units:
        if unit.uid == uid:
            unit = copy_unit(unit)
            s.units = units[:index] + [unit] + units[index + 1:]
            return unit
        index += 1
    raise ValueError(f"no unit {uid} in play")


def writable_in_play(s: XiState, iid: str) -> InPlay:
    """A copy of the spell in play `iid`, put in a new list: a fold's applier may then change it."""
    s.in_play, card = _with_a_copy(s.in_play, lambda card: card.iid == iid, copy_in_play, f"no spell {iid} in play")
    return card


def _with_a_copy(items: list[T], wanted: Callable[[T], bool], copy: Callable[[T], T],
                 missing: str) -> tuple[list[T], T]:
    """A new list in which the first item `wanted` is replaced by a copy, and that copy (the old
    list is left as it was: another table may share it); ValueError(`missing`) if none is wanted."""
    for index, item in enumerate(items):
        if wanted(item):
            item = copy(item)
            return items[:index] + [item] + items[index + 1:], item
    raise ValueError(missing)
