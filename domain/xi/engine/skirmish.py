"""Skirmishes: who may skirmish whom, the skirmish step, the simultaneous damage, and what follows.

Each unit skirmishes once per turn (xi.skirmish.once) unless a restriction in play says otherwise
(Everwind's two; Heat Stroke's none), at any point of its controller's turn, the turn it entered
included (xi.house.no-summoning-wait), but not in a turn its control changed
(xi.house.stolen-unit). It targets an opposing unit; a player with no unit that can be targeted is
a target itself, and an untargetable unit (Archo) counts as none (xi.skirmish.untargetable).

A skirmish is declared (`skirmish_declared`, which uses the unit's skirmish and puts the skirmish
step on the pending stack), the defender's window opens (windows.py), and then the attacker may
play cards and use abilities, each a declaration of its own, until it strikes
(xi.house.skirmish-step). A unit whose damage is picked (Thesis) names its odd number as it
strikes (`damage`), and its controller is asked for one when it defends
(xi.house.thesis-choice). Both sides' damage is computed from the table before either is applied
(xi.skirmish.simultaneous); then `deals_damage` triggers (Drain Fairy) and the state checks. If
either unit has left play or changed sides before the strike, neither deals damage
(xi.house.skirmish-gone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.cards.catalogue import CARDS, NAME
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from domain.xi.language.board import Cause, skirmish_limits
from domain.xi.language.damage import unit_hit
from domain.xi.language.effects import perform
from domain.xi.language.layers import CARD_STATICS, Stats, derive_all
from domain.xi.language.special import odd_numbers
from domain.xi.state import Step, XiState

PICKS_DAMAGE = frozenset(card for card, statics in CARD_STATICS.items() if any(s.code for s in statics))


def targets(state: XiState, derived: Mapping[str, Stats], seat: int) -> list[str | int]:
    """What a unit of `seat` may skirmish: each opponent's targetable units, or the opponent."""
    # Plain loops, the units read once for every opponent: these run on every decision of a
    # turn, where comprehensions cost more.
    theirs: dict[int, list[str | int]] = {}
    for unit in derived.values():
        if unit.controller != seat and "untargetable" not in unit.keywords:  # Keyworded.untargetable, inline
            theirs.setdefault(unit.controller, []).append(unit.uid)
    found: list[str | int] = []
    for other, player in enumerate(state.players):
        if other != seat and not player.out:
            found += theirs.get(other) or (other,)
    return found


def skirmish_actions(state: XiState, seat: int, derived: Mapping[str, Stats] | None = None) -> list[Action]:
    """Every skirmish open to `seat` now: each ready unit against each target, in order of entry
    (`derived`, the table's stats where the caller has them already)."""
    derived = derived if derived is not None else derive_all(state)
    # What _ready and targets answer, from one pass over the units without their calls: asked on
    # every decision of a turn.
    ready: list[str] = []
    theirs: dict[int, list[str | int]] = {}
    limits = None  # read once a unit of the seat's is found
    for unit in derived.values():
        if unit.controller == seat:
            if limits is None:
                blocked, raised = limits = skirmish_limits(state, derived)
            uid = unit.uid
            if uid not in blocked and unit.skirmishes < (raised.get(uid, 1) if raised else 1):
                ready.append(uid)
        elif "untargetable" not in unit.keywords:
            theirs.setdefault(unit.controller, []).append(unit.uid)
    actions: list[Action] = []
    if ready:
        aims: list[str | int] = []
        other = 0  # counted by hand: `enumerate` is a call of its own
        for player in state.players:
            if other != seat and not player.out:
                aims += theirs.get(other) or (other,)
            other += 1
        for uid in ready:
            for aim in aims:
                actions.append({"type": "skirmish", "unit": uid, "target": aim})
    return actions


def gone(state: XiState, step: Step, derived: Mapping[str, Stats] | None = None) -> bool:
    """Whether a unit of the skirmish has left play, or changed sides, since it was declared
    (xi.house.skirmish-gone): the attacker is no longer its seat's, or the defender now is
    (`derived`, the table's stats where the caller has them already)."""
    derived = derived if derived is not None else derive_all(state)
    attacker, target = derived.get(step.facts["attacker"]), step.facts["target"]
    if attacker is None or attacker.controller != step.seat:
        return True
    return isinstance(target, str) and (target not in derived or derived[target].controller == step.seat)


