"""Folding Tianxia's events into the table: one pure function per event type.

Each takes a shallow copy of the state (state.copy_state) and replaces what the event changes with
new lists and dicts; nothing reachable from the table it was given is changed. Every fact is read
from the event, hidden ones included (`Event.facts`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.contract import Event
from domain.tianxia.board.loader import BOARD
from domain.tianxia.state import (
    ACTION, ATTACK, INCOME, LI_MU, NEUTRAL, OPENING, OVER, SETUP, SOLO, Nomad, Rival, Seat, Section, Site, TianxiaState,
    copy_rival, copy_seat, copy_site, copy_state)

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
    state.supplies, state.arrangements = [], []  # what the opening offered and nobody took goes back to the box
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
    _join_barge(state, facts["barge"], NEUTRAL)
    state.phase = INCOME
    return state


def _join_barge(state: TianxiaState, barge: str, worker: int) -> None:
    """A worker joins `barge` at its leftmost space; a third one pushed off goes home (the rival's)
    or to its seat's merchant spaces (`tianxia.house.merchants`); a neutral one leaves the board."""
    workers = [worker, *state.barges[barge]]
    room = BOARD.barges[barge].workers
    state.barges = {**state.barges, barge: workers[:room]}
    for pushed in workers[room:]:
        if pushed == state.rival_owner:
            rival = _rival(state)
            if rival.kind == LI_MU:
                rival.barge_meeples += 1
            else:
                rival.meeples += 1
        elif pushed != NEUTRAL:
            _seat(state, pushed).merchants += 1


def rival_prestige_gained(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _rival(state).prestige += facts["points"]
    return state


def action_started(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.phase, state.order, state.active = ACTION, list(facts["order"]), facts["active"]
    state.turns, state.turn_owner = state.turns + 1, facts["active"]
    return state


def rival_card_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    rival.roll = facts["roll"]
    if facts["roll"] is not None and state.rolls:  # a sandbox's fixed roll, used
        state.rolls = state.rolls[1:]
    if facts["slot"] == "deck":  # turned up from the deck's top: it leaves the deck now
        rival.deck = rival.deck[1:]
    elif rival.face_down:  # the Bot turns its card face up
        face_down = list(rival.face_down)
        face_down[facts["slot"]] = False
        rival.face_down = face_down
    return state


def rival_marker_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _rival(state).markers -= 1
    if facts["region"] is None:
        state.fortify_discs = [*state.fortify_discs, state.rival_owner]
    else:
        state.discs = {**state.discs, facts["region"]: [*state.discs[facts["region"]], state.rival_owner]}
    return state


def rival_advanced(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    owner, (before, after) = state.rival_owner, facts["steps"]
    steps = list(state.palace[facts["track"]])
    steps[before] = [other for other in steps[before] if other != owner]
    steps[after] = [*steps[after], owner]
    state.palace = {**state.palace, facts["track"]: steps}
    return state


def rival_governor_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    site = copy_site(state.sites[facts["site"]])
    governors = list(site.governors)
    governors[facts["space"]] = state.rival_owner
    site.governors = governors
    state.sites = {**state.sites, facts["site"]: site}
    _rival(state).meeples -= 1
    return state


def _tile_taken(state: TianxiaState, facts: Mapping[str, Any]) -> None:
    """The tile leaves where it lay: a site, a Palace step or the round display."""
    where, index = facts["where"], facts["index"]
    if "site" in where:
        site = copy_site(state.sites[where["site"]])
        site.tile = None
        state.sites = {**state.sites, where["site"]: site}
    elif "track" in where:
        steps = list(state.step_tiles[where["track"]])
        steps[where["step"]] = [tile for place, tile in enumerate(steps[where["step"]]) if place != index]
        state.step_tiles = {**state.step_tiles, where["track"]: steps}
    else:
        state.display = [tile for place, tile in enumerate(state.display) if place != index]


def rival_tile_claimed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _tile_taken(state, facts)
    rival = _rival(state)
    rival.figurines = [*rival.figurines, BOARD.tiles[facts["tile"]].figurine]
    return state


def rival_tile_removed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _tile_taken(state, facts)
    return state


def _section(state: TianxiaState, section: str) -> Section:
    pieces = state.sections[section]
    copied = Section(list(pieces.walls), list(pieces.towers), list(pieces.soldiers))
    state.sections = {**state.sections, section: copied}
    return copied


def rival_soldiers_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _section(state, facts["section"]).soldiers += [state.rival_owner] * facts["count"]
    _rival(state).soldiers -= facts["count"]
    return state


def rival_wall_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    pieces, rival = _section(state, facts["section"]), _rival(state)
    pieces.walls.append(state.rival_owner)
    rival.walls -= 1
    if facts["with_soldier"]:
        pieces.soldiers.append(state.rival_owner)
        rival.soldiers -= 1
    return state


def rival_worker_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    if rival.kind == LI_MU:
        rival.barge_meeples -= 1
    else:
        rival.meeples -= 1
    _join_barge(state, facts["barge"], state.rival_owner)
    return state


def rival_delivered(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    ships = [dict(ship) for ship in state.ports[facts["port"]]]
    crates = list(ships[facts["ship"]]["crates"])
    crates[facts["space"]] = state.rival_owner
    ships[facts["ship"]]["crates"] = crates
    state.ports = {**state.ports, facts["port"]: ships}
    _rival(state).crates -= 1
    return state


def rival_shipping_marker_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.shipping = {**state.shipping, facts["port"]: [*state.shipping[facts["port"]], state.rival_owner]}
    _rival(state).shipping -= 1
    return state


def rival_line_skipped(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    return state


def rival_card_discarded(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    card = facts["card"]
    rival.discard = [*rival.discard, card]
    if facts["slot"] != "deck":  # the card leaves the board and the cards to its right slide left
        slot = rival.open.index(card)
        rival.open = [*rival.open[:slot], *rival.open[slot + 1:]]
        if rival.face_down:
            rival.face_down = [*rival.face_down[:slot], *rival.face_down[slot + 1:]]
    rival.turn += 1
    return state


def rival_card_drawn(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    rival.open, rival.deck = [*rival.open, facts["drawn"]], rival.deck[1:]
    return state


def rival_passed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    rival.passed = True
    if rival.kind == LI_MU:  # the Bot keeps its last place in turn order (L62)
        state.next_order = [*state.next_order, state.rival_owner]
    return state


def turn_began(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.active, state.turns, state.turn_owner = facts["owner"], state.turns + 1, facts["owner"]
    return state


def actions_ended(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.phase, state.active = ATTACK, None
    return state


def _score(state: TianxiaState, owner: int, points: int) -> None:
    """Prestige to an owner: a seat, or Li Mu (the Bot's points are always 0)."""
    if not points:
        return
    if owner == state.rival_owner:
        _rival(state).prestige += points
    else:
        _seat(state, owner).prestige += points


def _home(state: TianxiaState, owner: int, field_name: str) -> None:
    """A piece back to its owner's supply."""
    holder = _rival(state) if owner == state.rival_owner else _seat(state, owner)
    setattr(holder, field_name, getattr(holder, field_name) + 1)


def battle_fought(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    for place in facts["places"]:
        _score(state, place["owner"], place["points"])
    return state


def strength_lowered(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    return state


def soldier_fallen(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    pieces = _section(state, facts["section"])
    pieces.soldiers = pieces.soldiers[1:]
    _score(state, facts["owner"], facts["points"])
    _home(state, facts["owner"], "soldiers")
    return state


def building_raided(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    site = copy_site(state.sites[facts["site"]])
    for owner in facts["governors"]:
        _home(state, owner, "meeples")
    site.governors = [None] * len(site.governors)
    site.raided += 1
    if facts["refill"] is not None:
        site.tile, state.tile_bag = facts["refill"], state.tile_bag[1:]
    state.sites = {**state.sites, facts["site"]: site}
    return state


def excess_paid(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    if facts["coins"]:
        _gain(_seat(state, facts["seat"]), {"coins": -facts["coins"]})
    return state


def prestige_lost(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _seat(state, facts["seat"]).prestige -= facts["points"]
    return state


def battle_won(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _score(state, facts["owner"], facts["points"])
    if facts["owner"] != state.rival_owner:
        _seat(state, facts["owner"]).battles_won += 1
    return state


def nomad_reset(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.nomads = {**state.nomads, facts["nomad"]: Nomad(facts["strength"], facts["distance"])}
    return state


def game_ended(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.phase, state.active, state.winners = OVER, None, list(facts["winners"])
    state.beaten_by, state.ended_by = facts["rival_won"], facts["reason"]
    return state


def round_cleaned(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    sailed = {port: set(ships) for port, ships in facts["sailed"].items()}
    for port, ships in state.ports.items():
        for ship in ships:
            if ship["ship"] in sailed[port]:
                for owner in ship["crates"]:
                    if owner is not None:
                        _home(state, owner, "crates")
    afloat = {ship["ship"]: ship for ships in state.ports.values() for ship in ships}
    state.ports = {port: [dict(afloat[ship]) if ship in afloat and ship not in sailed[port]
                          else {"ship": ship, "crates": [None] * len(BOARD.ships[ship].spaces)} for ship in ships]
                   for port, ships in facts["ports"].items()}
    state.wave = [{"ship": ship, "crates": [None] * len(BOARD.ships[ship].spaces)} for ship in facts["wave"]]
    state.ship_deck = state.ship_deck[facts["ships_drawn"]:]
    state.display, state.discs, state.fortify_discs = [], {region: [] for region in state.discs}, []
    seats = []
    for seat in state.seats:
        seat = copy_seat(seat)
        seat.discs, seat.discarded_discs, seat.passed = BOARD.numbers.action_discs, 0, False
        seats.append(seat)
    state.seats, state.order, state.next_order, state.active = seats, list(facts["order"]), [], None
    state.acting, state.owed = None, []  # a choice a seat could not make before the round ended is lost
    return state


def rival_cleaned_up(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    rival = _rival(state)
    rival.deck = list(facts["deck"]) if rival.kind != LI_MU else []
    rival.open, rival.face_down, rival.discard = [], [], []
    rival.markers, rival.turn, rival.passed, rival.roll = BOARD.li_mu.action_markers, 0, False, None
    return state


def game_scored(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    for part in facts["seats"]:
        _seat(state, part["seat"]).prestige += part["total"]
    if facts["rival"] is not None:
        _rival(state).prestige += facts["rival"]["total"]
    return state


# --- The seats' actions (actions.py, rewards.py) ---

def _pay(state: TianxiaState, seat: int, amounts: Mapping[str, int], sign: int = -1) -> Seat:
    mine = _seat(state, seat)
    _gain(mine, {name: sign * count for name, count in amounts.items() if count})
    return mine


def _settled(state: TianxiaState, seat: int) -> None:
    """The first choice `seat` owed is made."""
    index = next(index for index, item in enumerate(state.owed) if item["seat"] == seat)
    state.owed = [*state.owed[:index], *state.owed[index + 1:]]


def disc_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat = facts["seat"]
    mine = _pay(state, seat, {"coins": facts["coins"]})
    mine.discs -= 1
    if facts["region"] is None:
        state.fortify_discs = [*state.fortify_discs, seat]
    else:
        state.discs = {**state.discs, facts["region"]: [*state.discs[facts["region"]], seat]}
    return state


def action_begun(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.acting = dict(facts["acting"])
    return state


def turn_ended(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    state.acting = None
    return state


def advanced(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat, (before, after) = facts["seat"], facts["steps"]
    steps = list(state.palace[facts["track"]])
    steps[before] = [owner for owner in steps[before] if owner != seat]
    steps[after] = [*steps[after], seat]
    state.palace = {**state.palace, facts["track"]: steps}
    return state


def reward_taken(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _pay(state, facts["seat"], facts["gain"], sign=1)
    if facts["token"]:
        mine.tokens = [*mine.tokens, facts["token"]]
    state.owed = [*state.owed, *[dict(item) for item in facts["owed"]]]
    return state


def objective_drawn(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _seat(state, facts["seat"])
    mine.objectives = [*mine.objectives, facts["objective"]]
    state.objective_deck = state.objective_deck[1:]
    return state


def governor_installed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat = facts["seat"]
    mine = _pay(state, seat, {"wood": facts["wood"]})
    _gain(mine, facts["income"])
    mine.meeples -= 1
    site = copy_site(state.sites[facts["site"]])
    governors = list(site.governors)
    governors[facts["space"]] = seat
    site.governors = governors
    state.sites = {**state.sites, facts["site"]: site}
    return state


def tile_taken(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _tile_taken(state, facts)
    mine = _seat(state, facts["seat"])
    figurine = BOARD.tiles[facts["tile"]].figurine
    if figurine is not None:
        mine.figurines = [*mine.figurines, figurine]
    else:
        mine.tiles = [*mine.tiles, facts["tile"]]
    if facts["owed"]:
        _settled(state, facts["seat"])
    elif "display" in facts["where"] and state.acting is not None:
        state.acting = {**state.acting, "tile": False}
    return state


def exchanged(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _pay(state, facts["seat"], facts["give"])
    _gain(mine, facts["get"])
    return state


def shipped(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _seat(state, facts["seat"]).shipping -= 1
    state.shipping = {**state.shipping, facts["port"]: [*state.shipping[facts["port"]], facts["seat"]]}
    return state


def crate_delivered(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _pay(state, facts["seat"], {facts["good"]: 1})
    mine.crates -= 1
    ships = [dict(ship) for ship in state.ports[facts["port"]]]
    crates = list(ships[facts["ship"]]["crates"])
    crates[facts["space"]] = facts["seat"]
    ships[facts["ship"]]["crates"] = crates
    state.ports = {**state.ports, facts["port"]: ships}
    return state


def piece_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat, piece = facts["seat"], facts["piece"]
    mine = _pay(state, seat, facts["paid"])
    pieces = _section(state, facts["section"])
    if piece == "soldier":
        pieces.soldiers.append(seat)
        mine.soldiers -= 1
    elif piece == "wall":
        pieces.walls.append(seat)
        mine.walls -= 1
    else:  # a tower, or one built with the Double Tower token, which counts as two
        pieces.towers.extend([seat] * (2 if piece == "double-tower" else 1))
        mine.towers -= 1
        if piece == "double-tower":
            mine.tokens = [token for token in mine.tokens if token != "double-tower"]
    if facts["owed"]:
        _settled(state, seat)
    elif state.acting is not None:
        state.acting = {**state.acting, "mode": facts["mode"]}
    return state


def barge_joined(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    seat, barge = facts["seat"], facts["barge"]
    mine = _pay(state, seat, {"coins": facts["coins"]})
    _gain(mine, facts["gain"])
    if not facts["neutral"]:
        mine.meeples -= 1
    _join_barge(state, barge, NEUTRAL if facts["neutral"] else seat)
    return state


def merchants_paid(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _seat(state, facts["seat"])
    mine.meeples += facts["meeples"]
    mine.merchants = 0
    return state


def seat_passed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _pay(state, facts["seat"], facts["gain"], sign=1)
    mine.passed = True
    state.next_order = [*state.next_order, facts["seat"]]
    return state


def advance_bought(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _pay(state, facts["seat"], {"coins": facts["coins"]})
    state.acting = {**state.acting, "bought": state.acting["bought"] + 1}
    return state


def good_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _pay(state, facts["seat"], {facts["good"]: 1}, sign=1)
    _settled(state, facts["seat"])
    return state


def choice_forgone(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _settled(state, facts["seat"])
    return state


def advance_chosen(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _settled(state, facts["seat"])
    return state


def shipping_placed(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    _settled(state, facts["seat"])
    return shipped(state, facts)


def disc_discarded(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _pay(state, facts["seat"], {"coins": facts["coins"]}, sign=1)
    mine.discs -= 1
    mine.discarded_discs += 1
    return state


def tile_used(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _seat(state, facts["seat"])
    index = mine.tiles.index(facts["tile"])
    mine.tiles = [*mine.tiles[:index], *mine.tiles[index + 1:]]
    return state


def objective_discarded(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    mine = _seat(state, facts["seat"])
    mine.objectives = [card for card in mine.objectives if card != facts["objective"]]
    return state


def table_laid(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    """A sandbox's whole table (domain/tianxia/scenario.py), from its plain JSON."""
    table = dict(facts["table"])
    table["seats"] = [Seat(**seat) for seat in table["seats"]]
    table["rival"] = Rival(**table["rival"]) if table["rival"] is not None else None
    table["sites"] = {site: Site(**laid) for site, laid in table["sites"].items()}
    table["sections"] = {wall: Section(**laid) for wall, laid in table["sections"].items()}
    table["nomads"] = {nomad: Nomad(**laid) for nomad, laid in table["nomads"].items()}
    copied = {key: (dict(value) if isinstance(value, dict) else list(value) if isinstance(value, list) else value)
              for key, value in table.items()}
    return TianxiaState(**copied)


def seat_laid(state: TianxiaState, facts: Mapping[str, Any]) -> TianxiaState:
    return state  # the table laid holds the seat's cards; this event shows them to the seat


FOLDS: dict[str, Fold] = {fold.__name__: fold for fold in (
    game_prepared, buildings_dealt, tiles_laid, ships_launched, round_stacks_made, attack_deck_shuffled, bags_shuffled,
    objectives_dealt, starting_buildings_offered, rival_prepared, supply_taken, supplies_offered, arrangement_chosen,
    start_chosen, round_started, attack_revealed, display_turned, rival_deck_made, rival_cards_turned, income_paid,
    neutral_worker_added, rival_prestige_gained, action_started, rival_card_chosen, rival_marker_placed, rival_advanced,
    rival_governor_placed, rival_tile_claimed, rival_tile_removed, rival_soldiers_placed, rival_wall_placed,
    rival_worker_placed, rival_delivered, rival_shipping_marker_placed, rival_line_skipped, rival_card_discarded,
    rival_card_drawn, rival_passed, turn_began, actions_ended, battle_fought, strength_lowered, soldier_fallen,
    building_raided, excess_paid, prestige_lost, battle_won, nomad_reset, game_ended, round_cleaned, rival_cleaned_up,
    game_scored, disc_placed, action_begun, turn_ended, advanced, reward_taken, objective_drawn, governor_installed,
    tile_taken, exchanged, shipped, crate_delivered, piece_placed, barge_joined, merchants_paid, seat_passed,
    advance_bought, good_chosen, advance_chosen, shipping_placed, disc_discarded, tile_used, objective_discarded,
    choice_forgone, table_laid, seat_laid)}
