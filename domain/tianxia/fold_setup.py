"""Folding the deal and the opening's choices, and a sandbox's table laid whole
(domain/tianxia/scenario.py).

Each fold changes the table it is given in place (evolve.py says whose), putting new lists
and dicts in the fields it changes: nothing reachable from the table before is changed.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.vocabulary import RESOURCES
from domain.tianxia.fold_parts import gain, own_rival, own_seat
from domain.tianxia.state import LI_MU, NEUTRAL, OPENING, SOLO, Nomad, Rival, Seat, Section, Site, TianxiaState, copy_site


def game_prepared(state: TianxiaState, facts: Mapping[str, Any]) -> None:
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


def buildings_dealt(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.arrangements = [dict(arrangement) for arrangement in facts["arrangements"]]


def tiles_laid(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.step_tiles = {colour: [list(facts["steps"].get(colour, {}).get(str(step), []))
                                 for step in range(BOARD.palace.steps + 1)] for colour in BOARD.tracks}
    sites = dict(state.sites)
    for site_id, tile in facts["sites"].items():
        site = sites[site_id] = copy_site(sites[site_id])
        site.tile = tile
    state.sites = sites


def ships_launched(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    def afloat(ship: str) -> dict[str, Any]:
        return {"ship": ship, "crates": [None] * len(BOARD.ships[ship].spaces)}

    state.ports = {port: [afloat(ship) for ship in ships] for port, ships in facts["ports"].items()}
    state.wave = [afloat(ship) for ship in facts["wave"]]
    state.demands = dict(facts["demands"])


def round_stacks_made(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.round_stacks = [list(stack) for stack in facts["round_stacks"]]


def attack_deck_shuffled(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.attack_deck = list(facts["attack_deck"])


def bags_shuffled(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.tile_bag, state.ship_deck = list(facts["tile_bag"]), list(facts["ship_deck"])
    state.objective_deck = list(facts["objective_deck"])


def objectives_dealt(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat = own_seat(state, facts["seat"])
    seat.objectives = [*seat.objectives, *facts["objectives"]]


def starting_buildings_offered(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    own_seat(state, facts["seat"]).offer = list(facts["offer"])


def rival_prepared(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    if facts["kind"] == LI_MU:
        rival.basic, rival.advanced = list(facts["basic"]), list(facts["advanced"])
    else:
        rival.deck = list(facts["deck"])


def supply_taken(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat = own_seat(state, facts["seat"])
    seat.supply = facts["supply"]
    gain(seat, facts["gain"])
    if facts["supply"] is not None:
        state.supplies = [supply for supply in state.supplies if supply != facts["supply"]]
        state.choices = state.choices[1:]


def supplies_offered(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.supplies = list(facts["supplies"])


def arrangement_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    sites = dict(state.sites)
    for site_id, building in facts["buildings"].items():
        site = sites[site_id] = copy_site(sites[site_id])
        site.building = building
    state.sites, state.arrangements, state.choices = sites, [], state.choices[1:]
    state.cutter_sites = None  # the buildings laid: rewards.less finds the cutting ones again


def start_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    seat = own_seat(state, facts["seat"])
    board = BOARD.player_boards[facts["side"]]
    seat.side, seat.starting_building, seat.offer = facts["side"], facts["building"], []
    seat.walls, seat.towers, seat.soldiers = len(board.walls), len(board.towers), board.soldiers
    state.choices = state.choices[1:]


def table_laid(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    """A sandbox's whole table (domain/tianxia/scenario.py), from its plain JSON."""
    table = dict(facts["table"])
    table["seats"] = [Seat(**seat) for seat in table["seats"]]
    table["rival"] = Rival(**table["rival"]) if table["rival"] is not None else None
    table["sites"] = {site: Site(**laid) for site, laid in table["sites"].items()}
    table["sections"] = {wall: Section(**laid) for wall, laid in table["sections"].items()}
    table["nomads"] = {nomad: Nomad(**laid) for nomad, laid in table["nomads"].items()}
    copied = {key: (dict(value) if isinstance(value, dict) else list(value) if isinstance(value, list) else value)
              for key, value in table.items()}
    laid = TianxiaState(**copied)
    for field in fields(TianxiaState):  # the table given becomes the one laid, every field of it
        setattr(state, field.name, getattr(laid, field.name))


def seat_laid(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    pass  # the table laid holds the seat's cards; this event shows them to the seat
