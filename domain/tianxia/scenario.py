"""Sandbox tables: a chosen Tianxia position in place of a deal, and the position of a game to fork
(design section 5.4).

A scenario is a JSON object laying out a table between turns of the Action phase. Any top-level
field not given is laid out by the generator as a deal and its opening would (every opening
choice drawn at random); a seat, the rival, a site or a nomad may be given in part, its other
fields kept. `rolls` fixes Li Mu's next rolls. Every field is checked, with the reason starting
with the field at fault and citing `tianxia.scenario`; a table that breaks a count of the board
(more walls than a section holds, a marker twice on a track, a rival's card named twice) or that
the game could not play on (Li Mu without a card for a roll of his die, a stack too short for a
round's deck, a round to come without its bonus tiles or attack card) is refused, never played.
`scenario_of` writes every field back, so a fork starts from exactly the table of its step.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, Callable, Mapping

from domain.contract import Decision
from domain.errors import IllegalAction
from domain.rng import Rng
from domain.scenario_fields import ScenarioFields
from domain.tianxia import opening
from domain.tianxia.board.loader import BOARD
from domain.tianxia.decide import decide
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.board.reading import BoardDataError, Table
from domain.tianxia.rival_turn import LAST_CARD_TURN
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.setup import deal
from domain.tianxia.state import ACTION, NEUTRAL, Nomad, Rival, Seat, Section, Site, TianxiaState
from domain.tianxia.board.vocabulary import RESOURCES

RULE = "tianxia.scenario"
# Each rival's cards are named once at most: Li Mu's among his stacks, and again among the cards of
# the round (his deck is drawn from the stacks), the Bot's among its board, deck and discards.
CARDS = {"li-mu": ScenarioFields(RULE, "Li Mu", "a card of Li Mu's", [card.id for card in RIVALS.deck("li-mu")]),
         "bot": ScenarioFields(RULE, "the Bot", "a card of the Bot's", [card.id for card in RIVALS.deck("bot")])}
TOP = ("round", "order", "next_order", "active", "turns", "turn_owner", "seats", "rival", "palace", "step_tiles", "discs",
       "fortify_discs", "sites", "barges", "ports", "wave", "demands", "shipping", "sections", "nomads", "attack",
       "attack_deck", "tile_bag", "ship_deck", "objective_deck", "round_stacks", "display", "rolls")


def refuse(reason: str) -> IllegalAction:
    return IllegalAction(f"scenario.{reason}" if not reason.startswith("scenario") else reason, rule=RULE)


# --- Writing a table out ------------------------------------------------------------------------

def plain(value: Any) -> Any:
    """A state's value as plain JSON (dataclasses as objects of their fields)."""
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def scenario_of(state: TianxiaState) -> dict[str, Any]:
    """The scenario laying out this table exactly: between turns of the Action phase."""
    if state.phase != ACTION:
        why = "the opening's choices are made in a deal" if state.phase == "opening" else "the game is over"
        raise refuse(f"phase: a scenario lays out a table in the Action phase: {why}")
    if state.acting is not None or state.owed:
        raise refuse("phase: a scenario lays out a table between turns, not in the middle of one: fork at its end")
    table = plain(state)
    return {key: table[key] for key in TOP}


# --- Reading one in --------------------------------------------------------------------------

