"""The Attack phase: a battle in every wall section whose chieftain has reached it, west to east
(tianxia.attack.when, notes §5), with the rivals' special cases (L80, L206).

A battle: each owner's defence there (a wall 1, a tower 2, a soldier 1, a Watch Post's governor 1
but a rival's, L52, L141)
ranks the defenders, 7, 4 and 2 prestige to the first three (`tianxia.house.battle-ties` on a
tie; the Bot takes its place but gains nothing, L80); towers and walls lower the nomad's strength
by 2 and 1; soldiers are removed from the left, each lowering it by 1 and scoring its owner 1
prestige, until it is spent; strength left raids the path's buildings in order (governors home,
a raid token, the strength less the building's raid value; a raided governor of Li Mu's costs the
player 3 prestige, L206); strength left after the last costs every player 1 coin a point while
they have coins, then 3 prestige (`tianxia.house.excess`; not Li Mu, L206). A battle won (no
raid) gives its first defender 1 prestige per governor on the path. Then the nomad starts over.
In solo, a player brought to 0 prestige loses at once (L148).
"""

from __future__ import annotations

from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.rival_lines import NOMAD_OF, SECTION_NAMES
from domain.tianxia.state import LI_MU, SOLO, TianxiaState

WATCH = {building.id: effect.defence for building in BOARD.buildings.values()
         for effect in building.effects if effect.on == "battle" and effect.defence}


def defences(state: TianxiaState, section: str) -> dict[int, int]:
    """Each owner's defence in a section: its pieces there and its battle effects (a governor in a
    Watch Post), for those with a piece there."""
    pieces = state.sections[section]
    totals: dict[int, int] = {}
    for owners, worth in ((pieces.walls, 1), (pieces.towers, 2), (pieces.soldiers, 1)):
        for owner in owners:
            totals[owner] = totals.get(owner, 0) + worth
    rival_owner = len(state.seats) if state.rival is not None else None  # `rival_owner`, without its call
    for site in state.sites.values():
        if site.building in WATCH:
            for owner in set(site.governors):
                # The rivals ignore every printed effect of buildings (L52, L141).
                if owner in totals and owner != rival_owner:
                    totals[owner] += WATCH[site.building]
    return totals


def ranking(state: TianxiaState, section: str, totals: dict[int, int] | None = None) -> list[int]:
    """The defenders of a section, best first: the higher defence, then the leftmost soldier, then
    the leftmost wall, then the earlier in turn order (`tianxia.house.battle-ties`); `totals`, their
    `defences`, when the caller has them already."""
    totals, pieces = defences(state, section) if totals is None else totals, state.sections[section]

    def first(owners: list[int], owner: int) -> int:
        return owners.index(owner) if owner in owners else len(owners) + 99

    order = state.order + [owner for owner in totals if owner not in state.order]
    return sorted(totals, key=lambda owner: (-totals[owner], first(pieces.soldiers, owner), first(pieces.walls, owner),
                                             order.index(owner)))


def attack_phase(em: TianxiaEmitter) -> None:
    """Every battle of the round, west to east, then the phase's end."""
    state = em.state
    for section in BOARD.walls:
        if state.nomads[NOMAD_OF[section]].distance == 0:
            battle(em, section)
            if state.phase == "over":
                return


