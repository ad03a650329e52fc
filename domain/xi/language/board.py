"""The card vocabulary's questions about the table (design 4.1): what a selector takes, whether a
condition holds, how much an amount is, and the typed lists a query reads (tags, restrictions,
a player's immunities).

Every card in play counts for both players: a statement's tag holds whoever played it
(xi.statement.both), and each copy of a card applies its own effect (xi.house.statement-copies).
A target is a unit id (str) or a seat (int).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Callable

from domain.xi.cards.catalogue import CARDS
from domain.xi.language import reading
from domain.xi.language.layers import Holder, Stats, answers, passes, selects, split
from domain.xi.state import SKIRMISH_STEP, InPlay, Step, XiState

Target = str | int


@dataclass(frozen=True, slots=True)
class Cause:
    """What a resolving entry acts for: the card, its controller, the card or unit in play that
    holds the entry (None for a point spell), the target, choice and damage it was given, and,
    for an answer in a window, what the window answers (its public facts)."""

    card: str
    seat: int
    source: str | None = None
    target: Target | None = None
    choice: Any = None
    dealt: int = 0
    answering: Mapping[str, Any] | None = None


def under_way(state: XiState) -> Step | None:
    """The skirmish declared and not yet struck or cancelled, if there is one."""
    for step in state.pending:  # a loop: a generator and `next` cost more
        if step.kind == SKIRMISH_STEP:
            return step
    return None


def _list_entries(card_id: str, name: str) -> tuple[Mapping[str, Any], ...]:
    return tuple(dict(entry) for entry in CARDS[card_id].static if dict(entry).get("list") == name)


# The typed lists of section 4.2 each card holds while in play.
RESTRICTIONS = {card_id: _list_entries(card_id, "restriction") for card_id in CARDS}
PLAYER_DAMAGE = {card_id: tuple(e for e in _list_entries(card_id, "damage") if e["to"] == "controller")
                 for card_id in CARDS}


def spell(state: XiState, iid: str) -> InPlay | None:
    for card in state.in_play:  # a loop: a generator and `next` cost more
        if card.iid == iid:
            return card
    return None


def holder(state: XiState, derived: Mapping[str, Stats], cause: Cause) -> Holder:
    """The holder a selector of `cause` reads: the unit or spell in play, or the caster."""
    if cause.source in derived:
        return cause.source, derived[cause.source].controller, None
    held = spell(state, cause.source) if cause.source else None
    return (held.iid, held.controller, held.on) if held else (cause.source, cause.seat, None)


def units(derived: Mapping[str, Stats], selector: str, owner: Holder) -> list[str]:
    """The units a selector that names no target takes, in order of entry."""
    # What `selects` answers of each unit, a side's or all units asked here without its call.
    base, filters = split(selector)
    found: list[str] = []
    if base == "all_units" or (owner is not None and (base == "own_units" or base == "opposing_units")):
        own, every = base == "own_units", base == "all_units"
        for uid, unit in derived.items():
            if (every or (unit.controller == owner[1]) == own) and (not filters or passes(filters, unit.type)):
                found.append(uid)
        return found
    for uid, unit in derived.items():
        if selects(selector, owner, uid, unit.controller, unit.type):
            found.append(uid)
    return found


def options(state: XiState, derived: Mapping[str, Stats], selector: str, seat: int) -> list[Target]:
    """What a `target:` selector of a card `seat` controls may name (xi.house.targets): any unit
    for `unit` (yours too), and a player only where the selector says so."""
    kind = selector.split("+", 1)[0].split(":", 1)[1]
    kept = answers(state, derived)
    aimed = kept.get(("options", selector, seat)) if kept is not None else None
    if aimed is None:  # the units it may name, once per table, selector and seat
        in_play = [(uid, unit.controller, unit.type) for uid, unit in derived.items()]
        aimed = reading.unit_options(selector, seat, in_play)
        if kept is not None:
            kept[("options", selector, seat)] = aimed
    if kind == "unit_or_player":
        return [*aimed, *(other for other, player in enumerate(state.players) if not player.out)]
    return [*aimed]  # a copy without `list`'s call


def tags(state: XiState) -> frozenset[str]:
    """The facts the statements in play make true (a tag holds while one copy is in play)."""
    return frozenset(CARDS[card.card].tag for card in state.in_play if CARDS[card.card].tag)


def copies(state: XiState, card_id: str) -> int:
    return sum(card.card == card_id for card in state.in_play) + sum(unit.card == card_id for unit in state.units)


class _OnState:
    """The rules' table as the vocabulary reads it (reading.py): the state and its derived stats."""

    __slots__ = ("state", "derived")

    def __init__(self, state: XiState, derived: Mapping[str, Stats]):
        self.state, self.derived = state, derived

    def named(self, target: Target) -> list[Target]:
        return [target] if not isinstance(target, str) or target in self.derived else []

    def selected(self, selector: str, cause: Cause) -> list[str]:
        return units(self.derived, selector, holder(self.state, self.derived, cause))

    def opponents(self, seat: int) -> list[int]:
        return [other for other, player in enumerate(self.state.players) if other != seat and not player.out]

    def copies(self, card: str) -> int:
        return copies(self.state, card)

    def true_tags(self) -> frozenset[str]:
        return tags(self.state)

    def active(self) -> int | None:
        return self.state.active

    def unit_type(self, target: Target) -> str | None:
        stats = self.derived.get(target) if isinstance(target, str) else None
        return stats.type if stats is not None else None

    def attacker_type(self) -> str | None:
        skirmish = under_way(self.state)
        attacker = self.derived.get(skirmish.facts["attacker"]) if skirmish else None
        return attacker.type if attacker is not None else None


