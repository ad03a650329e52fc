"""Folding Tianxia's events into the table: one pure function per event type.

Each takes a shallow copy of the state (state.copy_state) and replaces what the event changes with
new lists and dicts; nothing reachable from the table it was given is changed. Every fact is read
from the event, hidden ones included (`Event.facts`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.contract import Event
from domain.tianxia.board import BOARD
from domain.tianxia.state import (
    ACTION, INCOME, LI_MU, NEUTRAL, OPENING, SETUP, SOLO, Nomad, Rival, Seat, Section, Site, TianxiaState, copy_rival,
    copy_seat, copy_site, copy_state)

RESOURCES = ("coins", "wood", "stone", "rice", "silk", "salt", "bronze")

Fold = Callable[[TianxiaState, Mapping[str, Any]], TianxiaState]


def evolve(state: TianxiaState, event: Event) -> TianxiaState:
    return FOLDS[event.type](copy_state(state), event.facts)


def emit(events: list[Event], state: TianxiaState, event: Event) -> TianxiaState:
    """Record `event` in `events` and fold it: how the rules build a decision's events and table."""
    events.append(event)
    return evolve(state, event)


def _seat(state: TianxiaState, seat: int) -> Seat:
    """A copy of `seat`'s supply, put in a new list of seats: the copy is the one to change."""
    seats = list(state.seats)
    seats[seat] = copy_seat(seats[seat])
    state.seats = seats
    return seats[seat]


def _rival(state: TianxiaState) -> Rival:
    state.rival = copy_rival(state.rival)
    return state.rival


def _gain(seat: Seat, amounts: Mapping[str, int]) -> None:
    goods = dict(seat.goods)
    for name, count in amounts.items():
        if name == "prestige":
            seat.prestige += count
        else:
            goods[name] = goods.get(name, 0) + count
    seat.goods = goods


