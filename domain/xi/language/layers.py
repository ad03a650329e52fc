"""Derived unit stats, computed on every query in the design's fixed layer order (section 4.2).

A unit stores only its card, owner, controller, current life, skirmishes used and entry time. Its
controller, type, keywords, damage and maximum life are read here and nowhere else: the printed
card, then every layered static in play, layer by layer (1 control, 2 type, 3 keywords, 4a-4c
damage, 5a-5b max life) and, inside a layer, by the timestamp of its source (XMage's
`getOrder`). Damage is floored at 0 after layer 4c (xi.unit.damage-floor).

The statics come from the units in play, the lasting spells and statements in play (whose
`attached` is the unit they were cast on), and the layered effects started by resolving cards
(Alchemist's type, Master Game Player's control), each on the units it was started on. They are
compiled from the catalogue at import, so no card text is parsed while a game runs. A static with
an `if` applies only while a statement in play makes its tag true (`tag:raining`); the memo below
holds while the spells in play do, so it holds while the tags do. A `code`
static is a function of special.py: Thesis's damage is the odd number its controller chose for the
damage being dealt (`chosen`), and its printed 0 at any other moment (xi.house.thesis-choice).

Derived on every query in meaning, computed once per table in cost (design 5.1): the stats, and
what other queries read from them, are kept in the table's `memo`, which holds while the table's
units, spells in play and effects are the very lists it was computed from. An event never changes
those lists in place but puts new ones in the fields it changes, so a table an event changed (or
anything else put new lists in) computes its own, and a copy no event has changed shares it. When
only the units' life or skirmishes changed (damage, healing, a skirmish, a new turn), which no
layered static reads, the stats carry over with those two read anew.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.xi.cards.catalogue import CARDS
from domain.xi.language.special import CODES
from domain.state_copy import copier
from domain.xi.state import Unit, XiState

LAYERS = ("1", "2", "3", "4a", "4b", "4c", "5a", "5b")
_RANK = {layer: rank for rank, layer in enumerate(LAYERS)}
# What each (layer, op) does to the working values: set a field, add to it, or grant a keyword.
_OPS = {("1", "set"): ("controller", "set"), ("2", "set"): ("type", "set"), ("3", "grant"): ("keywords", "grant"),
        ("4a", "set"): ("damage", "set"), ("4b", "set"): ("damage", "set"), ("4c", "add"): ("damage", "add"),
        ("5a", "set"): ("max_life", "set"), ("5b", "add"): ("max_life", "add")}


@dataclass(frozen=True, slots=True)
class Static:
    """A layered effect in play: from `source` (a unit, or a spell in play held by `controller`
    and cast `on` a unit), entered at `since`; `code` names a function of special.py."""

    layer: str
    op: str
    value: Any
    to: str  # a selector, e.g. "self", "own_units", "all_units+type:aqua"
    source: str = ""
    since: int = 0
    code: str | None = None
    controller: int | None = None  # a spell's holder; a unit's is derived (layer 1)
    on: str | None = None
    condition: str | None = None  # `tag:<t>`: the static applies only while a statement makes it true

    def key(self) -> tuple[int, int]:
        return _RANK[self.layer], self.since


class Keyworded:
    """What a unit's keywords say, for whatever holds them as `keywords` (the rules' derived
    stats, and the bots' reading of a view)."""

    __slots__ = ()
    keywords: tuple[str, ...]

    @property
    def untargetable(self) -> bool:
        return "untargetable" in self.keywords

    @property
    def immune(self) -> frozenset[str]:
        found = _IMMUNE.get(self.keywords)  # read once per set of keywords: a hit on a unit asks
        if found is None:
            found = _IMMUNE[self.keywords] = frozenset(k.split(":", 1)[1] for k in self.keywords
                                                       if k.startswith("immune:"))
        return found

    @property
    def reductions(self) -> tuple[int, ...]:
        found = _REDUCTIONS.get(self.keywords)
        if found is None:
            found = _REDUCTIONS[self.keywords] = tuple(int(k.split(":", 1)[1]) for k in self.keywords
                                                       if k.startswith("reduce:"))
        return found


# What each set of keywords met so far says (the vocabulary's keywords are few, so these stay small).
_IMMUNE: dict[tuple[str, ...], frozenset[str]] = {}
_REDUCTIONS: dict[tuple[str, ...], tuple[int, ...]] = {}


@dataclass(slots=True)
class Stats(Keyworded):
    """A unit as the rules see it now: stored facts plus everything derived. A slots record, never
    changed once made: its fields are read a score of times a decision for each one made, and a
    slot is read in a few instructions where a named tuple's field (or index, on a tuple's
    subclass) takes a generic lookup."""

    uid: str
    card: str
    owner: int
    controller: int
    life: int
    skirmishes: int
    since: int
    type: str
    damage: int
    max_life: int
    keywords: tuple[str, ...]

    def __hash__(self) -> int:  # hashable by value, as the named tuple it replaces
        return hash((self.uid, self.card, self.owner, self.controller, self.life, self.skirmishes, self.since,
                     self.type, self.damage, self.max_life, self.keywords))


