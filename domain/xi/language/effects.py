"""The interpreter of the card vocabulary's actions (design 4.1): one function per `do` word, each
emitting the events of one entry of `on_play`, `trigger` or `ability` for a `Cause`.

Damage goes through the one pipeline (damage.py) with the element the entry names, else the
card's type (xi.house.damage-type); Flood's x2 is on units' damage, so a spell's damage has no
source multiplier. Life lost, moved or gained is not damage: no immunity, reduction or doubling
touches it. Healing stops at the derived maximum (L477), a player's life at 99 (xi.cap.life) and 0
(xi.house.life-floor). `prevent` and `cancel_skirmish` answer a declaration: Prevent sends the
card the window answers to its owner's discard pile, its cost paid (xi.keyword.prevent), and a
cancel ends the skirmish under way with no damage dealt, the unit's skirmish used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

from domain.xi.cards.catalogue import CARDS
from domain.xi.emitter import Emitter
from domain.xi.language.board import Cause, amount, holds, player_immunities, resolve, under_way
from domain.xi.language.damage import deal
from domain.xi.language.drawing import draw
from domain.xi.language.layers import Stats, derive_all
from domain.xi.table import capped_life, capped_pt

Entry = Mapping[str, Any]


def perform(em: Emitter, entry: Entry, cause: Cause) -> None:
    """Emit the events of one entry for `cause`, if its condition holds."""
    derived = derive_all(em.state)
    if "if" in entry and not holds(em.state, derived, entry["if"], cause):
        return
    ACTIONS[entry["do"]](em, entry, cause, derived)


def _amount(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> int:
    return amount(em.state, derived, entry.get("amount", 0), cause)


def _damage(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    card = CARDS[cause.card]
    base = _amount(em, entry, cause, derived)
    bonus = dict(entry["bonus"]) if "bonus" in entry else None
    additions = [bonus["add"]] if bonus and holds(em.state, derived, bonus["if"], cause) else []
    dtype = entry.get("type", card.type)
    for target in resolve(em.state, derived, entry["to"], cause):
        if isinstance(target, str):
            hit = derived[target]
            dealt, steps = deal(base, dtype, hit.type, additions=additions, immune=hit.immune,
                                reductions=hit.reductions)
        else:
            dealt, steps = deal(base, dtype, None, additions=additions, immune=player_immunities(em.state, target))
        em.emit("damage_dealt", card.rule, {"source": cause.source or cause.card, "target": target, "type": dtype,
                                            "amount": dealt, "steps": steps})


def change_life(em: Emitter, rule: str, target: str | int, by: int) -> None:
    """A unit's or a player's life changes by `by`, not by damage (xi.house.damage-type)."""
    if isinstance(target, str):
        for unit in em.state.units:  # a loop: a generator and `next` cost more
            if unit.uid == target:
                life = unit.life
                break
        else:
            raise ValueError(f"no unit {target} in play")
    else:
        life = em.state.players[target].life
        by = max(by, -life)  # xi.house.life-floor
    if by:
        em.emit("life_changed", rule, {"target": target, "by": by, "to": life + by})


def _heal_unit(em: Emitter, cause: Cause, unit: Stats, value: int) -> None:
    """A unit heals up to its derived maximum, never past it (L477)."""
    change_life(em, CARDS[cause.card].rule, unit.uid, max(0, min(value, unit.max_life - unit.life)))


def _gain(em: Emitter, cause: Cause, seat: int, value: int) -> None:
    life = em.state.players[seat].life
    change_life(em, CARDS[cause.card].rule, seat, capped_life(life + value) - life)


def _heal(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    """Units heal and players gain life (`heal` and `gain_life` read the same on either)."""
    value = _amount(em, entry, cause, derived)
    for target in resolve(em.state, derived, entry["to"], cause):
        if isinstance(target, str):
            _heal_unit(em, cause, derived[target], value)
        else:
            _gain(em, cause, target, value)


def _lose_life(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    value = _amount(em, entry, cause, derived)
    for target in resolve(em.state, derived, entry["to"], cause):
        change_life(em, CARDS[cause.card].rule, target, -value)


def _move_life(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    """A unit gives up to `amount` of its life (no more than it has) to the players `to` name."""
    value = _amount(em, entry, cause, derived)
    for giver in resolve(em.state, derived, entry["from"], cause):
        given = min(value, max(0, derived[giver].life))
        change_life(em, CARDS[cause.card].rule, giver, -given)
        for seat in resolve(em.state, derived, entry["to"], cause):
            _gain(em, cause, seat, given)


def return_to_hand(em: Emitter, rule: str, uid: str) -> None:
    """A unit goes back to its owner's hand; whatever was on it goes to the discard pile later."""
    unit = next(unit for unit in em.state.units if unit.uid == uid)
    em.emit("card_returned", rule, {"uid": uid, "card": unit.card, "owner": unit.owner, "from": "play"})


