"""Derived unit stats, computed on every query in the design's fixed layer order (section 4.2).

A unit stores only its card, owner, controller, current life, skirmishes used and entry time. Its
controller, type, keywords, damage and maximum life are read here and nowhere else: the printed
card, then every layered static in play, layer by layer (1 control, 2 type, 3 keywords, 4a-4c
damage, 5a-5b max life) and, inside a layer, by the timestamp of its source (XMage's
`getOrder`). Damage is floored at 0 after layer 4c (xi.unit.damage-floor).

Statics are compiled from the catalogue at import, so no card text is parsed while a game runs.
Thesis's layer-4a `code` static needs its controller's choice and comes with special.py (step 4);
until then Thesis deals its printed 0, the design's value with no odd number in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.xi.cards import CARDS
from domain.xi.state import Unit, XiState

LAYERS = ("1", "2", "3", "4a", "4b", "4c", "5a", "5b")
_RANK = {layer: rank for rank, layer in enumerate(LAYERS)}
# What each (layer, op) does to the working values: set a field, add to it, or grant a keyword.
_OPS = {("1", "set"): ("controller", "set"), ("2", "set"): ("type", "set"), ("3", "grant"): ("keywords", "grant"),
        ("4a", "set"): ("damage", "set"), ("4b", "set"): ("damage", "set"), ("4c", "add"): ("damage", "add"),
        ("5a", "set"): ("max_life", "set"), ("5b", "add"): ("max_life", "add")}


@dataclass(frozen=True, slots=True)
class Static:
    """A layered effect in play: from the unit `source`, entered at `since`."""

    layer: str
    op: str
    value: Any
    to: str  # a selector, e.g. "self", "own_units", "all_units+type:aqua"
    source: str = ""
    since: int = 0

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
    if "layer" not in fields or "code" in fields:
        return None  # typed lists are read by their own queries; code statics come in step 4
    if (fields["layer"], fields["op"]) not in _OPS:
        raise ValueError(f"{card_id}: layer {fields['layer']} has no op {fields['op']!r}")
    return Static(fields["layer"], fields["op"], fields.get("value"), fields["to"])


CARD_STATICS: Mapping[str, tuple[Static, ...]] = {
    card.id: tuple(s for s in (_compile(card.id, entry) for entry in card.static) if s is not None)
    for card in CARDS.values()
}


def statics_in_play(state: XiState) -> list[Static]:
    """Every layered static of the cards in play, tied to its source and timestamp."""
    return [Static(s.layer, s.op, s.value, s.to, unit.uid, unit.since)
            for unit in state.units for s in CARD_STATICS[unit.card]]


def selects(to: str, holder: tuple[str, int] | None, uid: str, controller: int, type_: str) -> bool:
    """Whether the selector `to` of a card held by `holder` (its uid and controller) takes the unit
    `uid`; `type:`/`not_type:` filters read the unit's type as derived so far."""
    base, *filters = to.split("+")
    if base == "self":
        taken = holder is not None and uid == holder[0]
    elif base in ("own_units", "opposing_units"):
        taken = holder is not None and (controller == holder[1]) == (base == "own_units")
    else:
        taken = base == "all_units"  # attached and the rest select spells' hosts: step 4
    return taken and all((type_ == f.split(":")[1]) != f.startswith("not_") for f in filters)


def _selected(to: str, source: dict | None, work: dict[str, dict]) -> Iterable[str]:
    holder = (source["uid"], source["controller"]) if source else None
    return [uid for uid, unit in work.items() if selects(to, holder, uid, unit["controller"], unit["type"])]


def _printed(unit: Unit) -> dict:
    card = CARDS[unit.card]
    return {"uid": unit.uid, "controller": unit.controller, "type": card.type, "damage": card.damage,
            "max_life": card.life, "keywords": card.keywords}


def derive_all(state: XiState, extra: Iterable[Static] = ()) -> dict[str, Stats]:
    """Every unit's derived stats by id. `extra` adds statics not (yet) held by a card in play."""
    work = {unit.uid: _printed(unit) for unit in state.units}
    for static in sorted([*statics_in_play(state), *extra], key=Static.key):
        field, how = _OPS[(static.layer, static.op)]
        for uid in _selected(static.to, work.get(static.source), work):
            unit = work[uid]
            if how == "set":
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