# A Stats made at once, without its __init__'s call: one for every unit of every table derived.
_new = object.__new__
_copy_stats = copier(Stats)


def _compile(card_id: str, entry: tuple) -> Static | None:
    fields = dict(entry)
    if "layer" not in fields:
        return None  # typed lists are read by their own queries (board.py, damage.py)
    if (fields["layer"], fields["op"]) not in _OPS:
        raise ValueError(f"{card_id}: layer {fields['layer']} has no op {fields['op']!r}")
    condition = fields.get("if")  # checked as tag:<t> by the vocabulary
    return Static(fields["layer"], fields["op"], fields.get("value"), fields["to"], code=fields.get("code"),
                  condition=condition)


CARD_STATICS: Mapping[str, tuple[Static, ...]] = {
    card.id: tuple(s for s in (_compile(card.id, entry) for entry in card.static) if s is not None)
    for card in CARDS.values()
}


def statics_in_play(state: XiState) -> list[Static]:
    """Every layered static of the cards in play and of the effects under way, tied to its source
    and timestamp."""
    found = [Static(s.layer, s.op, s.value, s.to, unit.uid, unit.since, s.code, condition=s.condition)
             for unit in state.units for s in CARD_STATICS[unit.card]]
    found += [Static(s.layer, s.op, s.value, s.to, spell.iid, spell.since, s.code, spell.controller, spell.on,
                     s.condition)
              for spell in state.in_play for s in CARD_STATICS[spell.card]]
    found += [Static(effect.where, effect.op, effect.value, "self", uid, effect.since)
              for effect in state.effects if effect.where in _RANK for uid in effect.to]
    return found


Holder = tuple  # (id, controller, on): the card holding a static or an effect


def selects(to: str, holder: Holder | None, uid: str, controller: int, type_: str) -> bool:
    """Whether the selector `to` of a card held by `holder` (its id, controller and the unit it is
    on) takes the unit `uid`; `type:`/`not_type:` filters read the unit's type as derived so far."""
    base, filters = _SELECTORS.get(to) or _parse(to)
    if base == "self":
        taken = holder is not None and uid == holder[0]
    elif base == "attached":
        taken = holder is not None and len(holder) > 2 and uid == holder[2]
    elif base in ("own_units", "opposing_units"):
        taken = holder is not None and (controller == holder[1]) == (base == "own_units")
    else:
        taken = base == "all_units"
    if taken:
        for wanted, negated in filters:
            if (type_ == wanted) == negated:
                return False
    return taken


def passes(filters: tuple[tuple[str, bool], ...], type_: str) -> bool:
    """Whether a unit of type `type_` passes a selector's `type:`/`not_type:` filters."""
    for wanted, negated in filters:
        if (type_ == wanted) == negated:
            return False
    return True


def split(to: str) -> tuple[str, tuple[tuple[str, bool], ...]]:
    """A selector's base and its filters as (type, negated), split once per selector."""
    return _SELECTORS.get(to) or _parse(to)


# Each selector met so far, split once: its base and its filters as (type, negated). The
# vocabulary's selectors are few, so this stays small.
_SELECTORS: dict[str, tuple[str, tuple[tuple[str, bool], ...]]] = {}


def _parse(to: str) -> tuple[str, tuple[tuple[str, bool], ...]]:
    base, *filters = to.split("+")
    parsed = _SELECTORS[to] = (base, tuple((f.split(":")[1], f.startswith("not_")) for f in filters))
    return parsed




# Each unit card's printed working values: type, damage, max life, keywords (controller comes first).
_PRINTED = {card.id: (card.type, card.damage, card.life, card.keywords) for card in CARDS.values()
            if card.kind == "unit"}
_FIELD = {"controller": 0, "type": 1, "damage": 2, "max_life": 3, "keywords": 4}  # in a unit's working values


def _step(layer: str, op: str) -> tuple[int, int, str]:
    """A layered static's rank, the working value it changes, and how ("set", "add" or "grant")."""
    field, how = _OPS[(layer, op)]
    return _RANK[layer], _FIELD[field], how


# Each card's statics compiled for _derive_all: (rank, field, how, value, selector, code, condition).
_COMPILED = {card: tuple((*_step(s.layer, s.op), s.value, s.to, s.code, s.condition) for s in statics)
             for card, statics in CARD_STATICS.items()}
# The tags each card in play makes true (statements), for the conditions of layered statics.
_TAG = {card.id: card.tag for card in CARDS.values() if card.tag}


