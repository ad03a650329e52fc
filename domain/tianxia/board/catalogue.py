"""Tianxia's public pieces, as GET /api/rules/tianxia lists them: what any building, tile, ship,
demand, attack card, player board, starting supply, token or rival card is, whoever holds it.

Objective cards and starting buildings are left out: which a seat holds is its own secret, and a
list naming them all would let a reader pass off another seat's card as common knowledge."""

from __future__ import annotations

from dataclasses import asdict, dataclass, is_dataclass
from types import MappingProxyType
from typing import Any, Mapping

from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.board.vocabulary import GOODS, RESOURCES, REWARDS


def _plain(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return _plain(asdict(value))
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True)
class Piece:
    """One public piece: its kind and what is printed on it."""

    kind: str
    id: str
    printed: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **_plain(self.printed), "id": self.id}


def _pieces() -> dict[str, Piece]:
    found: dict[str, Piece] = {}
    for kind, entries in (("building", BOARD.buildings), ("tile", BOARD.tiles), ("ship", BOARD.ships),
                          ("demand", BOARD.demands), ("attack", BOARD.attacks), ("supply", BOARD.starting_supplies),
                          ("rival-card", RIVALS.cards)):
        for entry_id, entry in entries.items():
            found[entry_id] = Piece(kind, entry_id, entry)
    for side, board in BOARD.player_boards.items():
        found[side] = Piece("player-board", side, board)
    for token, text in BOARD.tokens.items():
        found[token] = Piece("token", token, {"text": text})
    # The board's own words and places, which every table and event names: public by nature.
    found["board"] = Piece("board", "board", {
        "tracks": list(BOARD.tracks), "resources": list(RESOURCES), "goods": list(GOODS), "rewards": sorted(REWARDS),
        "regions": list(BOARD.regions), "sites": list(BOARD.sites), "walls": list(BOARD.walls),
        "nomads": list(BOARD.nomads), "barges": list(BOARD.barges), "ports": list(BOARD.ports),
        "figurines": list(BOARD.figurines.kinds), "choices": ["good", "advance", "soldier", "wall", "port", "tile"],
        "pieces": ["soldier", "wall", "tower", "double-tower"], "sides": ["left", "right"],
        "difficulties": list(BOARD.solo.difficulties), "modes": ["solo", "bot", "plain"], "rivals": ["li-mu", "bot"],
        "phases": ["opening", "setup", "income", "action", "attack", "cleanup", "over"],
        "actions": ["region", "military", "governor", "exchange", "ship", "fortify", "train", "barge", "pass"],
        **_map()})
    return found


def _map() -> dict[str, Any]:
    """What a table drawing the board needs beside the ids (web/static/tables/tianxia.js): the
    colours of the pieces (owner n's is pieces[n]) and of the Palace, each track's steps and what
    they print, each region's name, Palace colour, port, exchange and sites, the wall sections'
    spaces, the nomads' names, paths and starting strength, the barges and the ports, and which
    card each face of Li Mu's die resolves. Printed on the board and the rival's board: public."""
    return {
        "colours": {"palace": list(BOARD.palace_colours), "pieces": list(BOARD.piece_colours)},
        "palace": {**_plain(BOARD.palace),
                   "track_steps": {colour: _plain(track.steps) for colour, track in BOARD.tracks.items()}},
        "map": {"regions": _plain(list(BOARD.regions.values())), "sites": _plain(list(BOARD.sites.values())),
                "walls": _plain(list(BOARD.walls.values())), "nomads": _plain(list(BOARD.nomads.values())),
                "barges": _plain(list(BOARD.barges.values())), "ports": _plain(list(BOARD.ports.values())),
                "wave_ships": BOARD.wave_ships, "most_strength": BOARD.most_strength},
        "die": {str(face): slot for face, slot in sorted(RIVALS.die.items())},
    }


CATALOGUE = MappingProxyType(_pieces())