def battle(em: TianxiaEmitter, section: str) -> None:
    """One wall section's battle: places, towers and walls, soldiers, raids, the excess, the win."""
    state = em.state
    nomad_id = NOMAD_OF[section]
    strength = state.nomads[nomad_id].strength
    totals = defences(state, section)
    ranked = ranking(state, section, totals)  # the defences read once for both
    places = []
    for place, owner in enumerate(ranked[:len(BOARD.numbers.battle_prestige)]):
        points = 0 if is_bot(state, owner) else BOARD.numbers.battle_prestige[place]
        places.append({"owner": owner, "defence": totals[owner], "points": points})
    pieces = state.sections[section]
    lowered = 2 * len(pieces.towers) + len(pieces.walls)
    em.emit("battle_fought", "tianxia.attack.prestige", {
        "section": section, "nomad": nomad_id, "strength": strength, "places": places, "rival": rival_kind(state),
        "why": f"the chieftain has reached {SECTION_NAMES[section]}"})
    strength = max(0, strength - lowered)
    if lowered:
        em.emit("strength_lowered", "tianxia.attack.towers-walls", {
            "section": section, "by": lowered, "strength": strength})
    fallen = 0
    while strength and fallen < len(pieces.soldiers):
        owner = pieces.soldiers[fallen]
        strength -= 1
        fallen += 1
        em.emit("soldier_fallen", "tianxia.attack.soldiers", {
            "section": section, "owner": owner, "points": 0 if is_bot(state, owner) else 1, "strength": strength,
            "rival": rival_kind(state)})
    won = strength == 0
    raided = 0
    for site_id in BOARD.nomads[nomad_id].raids:
        if not strength:
            break
        site = state.sites[site_id]
        homes = [owner for owner in site.governors if owner is not None]
        strength = max(0, strength - BOARD.sites[site_id].raid)
        refill = state.tile_bag[0] if site.tile is None and state.tile_bag else None
        em.emit("building_raided", "tianxia.attack.raid", {
            "section": section, "site": site_id, "governors": homes, "strength": strength, "refill": refill,
            "rival": rival_kind(state)})
        raided += 1
        if state.rival is not None and state.rival.kind == LI_MU and state.rival_owner in homes:
            lose_prestige(em, 0, 3, "tianxia.limu.raided", f"Li Mu's governor was raided in {site_id}")
            if state.phase == "over":
                return
    if strength:
        for seat in range(len(state.seats)):
            coins = min(state.seats[seat].goods["coins"], strength * BOARD.numbers.excess_coins)
            points = (strength - coins // BOARD.numbers.excess_coins) * BOARD.numbers.excess_prestige
            em.emit("excess_paid", "tianxia.attack.excess", {
                "section": section, "seat": seat, "strength": strength, "coins": coins, "prestige": 0})
            if points:
                lose_prestige(em, seat, points, "tianxia.attack.excess", f"{strength} strength left past the last building")
                if state.phase == "over":
                    return
    if won and ranked:
        governors = sum(1 for site_id in BOARD.nomads[nomad_id].raids for owner in state.sites[site_id].governors
                        if owner is not None)
        if not is_bot(state, ranked[0]):
            em.emit("battle_won", "tianxia.attack.won", {
                "section": section, "owner": ranked[0], "points": governors, "rival": rival_kind(state)})
    nomad = BOARD.nomads[nomad_id]
    em.emit("nomad_reset", "tianxia.attack.won", {
        "nomad": nomad_id, "strength": nomad.strength, "distance": nomad.path, "fallen": fallen, "raided": raided})


def rival_kind(state: TianxiaState) -> str | None:
    """The rival among the owners, so that a replay's line can name an owner that is not a seat."""
    return state.rival.kind if state.rival is not None else None


def is_bot(state: TianxiaState, owner: int) -> bool:
    return state.rival is not None and owner == len(state.seats) and state.rival.kind != LI_MU  # `rival_owner`, inlined


def lose_prestige(em: TianxiaEmitter, seat: int, points: int, rule: str, why: str) -> None:
    """A seat loses prestige (never below 0); in solo, at 0 it loses at once (L148)."""
    state = em.state
    lost = min(points, state.seats[seat].prestige)
    em.emit("prestige_lost", rule, {"seat": seat, "points": lost, "why": why})
    if state.mode == SOLO and state.seats[seat].prestige == 0:
        em.emit("game_ended", "tianxia.solo.zero-prestige", {
            "reason": "zero-prestige", "winners": [], "rival_won": LI_MU,
            "why": "the player reached 0 prestige"})
