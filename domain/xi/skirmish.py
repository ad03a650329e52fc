"""Skirmishes: who may skirmish whom, the simultaneous damage, and the state checks after it.

Each unit skirmishes once per turn (xi.skirmish.once), at any point of its controller's turn,
the turn it entered included (xi.house.no-summoning-wait). It targets an opposing unit; a player
with no unit that can be targeted is a target itself, and an untargetable unit (Archo) counts as
none (xi.skirmish.untargetable). Both sides' damage is computed from the table before either is
applied (xi.skirmish.simultaneous). The declaration and the strike are one decision until step 5
opens the defender's window between them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.cards import NAME
from domain.xi.damage import unit_hit
from domain.xi.layers import Stats, derive_all
from domain.xi.state import SKIRMISHES_PER_TURN, XiState


def targets(state: XiState, derived: Mapping[str, Stats], seat: int) -> list[str | int]:
    """What a unit of `seat` may skirmish: each opponent's targetable units, or the opponent."""
    found: list[str | int] = []
    for other, player in enumerate(state.players):
        if other == seat or player.out:
            continue
        theirs = [unit.uid for unit in derived.values() if unit.controller == other and not unit.untargetable]
        found += theirs or [other]
    return found


def skirmish_actions(state: XiState, seat: int) -> list[Action]:
    """Every skirmish open to `seat` now: each ready unit against each target, in order of entry."""
    derived = derive_all(state)
    ready = [unit.uid for unit in derived.values() if unit.controller == seat and unit.skirmishes < SKIRMISHES_PER_TURN]
    aims = targets(state, derived, seat) if ready else []
    return [{"type": "skirmish", "unit": uid, "target": aim} for uid in ready for aim in aims]


def check_skirmish(state: XiState, seat: int, uid: str, target: str | int) -> None:
    """Raise IllegalAction, naming the field, unless `seat`'s unit `uid` may skirmish `target`."""
    derived = derive_all(state)
    unit = derived.get(uid)
    if unit is None or unit.controller != seat:
        raise IllegalAction(f"unit: {uid!r} is not a unit of yours in play", rule="xi.skirmish.once")
    if unit.skirmishes >= SKIRMISHES_PER_TURN:
        raise IllegalAction(f"unit: {NAME[unit.card]} ({uid}) has already skirmished this turn", rule="xi.skirmish.once")
    if target in targets(state, derived, seat):
        return
    aimed = derived.get(target) if isinstance(target, str) else None
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


def skirmish(em: Any, seat: int, action: Mapping[str, Any]) -> None:
    """Declare, then deal both sides' damage at once, then destroy the fallen and end a lost game."""
    derived = derive_all(em.state)
    attacker, target = derived[action["unit"]], action["target"]
    defender = derived.get(target) if isinstance(target, str) else None
    rule = "xi.skirmish.target-unit" if defender else "xi.skirmish.target-player"
    em.emit("skirmish_declared", rule, {"seat": seat, "attacker": attacker.uid, "target": target})
    hits = [(attacker, target, unit_hit(em.state, derived, attacker, defender))]
    if defender is not None:  # both computed before either lands (xi.skirmish.simultaneous)
        hits.append((defender, attacker.uid, unit_hit(em.state, derived, defender, attacker)))
    for source, aim, (amount, steps) in hits:
        em.emit("damage_dealt", "xi.skirmish.simultaneous" if defender else "xi.skirmish.player",
                {"source": source.uid, "target": aim, "type": source.type, "amount": amount, "steps": steps})
    state_checks(em)


def state_checks(em: Any) -> None:
    """Units at 0 life or less are destroyed, to their owner's discard pile (xi.unit.destroyed);
    then players at 0 lose, together if several (xi.house.together-at-zero)."""
    for unit in em.state.units:
        if unit.life <= 0:
            em.emit("unit_destroyed", "xi.unit.destroyed", {"uid": unit.uid, "card": unit.card, "owner": unit.owner})
    players = em.state.players
    fallen = [seat for seat, player in enumerate(players) if not player.out and player.life <= 0]
    if fallen:
        standing = [seat for seat, player in enumerate(players) if not player.out and seat not in fallen]
        em.emit("game_ended", "xi.end.zero-life" if standing else "xi.house.together-at-zero",
                {"reason": "zero-life", "winners": standing, "fallen": fallen})