def resolve(state: XiState, derived: Mapping[str, Stats], selector: str, cause: Cause) -> list[Target]:
    """What `selector` takes now for `cause` (reading.resolve on the rules' table)."""
    table = _new(_OnState)  # _OnState(state, derived) without its __init__'s call: most effects ask
    table.state, table.derived = state, derived
    return reading.resolve(table, selector, cause)


def amount(state: XiState, derived: Mapping[str, Stats], value: int | str, cause: Cause) -> int:
    """An amount for `cause` now (reading.amount on the rules' table)."""
    table = _new(_OnState)  # as in `resolve`
    table.state, table.derived = state, derived
    return reading.amount(table, value, cause)


def holds(state: XiState, derived: Mapping[str, Stats], condition: str, cause: Cause) -> bool:
    """Whether an `if` condition holds for `cause` now (reading.holds on the rules' table)."""
    table = _new(_OnState)  # as in `resolve`
    table.state, table.derived = state, derived
    return reading.holds(table, condition, cause)


_new = object.__new__


def player_immunities(state: XiState, seat: int) -> frozenset[str]:
    """The damage types a player is immune to (God's Protection)."""
    held = []  # plain loops: a hit on a player asks, where a generator costs more
    for card in state.in_play:
        if card.controller == seat:
            held.append(card.card)
    return immunities(held)


def immunities(held: Iterable[str]) -> frozenset[str]:
    """The damage types the cards `held` in play (by card id) make their controller immune to."""
    found: set[str] | None = None  # made only for a card that gives one (`set` is a call)
    for card in held:
        for entry in PLAYER_DAMAGE[card]:
            if entry["op"] == "immune":
                value = entry["value"]
                if found is None:
                    found = set()
                found.update((value,) if isinstance(value, str) else value)
    return _NONE if found is None else frozenset(found)


_NONE: frozenset[str] = frozenset()


def stolen(state: XiState, uid: str) -> bool:
    """A unit whose controller changed this turn (xi.house.stolen-unit): control effects last until
    the end of the turn they began in, so one under way began this turn."""
    for effect in state.effects:  # a loop: every legal list asks it of each ability, where a generator costs more
        if effect.where == "1" and uid in effect.to:
            return True
    return False


def skirmishes_allowed(state: XiState, derived: Mapping[str, Stats], uid: str) -> int:
    """How many skirmishes a unit has this turn: 1 (xi.skirmish.once), more under a restriction in
    play that grants them (Everwind), none if an effect forbids it or its control changed."""
    return skirmish_allowance(state, derived)(uid)


def skirmish_allowance(state: XiState, derived: Mapping[str, Stats]) -> Callable[[str], int]:
    """What `skirmishes_allowed` answers, for any unit of the table: computed once per table."""
    blocked, raised = skirmish_limits(state, derived)
    return lambda uid: 0 if uid in blocked else raised.get(uid, 1)


def skirmish_limits(state: XiState, derived: Mapping[str, Stats]) -> tuple[frozenset[str], dict[str, int]]:
    """What `skirmishes_allowed` reads, once per table: the units that may not skirmish this turn,
    and those a restriction in play lets skirmish more than once, with how often (the rest once)."""
    held = state.memo  # layers.answers, without its call: the memo's answers if `derived` is its stats
    kept = held.found if held is not None and held.derived is derived and held.units is state.units \
        and held.in_play is state.in_play and held.effects is state.effects else None
    limits = kept.get("skirmish_limits") if kept is not None else None
    if limits is None:  # once per table, for every unit at once
        limits = _skirmish_limits(state, derived)
        if kept is not None:
            kept["skirmish_limits"] = limits
    return limits


def _skirmish_limits(state: XiState, derived: Mapping[str, Stats]) -> tuple[frozenset[str], dict[str, int]]:
    """What skirmish_limits answers, from one pass over the table (plain loops, and only the cards
    with a restriction looked into: comprehensions and generators cost more)."""
    stopped: list[str] = []
    for effect in state.effects:
        if effect.where == "1" or effect.op == "cannot_skirmish":
            stopped += effect.to
    raised: dict[str, int] = {}
    for unit in derived.values():
        if unit.card in _RESTRICTING:
            _raise(raised, derived, unit.card, (unit.uid, unit.controller, None))
    for card in state.in_play:
        if card.card in _RESTRICTING:
            _raise(raised, derived, card.card, (card.iid, card.controller, card.on))
    return frozenset(stopped), raised


# The cards with a restriction on skirmishes: only they are looked into.
_RESTRICTING = frozenset(card for card, entries in RESTRICTIONS.items() if entries)


def _raise(raised: dict[str, int], derived: Mapping[str, Stats], card: str, owner: Holder) -> None:
    """The units `card`'s restrictions let skirmish more than once a turn, held by `owner`."""
    for entry in RESTRICTIONS[card]:
        if entry["op"] == "skirmishes_per_turn":
            for uid in units(derived, entry["to"], owner):
                raised[uid] = max(raised.get(uid, 1), entry["value"])
