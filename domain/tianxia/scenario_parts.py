"""The parts of a Tianxia scenario read in, each checked: a seat, the rival, a building site, a
ship, a wall section, a nomad and the Palace tracks. A part may be given in part: the fields not
given keep the base table's values. A refusal names the field (`scenario.seats[0].goods.wood`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.reading import BoardDataError, Table
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.board.vocabulary import RESOURCES
from domain.tianxia.scenario_checks import CARDS, FIELDS
from domain.tianxia.state import NEUTRAL, Nomad, Rival, Seat, Section, Site


def palace_of(value: Any, where: str, owners: list[int]) -> dict[str, list[list[int]]]:
    palace = {}
    for track, steps in FIELDS.keyed(value, where, BOARD.tracks).items():
        steps = FIELDS.list_of(steps, f"{where}.{track}", BOARD.palace.steps + 1, BOARD.palace.steps + 1)
        laid = [FIELDS.owners_of(step, f"{where}.{track}[{n}]", [*owners, NEUTRAL], len(owners) + 1) for n, step in enumerate(steps)]
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
        changes["goods"] = {name: FIELDS.whole(goods[name], f"{where}.goods.{name}", 0, 10_000) for name in RESOURCES}
    if table.has("side"):
        changes["side"] = table.str("side", choices=sides)
    for name, known in (("starting_building", BOARD.starting_buildings), ("supply", BOARD.starting_supplies)):
        if table.has(name):
            raw = table.raw(name)
            changes[name] = None if raw is None else FIELDS.one_of(raw, f"{where}.{name}", list(known))
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
            changes[name] = FIELDS.ids_of(table.raw(name), f"{where}.{name}", known)
    if table.has("figurines"):
        changes["figurines"] = FIELDS.distinct(FIELDS.ids_of(table.raw("figurines"), f"{where}.figurines",
                                            dict.fromkeys(BOARD.figurines.kinds)), f"{where}.figurines")
    if table.has("passed"):
        changes["passed"] = FIELDS.flag(table.raw("passed"), f"{where}.passed")
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
            changes[name] = FIELDS.ids_of(table.raw(name), f"{where}.{name}", stacks.get(name, cards), len(cards))
    if table.has("open"):
        raw = FIELDS.list_of(table.raw("open"), f"{where}.open", 0, 3)
        changes["open"] = [None if card is None else FIELDS.one_of(card, f"{where}.open[{n}]", list(cards))
                           for n, card in enumerate(raw)]
    if table.has("face_down"):
        changes["face_down"] = [FIELDS.flag(item, f"{where}.face_down[{n}]")
                                for n, item in enumerate(FIELDS.list_of(table.raw("face_down"), f"{where}.face_down", 0, 3))]
    if table.has("figurines"):
        changes["figurines"] = FIELDS.distinct(FIELDS.ids_of(table.raw("figurines"), f"{where}.figurines",
                                            dict.fromkeys(BOARD.figurines.kinds)), f"{where}.figurines")
    if table.has("passed"):
        changes["passed"] = FIELDS.flag(table.raw("passed"), f"{where}.passed")
    if table.has("roll"):
        raw = table.raw("roll")
        changes["roll"] = None if raw is None else FIELDS.whole(raw, f"{where}.roll", 1, 6)
    if table.has("kind"):
        FIELDS.one_of(table.raw("kind"), f"{where}.kind", [base.kind])
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
        changes["building"] = None if raw is None else FIELDS.one_of(
            raw, f"{where}.building", [b.id for b in BOARD.buildings.values() if b.kind == kind])
    if table.has("governors"):
        spaces = len(BOARD.sites[site_id].governor_wood)
        changes["governors"] = [None if owner is None else FIELDS.one_of(owner, f"{where}.governors[{n}]", owners)
                                for n, owner in enumerate(FIELDS.list_of(table.raw("governors"), f"{where}.governors", spaces, spaces))]
    if table.has("raided"):
        changes["raided"] = table.int("raided", high=100)
    if table.has("tile"):
        raw = table.raw("tile")
        changes["tile"] = None if raw is None else FIELDS.one_of(raw, f"{where}.tile", list(BOARD.tiles))
    table.done()
    return replace(base, **changes)


def ship_of(value: Any, where: str, owners: list[int]) -> dict[str, Any]:
    table = Table(where, value)
    ship = FIELDS.one_of(table.raw("ship"), f"{where}.ship", list(BOARD.ships))
    spaces = len(BOARD.ships[ship].spaces)
    crates = [None if owner is None else FIELDS.one_of(owner, f"{where}.crates[{n}]", owners)
              for n, owner in enumerate(FIELDS.list_of(table.raw("crates"), f"{where}.crates", spaces, spaces))]
    table.done()
    return {"ship": ship, "crates": crates}


def section_of(value: Any, where: str, owners: list[int]) -> Section:
    table = Table(where, value)
    wall = BOARD.walls[where.split(".", 1)[1]]
    laid = Section(FIELDS.owners_of(table.raw("walls"), f"{where}.walls", owners, wall.walls),
                   FIELDS.owners_of(table.raw("towers"), f"{where}.towers", owners, wall.towers),
                   FIELDS.owners_of(table.raw("soldiers"), f"{where}.soldiers", owners, wall.soldiers))
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
