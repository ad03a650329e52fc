"""Folding the rivals' turns: Li Mu's or the Bot's card, each of its lines, and the rival's pass.

Each fold changes the table it is given in place (evolve.py says whose), putting new lists
and dicts in the fields it changes: nothing reachable from the table before is changed. These
events come only with a rival, whose owner is `len(state.seats)` (`rival_owner`, without the
property's call).
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.fold_parts import join_barge, own_rival, own_section, tile_leaves
from domain.tianxia.state import LI_MU, TianxiaState, copy_site


def rival_prestige_gained(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    own_rival(state).prestige += facts["points"]


def rival_card_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    rival.roll = facts["roll"]
    if facts["roll"] is not None and state.rolls:  # a sandbox's fixed roll, used
        state.rolls = state.rolls[1:]
    if facts["slot"] == "deck":  # turned up from the deck's top: it leaves the deck now
        rival.deck = rival.deck[1:]
    elif rival.face_down:  # the Bot turns its card face up
        face_down = list(rival.face_down)
        face_down[facts["slot"]] = False
        rival.face_down = face_down


def rival_marker_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    own_rival(state).markers -= 1
    if facts["region"] is None:
        state.fortify_discs = [*state.fortify_discs, len(state.seats)]
    else:
        discs = state.discs.copy()
        discs[facts["region"]] = [*state.discs[facts["region"]], len(state.seats)]
        state.discs = discs


def rival_advanced(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    owner, (before, after), track = len(state.seats), facts["steps"], facts["track"]
    steps = state.palace[track].copy()
    steps[before] = left = steps[before].copy()  # a copy and removals, not a comprehension
    while owner in left:
        left.remove(owner)
    steps[after] = [*steps[after], owner]
    palace = state.palace.copy()
    palace[track] = steps
    state.palace = palace


def rival_governor_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    site = copy_site(state.sites[facts["site"]])
    governors = list(site.governors)
    governors[facts["space"]] = len(state.seats)
    site.governors = governors
    sites = state.sites.copy()
    sites[facts["site"]] = site
    state.sites = sites
    own_rival(state).meeples -= 1


def rival_tile_claimed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    tile_leaves(state, facts)
    rival = own_rival(state)
    rival.figurines = [*rival.figurines, BOARD.tiles[facts["tile"]].figurine]


def rival_tile_removed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    tile_leaves(state, facts)


def rival_soldiers_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    pieces = own_section(state, facts["section"])
    pieces.soldiers = pieces.soldiers + [len(state.seats)] * facts["count"]
    own_rival(state).soldiers -= facts["count"]


def rival_wall_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    pieces, rival = own_section(state, facts["section"]), own_rival(state)
    pieces.walls = [*pieces.walls, len(state.seats)]
    rival.walls -= 1
    if facts["with_soldier"]:
        pieces.soldiers = [*pieces.soldiers, len(state.seats)]
        rival.soldiers -= 1


def rival_worker_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    if rival.kind == LI_MU:
        rival.barge_meeples -= 1
    else:
        rival.meeples -= 1
    join_barge(state, facts["barge"], len(state.seats))


def rival_delivered(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    ships = []
    for ship in state.ports[facts["port"]]:  # a loop, not a comprehension
        ships.append(dict(ship))
    crates = list(ships[facts["ship"]]["crates"])
    crates[facts["space"]] = len(state.seats)
    ships[facts["ship"]]["crates"] = crates
    ports = state.ports.copy()
    ports[facts["port"]] = ships
    state.ports = ports
    own_rival(state).crates -= 1


def rival_shipping_marker_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    shipping = state.shipping.copy()
    shipping[facts["port"]] = [*state.shipping[facts["port"]], len(state.seats)]
    state.shipping = shipping
    own_rival(state).shipping -= 1


def rival_line_skipped(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    """A line the rival could not play changes nothing: the event says why, for the replay."""


def rival_card_discarded(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    card = facts["card"]
    rival.discard = [*rival.discard, card]
    if facts["slot"] != "deck":  # the card leaves the board and the cards to its right slide left
        slot = rival.open.index(card)
        rival.open = [*rival.open[:slot], *rival.open[slot + 1:]]
        if rival.face_down:
            rival.face_down = [*rival.face_down[:slot], *rival.face_down[slot + 1:]]
    rival.turn += 1


def rival_card_drawn(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    rival.open, rival.deck = [*rival.open, facts["drawn"]], rival.deck[1:]


def rival_passed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    rival.passed = True
    if rival.kind == LI_MU:  # the Bot keeps its last place in turn order (L62)
        state.next_order = [*state.next_order, len(state.seats)]
