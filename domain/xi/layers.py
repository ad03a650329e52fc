"""Derived unit stats, computed on every query in the design's fixed layer order (section 4.2).

A unit stores only its card, owner, controller, current life, skirmishes used and entry time. Its
controller, type, keywords, damage and maximum life are read here and nowhere else: the printed
card, then every layered static in play, layer by layer (1 control, 2 type, 3 keywords, 4a-4c
damage, 5a-5b max life) and, inside a layer, by the timestamp of its source (XMage's
`getOrder`). Damage is floored at 0 after layer 4c (xi.unit.damage-floor).

The statics come from the units in play, the lasting spells and statements in play (whose
`attached` is the unit they were cast on), and the layered effects started by resolving cards
(Alchemist's type, Master Game Player's control), each on the units it was started on. They are
compiled from the catalogue at import, so no card text is parsed while a game runs. A `code`
static is a function of special.py: Thesis's damage is the odd number its controller chose for the
damage being dealt (`chosen`), and its printed 0 at any other moment (xi.house.thesis-choice).

Derived on every query in meaning, computed once per table in cost (design 5.1): the stats, and
what other queries read from them, are kept in the table's `memo`, which holds while the table's
units, spells in play and effects are the very lists it was computed from. An event never changes
those lists in place but puts new ones in the fields it changes, so a table an event changed (or
anything else put new lists in) computes its own, and a copy no event has changed shares it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.xi.cards import CARDS
from domain.xi.special import CODES
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

    def key(self) -> tuple[int, int]:
        return _RANK[self.layer], self.since


@dataclass(frozen=True, slots=True)
class Stats:
    """A unit as the rules see it now: stored facts plus everything derived."""

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

    @property
    def untargetable(self) -> bool:
        return "untargetable" in self.keywords

    @property
    def immune(self) -> frozenset[str]:
        return frozenset(k.split(":", 1)[1] for k in self.keywords if k.startswith("immune:"))

    @property
    def reductions(self) -> tuple[int, ...]:
        return tuple(int(k.split(":", 1)[1]) for k in self.keywords if k.startswith("reduce:"))


def _compile(card_id: str, entry: tuple) -> Static | None:
    fields = dict(entry)
    if "layer" not in fields:
        return None  # typed lists are read by their own queries (board.py, damage.py)
    if (fields["layer"], fields["op"]) not in _OPS:
        raise ValueError(f"{card_id}: layer {fields['layer']} has no op {fields['op']!r}")
    return Static(fields["layer"], fields["op"], fields.get("value"), fields["to"], code=fields.get("code"))


CARD_STATICS: Mapping[str, tuple[Static, ...]] = {
    card.id: tuple(s for s in (_compile(card.id, entry) for entry in card.static) if s is not None)
    for card in CARDS.values()
}


def statics_in_play(state: XiState) -> list[Static]:
    """Every layered static of the cards in play and of the effects under way, tied to its source
    and timestamp."""
    found = [Static(s.layer, s.op, s.value, s.to, unit.uid, unit.since, s.code)
             for unit in state.units for s in CARD_STATICS[unit.card]]
    found += [Static(s.layer, s.op, s.value, s.to, spell.iid, spell.since, s.code, spell.controller, spell.on)
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


# Each selector met so far, split once: its base and its filters as (type, negated). The
# vocabulary's selectors are few, so this stays small.
_SELECTORS: dict[str, tuple[str, tuple[tuple[str, bool], ...]]] = {}


def _parse(to: str) -> tuple[str, tuple[tuple[str, bool], ...]]:
    base, *filters = to.split("+")
    parsed = _SELECTORS[to] = (base, tuple((f.split(":")[1], f.startswith("not_")) for f in filters))
    return parsed


def _holder(static: Static, work: dict[str, dict]) -> Holder | None:
    if static.controller is not None:
        return static.source, static.controller, static.on
    unit = work.get(static.source)
    return (unit["uid"], unit["controller"], None) if unit else None


def _selected(to: str, holder: Holder | None, work: dict[str, dict]) -> Iterable[str]:
    return [uid for uid, unit in work.items() if selects(to, holder, uid, unit["controller"], unit["type"])]


def _printed(unit: Unit) -> dict:
    card = CARDS[unit.card]
    return {"uid": unit.uid, "controller": unit.controller, "type": card.type, "damage": card.damage,
            "max_life": card.life, "keywords": card.keywords}


@dataclass(slots=True)
class Memo:
    """What a table's cards in play fix: every unit's derived stats, and the answers of other
    queries that read only them and the lists below (`found`, by the query's name). Shared by
    every caller, and never changed."""

    units: list[Unit]  # the lists it was computed from
    in_play: list
    effects: list
    derived: dict[str, Stats]
    found: dict[str, Any]


def memo(state: XiState) -> Memo:
    """The table's memo, computed now if the table has none for its cards in play as they are."""
    held = state.memo
    if held is not None and held.units is state.units and held.in_play is state.in_play \
            and held.effects is state.effects:
        for unit, stats in zip(held.units, held.derived.values()):
            if unit.life != stats.life or unit.skirmishes != stats.skirmishes:
                break  # a unit changed in place: never by an event, but a table set up by hand may be
        else:
            return held
    held = state.memo = Memo(state.units, state.in_play, state.effects, _derive_all(state), {})
    return held


def derive_all(state: XiState, extra: Iterable[Static] = (), chosen: Mapping[str, int] | None = None
               ) -> dict[str, Stats]:
    """Every unit's derived stats by id (never to be changed: it is the table's own). `extra` adds
    statics not (yet) held by a card in play; `chosen` holds the values chosen for `code` statics
    (Thesis's odd number) at this moment."""
    if extra or chosen:
        return _derive_all(state, extra, chosen)
    return memo(state).derived


def _derive_all(state: XiState, extra: Iterable[Static] = (), chosen: Mapping[str, int] | None = None
                ) -> dict[str, Stats]:
    work = {unit.uid: _printed(unit) for unit in state.units}
    for static in sorted([*statics_in_play(state), *extra], key=Static.key):
        field, how = _OPS[(static.layer, static.op)]
        for uid in _selected(static.to, _holder(static, work), work):
            unit = work[uid]
            if static.code:
                unit[field] = CODES[static.code](state, uid, chosen or {})
            elif how == "set":
                unit[field] = static.value
            elif how == "add":
                unit[field] = unit[field] + static.value
            elif static.value not in unit[field]:
                unit[field] = (*unit[field], static.value)
    return {unit.uid: Stats(unit.uid, unit.card, unit.owner, work[unit.uid]["controller"], unit.life,
                            unit.skirmishes, unit.since, work[unit.uid]["type"], max(0, work[unit.uid]["damage"]),
                            work[unit.uid]["max_life"], tuple(work[unit.uid]["keywords"]))
            for unit in state.units}


def derive(state: XiState, uid: str) -> Stats:
    """One unit's derived stats."""
    return derive_all(state)[uid]