# The cards with a `code` static: a function of special.py may read anything on the table.
_CODED = frozenset(card for card, statics in CARD_STATICS.items() if any(s.code for s in statics))


@dataclass(slots=True)
class Memo:
    """What a table's cards in play fix: every unit's derived stats, and the answers of other
    queries that read only them and the lists below (`found`, by the query's name). Shared by
    every caller, and never changed. An answer in `found` reads no unit's life or skirmishes: it
    carries over with the stats to the tables that differ from this one only in those."""

    units: list[Unit]  # the lists it was computed from
    in_play: list
    effects: list
    derived: dict[str, Stats]
    found: dict[str, Any]
    carries: bool  # whether its stats carry over to new lives and skirmishes (no `code` static in play)
    marks: list[tuple[int, int]]  # each unit's (life, skirmishes) as the stats were derived


# A unit's life and skirmishes used, (life, skirmishes): all a memo's units may differ in from a
# table the memo still fits. Read by a comprehension where a memo is checked or made (fewer
# instructions than map and attrgetter's tuples in CPython 3.11, counted by bench.instructions).


def memo(state: XiState) -> Memo:
    """The table's memo, computed now if the table has none for its cards in play as they are."""
    held = state.memo
    if held is not None and held.in_play is state.in_play and held.effects is state.effects:
        # A unit changed in place (never by an event, but a table set up by hand may be) is seen
        # by its marks: every query of every decision makes this check.
        if held.units is state.units and [(unit.life, unit.skirmishes) for unit in state.units] == held.marks:
            return held
        marks: list[tuple[int, int]] = []
        derived = _carried(held, state.units, marks) if held.carries else None
        if derived is not None:  # Memo(...) without its __init__'s call: a table an event changed asks here
            found, held = held.found, _new(Memo)
            held.units, held.in_play, held.effects, held.derived, held.found, held.carries, held.marks = (
                state.units, state.in_play, state.effects, derived, found, True, marks)
            state.memo = held
            return held
    # No `code` static in play (plain loops: fewer instructions than a generator, or a map read in C).
    carries = True
    for unit in state.units:
        if unit.card in _CODED:
            carries = False
            break
    else:
        for card in state.in_play:
            if card.card in _CODED:
                carries = False
                break
    derived, marks = _derive_all(state), []
    for unit in state.units:  # a loop: a comprehension costs more
        marks.append((unit.life, unit.skirmishes))
    held = state.memo = _new(Memo)  # Memo(...) without its __init__'s call
    held.units, held.in_play, held.effects, held.derived, held.found, held.carries, held.marks = (
        state.units, state.in_play, state.effects, derived, {}, carries, marks)
    return held


def _carried(held: Memo, units: list[Unit], marks: list[tuple[int, int]]) -> dict[str, Stats] | None:
    """The stats of `units` from the memo's, when they are the memo's units in the same order,
    changed at most in life and skirmishes (damage, healing, a skirmish, a new turn), which no
    layered static reads; else None, and they are derived afresh. Each unit's mark is added to
    `marks` in the same pass (no comprehension of its own)."""
    if len(units) != len(held.units):
        return None
    derived = {}
    befores, before_stats, index = held.units, held.derived, 0  # read by index and id: `zip` is a call of its own
    for unit in units:
        before = befores[index]
        index += 1
        if unit is not before and (unit.uid != before.uid or unit.card != before.card or unit.owner != before.owner
                                   or unit.controller != before.controller or unit.since != before.since):
            return None
        stats = before_stats[before.uid]
        if unit.life != stats.life or unit.skirmishes != stats.skirmishes:
            stats = _copy_stats(stats)
            stats.life, stats.skirmishes = unit.life, unit.skirmishes
        derived[unit.uid] = stats
        marks.append((unit.life, unit.skirmishes))
    return derived


def answers(state: XiState, derived: Mapping[str, Stats]) -> dict[str, Any] | None:
    """Where a query that reads only `derived` and the table's cards in play keeps its answers for
    this table (the memo's `found`), when `derived` are the stats the memo holds for the table as
    it is now; else None, and the query answers afresh."""
    held = state.memo
    if held is not None and held.derived is derived and held.units is state.units \
            and held.in_play is state.in_play and held.effects is state.effects:
        return held.found
    return None


def derive_all(state: XiState, extra: Iterable[Static] = (), chosen: Mapping[str, int] | None = None
               ) -> dict[str, Stats]:
    """Every unit's derived stats by id (never to be changed: it is the table's own). `extra` adds
    statics not (yet) held by a card in play; `chosen` holds the values chosen for `code` statics
    (Thesis's odd number) at this moment."""
    if extra or chosen:
        return _derive_all(state, extra, chosen)
    # memo()'s check of a memo still fresh, without its call: every query of every decision asks.
    held = state.memo
    if held is not None and held.units is state.units and held.in_play is state.in_play \
            and held.effects is state.effects:
        # Each unit's (life, skirmishes) against its mark, by a plain loop reading the marks by
        # index: no list, tuple or comprehension's function made (what a comprehension costs more than).
        marks = held.marks
        if len(marks) == len(held.units):
            index = 0
            for unit in held.units:
                mark = marks[index]
                if unit.life != mark[0] or unit.skirmishes != mark[1]:
                    break
                index += 1
            else:
                return held.derived
    return memo(state).derived


