"""The Tianxia board, loaded from board.toml and checked at import.

Each entry is read by `reading.Table`, so a wrong type, a missing field or a misspelt one is
refused naming the entry and the field. The entries are then checked against each other
(`checks.py`): every region feeds a Palace track and every site belongs to a region, every
nomad's path ends at a wall section of its own, and so on. A board that fails is a
`BoardDataError` at import, never a game that goes wrong in its third round.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, TypeVar

from domain.tianxia.board import vocabulary as words
from domain.tianxia.board.checks import check_whole
from domain.tianxia.board.components import (
    AttackCard, Barge, Board, Building, Demand, Effect, Figurines, LiMuBoard, NomadCard, Numbers, Objective, Palace,
    PlayerBoard, Port, Region, Ship, SiteSpec, Solo, StartingBuilding, StartingSupply, Step, Tile, Track, TwoPlayer,
    WallSection)
from domain.tianxia.board.reading import BoardDataError, Table, amounts, unique

__all__ = ["BOARD", "BoardDataError", "build", "load"]

T = TypeVar("T")


def _numbers(cls: type[T], table: Table) -> T:
    """A table of single values, read into the dataclass whose fields name them."""
    values: dict[str, Any] = {}
    for field in fields(cls):  # type: ignore[arg-type]
        kind = field.type  # a string: components.py postpones its annotations
        if kind == "int":
            values[field.name] = table.int(field.name)
        elif kind == "str":
            values[field.name] = table.str(field.name)
        elif kind == "tuple[int, ...]":
            values[field.name] = table.ints(field.name)
        elif kind == "tuple[str, ...]":
            values[field.name] = table.strs(field.name)
        else:  # Amounts
            values[field.name] = amounts(table.where, field.name, table.raw(field.name), words.REWARDS)
    table.done()
    return cls(**values)


def _effects(where: str, raw: Any) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise BoardDataError(f"{where}: effects: a list of effects was expected")
    out = []
    for i, entry in enumerate(raw):
        t = Table(f"{where}: effects[{i}]", entry)
        on = t.str("on")
        if t.has("gain"):
            if on not in words.GAIN_ON:
                raise t.fail("on", f"nothing is gained on {on!r}; one of {', '.join(sorted(words.GAIN_ON))}")
            out.append(Effect(on, gain=amounts(t.where, "gain", t.raw("gain"), words.REWARDS)))
        elif t.has("pay"):
            if words.PAY_ON.get(on) != t.str("pay"):
                raise t.fail("pay", f"on {on!r} one does not pay {t.raw('pay')!r}")
            out.append(Effect(on, pay=t.raw("pay"), less=t.int("less", low=1)))
        elif on == words.DEFENCE_ON:
            out.append(Effect(on, defence=t.int("defence", low=1)))
        else:
            raise t.fail("on", "an effect gains, pays less or adds defence in battle")
        t.done()
    return tuple(out)


def _step(colour: str, number: int, raw: Any) -> Step:
    where = f"track {colour}: step {number}"
    if not isinstance(raw, dict):
        raise BoardDataError(f"{where}: a table was expected")
    reward = {key: value for key, value in raw.items() if key not in words.STEP_EXTRAS}
    tiles, token = raw.get("tiles", 0), raw.get("token")
    if type(tiles) is not int or tiles < 0:
        raise BoardDataError(f"{where}: tiles: {tiles!r} is not a whole number")
    if token is not None and not isinstance(token, str):
        raise BoardDataError(f"{where}: token: {token!r} is not a token's name")
    return Step(number, amounts(where, "reward", reward, words.REWARDS), tiles, token)


def _track(raw: Any) -> Track:
    t = Table("track", raw)
    colour = t.str("colour")
    t.where = f"track {colour}"
    steps = tuple(_step(colour, number, step) for number, step in enumerate(t.tables("steps")))
    t.done()
    return Track(colour, steps)


def _region(raw: Any, sites: list[SiteSpec]) -> Region:
    t = Table("region", raw)
    region_id = t.str("id")
    t.where = f"region {region_id}"
    exchange = Table(f"{t.where}: exchange", t.raw("exchange"))
    give = amounts(exchange.where, "give", exchange.raw("give"), words.RESOURCES)
    get = exchange.str("get", choices=words.GOODS + ("good",))
    exchange.done()
    region = Region(region_id, t.str("name"), t.str("palace"), give, get, t.str("port") if t.has("port") else None,
                    t.strs("under", default=[]), tuple(site.id for site in sites if site.region == region_id))
    t.done()
    return region


def _site(raw: Any) -> SiteSpec:
    t = Table("site", raw)
    site_id = t.str("id")
    t.where = f"site {site_id}"
    site = SiteSpec(site_id, t.str("region"), t.str("class", choices=words.SITE_CLASSES), t.ints("governor_wood"),
                t.int("raid", low=1))
    t.done()
    return site


def _building(raw: Any) -> Building:
    t = Table("building", raw)
    building_id = t.str("id")
    t.where = f"building {building_id}"
    building = Building(building_id, t.str("name"), t.str("class", choices=words.SITE_CLASSES), t.int("wood", low=1),
                        amounts(t.where, "income", t.raw("income", {}), words.RESOURCES),
                        _effects(t.where, t.raw("effects", [])))
    t.done()
    return building


def _entry(kind: str, raw: Any, make) -> Any:
    """An entry with an id, built by `make(table, id)`, with the table then checked for leftovers."""
    t = Table(kind, raw)
    entry_id = t.str("id")
    t.where = f"{kind} {entry_id}"
    built = make(t, entry_id)
    t.done()
    return built


def _ship(t: Table, ship_id: str) -> Ship:
    return Ship(ship_id, tuple(amounts(t.where, f"spaces[{i}]", space, words.REWARDS)
                               for i, space in enumerate(t.tables("spaces"))))


def _tile(t: Table, tile_id: str) -> Tile:
    figurine = t.str("figurine") if t.has("figurine") else None
    once = amounts(t.where, "once", t.raw("once"), words.REWARDS) if t.has("once") else None
    if (figurine is None) == (once is None):
        raise t.fail("figurine", "a tile carries either a jade figurine or a one-shot reward")
    return Tile(tile_id, figurine, once, t.int("copies", low=1))


def _player_board(raw: Any) -> PlayerBoard:
    t = Table("player board", raw)
    side = t.str("side", choices=words.BOARD_SIDES)
    t.where = f"player board {side}"
    board = PlayerBoard(side, amounts(t.where, "income", t.raw("income"), words.RESOURCES), t.ints("walls", low=0),
                        t.ints("towers", low=0), t.int("soldiers", low=1), t.int("merchant_spaces", low=1),
                        amounts(t.where, "merchant", t.raw("merchant"), words.REWARDS),
                        _effects(t.where, t.raw("effects")))
    t.done()
    return board


def _by_id(kind: str, entries: list[Any]) -> Mapping[str, Any]:
    unique(kind, [entry.id for entry in entries])
    return MappingProxyType({entry.id: entry for entry in entries})


def build(data: Mapping[str, Any]) -> Board:
    """The board a parsed board.toml describes, or BoardDataError naming the entry and the field."""
    top = Table("board.toml", dict(data))
    colours = Table("colours", top.raw("colours"))
    palace_colours, piece_colours = colours.strs("palace"), colours.strs("pieces")
    colours.str("neutral_workers")
    colours.done()
    resources = Table("resources", top.raw("resources"))
    if resources.strs("basic") != words.BASIC or resources.strs("goods") != words.GOODS:
        raise BoardDataError(f"resources: the rules know {words.BASIC} and the goods {words.GOODS}")
    resources.done()
    tokens = top.raw("tokens")
    if not isinstance(tokens, dict) or not all(isinstance(text, str) for text in tokens.values()):
        raise BoardDataError("tokens: a table of token names and what each does")
    sites = [_site(raw) for raw in top.tables("site")]
    tracks = [_track(raw) for raw in top.tables("track")]
    unique("track", [track.colour for track in tracks])
    sea, strength = Table("sea", top.raw("sea")), Table("strength", top.raw("strength"))
    board = Board(
        numbers=_numbers(Numbers, Table("game", top.raw("game"))),
        palace_colours=palace_colours,
        piece_colours=piece_colours,
        palace=_numbers(Palace, Table("palace", top.raw("palace"))),
        tracks=MappingProxyType({track.colour: track for track in tracks}),
        tokens=MappingProxyType(dict(tokens)),
        regions=_by_id("region", [_region(raw, sites) for raw in top.tables("region")]),
        sites=_by_id("site", sites),
        buildings=_by_id("building", [_building(raw) for raw in top.tables("building")]),
        barges=_by_id("barge", [_entry("barge", raw, lambda t, i: Barge(
            i, t.str("resource", choices=words.RESOURCES), t.int("workers", low=1))) for raw in top.tables("barge")]),
        wave_ships=sea.int("wave_ships"),
        ports=_by_id("port", [_entry("port", raw, lambda t, i: Port(i, t.int("ships", low=1)))
                              for raw in top.tables("port")]),
        demands=_by_id("demand", [_entry("demand", raw, lambda t, i: Demand(
            i, t.strs("goods", choices=words.GOODS), amounts(t.where, "bonus", t.raw("bonus"), words.REWARDS)))
            for raw in top.tables("demand")]),
        ships=_by_id("ship", [_entry("ship", raw, _ship) for raw in top.tables("ship")]),
        walls=_by_id("wall section", [_entry("wall section", raw, lambda t, i: WallSection(
            i, t.str("name"), t.int("walls", low=1), t.int("towers", low=1), t.int("soldiers", low=1)))
            for raw in top.tables("wall")]),
        nomads=_by_id("nomad", [_entry("nomad", raw, lambda t, i: NomadCard(
            i, t.str("name"), t.str("attacks"), t.int("strength", low=1), t.int("path", low=1), t.strs("raids")))
            for raw in top.tables("nomad")]),
        most_strength=strength.int("most", low=1),
        attacks=_by_id("attack card", [_entry("attack card", raw, lambda t, i: AttackCard(
            i, t.str("deck", choices=words.ATTACK_DECKS), t.ints("walk"), t.ints("grow")))
            for raw in top.tables("attack")]),
        figurines=_numbers(Figurines, Table("figurines", top.raw("figurines"))),
        tiles=_by_id("tile", [_entry("tile", raw, _tile) for raw in top.tables("tile")]),
        objectives=_by_id("objective", [_entry("objective", raw, lambda t, i: Objective(
            i, t.str("name"), amounts(t.where, "reward", t.raw("reward"), words.REWARDS),
            t.str("per", choices=sorted(words.counters(palace_colours))), t.int("points", low=1), t.int("most", low=1)))
            for raw in top.tables("objective")]),
        player_boards=MappingProxyType({b.side: b for b in (_player_board(raw) for raw in top.tables("player_board"))}),
        starting_buildings=_by_id("starting building", [_entry("starting building", raw, lambda t, i: StartingBuilding(
            i, t.str("name"), amounts(t.where, "income", t.raw("income"), words.RESOURCES),
            _effects(t.where, t.raw("effects")))) for raw in top.tables("starting_building")]),
        starting_supplies=_by_id("starting supply", [_entry("starting supply", raw, lambda t, i: StartingSupply(
            i, amounts(t.where, "gain", t.raw("gain"), words.REWARDS))) for raw in top.tables("starting_supply")]),
        solo=_numbers(Solo, Table("solo", top.raw("solo"))),
        li_mu=_numbers(LiMuBoard, Table("li_mu", top.raw("li_mu"))),
        two_player=_numbers(TwoPlayer, Table("two_player", top.raw("two_player"))),
    )
    sea.done()
    strength.done()
    top.done()
    check_whole(board)
    return board


def load(path: Path = Path(__file__).parent / "board.toml") -> Board:
    with path.open("rb") as file:
        return build(tomllib.load(file))


BOARD = load()
"""The board every Tianxia game is played on."""