def strike_actions(state: XiState, step: Step, derived: Mapping[str, Stats] | None = None) -> list[Action]:
    """The strike, once per odd number a unit that picks its damage may pick."""
    derived = derived if derived is not None else derive_all(state)
    if derived[step.facts["attacker"]].card not in PICKS_DAMAGE:
        return [{"type": "strike"}]  # the usual case, without a comprehension's frame
    return [{"type": "strike", "damage": n} for n in odd_numbers(state)] or [{"type": "strike"}]


def check_strike(state: XiState, step: Step, damage: Any) -> None:
    attacker = step.facts["attacker"]
    for unit in state.units:  # a unit's card is its stats' card: the usual one is read without deriving
        if unit.uid == attacker:
            if unit.card not in PICKS_DAMAGE and damage is None:
                return  # what _check_damage finds of a unit whose damage is not picked, and none given
            break
    _check_damage(state, derive_all(state)[attacker], damage)


def check_skirmish(state: XiState, seat: int, uid: str, target: str | int) -> None:
    """Raise IllegalAction, naming the field, unless `seat`'s unit `uid` may skirmish `target`."""
    derived = derive_all(state)
    unit = derived.get(uid)
    if unit is None or unit.controller != seat:
        raise IllegalAction(f"unit: {uid!r} is not a unit of yours in play", rule="xi.skirmish.once")
    blocked, raised = skirmish_limits(state, derived)  # what skirmishes_allowed answers, read here
    allowed = 0 if uid in blocked else raised.get(uid, 1)
    if unit.skirmishes >= allowed:
        if allowed == 0:
            rule = "xi.house.stolen-unit" if any(e.where == "1" and uid in e.to for e in state.effects) else None
            by = next((e.source for e in state.effects if e.op == "cannot_skirmish" and uid in e.to), None)
            raise IllegalAction(f"unit: {NAME[unit.card]} ({uid}) cannot skirmish this turn",
                                rule=rule or (CARDS[by].rule if by else "xi.skirmish.once"))
        raise IllegalAction(f"unit: {NAME[unit.card]} ({uid}) has already skirmished this turn", rule="xi.skirmish.once")
    aimed = derived.get(target) if isinstance(target, str) else None
    if aimed is not None and aimed.controller != seat and "untargetable" not in aimed.keywords \
            and not state.players[aimed.controller].out:
        return  # an opposing unit that can be targeted: one of `targets`, asked without listing them
    if target in targets(state, derived, seat):
        return
    if isinstance(target, str) and aimed is None:
        raise IllegalAction(f"target: {target!r} is not a unit in play", rule="xi.skirmish.target-unit")
    if aimed is not None and aimed.controller == seat:
        raise IllegalAction(f"target: {NAME[aimed.card]} ({target}) is your own; a skirmish targets an opposing unit",
                            rule="xi.skirmish.target-unit")
    if aimed is not None:
        raise IllegalAction(f"target: {NAME[aimed.card]} ({target}) cannot be targeted for a skirmish",
                            rule="xi.skirmish.untargetable")
    if not 0 <= target < state.seats or target == seat or state.players[target].out:
        raise IllegalAction(f"target: seat {target} is not an opponent in the game", rule="xi.skirmish.target-player")
    raise IllegalAction(f"target: seat {target} has a unit you can skirmish; a player is skirmished only "
                        "when they have none", rule="xi.skirmish.target-player")


def _check_damage(state: XiState, unit: Stats, damage: Any) -> None:
    if unit.card not in PICKS_DAMAGE:
        if damage is not None:
            raise IllegalAction(f"damage: {NAME[unit.card]}'s damage is not picked", rule="xi.action.well-formed")
        return
    odd = odd_numbers(state)
    if damage is None and odd:
        raise IllegalAction(f"damage: pick {NAME[unit.card]}'s damage, one of {odd}", rule="xi.house.thesis-choice")
    elif damage is not None and (damage not in odd or type(damage) is not int):
        raise IllegalAction(f"damage: {damage!r} is not an odd number printed on a unit in play ({odd or 'none'})",
                            rule="xi.house.thesis-choice")