def _derive_all(state: XiState, extra: Iterable[Static] = (), chosen: Mapping[str, int] | None = None
                ) -> dict[str, Stats]:
    # The statics of statics_in_play (and `extra`) as plain tuples, in the order they apply: by
    # layer, then timestamp, then as listed. (rank, since, index, field, how, value, selector,
    # code, condition, source, and for a spell its controller and the unit it is on.)
    found: list[tuple] = []
    for unit in state.units:
        for rank, field, how, value, to, code, condition in _COMPILED[unit.card]:
            found.append((rank, unit.since, len(found), field, how, value, to, code, condition, unit.uid, None, None))
    for spell in state.in_play:
        for rank, field, how, value, to, code, condition in _COMPILED[spell.card]:
            found.append((rank, spell.since, len(found), field, how, value, to, code, condition, spell.iid,
                          spell.controller, spell.on))
    for effect in state.effects:
        if effect.where in _RANK and effect.to:
            rank, field, how = _step(effect.where, effect.op)
            for uid in effect.to:
                found.append((rank, effect.since, len(found), field, how, effect.value, "self", None, None, uid, None,
                              None))
    for static in extra:
        rank, field, how = _step(static.layer, static.op)
        found.append((rank, static.since, len(found), field, how, static.value, static.to, static.code,
                      static.condition, static.source, static.controller, static.on))
    found.sort()
    # Plain loops here and below: a table derives anew whenever its cards in play change, where
    # comprehensions cost more.
    in_force: list[str] = []  # the tags of the statements in play (a few: a list, without `set`'s call)
    for card in state.in_play:
        if card.card in _TAG:
            in_force.append(_TAG[card.card])
    # Each unit's working values, as printed: [controller, type, damage, max life, keywords].
    work: dict[str, list] = {}
    for unit in state.units:
        work[unit.uid] = [unit.controller, *_PRINTED[unit.card]]
    for _rank, _since, _index, field, how, value, to, code, condition, source, controller, on in found:
        if controller is not None:
            holder: Holder | None = (source, controller, on)
        else:
            held = work.get(source)
            holder = (source, held[0], None) if held else None
        if condition is not None and condition[4:] not in in_force:  # `tag:<t>`: the statements in play
            continue
        # A unit is selected by its own working values, which only its own change below touches:
        # checking each as it comes takes the same units as a list made first, without the list.
        # A `self` or `attached` selector can take one unit only, its holder's: only it is asked.
        base, filters = _SELECTORS.get(to) or _parse(to)
        if base == "self" or base == "attached":
            one = None if holder is None else holder[0] if base == "self" else holder[2]
            candidates = ((one, work[one]),) if one in work else ()
        else:
            candidates = work.items()
        # A side or all units: what `selects` answers, asked here without its call for each unit.
        sided = holder is not None and (base == "own_units" or base == "opposing_units")
        plain, own = sided or base == "all_units", base == "own_units"
        for uid, values in candidates:
            if plain:
                if sided and (values[0] == holder[1]) != own:
                    continue
                if filters and not passes(filters, values[1]):
                    continue
            elif not selects(to, holder, uid, values[0], values[1]):
                continue
            if code:
                values[field] = CODES[code](state, uid, chosen or {})
            elif how == "set":
                values[field] = value
            elif how == "add":
                values[field] = values[field] + value
            elif value not in values[field]:
                values[field] = (*values[field], value)
    # Each unit's values found by its id, its damage floored and its keywords kept as the tuple
    # they are, without the calls of `zip`, `max` and `tuple`.
    derived: dict[str, Stats] = {}
    for unit in state.units:
        values = work[unit.uid]
        damage, keywords = values[2], values[4]
        if damage < 0:
            damage = 0
        if type(keywords) is not tuple:
            keywords = tuple(keywords)
        stats = derived[unit.uid] = _new(Stats)
        stats.uid, stats.card, stats.owner, stats.controller, stats.life, stats.skirmishes, stats.since, stats.type, \
            stats.damage, stats.max_life, stats.keywords = (
                unit.uid, unit.card, unit.owner, values[0], unit.life, unit.skirmishes, unit.since, values[1],
                damage, values[3], keywords)
    return derived


def derive(state: XiState, uid: str) -> Stats:
    """One unit's derived stats."""
    return derive_all(state)[uid]
