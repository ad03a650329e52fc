"""Folding the seats' decisions in the Action phase (actions.py, rewards.py): discs, Palace steps,
rewards and what they leave owed, governors, exchanges and shipping, walls, towers and soldiers,
barges, passing and the free actions.

Each fold changes the table it is given in place (evolve.py says whose), putting new lists
and dicts in the fields it changes: nothing reachable from the table before is changed.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.fold_parts import GAINED, gain, join_barge, own_seat, own_section, pay, settled, tile_leaves
from domain.tianxia.state import NEUTRAL, TianxiaState, copy_site


def disc_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat = facts["seat"]
    mine = pay(state, seat, {"coins": facts["coins"]})
    mine.discs -= 1
    if facts["region"] is None:
        state.fortify_discs = [*state.fortify_discs, seat]
    else:
        discs = state.discs.copy()
        discs[facts["region"]] = [*state.discs[facts["region"]], seat]
        state.discs = discs


def action_begun(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.acting = dict(facts["acting"])


def turn_ended(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.acting = None


def advanced(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat, (before, after) = facts["seat"], facts["steps"]
    steps = state.palace[facts["track"]].copy()
    steps[before] = left = steps[before].copy()  # a copy and removals, not a comprehension
    while seat in left:
        left.remove(seat)
    steps[after] = [*steps[after], seat]
    palace = state.palace.copy()
    palace[facts["track"]] = steps
    state.palace = palace


def reward_taken(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = pay(state, facts["seat"], facts["gain"], GAINED)
    if facts["token"]:
        mine.tokens = [*mine.tokens, facts["token"]]
    if facts["owed"]:  # most rewards owe nothing: the list stands as it is (never changed in place)
        owed = list(state.owed)
        for item in facts["owed"]:  # a loop, not a comprehension
            owed.append(dict(item))
        state.owed = owed


def objective_drawn(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = own_seat(state, facts["seat"])
    mine.objectives = [*mine.objectives, facts["objective"]]
    state.objective_deck = state.objective_deck[1:]


def governor_installed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat = facts["seat"]
    mine = pay(state, seat, {"wood": facts["wood"]})
    gain(mine, facts["income"])
    mine.meeples -= 1
    site = copy_site(state.sites[facts["site"]])
    governors = list(site.governors)
    governors[facts["space"]] = seat
    site.governors = governors
    sites = state.sites.copy()
    sites[facts["site"]] = site
    state.sites = sites


def tile_taken(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    tile_leaves(state, facts)
    mine = own_seat(state, facts["seat"])
    figurine = BOARD.tiles[facts["tile"]].figurine
    if figurine is not None:
        mine.figurines = [*mine.figurines, figurine]
    else:
        mine.tiles = [*mine.tiles, facts["tile"]]
    if facts["owed"]:
        settled(state, facts["seat"])
    elif "display" in facts["where"] and state.acting is not None:
        acting = state.acting.copy()
        acting["tile"] = False
        state.acting = acting


def exchanged(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = pay(state, facts["seat"], facts["give"])
    gain(mine, facts["get"])


def shipped(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    own_seat(state, facts["seat"]).shipping -= 1
    shipping = state.shipping.copy()
    shipping[facts["port"]] = [*state.shipping[facts["port"]], facts["seat"]]
    state.shipping = shipping


def crate_delivered(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = pay(state, facts["seat"], {facts["good"]: 1})
    mine.crates -= 1
    ships = []
    for ship in state.ports[facts["port"]]:  # a loop, not a comprehension
        ships.append(dict(ship))
    crates = list(ships[facts["ship"]]["crates"])
    crates[facts["space"]] = facts["seat"]
    ships[facts["ship"]]["crates"] = crates
    ports = state.ports.copy()
    ports[facts["port"]] = ships
    state.ports = ports


def piece_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat, piece = facts["seat"], facts["piece"]
    mine = pay(state, seat, facts["paid"])
    pieces = own_section(state, facts["section"])
    if piece == "soldier":
        pieces.soldiers = [*pieces.soldiers, seat]
        mine.soldiers -= 1
    elif piece == "wall":
        pieces.walls = [*pieces.walls, seat]
        mine.walls -= 1
    else:  # a tower, or one built with the Double Tower token, which counts as two
        pieces.towers = [*pieces.towers, seat, seat] if piece == "double-tower" else [*pieces.towers, seat]
        mine.towers -= 1
        if piece == "double-tower":
            mine.tokens = [token for token in mine.tokens if token != "double-tower"]
    if facts["owed"]:
        settled(state, seat)
    elif state.acting is not None:
        acting = state.acting.copy()
        acting["mode"] = facts["mode"]
        state.acting = acting


def barge_joined(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat, barge = facts["seat"], facts["barge"]
    mine = pay(state, seat, {"coins": facts["coins"]})
    gain(mine, facts["gain"])
    if not facts["neutral"]:
        mine.meeples -= 1
    join_barge(state, barge, NEUTRAL if facts["neutral"] else seat)


def merchants_paid(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = own_seat(state, facts["seat"])
    mine.meeples += facts["meeples"]
    mine.merchants = 0


def seat_passed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = pay(state, facts["seat"], facts["gain"], GAINED)
    mine.passed = True
    state.next_order = [*state.next_order, facts["seat"]]


def advance_bought(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    pay(state, facts["seat"], {"coins": facts["coins"]})
    acting = state.acting.copy()
    acting["bought"] = state.acting["bought"] + 1
    state.acting = acting


def good_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    pay(state, facts["seat"], {facts["good"]: 1}, GAINED)
    settled(state, facts["seat"])


def choice_forgone(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    settled(state, facts["seat"])


def advance_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    settled(state, facts["seat"])


def shipping_placed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    settled(state, facts["seat"])
    shipped(state, facts)


def disc_discarded(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = pay(state, facts["seat"], {"coins": facts["coins"]}, GAINED)
    mine.discs -= 1
    mine.discarded_discs += 1


def tile_used(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = own_seat(state, facts["seat"])
    index = mine.tiles.index(facts["tile"])
    mine.tiles = [*mine.tiles[:index], *mine.tiles[index + 1:]]


def objective_discarded(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    mine = own_seat(state, facts["seat"])
    kept, gone = [], facts["objective"]
    for card in mine.objectives:  # a loop, not a comprehension
        if card != gone:
            kept.append(card)
    mine.objectives = kept
