"""Folding what no one decides: a round's Setup and Income, whose turn it is, the Attack phase's
battles, the Cleanup and the end of the game.

Each fold changes the table it is given in place (evolve.py says whose), putting new lists
and dicts in the fields it changes: nothing reachable from the table before is changed.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.fold_parts import gain, home, join_barge, own_rival, own_seat, own_section, score
from domain.tianxia.state import ACTION, ATTACK, INCOME, LI_MU, NEUTRAL, OVER, SETUP, Nomad, TianxiaState, copy_seat, copy_site


def round_started(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.round, state.phase, state.next_order, state.active = facts["round"], SETUP, [], None
    state.supplies, state.arrangements = [], []  # what the opening offered and nobody took goes back to the box


def attack_revealed(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.attack, state.attack_deck = facts["card"], state.attack_deck[1:]
    state.nomads = {nomad: Nomad(moved["strength"], moved["distance"]) for nomad, moved in facts["nomads"].items()}


def display_turned(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.display, state.round_stacks = list(facts["tiles"]), state.round_stacks[1:]


def rival_deck_made(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    if rival.kind == LI_MU:
        rival.deck = list(facts["deck"])
    else:  # the Bot draws its round's cards from the deck it keeps (L66)
        rival.deck = rival.deck[len(facts["cards"]):]
        rival.open, rival.face_down = list(facts["cards"]), [card is None for card in facts["open"]]
    rival.turn, rival.passed, rival.markers = 0, False, BOARD.li_mu.action_markers


def rival_cards_turned(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    rival.open, rival.deck = list(facts["open"]), rival.deck[len(facts["open"]):]


def income_paid(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    gain(own_seat(state, facts["seat"]), facts["gain"])
    state.phase = INCOME


def neutral_worker_added(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    join_barge(state, facts["barge"], NEUTRAL)
    state.phase = INCOME


def action_started(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.phase, state.order, state.active = ACTION, list(facts["order"]), facts["active"]
    state.turns, state.turn_owner = state.turns + 1, facts["active"]


def turn_began(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.active, state.turns, state.turn_owner = facts["owner"], state.turns + 1, facts["owner"]


def actions_ended(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.phase, state.active = ATTACK, None


def battle_fought(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    for place in facts["places"]:
        score(state, place["owner"], place["points"])


def strength_lowered(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    """The towers and walls lowered the nomad's strength for this battle only: nothing stays on the table."""


def soldier_fallen(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    pieces = own_section(state, facts["section"])
    pieces.soldiers = pieces.soldiers[1:]
    score(state, facts["owner"], facts["points"])
    home(state, facts["owner"], "soldiers")


def building_raided(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    site = copy_site(state.sites[facts["site"]])
    for owner in facts["governors"]:
        home(state, owner, "meeples")
    site.governors = [None] * len(site.governors)
    site.raided += 1
    if facts["refill"] is not None:
        site.tile, state.tile_bag = facts["refill"], state.tile_bag[1:]
    sites = state.sites.copy()
    sites[facts["site"]] = site
    state.sites = sites


def excess_paid(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    if facts["coins"]:
        gain(own_seat(state, facts["seat"]), {"coins": -facts["coins"]})


def prestige_lost(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    own_seat(state, facts["seat"]).prestige -= facts["points"]


def battle_won(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    score(state, facts["owner"], facts["points"])
    if facts["owner"] != state.rival_owner:
        own_seat(state, facts["owner"]).battles_won += 1


def nomad_reset(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    nomads = state.nomads.copy()
    nomads[facts["nomad"]] = Nomad(facts["strength"], facts["distance"])
    state.nomads = nomads


def game_ended(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    state.phase, state.active, state.winners = OVER, None, list(facts["winners"])
    state.beaten_by, state.ended_by = facts["rival_won"], facts["reason"]


def round_cleaned(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    # loops, not comprehensions: a comprehension's function and frame cost more than its few items
    sailed, afloat = facts["sailed"], {}
    for port, ships in state.ports.items():
        for ship in ships:
            if ship["ship"] in sailed[port]:
                for owner in ship["crates"]:
                    if owner is not None:
                        home(state, owner, "crates")
            afloat[ship["ship"]] = ship
    ports = {}
    for port, ships in facts["ports"].items():
        ports[port] = staying = []
        for ship in ships:
            staying.append(afloat[ship].copy() if ship in afloat and ship not in sailed[port] else empty_ship(ship))
    state.ports = ports
    wave = []
    for ship in facts["wave"]:
        wave.append(empty_ship(ship))
    state.wave = wave
    state.ship_deck = state.ship_deck[facts["ships_drawn"]:]
    discs = {}
    for region in state.discs:
        discs[region] = []
    state.display, state.discs, state.fortify_discs = [], discs, []
    seats = []
    for seat in state.seats:
        seat = copy_seat(seat)
        seat.discs, seat.discarded_discs, seat.passed = BOARD.numbers.action_discs, 0, False
        seats.append(seat)
    state.seats, state.order, state.next_order, state.active = seats, list(facts["order"]), [], None
    state.acting, state.owed = None, []  # a choice a seat could not make before the round ended is lost


def empty_ship(ship: str) -> dict[str, Any]:
    """A ship come to a port or the wave space, no crate on it yet."""
    return {"ship": ship, "crates": [None] * len(BOARD.ships[ship].spaces)}


def rival_cleaned_up(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    rival = own_rival(state)
    rival.deck = list(facts["deck"]) if rival.kind != LI_MU else []
    rival.open, rival.face_down, rival.discard = [], [], []
    rival.markers, rival.turn, rival.passed, rival.roll = BOARD.li_mu.action_markers, 0, False, None


def game_scored(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    for part in facts["seats"]:
        own_seat(state, part["seat"]).prestige += part["total"]
    if facts["rival"] is not None:
        own_rival(state).prestige += facts["rival"]["total"]
