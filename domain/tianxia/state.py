"""The Tianxia table: slots dataclasses of JSON-native fields holding ids, never changed in place.

Every piece has an owner, one int: the seats 0..n-1, the rival (Li Mu or the Bot), when there is
one, n, and the neutral markers and workers -1 (`NEUTRAL`). An event's fold copies the state
shallowly and puts new lists and dicts in the fields it changes (domain.state_copy), so the table
of an earlier step is never touched; a seat or the rival is copied once per copy of the table, the
first time a fold changes it (`owned`). Design: docs/design/tianxia.md, section 5.1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.state_copy import copier

NEUTRAL = -1
SOLO, WITH_BOT, PLAIN = "solo", "bot", "plain"  # one seat and Li Mu; two seats and the Bot; 3-4 seats
LI_MU, BOT = "li-mu", "bot"

# Phases: the opening's choices, then each round's (tianxia.round.phases), then the end.
OPENING, SETUP, INCOME, ACTION, ATTACK, CLEANUP, OVER = "opening", "setup", "income", "action", "attack", "cleanup", "over"


@dataclass(slots=True)
class Seat:
    """A person's supply. Objectives and the starting-building offer are private to the seat."""

    prestige: int
    goods: dict[str, int]  # coins, wood, stone, rice, silk, salt, bronze
    side: str | None = None  # player board A or B, once chosen
    starting_building: str | None = None
    offer: list[str] = field(default_factory=list)  # the starting buildings drawn, until one is kept
    supply: str | None = None  # the starting supply tile taken (none in solo)
    discs: int = 0  # action discs in hand
    discarded_discs: int = 0  # discarded for coins this round: back next round
    meeples: int = 0
    walls: int = 0
    towers: int = 0
    soldiers: int = 0
    shipping: int = 0
    crates: int = 0
    objectives: list[str] = field(default_factory=list)
    figurines: list[str] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)  # one-shot tiles held
    tokens: list[str] = field(default_factory=list)  # special Palace tokens held (Double Tower)
    merchants: int = 0
    passed: bool = False
    battles_won: int = 0  # battles won in first place: an objective counts them


@dataclass(slots=True)
class Rival:
    """Li Mu or the Bot: no resources, a deck of cards. The deck's order, the stacks and the Bot's
    face-down cards are secret; the open cards and the discard pile are public."""

    kind: str  # li-mu | bot
    prestige: int
    markers: int  # action markers left on his board this round
    walls: int
    soldiers: int
    meeples: int
    barge_meeples: int  # Li Mu's second colour, for the barges only (L119, L188)
    shipping: int
    crates: int
    basic: list[str] = field(default_factory=list)  # the level's Basic stack (Li Mu)
    advanced: list[str] = field(default_factory=list)  # and its Advanced stack
    deck: list[str] = field(default_factory=list)  # this round's deck, top first
    open: list[str | None] = field(default_factory=list)  # the cards on his board, left to right
    face_down: list[bool] = field(default_factory=list)  # the Bot's: which of `open` are not turned up
    discard: list[str] = field(default_factory=list)
    figurines: list[str] = field(default_factory=list)
    turn: int = 0  # turns taken this round
    passed: bool = False
    roll: int | None = None  # Li Mu's last roll


@dataclass(slots=True)
class Site:
    """A building site: its building, the owner on each governor space, raid tokens, the tile beside it."""

    building: str | None
    governors: list[int | None]
    raided: int = 0
    tile: str | None = None


@dataclass(slots=True)
class Section:
    """A wall section's pieces, by owner, left to right."""

    walls: list[int] = field(default_factory=list)
    towers: list[int] = field(default_factory=list)
    soldiers: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Nomad:
    strength: int
    distance: int  # spaces its chieftain has still to walk to reach its wall section