def declare_skirmish(em: Emitter, seat: int, action: Mapping[str, Any]) -> dict[str, Any]:
    """Declare the skirmish; what its window answers (windows.py), all public."""
    attacker, target = action["unit"], action["target"]
    derived = derive_all(em.state)
    rule = "xi.skirmish.target-unit" if isinstance(target, str) else "xi.skirmish.target-player"
    em.emit_named("skirmish_declared", rule, _named({"seat": seat, "attacker": attacker, "target": target}, derived,
                                                    attacker, target))
    return {"kind": "skirmish", "declarer": seat, "attacker": attacker, "card": derived[attacker].card,
            "attacker_type": derived[attacker].type, "target": target}


def _named(data: dict[str, Any], derived: Mapping[str, Stats], attacker: str, target: str | int) -> dict[str, Any]:
    """`data` with the cards of the skirmish's units in play, as the Emitter names them (under
    `cards`, last, attacker first; none if neither is in play), read from the stats at hand."""
    named = {attacker: derived[attacker].card} if attacker in derived else {}
    if isinstance(target, str) and target in derived and target not in named:
        named[target] = derived[target].card
    if named:
        data["cards"] = named
    return data


def strike_now(em: Emitter, step: Step, damage: int | None, derived: Mapping[str, Stats] | None = None) -> None:
    """The attacker strikes: the skirmish step ends, and the damage is dealt at once, once a
    defender that picks its damage has picked it (`derived`, the table's stats where the caller
    has them already)."""
    attacker, target = step.facts["attacker"], step.facts["target"]
    picked = {"damage": damage} if damage is not None else {}
    if derived is None:  # the same after `struck`, which changes the pending steps alone
        derived = derive_all(em.state)
    em.emit_named("struck", "xi.house.skirmish-step",
                  _named({"seat": step.seat, "attacker": attacker, "target": target, **picked}, derived, attacker,
                         target))
    chosen = {attacker: damage} if damage is not None else {}
    defender = derived.get(target) if isinstance(target, str) else None
    if defender is not None and defender.card in PICKS_DAMAGE:  # the odd numbers read only for such a defender
        odd = odd_numbers(em.state)
        if len(odd) > 1:
            em.emit("choice_asked", "xi.house.thesis-choice",
                    {"seat": defender.controller, "source": defender.uid, "card": defender.card, "options": odd,
                     "resume": "strike", "attacker": attacker, "target": target, "chosen": chosen})
            return
        if odd:
            chosen[defender.uid] = odd[0]
    strike(em, attacker, target, chosen, None if chosen else derived)


def resume_strike(em: Emitter, facts: Mapping[str, Any], choice: Any) -> None:
    strike(em, facts["attacker"], facts["target"], {**facts["chosen"], facts["source"]: choice})


def strike(em: Emitter, attacker_id: str, target: str | int, chosen: Mapping[str, int],
           derived: Mapping[str, Stats] | None = None) -> None:
    """Both sides' damage at once, then `deals_damage` triggers, then the state checks
    (`derived`, the table's stats where the caller has them already and nothing was chosen)."""
    mark = len(em.events)
    if derived is None:
        derived = derive_all(em.state, chosen=chosen)
    attacker = derived[attacker_id]
    defender = derived.get(target) if isinstance(target, str) else None
    player = target if isinstance(target, int) else None
    hits = [(attacker, target, unit_hit(em.state, derived, attacker, defender, player))]
    if defender is not None:  # both computed before either lands (xi.skirmish.simultaneous)
        hits.append((defender, attacker.uid, unit_hit(em.state, derived, defender, attacker)))
    for source, aim, (amount, steps) in hits:
        # The cards the event names, known here (both units are in play until the state checks):
        # what the Emitter's lookup would find, under the same keys in the same order.
        named = {aim: derived[aim].card} if aim in derived else {}
        if source.uid not in named:
            named[source.uid] = source.card
        em.emit_named("damage_dealt", "xi.skirmish.simultaneous" if defender else "xi.skirmish.player",
                      {"source": source.uid, "target": aim, "type": source.type, "amount": amount, "steps": steps,
                       "cards": named})
    for source, aim, (amount, _steps) in hits:
        for entry in CARDS[source.card].trigger:
            if dict(entry)["when"] == "deals_damage" and amount > 0:
                perform(em, dict(entry), Cause(source.card, source.controller, source.uid, aim, dealt=amount))
    state_checks(em, mark)