def scenario_setup(seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
    """The events laying out `scenario`: the table in one event (the hidden parts secret), each seat's
    objectives and offer privately; IllegalAction naming the field when it cannot be."""
    if not isinstance(scenario, Mapping):
        raise refuse("scenario: a JSON object")
    unknown = [key for key in scenario if key not in TOP]
    if unknown:
        raise refuse(f"{unknown[0]}: no such field; a scenario has {', '.join(TOP)}")
    try:
        table = read(base_table(seats, options, rng), scenario)
    except BoardDataError as error:
        raise refuse(str(error)) from None
    em = TianxiaEmitter(TianxiaState(), None)  # the table is laid whole: nothing is drawn
    laid = plain(table)
    public = {key: laid[key] for key in ("round", "order", "active")}
    em.emit("table_laid", RULE, {"mode": table.mode, "difficulty": table.difficulty, **public}, secret={"table": laid})
    for seat, mine in enumerate(table.seats):
        em.emit("seat_laid", RULE, {"seat": seat, "objectives": len(mine.objectives)},
                private={"objectives": list(mine.objectives), "offer": list(mine.offer)}, private_to=seat)
    return em.decision()


def base_table(seats: int, options: Mapping[str, Any], rng: Rng) -> TianxiaState:
    """A deal and its opening, every choice drawn by the generator: what a scenario does not name."""
    _, state = deal(TianxiaState(), seats, options, rng)
    while (seat := opening.chooser(state)) is not None:
        state = decide(state, seat, rng.choice(opening.choices(state, seat)), rng).state
    return state


def read(base: TianxiaState, scenario: Mapping[str, Any]) -> TianxiaState:
    """`base` with the scenario's fields in place, each checked (BoardDataError naming it)."""
    owners = len(base.seats) + (base.rival is not None)
    owner_ids = list(range(owners))
    state = replace(base)
    given = dict(scenario)

    def field_of(name: str, check: Callable[[Any, str], Any]) -> None:
        if name in given:
            setattr(state, name, check(given[name], name))

    field_of("round", lambda v, w: whole(v, w, 1, BOARD.numbers.rounds))
    field_of("turns", lambda v, w: whole(v, w, 1, 10_000))
    field_of("order", lambda v, w: permutation(v, w, owner_ids))
    field_of("next_order", lambda v, w: subset(v, w, owner_ids))
    field_of("active", lambda v, w: one_of(v, w, owner_ids))
    field_of("turn_owner", lambda v, w: one_of(v, w, owner_ids))
    field_of("seats", lambda v, w: [seat_of(base.seats[i] if i < len(base.seats) else None, item, f"{w}[{i}]")
                                    for i, item in enumerate(list_of(v, w, len(base.seats), len(base.seats)))])
    if "rival" in given:
        if base.rival is None:
            if given["rival"] is not None:
                raise BoardDataError("rival: a game of three or four has no rival: null")
        else:
            state.rival = rival_of(base.rival, given["rival"], "rival")
    field_of("palace", lambda v, w: palace_of(v, w, owner_ids))
    field_of("step_tiles", lambda v, w: {track: [ids(tiles, f"{w}.{track}[{n}]", BOARD.tiles)
                                                 for n, tiles in enumerate(list_of(steps, f"{w}.{track}",
                                                                                   BOARD.palace.steps + 1,
                                                                                   BOARD.palace.steps + 1))]
                                         for track, steps in keyed(v, w, BOARD.tracks).items()})
    field_of("discs", lambda v, w: {region: owners_of(o, f"{w}.{region}", owner_ids, 3 * owners)
                                    for region, o in keyed(v, w, BOARD.regions).items()})
    field_of("fortify_discs", lambda v, w: owners_of(v, w, owner_ids, 3 * owners))
    if "sites" in given:
        sites = keyed(given["sites"], "sites", BOARD.sites, partial=True)
        state.sites = {site: site_of(state.sites[site], sites[site], f"sites.{site}", owner_ids) if site in sites
                       else state.sites[site] for site in BOARD.sites}
    field_of("barges", lambda v, w: {barge: owners_of(o, f"{w}.{barge}", [*owner_ids, NEUTRAL], BOARD.barges[barge].workers)
                                     for barge, o in keyed(v, w, BOARD.barges).items()})
    field_of("ports", lambda v, w: {port: [ship_of(s, f"{w}.{port}[{n}]", owner_ids)
                                           for n, s in enumerate(list_of(ships, f"{w}.{port}", 0, BOARD.ports[port].ships))]
                                    for port, ships in keyed(v, w, BOARD.ports).items()})
    field_of("wave", lambda v, w: [ship_of(s, f"{w}[{n}]", owner_ids) for n, s in enumerate(list_of(v, w, 0, BOARD.wave_ships))])
    field_of("demands", lambda v, w: {port: one_of(d, f"{w}.{port}", list(BOARD.demands))
                                      for port, d in keyed(v, w, BOARD.ports).items()})
    field_of("shipping", lambda v, w: {port: owners_of(o, f"{w}.{port}", owner_ids, 4 * owners)
                                       for port, o in keyed(v, w, BOARD.ports).items()})
    field_of("sections", lambda v, w: {wall: section_of(s, f"{w}.{wall}", owner_ids)
                                       for wall, s in keyed(v, w, BOARD.walls).items()})
    if "nomads" in given:
        nomads = keyed(given["nomads"], "nomads", BOARD.nomads, partial=True)
        state.nomads = {nomad: nomad_of(state.nomads[nomad], nomads[nomad], f"nomads.{nomad}") if nomad in nomads
                        else state.nomads[nomad] for nomad in BOARD.nomads}
    field_of("attack", lambda v, w: None if v is None else one_of(v, w, list(BOARD.attacks)))
    field_of("attack_deck", lambda v, w: ids(v, w, BOARD.attacks))
    field_of("tile_bag", lambda v, w: ids(v, w, BOARD.tiles))
    field_of("ship_deck", lambda v, w: ids(v, w, BOARD.ships))
    field_of("objective_deck", lambda v, w: ids(v, w, BOARD.objectives))
    field_of("round_stacks", lambda v, w: [ids(stack, f"{w}[{n}]", BOARD.tiles)
                                           for n, stack in enumerate(list_of(v, w, 0, BOARD.numbers.rounds))])
    field_of("display", lambda v, w: ids(v, w, BOARD.tiles))
    field_of("rolls", lambda v, w: [whole(roll, f"{w}[{n}]", 1, 6) for n, roll in enumerate(list_of(v, w, 0, 100))])
    if "active" in given and "turn_owner" not in given:
        state.turn_owner = state.active
    check_whole(state, owner_ids)
    state.phase, state.acting, state.owed, state.choices = ACTION, None, [], []
    state.arrangements, state.supplies = [], []
    return state


def check_whole(state: TianxiaState, owner_ids: list[int]) -> None:
    """What no field alone can say: whose turn it is must be someone who has not passed; each round
    to come needs its bonus tiles and its attack card; Li Mu must have a card for every turn the
    die may give him."""
    if state.active not in state.order:
        raise BoardDataError(f"active: {state.active!r} is not in the turn order {state.order}")
    if state.has_passed(state.active):
        raise BoardDataError(f"active: owner {state.active} has passed; it cannot be their turn")
    if all(state.has_passed(owner) for owner in owner_ids):
        raise BoardDataError("seats: everyone has passed: the round would be over")
    rounds_left = BOARD.numbers.rounds - state.round
    for name, what in (("round_stacks", "a stack of bonus tiles"), ("attack_deck", "a nomad attack card")):
        if len(getattr(state, name)) < rounds_left:
            raise BoardDataError(f"{name}: {what} for each of the {rounds_left} rounds to come, "
                                 f"not {len(getattr(state, name))}")
    if state.rival is not None and state.rival.kind == "li-mu":
        check_li_mus_cards(state)


def check_li_mus_cards(state: TianxiaState) -> None:
    """Li Mu plays a card on each of his first 4 turns, and any of them may be his first or second
    open card or the deck's top (L176-180): so until he has played 4 he keeps 2 open cards and a
    deck of a card for each card turn left. Each later round's deck is drawn from his stacks as
    the difficulty's table says (L156-162): they must hold as many."""
    rival, open_cards = state.rival, BOARD.li_mu.open_cards
    left = LAST_CARD_TURN - rival.turn
    if not rival.passed and left > 0:
        if len(rival.open) != open_cards:
            raise BoardDataError(f"rival.open: Li Mu has {open_cards} open cards while he has cards to play "
                                 f"({rival.turn} of {LAST_CARD_TURN} played): {rival.open} has {len(rival.open)}")
        if len(rival.deck) < left:
            raise BoardDataError(f"rival.deck: at least {left} cards: any of the {left} cards he has still to play "
                                 f"may be the deck's top (a roll of 6), and the deck holds {len(rival.deck)}")
    level = RIVALS.levels[state.difficulty]
    for number in range(state.round + 1, BOARD.numbers.rounds + 1):
        for name, wanted in zip(("basic", "advanced"), level.rounds[number - 1]):
            held = len(getattr(rival, name))
            if held < wanted:
                raise BoardDataError(f"rival.{name}: round {number}'s deck takes {wanted} {name.title()} cards from "
                                     f"this stack ({level.id}), which holds {held}")


# --- The checks of one value -------------------------------------------------------------------

def whole(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise BoardDataError(f"{where}: {value!r} is not a whole number from {low} to {high}")
    return value


def one_of(value: Any, where: str, allowed: list) -> Any:
    if value not in allowed or isinstance(value, bool):
        shown = ", ".join(map(str, allowed[:12])) + (" ..." if len(allowed) > 12 else "")
        raise BoardDataError(f"{where}: {value!r} is not one of {shown}")
    return value


def list_of(value: Any, where: str, fewest: int, most: int) -> list:
    if not isinstance(value, list) or not fewest <= len(value) <= most:
        size = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise BoardDataError(f"{where}: a list of {size} was expected")
    return value


def ids(value: Any, where: str, known: Mapping[str, Any], most: int = 200) -> list[str]:
    return [one_of(item, f"{where}[{n}]", list(known)) for n, item in enumerate(list_of(value, where, 0, most))]


def owners_of(value: Any, where: str, owners: list[int], most: int) -> list[int]:
    return [one_of(item, f"{where}[{n}]", owners) for n, item in enumerate(list_of(value, where, 0, most))]


def permutation(value: Any, where: str, owners: list[int]) -> list[int]:
    if not isinstance(value, list) or sorted(value) != owners:
        raise BoardDataError(f"{where}: every owner {owners} once, in turn order")
    return list(value)


def subset(value: Any, where: str, owners: list[int]) -> list[int]:
    found = owners_of(value, where, owners, len(owners))
    if len(set(found)) != len(found):
        raise BoardDataError(f"{where}: an owner twice")
    return found


def keyed(value: Any, where: str, known: Mapping[str, Any], partial: bool = False) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BoardDataError(f"{where}: an object keyed by {', '.join(known)}")
    for key in value:
        one_of(key, f"{where}", list(known))
    if not partial and set(value) != set(known):
        raise BoardDataError(f"{where}: every one of {', '.join(known)} is needed")
    return value


def palace_of(value: Any, where: str, owners: list[int]) -> dict[str, list[list[int]]]:
    palace = {}
    for track, steps in keyed(value, where, BOARD.tracks).items():
        steps = list_of(steps, f"{where}.{track}", BOARD.palace.steps + 1, BOARD.palace.steps + 1)
        laid = [owners_of(step, f"{where}.{track}[{n}]", [*owners, NEUTRAL], len(owners) + 1) for n, step in enumerate(steps)]
        markers = sorted(owner for step in laid for owner in step)
        if markers != sorted([*owners, NEUTRAL]):
            raise BoardDataError(f"{where}.{track}: each owner's marker and the neutral marker, once each")
        palace[track] = laid
    return palace


def seat_of(base: Seat, value: Any, where: str) -> Seat:
    table = Table(where, value)
    numbers, sides = BOARD.numbers, tuple(BOARD.player_boards)
    changes: dict[str, Any] = {}
    if table.has("prestige"):
        changes["prestige"] = table.int("prestige", high=10_000)
    if table.has("goods"):
        goods = table.raw("goods")
        if not isinstance(goods, dict) or set(goods) != set(RESOURCES):
            raise BoardDataError(f"{where}: goods: an amount of each of {', '.join(RESOURCES)}")
        changes["goods"] = {name: whole(goods[name], f"{where}.goods.{name}", 0, 10_000) for name in RESOURCES}
    if table.has("side"):
        changes["side"] = table.str("side", choices=sides)
    for name, known in (("starting_building", BOARD.starting_buildings), ("supply", BOARD.starting_supplies)):
        if table.has(name):
            raw = table.raw(name)
            changes[name] = None if raw is None else one_of(raw, f"{where}.{name}", list(known))
    for name, most in (("discs", numbers.action_discs), ("discarded_discs", numbers.action_discs),
                       ("meeples", numbers.meeples), ("walls", 5), ("towers", 2), ("soldiers", 8),
                       ("shipping", numbers.shipping_markers), ("crates", numbers.crates), ("merchants", 3),
                       ("battles_won", 100)):
        if table.has(name):
            changes[name] = table.int(name, high=most)
    one_shot = {tile_id: tile for tile_id, tile in BOARD.tiles.items() if tile.figurine is None}  # a figurine is not held as a tile
    for name, known in (("offer", BOARD.starting_buildings), ("objectives", BOARD.objectives), ("tiles", one_shot),
                        ("tokens", BOARD.tokens)):
        if table.has(name):
            changes[name] = ids(table.raw(name), f"{where}.{name}", known)
    if table.has("figurines"):
        changes["figurines"] = distinct(ids(table.raw("figurines"), f"{where}.figurines",
                                            dict.fromkeys(BOARD.figurines.kinds)), f"{where}.figurines")
    if table.has("passed"):
        changes["passed"] = flag(table.raw("passed"), f"{where}.passed")
    table.done()
    seat = replace(base, **changes)
    board = BOARD.player_boards[seat.side]
    if seat.walls > len(board.walls) or seat.towers > len(board.towers) or seat.merchants >= board.merchant_spaces:
        raise BoardDataError(f"{where}: more walls, towers or merchants than board {seat.side} holds")
    if seat.discs + seat.discarded_discs > numbers.action_discs:
        raise BoardDataError(f"{where}: more than {numbers.action_discs} discs in hand and discarded")
    return seat


def rival_of(base: Rival, value: Any, where: str) -> Rival:
    table = Table(where, value)
    changes: dict[str, Any] = {}
    for name, most in (("prestige", 10_000), ("markers", BOARD.li_mu.action_markers), ("walls", BOARD.li_mu.walls),
                       ("soldiers", 8), ("meeples", BOARD.numbers.meeples), ("barge_meeples", BOARD.li_mu.barge_meeples),
                       ("shipping", BOARD.numbers.shipping_markers), ("crates", BOARD.numbers.crates), ("turn", 5)):
        if table.has(name):
            changes[name] = table.int(name, high=most)
    cards = {card.id: card for card in RIVALS.deck("li-mu" if base.kind == "li-mu" else "bot")}
    stacks = {}  # Li Mu's stacks each hold cards of their own kind
    if base.kind == "li-mu":
        stacks = {level: {i: c for i, c in cards.items() if c.level == level} for level in ("basic", "advanced")}
    for name in ("basic", "advanced", "deck", "discard"):
        if table.has(name):
            changes[name] = ids(table.raw(name), f"{where}.{name}", stacks.get(name, cards), len(cards))
    if table.has("open"):
        raw = list_of(table.raw("open"), f"{where}.open", 0, 3)
        changes["open"] = [None if card is None else one_of(card, f"{where}.open[{n}]", list(cards))
                           for n, card in enumerate(raw)]
    if table.has("face_down"):
        changes["face_down"] = [flag(item, f"{where}.face_down[{n}]")
                                for n, item in enumerate(list_of(table.raw("face_down"), f"{where}.face_down", 0, 3))]
    if table.has("figurines"):
        changes["figurines"] = distinct(ids(table.raw("figurines"), f"{where}.figurines",
                                            dict.fromkeys(BOARD.figurines.kinds)), f"{where}.figurines")
    if table.has("passed"):
        changes["passed"] = flag(table.raw("passed"), f"{where}.passed")
    if table.has("roll"):
        raw = table.raw("roll")
        changes["roll"] = None if raw is None else whole(raw, f"{where}.roll", 1, 6)
    if table.has("kind"):
        one_of(table.raw("kind"), f"{where}.kind", [base.kind])
    table.done()
    rival = replace(base, **changes)
    if base.kind == "li-mu" and len(rival.open) > BOARD.li_mu.open_cards:
        raise BoardDataError(f"{where}.open: Li Mu has {BOARD.li_mu.open_cards} open cards at most")
    if base.kind != "li-mu" and len(rival.face_down) != len(rival.open):
        raise BoardDataError(f"{where}.face_down: one for each of the Bot's cards on its board")
    if base.kind == "li-mu" and (rival.face_down or None in rival.open):
        raise BoardDataError(f"{where}.open: Li Mu's open cards are face up, each a card")
    check = CARDS[base.kind]
    if base.kind == "li-mu":
        check.no_card_twice([(f"scenario.{where}.basic", rival.basic), (f"scenario.{where}.advanced", rival.advanced)])
        for number, card in enumerate(rival.advanced):
            if cards[card].replaces in rival.basic:
                raise BoardDataError(f"{where}.advanced[{number}]: {card} replaces {cards[card].replaces}, "
                                     "which his Basic stack holds (tianxia.house.advanced-draw)")
    else:
        for name in ("basic", "advanced"):
            if getattr(rival, name):
                raise BoardDataError(f"{where}.{name}: the Bot has no stacks: its cards are on its board, in its "
                                     "deck and among its discards")
    check.no_card_twice([(f"scenario.{where}.open", [card for card in rival.open if card is not None]),
                           (f"scenario.{where}.deck", rival.deck), (f"scenario.{where}.discard", rival.discard)])
    return rival


def site_of(base: Site, value: Any, where: str, owners: list[int]) -> Site:
    table = Table(where, value)
    site_id = where.split(".", 1)[1]
    changes: dict[str, Any] = {}
    if table.has("building"):
        raw = table.raw("building")
        kind = BOARD.sites[site_id].kind
        changes["building"] = None if raw is None else one_of(
            raw, f"{where}.building", [b.id for b in BOARD.buildings.values() if b.kind == kind])
    if table.has("governors"):
        spaces = len(BOARD.sites[site_id].governor_wood)
        changes["governors"] = [None if owner is None else one_of(owner, f"{where}.governors[{n}]", owners)
                                for n, owner in enumerate(list_of(table.raw("governors"), f"{where}.governors", spaces, spaces))]
    if table.has("raided"):
        changes["raided"] = table.int("raided", high=100)
    if table.has("tile"):
        raw = table.raw("tile")
        changes["tile"] = None if raw is None else one_of(raw, f"{where}.tile", list(BOARD.tiles))
    table.done()
    return replace(base, **changes)


def ship_of(value: Any, where: str, owners: list[int]) -> dict[str, Any]:
    table = Table(where, value)
    ship = one_of(table.raw("ship"), f"{where}.ship", list(BOARD.ships))
    spaces = len(BOARD.ships[ship].spaces)
    crates = [None if owner is None else one_of(owner, f"{where}.crates[{n}]", owners)
              for n, owner in enumerate(list_of(table.raw("crates"), f"{where}.crates", spaces, spaces))]
    table.done()
    return {"ship": ship, "crates": crates}


def section_of(value: Any, where: str, owners: list[int]) -> Section:
    table = Table(where, value)
    wall = BOARD.walls[where.split(".", 1)[1]]
    laid = Section(owners_of(table.raw("walls"), f"{where}.walls", owners, wall.walls),
                   owners_of(table.raw("towers"), f"{where}.towers", owners, wall.towers),
                   owners_of(table.raw("soldiers"), f"{where}.soldiers", owners, wall.soldiers))
    table.done()
    return laid


def nomad_of(base: Nomad, value: Any, where: str) -> Nomad:
    table = Table(where, value)
    nomad = BOARD.nomads[where.split(".", 1)[1]]
    changes = {}
    if table.has("strength"):
        changes["strength"] = table.int("strength", high=BOARD.most_strength)
    if table.has("distance"):
        changes["distance"] = table.int("distance", high=nomad.path)
    table.done()
    return replace(base, **changes)


def flag(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise BoardDataError(f"{where}: {value!r} is not true or false")
    return value


def distinct(values: list[str], where: str) -> list[str]:
    if len(set(values)) != len(values):
        raise BoardDataError(f"{where}: never two of a kind (tianxia.figurine.one-each)")
    return values


SCENARIO_EXAMPLE = {
    "round": 1,
    "nomads": {"yuezhi": {"strength": 3}, "loufan": {"strength": 4}, "xiongnu": {"strength": 5}, "donghu": {"strength": 5}},
    "rolls": [3],
}