@dataclass(slots=True)
class TianxiaState:
    mode: str = ""
    difficulty: str | None = None
    seats: list[Seat] = field(default_factory=list)
    rival: Rival | None = None
    round: int = 0
    phase: str = OPENING
    order: list[int] = field(default_factory=list)  # owners in turn order, the rival included
    next_order: list[int] = field(default_factory=list)  # filled as owners pass
    active: int | None = None  # the owner whose turn it is in the Action phase
    turns: int = 0  # turns begun so far, the rivals' included: the replay's move list counts by them
    turn_owner: int | None = None  # whose the last turn begun is, until the next begins (the attack in between)
    acting: dict[str, Any] | None = None  # the active seat's action under way: its kind and what is done
    owed: list[dict[str, Any]] = field(default_factory=list)  # choices a reward left a seat to make, next first
    choices: list[dict[str, Any]] = field(default_factory=list)  # the opening's choices still to make, next first
    arrangements: list[dict[str, str]] = field(default_factory=list)  # site -> building, the two offered
    supplies: list[str] = field(default_factory=list)  # starting supplies offered, not yet taken
    palace: dict[str, list[list[int]]] = field(default_factory=dict)  # track -> step -> owners, first come first
    step_tiles: dict[str, list[list[str]]] = field(default_factory=dict)  # track -> step -> tiles
    discs: dict[str, list[int]] = field(default_factory=dict)  # region -> owners of the discs, bottom first
    fortify_discs: list[int] = field(default_factory=list)
    sites: dict[str, Site] = field(default_factory=dict)
    barges: dict[str, list[int]] = field(default_factory=dict)  # barge -> owners, left to right
    ports: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # port -> ships, top first
    wave: list[dict[str, Any]] = field(default_factory=list)  # {"ship": id, "crates": [owner | None, ...]}
    demands: dict[str, str] = field(default_factory=dict)  # port -> demand tile
    shipping: dict[str, list[int]] = field(default_factory=dict)  # port -> owners of its shipping markers
    sections: dict[str, Section] = field(default_factory=dict)
    nomads: dict[str, Nomad] = field(default_factory=dict)
    attack: str | None = None  # this round's attack card
    attack_deck: list[str] = field(default_factory=list)  # top first, secret
    tile_bag: list[str] = field(default_factory=list)  # top first, secret
    ship_deck: list[str] = field(default_factory=list)
    objective_deck: list[str] = field(default_factory=list)
    round_stacks: list[list[str]] = field(default_factory=list)  # the next rounds' display tiles, face down
    display: list[str] = field(default_factory=list)  # this round's tiles under the round track
    winners: list[int] = field(default_factory=list)
    beaten_by: str | None = None  # the rival who won, when no seat did
    ended_by: str | None = None  # why the game ended: final-scoring, zero-prestige
    rolls: list[int] = field(default_factory=list)  # a sandbox's fixed next rolls of Li Mu's die
    # Not part of the table (never stored, compared or passed in): the seats and rival this copy of
    # the table has made its own (fold_parts.own_seat, own_rival), which its later folds change in
    # place rather than copying them again. Every copy starts without (copy_state, `replace`).
    owned: dict[Any, Any] | None = field(default=None, init=False, repr=False, compare=False)
    # Nor this: the sites of the buildings whose effects cut a cost and their cuts, by occasion
    # (rewards.less), found once and carried by every copy; the folds that lay buildings out set it
    # back to None.
    cutter_sites: dict[str, list[tuple[str, int]]] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def rival_owner(self) -> int | None:
        return len(self.seats) if self.rival is not None else None

    def has_passed(self, owner: int) -> bool:
        if self.rival is not None and owner == len(self.seats):  # the rival's owner, without the property's call
            return self.rival.passed
        return self.seats[owner].passed

    def at_top(self, owner: int, track: str) -> bool:
        """Whether `owner`'s marker stands on the last step of `track` (a scan of one step, not of the
        track: the legal lists ask it of every track)."""
        return owner in self.palace[track][-1]

    def step_of(self, owner: int, track: str) -> int:
        """The Palace step `owner`'s marker stands on."""
        for step, owners in enumerate(self.palace[track]):
            if owner in owners:
                return step
        raise StopIteration(f"no marker of {owner} on the {track} track")


copy_state = copier(TianxiaState, reset=("owned",))
copy_seat = copier(Seat)
copy_rival = copier(Rival)
copy_site = copier(Site)
copy_section = copier(Section)
copy_nomad = copier(Nomad)