def _return_to_hand(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    if entry["to"] == "self" and cause.source not in derived:  # Endless Jet: from the discard pile
        owner = cause.seat
        if em.state.players[owner].discard[-1:] == [cause.card]:
            em.emit("card_returned", CARDS[cause.card].rule,
                    {"uid": cause.source, "card": cause.card, "owner": owner, "from": "discard"})
        return
    for target in resolve(em.state, derived, entry["to"], cause):
        if isinstance(target, str):
            return_to_hand(em, CARDS[cause.card].rule, target)


def _destroy(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    for target in resolve(em.state, derived, entry["to"], cause):
        if isinstance(target, str):
            unit = derived[target]
            em.emit("unit_destroyed", CARDS[cause.card].rule, {"uid": target, "card": unit.card, "owner": unit.owner})


def start_effect(em: Emitter, card_id: str, to: list[str], where: str, op: str, value: Any) -> None:
    """An effect begins on the units `to`, until the end of this turn."""
    if to:
        em.emit("effect_started", CARDS[card_id].rule, {"source": card_id, "to": to, "where": where, "op": op,
                                                       "value": value, "since": em.state.clock + 1})


def _add_effect(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    effect = dict(entry["effect"])
    value = effect.get("value", cause.choice)
    to = [target for target in resolve(em.state, derived, entry["to"], cause) if isinstance(target, str)]
    start_effect(em, cause.card, to, effect.get("layer") or effect["list"], effect["op"], value)


def _take_control(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    """Control until the end of the turn (xi.house.stolen-unit), as a layer-1 effect."""
    to = [target for target in resolve(em.state, derived, entry["to"], cause) if isinstance(target, str)]
    start_effect(em, cause.card, to, "1", "set", cause.seat)


def _prevent(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    """The card the window answers has no effect and goes to its owner's discard pile."""
    declared = cause.answering
    if declared is None or declared["kind"] != "spell":
        return
    em.emit("card_prevented", "xi.keyword.prevent",
            {"seat": declared["declarer"], "card": declared["card"], "by": cause.card, "by_seat": cause.seat})
    em.emit("card_discarded", "xi.keyword.prevent", {"iid": None, "card": declared["card"],
                                                     "owner": declared["declarer"]})


def cancel_skirmish(em: Emitter, rule: str, by: str | None) -> None:
    """The skirmish under way ends: no damage is dealt, and the unit's skirmish stays used."""
    step = under_way(em.state)
    if step is not None:
        cause = {"by": by} if by else {}
        em.emit("skirmish_cancelled", rule, {"seat": step.seat, "attacker": step.facts["attacker"],
                                             "target": step.facts["target"], **cause})


def _cancel(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    cancel_skirmish(em, CARDS[cause.card].rule, cause.card)


def _draw(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    """Each player `to` names draws `amount` cards for nothing; an empty deck gives none
    (xi.time.draw-empty), as a paid draw would."""
    value = _amount(em, entry, cause, derived)
    for seat in resolve(em.state, derived, entry["to"], cause):
        if isinstance(seat, int):
            for _ in range(value):
                draw(em, seat, {"t": 0, "pt": 0}, CARDS[cause.card].rule)


def _gain_pt(em: Emitter, entry: Entry, cause: Cause, derived: Mapping[str, Stats]) -> None:
    """Each player `to` names gains `amount` pT, never past 20 (xi.cap.pt)."""
    value = _amount(em, entry, cause, derived)
    for seat in resolve(em.state, derived, entry["to"], cause):
        if isinstance(seat, int):
            pt = em.state.players[seat].pt
            if capped_pt(pt + value) > pt:
                em.emit("pt_gained", CARDS[cause.card].rule, {"seat": seat, "by": capped_pt(pt + value) - pt,
                                                             "to": capped_pt(pt + value)})


ACTIONS: Mapping[str, Callable[[Any, Entry, Cause, Mapping[str, Stats]], None]] = {
    "damage": _damage, "heal": _heal, "gain_life": _heal, "lose_life": _lose_life, "move_life": _move_life,
    "destroy": _destroy, "return_to_hand": _return_to_hand, "add_effect": _add_effect,
    "take_control": _take_control, "prevent": _prevent, "cancel_skirmish": _cancel, "draw": _draw,
    "gain_pt": _gain_pt,
}
ANSWERS = frozenset({"prevent", "cancel_skirmish"})  # words that act only on a declaration under way
