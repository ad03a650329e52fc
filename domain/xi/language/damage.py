"""The one damage pipeline (design section 4.3): every point of damage goes through `deal`.

The order is fixed: the amount and its additions, immunity (a stop at 0), reductions (floor 0),
the elemental cycle, then multipliers. Reductions come before doubling, so a Stone 3 on Bubble
Fighter is (3 - 1) x 2 = 4 (xi.damage.reduce-first); each multiplier applies again, so three
Floods are x8 (xi.damage.multipliers-stack). Celestial and Shadow damage skips the cycle and every
multiplier, and nothing doubles damage to a Shadow unit (xi.house.no-doubling-at-all). A player
has no type: the cycle never doubles damage to a player (xi.house.player-damage).

`steps` says why the number is what it is; it goes into the `damage_dealt` event, so a replay
shows how 32 came about.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.xi.cards.catalogue import CARDS
from domain.xi.language.board import player_immunities
from domain.xi.language.layers import Holder, Stats, selects
from domain.xi.state import XiState

ELEMENTS = ("aqua", "ember", "wind", "stone")
BEATS = {"aqua": "ember", "ember": "wind", "wind": "stone", "stone": "aqua"}  # xi.type.cycle
NEVER_DOUBLED = frozenset({"celestial", "shadow"})  # xi.type.no-doubling


def deal(amount: int, dtype: str, target_type: str | None, *, additions: Iterable[int] = (),
         immune: Iterable[str] = (), reductions: Iterable[int] = (),
         multipliers: Iterable[int] = ()) -> tuple[int, list[dict]]:
    """The damage `amount` of type `dtype` does to a target of `target_type` (None: a player),
    and the steps that made it."""
    steps = [{"step": "amount", "value": amount}]
    for add in additions:
        amount += add
        steps.append({"step": "add", "by": add, "value": amount})
    if dtype in immune:  # a frozenset or a tuple (without `frozenset`'s call)
        steps.append({"step": "immune", "rule": "xi.keyword.immune", "value": 0})
        return 0, steps
    if target_type == "celestial" and dtype in ELEMENTS:
        steps.append({"step": "immune", "rule": "xi.type.celestial", "value": 0})
        return 0, steps
    for by in reductions:
        amount = max(0, amount - by)
        steps.append({"step": "reduce", "rule": "xi.damage.reduce-first", "by": by, "value": amount})
    if dtype in NEVER_DOUBLED or target_type == "shadow":
        return amount, steps  # xi.house.no-doubling-at-all: neither the cycle nor a multiplier
    if target_type is not None and BEATS.get(dtype) == target_type:
        amount *= 2
        steps.append({"step": "cycle", "rule": "xi.type.cycle", "by": 2, "value": amount})
    for by in multipliers:
        amount *= by
        steps.append({"step": "multiply", "rule": "xi.damage.multipliers-stack", "by": by, "value": amount})
    return amount, steps


def _damage_list(card_id: str) -> tuple[Mapping, ...]:
    return tuple(dict(entry) for entry in CARDS[card_id].static if dict(entry).get("list") == "damage")


# The damage modifiers each card holds while in play (the typed list "damage" of section 4.2).
DAMAGE_MODS = {card_id: _damage_list(card_id) for card_id in CARDS}


def modifier_holds(condition: str | None, target: Any) -> bool:
    """Whether a damage modifier's condition (checked at import: target_type:<t> or
    target_is_player) holds for damage to `target`, a unit with a `type`, or None for a player."""
    if condition is None:
        return True
    if condition == "target_is_player":
        return target is None
    return target is not None and target.type == condition.split(":", 1)[1]


def multipliers(state: XiState, derived: Mapping[str, Stats], source: Stats, target: Stats | None) -> list[int]:
    """The multipliers on `source`'s damage to `target`, from every card in play whose damage
    modifiers select the source, by timestamp: Warden of Aqua's own x2 against Ember, and one x2
    per Flood in play, whoever played it (xi.house.statement-copies, xi.statement.both)."""
    # Only the cards with damage modifiers are gathered (most have none), in plain loops: a hit
    # is dealt on most strikes, where comprehensions cost more. The sort is stable, as before.
    holders = []
    for unit in derived.values():
        if DAMAGE_MODS[unit.card]:
            holders.append((unit.since, unit.card, (unit.uid, unit.controller, None)))
    for card in state.in_play:
        if DAMAGE_MODS[card.card]:
            holders.append((card.since, card.card, (card.iid, card.controller, card.on)))
    if not holders:
        return []
    holders.sort(key=_since)
    held = [(card, holder) for _since, card, holder in holders]
    return multipliers_held(held, source.uid, source.controller, source.type, target)


def _since(held: tuple) -> int:
    return held[0]


def multipliers_held(held: Iterable[tuple[str, Holder]], uid: str, controller: int, type_: str,
                     target: Any) -> list[int]:
    """The multipliers the cards `held` in play (each card id with its holder), in the order
    given, put on the damage of the unit `uid` (of `controller`, of type `type_`) to `target` (a
    unit with a `type`, or None for a player)."""
    return [mod["value"] for card, holder in held for mod in DAMAGE_MODS[card]
            if mod["op"] == "multiply" and selects(mod["to"], holder, uid, controller, type_)
            and modifier_holds(mod.get("if"), target)]


def unit_hit(state: XiState, derived: Mapping[str, Stats], source: Stats, target: Stats | None,
             player: int | None = None) -> tuple[int, list]:
    """The damage the unit `source` deals to the unit `target`, or to the seat `player`: its
    derived damage, of its derived type (xi.house.damage-type), through the pipeline."""
    if target is not None and target.keywords:
        immune, reductions = target.immune, target.reductions
    else:  # a unit without keywords has neither immunities nor reductions (most units)
        immune = () if target is not None else player_immunities(state, player) if player is not None else ()
        reductions = ()
    return deal(source.damage, source.type, target.type if target else None,
                immune=immune, reductions=reductions, multipliers=multipliers(state, derived, source, target))