def game_prepared(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seats, rival_kind, order = facts["seats"], facts["rival"], list(facts["order"])
    numbers = BOARD.numbers
    state.mode, state.difficulty, state.order = facts["mode"], facts["difficulty"], order
    state.seats = [Seat(prestige=numbers.start_prestige, goods=dict.fromkeys(RESOURCES, 0), discs=numbers.action_discs,
                        meeples=numbers.meeples, shipping=numbers.shipping_markers, crates=numbers.crates)
                   for _ in range(seats)]
    if rival_kind is not None:
        li_mu = BOARD.li_mu
        state.rival = Rival(kind=rival_kind, prestige=numbers.start_prestige, markers=li_mu.action_markers,
                            walls=li_mu.walls, soldiers=BOARD.player_boards["A"].soldiers, meeples=numbers.meeples,
                            barge_meeples=li_mu.barge_meeples if rival_kind == LI_MU else 0,
                            shipping=numbers.shipping_markers, crates=numbers.crates)
    owners = seats + (rival_kind is not None)
    rival_step = facts.get("rival_palace_step", 0)
    state.palace = {}
    for colour in BOARD.tracks:
        steps: list[list[int]] = [[] for _ in range(BOARD.palace.steps + 1)]
        steps[BOARD.palace.neutral_step].append(NEUTRAL)
        for owner in range(owners):
            steps[rival_step if owner == seats else 0].append(owner)
        state.palace[colour] = steps
    state.discs = {region: [] for region in BOARD.regions}
    state.fortify_discs = []
    state.barges = {barge: [] for barge in BOARD.barges}
    state.shipping = {port: [] for port in BOARD.ports}
    state.sections = {wall: Section() for wall in BOARD.walls}
    state.nomads = {nomad.id: Nomad(nomad.strength, nomad.path) for nomad in BOARD.nomads.values()}
    state.sites = {site.id: Site(None, [None] * len(site.governor_wood)) for site in BOARD.sites.values()}
    # The opening's choices, in order: the first player's arrangement, then each seat's start in
    # turn order, then outside solo the supplies in reverse turn order (tianxia.house.building-set).
    seat_order = [owner for owner in order if owner < seats]
    state.choices = [{"kind": "arrangement", "seat": seat_order[0]}]
    state.choices += [{"kind": "start", "seat": seat} for seat in seat_order]
    if facts["mode"] != SOLO:
        state.choices += [{"kind": "supply", "seat": seat} for seat in reversed(seat_order)]
    state.phase = OPENING
    return state


def buildings_dealt(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.arrangements = [dict(arrangement) for arrangement in facts["arrangements"]]
    return state


def tiles_laid(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.step_tiles = {colour: [list(facts["steps"].get(colour, {}).get(str(step), []))
                                 for step in range(BOARD.palace.steps + 1)] for colour in BOARD.tracks}
    sites = dict(state.sites)
    for site_id, tile in facts["sites"].items():
        site = sites[site_id] = copy_site(sites[site_id])
        site.tile = tile
    state.sites = sites
    return state


def ships_launched(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    def afloat(ship: str) -> dict[str, Any]:
        return {"ship": ship, "crates": [None] * len(BOARD.ships[ship].spaces)}

    state.ports = {port: [afloat(ship) for ship in ships] for port, ships in facts["ports"].items()}
    state.wave = [afloat(ship) for ship in facts["wave"]]
    state.demands = dict(facts["demands"])
    return state


def round_stacks_made(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.round_stacks = [list(stack) for stack in facts["round_stacks"]]
    return state


def attack_deck_shuffled(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.attack_deck = list(facts["attack_deck"])
    return state


def bags_shuffled(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.tile_bag, state.ship_deck = list(facts["tile_bag"]), list(facts["ship_deck"])
    state.objective_deck = list(facts["objective_deck"])
    return state


def objectives_dealt(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat = _seat(state, facts["seat"])
    seat.objectives = [*seat.objectives, *facts["objectives"]]
    return state


def starting_buildings_offered(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _seat(state, facts["seat"]).offer = list(facts["offer"])
    return state


def rival_prepared(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    if facts["kind"] == LI_MU:
        rival.basic, rival.advanced = list(facts["basic"]), list(facts["advanced"])
    else:
        rival.deck = list(facts["deck"])
    return state


def supply_taken(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat = _seat(state, facts["seat"])
    seat.supply = facts["supply"]
    _gain(seat, facts["gain"])
    if facts["supply"] is not None:
        state.supplies = [supply for supply in state.supplies if supply != facts["supply"]]
        state.choices = state.choices[1:]
    return state


def supplies_offered(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.supplies = list(facts["supplies"])
    return state


def arrangement_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    sites = dict(state.sites)
    for site_id, building in facts["buildings"].items():
        site = sites[site_id] = copy_site(sites[site_id])
        site.building = building
    state.sites, state.arrangements, state.choices = sites, [], state.choices[1:]
    return state


def start_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat = _seat(state, facts["seat"])
    board = BOARD.player_boards[facts["side"]]
    seat.side, seat.starting_building, seat.offer = facts["side"], facts["building"], []
    seat.walls, seat.towers, seat.soldiers = len(board.walls), len(board.towers), board.soldiers
    state.choices = state.choices[1:]
    return state


def round_started(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.round, state.phase, state.next_order, state.active = facts["round"], SETUP, [], None
    return state


def attack_revealed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.attack, state.attack_deck = facts["card"], state.attack_deck[1:]
    state.nomads = {nomad: Nomad(moved["strength"], moved["distance"]) for nomad, moved in facts["nomads"].items()}
    return state


def display_turned(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.display, state.round_stacks = list(facts["tiles"]), state.round_stacks[1:]
    return state


def rival_deck_made(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    if rival.kind == LI_MU:
        rival.deck = list(facts["deck"])
    else:  # the Bot draws its round's cards from the deck it keeps (L66)
        rival.deck = rival.deck[len(facts["cards"]):]
        rival.open, rival.face_down = list(facts["cards"]), [card is None for card in facts["open"]]
    rival.turn, rival.passed, rival.markers = 0, False, BOARD.li_mu.action_markers
    return state


def rival_cards_turned(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    rival.open, rival.deck = list(facts["open"]), rival.deck[len(facts["open"]):]
    return state


def income_paid(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _gain(_seat(state, facts["seat"]), facts["gain"])
    state.phase = INCOME
    return state


def neutral_worker_added(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    barges = dict(state.barges)
    workers = [NEUTRAL, *barges[facts["barge"]]]
    pushed = workers[BOARD.barges[facts["barge"]].workers:]
    barges[facts["barge"]] = workers[:BOARD.barges[facts["barge"]].workers]
    state.barges = barges
    for owner in pushed:
        if owner == state.rival_owner:
            rival = _rival(state)
            rival.barge_meeples += rival.kind == LI_MU
            rival.meeples += rival.kind != LI_MU
        elif 0 <= owner < len(state.seats):
            _seat(state, owner).merchants += 1
    state.phase = INCOME
    return state


def rival_prestige_gained(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _rival(state).prestige += facts["points"]
    return state


def action_started(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.phase, state.order, state.active = ACTION, list(facts["order"]), facts["active"]
    return state


FOLDS: dict[str, Fold] = {fold.__name__: fold for fold in (
    game_prepared, buildings_dealt, tiles_laid, ships_launched, round_stacks_made, attack_deck_shuffled, bags_shuffled,
    objectives_dealt, starting_buildings_offered, rival_prepared, supply_taken, supplies_offered, arrangement_chosen,
    start_chosen, round_started, attack_revealed, display_turned, rival_deck_made, rival_cards_turned, income_paid,
    neutral_worker_added, rival_prestige_gained, action_started)}
