"""The board's entries checked against each other once each has been read.

Each check is a fact a player would see at the table: a region's banner is one of the Palace's
colours, a nomad's path ends at a wall section, there are enough bonus tiles for four players.
A failed check names what is wrong (`BoardDataError`).
"""

from __future__ import annotations

from typing import Iterable

from domain.tianxia.board.components import Board
from domain.tianxia.board.reading import BoardDataError

MOST_SEATS = 4


def _require(holds: bool, why: str) -> None:
    if not holds:
        raise BoardDataError(why)


def _ascending(values: Iterable[int]) -> bool:
    values = list(values)
    return all(a <= b for a, b in zip(values, values[1:]))


def check_whole(board: Board) -> None:
    """Every cross-reference of the board resolves, and the counts add up."""
    _colours(board)
    _palace(board)
    _map(board)
    _sea(board)
    _wall(board)
    _tiles(board)
    _players(board)


def _colours(board: Board) -> None:
    _require(len(board.palace_colours) == 4, "colours: the Palace has 4 tracks, so 4 colours")
    _require(len(board.piece_colours) >= MOST_SEATS + 1,
             "colours: pieces: four seats and one more colour for the neutral markers (L110)")
    _require(not set(board.piece_colours) & set(board.palace_colours), "colours: a piece colour is a Palace colour")


def _palace(board: Board) -> None:
    palace = board.palace
    _require(tuple(board.tracks) == board.palace_colours, "track: one track per Palace colour, in their order")
    _require(0 < palace.neutral_step <= palace.steps, "palace: the neutral marker's step is on the track")
    _require(len(palace.final) == palace.steps + 1 and _ascending(palace.final),
             "palace: final: one value per step, never less for a step farther up")
    tokens_seen: list[str] = []
    for track in board.tracks.values():
        _require(len(track.steps) == palace.steps + 1, f"track {track.colour}: {palace.steps} steps and the start")
        start = track.steps[0]
        _require(not start.reward and not start.tiles, f"track {track.colour}: the start gives nothing")
        for step in track.steps:
            _require(step.tiles in (0, palace.tiles_per_step),
                     f"track {track.colour}: step {step.number}: {palace.tiles_per_step} bonus tiles or none")
            if step.token is not None:
                _require(step.token in board.tokens,
                         f"track {track.colour}: step {step.number}: no token {step.token!r}")
                tokens_seen.append(step.token)
    _require(sorted(tokens_seen) == sorted(board.tokens), "tokens: each special Palace token is on one step")


def _map(board: Board) -> None:
    for region in board.regions.values():
        where = f"region {region.id}"
        _require(region.palace in board.palace_colours, f"{where}: palace: {region.palace!r} is not a Palace colour")
        _require(bool(region.sites), f"{where}: no building site")
        _require(region.port is None or region.port in board.ports, f"{where}: port: no port {region.port!r}")
        for section in region.under:
            _require(section in board.walls, f"{where}: under: no wall section {section!r}")
    for site in board.sites.values():
        _require(site.region in board.regions, f"site {site.id}: region: no region {site.region!r}")
        _require(bool(site.governor_wood), f"site {site.id}: governor_wood: a site has governor spaces")
    for kind in ("income", "passive"):
        sites = sum(1 for site in board.sites.values() if site.kind == kind)
        buildings = [b for b in board.buildings.values() if b.kind == kind]
        _require(len(buildings) == sites, f"building: {len(buildings)} {kind} buildings for {sites} {kind} sites")
    for building in board.buildings.values():
        income = building.kind == "income"
        _require(bool(building.income) == income and bool(building.effects) != income,
                 f"building {building.id}: an income building has income, a passive one effects")


def _sea(board: Board) -> None:
    ports_in_regions = [region.port for region in board.regions.values() if region.port]
    _require(sorted(ports_in_regions) == sorted(board.ports), "port: each port lies in one region")
    afloat = sum(port.ships for port in board.ports.values()) + board.wave_ships
    _require(len(board.ships) > afloat, f"ship: {afloat} ships afloat at set-up need a deck behind them")
    _require(len(board.demands) >= len(board.ports), "demand: a demand tile for every port")
    for ship in board.ships.values():
        _require(bool(ship.spaces), f"ship {ship.id}: a ship has delivery spaces")


def _wall(board: Board) -> None:
    attacked = [nomad.attacks for nomad in board.nomads.values()]
    _require(sorted(attacked) == sorted(board.walls), "nomad: each wall section is attacked by exactly one nomad")
    for nomad in board.nomads.values():
        where = f"nomad {nomad.id}"
        _require(nomad.strength <= board.most_strength, f"{where}: strength past the sword track's end")
        for site in nomad.raids:
            _require(site in board.sites, f"{where}: raids: no site {site!r}")
        first = board.sites[nomad.raids[0]].region if nomad.raids else None
        _require(first is not None and nomad.attacks in board.regions[first].under,
                 f"{where}: raids: the first site raided lies beneath {nomad.attacks}")
    for card in board.attacks.values():
        _require(len(card.walk) == len(card.grow) == len(board.nomads), f"attack card {card.id}: one entry per nomad")
    solo = board.solo
    _require(len(solo.nomad_decks) == len(solo.difficulties) and board.numbers.nomad_deck in ("easy", "normal")
             and set(solo.nomad_decks) <= {"easy", "normal"}, "solo: nomad_decks: an attack deck for each difficulty")
    for deck in ("easy", "normal"):
        _require(len(board.deck(deck)) >= board.numbers.rounds, f"attack: the {deck} deck has a card for every round")


def _tiles(board: Board) -> None:
    kinds = board.figurines.kinds
    on_tiles = {tile.figurine for tile in board.tiles.values() if tile.figurine}
    _require(on_tiles == set(kinds), "tile: every kind of figurine, and only those, is on a tile")
    _require(len(board.figurines.final) == len(kinds) + 1 and _ascending(board.figurines.final),
             "figurines: final: a value for 0 to 6 figurines, rising")
    _require(len(board.figurines.pass_coins) == len(kinds), "figurines: pass_coins: a price per figurine")
    on_steps = sum(step.tiles for track in board.tracks.values() for step in track.steps)
    displays = board.numbers.rounds * (MOST_SEATS + 1)
    needed = on_steps + len(board.sites) + displays
    _require(len(board.tile_pool()) >= needed, f"tile: {needed} tiles are laid out with four players")


def _players(board: Board) -> None:
    _require(sorted(board.player_boards) == ["A", "B"], "player board: sides A and B")
    for side in board.player_boards.values():
        _require(_ascending(side.walls) and _ascending(side.towers),
                 f"player board {side.side}: walls and towers are built in ascending order of cost")
    _require(len(board.objectives) >= MOST_SEATS * board.numbers.objectives_dealt, "objective: enough for four seats")
    _require(len(board.starting_buildings) >= MOST_SEATS * board.solo.starting_buildings_drawn,
             "starting building: four seats draw two each")
    _require(len(board.starting_supplies) >= MOST_SEATS, "starting supply: one for each of four seats")
    li_mu = board.li_mu
    _require(li_mu.action_markers == board.numbers.action_discs and li_mu.action_spaces == li_mu.action_markers + 1,
             "li_mu: his action markers fill his board from the left, leaving the rightmost space empty (L109)")
