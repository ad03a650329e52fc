"""The pieces of the Tianxia board, as board.toml describes them: frozen values, read once at import.

The state of a game holds ids only (a site, a building, a ship, a tile); every fact printed on a
piece comes from here. Design: docs/design/tianxia.md, section 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

Amounts = Mapping[str, int]


@dataclass(frozen=True)
class Effect:
    """What a passive building, a starting building or a player board does for its owner."""

    on: str  # the occasion: pass, deliver, train, fortify, barge, battle, ...
    gain: Amounts | None = None  # gained on that occasion
    pay: str | None = None  # or: what is paid on that occasion ...
    less: int = 0  # ... and how much less per item, never below 0
    defence: int = 0  # or: added to the owner's defence in a battle


@dataclass(frozen=True)
class Step:
    number: int
    reward: Amounts  # what a player reaching it takes (the bots ignore it, but the blue prestige)
    tiles: int  # bonus tiles laid on it at set-up
    token: str | None  # a special Palace token (Double Tower, bonus Shipping)


@dataclass(frozen=True)
class Track:
    colour: str
    steps: tuple[Step, ...]  # steps[0] is the start


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    palace: str  # the colour of the track a Region action here advances
    give: Amounts  # the exchange: give this ...
    get: str  # ... for one of this (a good, or "good": any)
    port: str | None
    under: tuple[str, ...]  # wall sections the region lies beneath
    sites: tuple[str, ...]  # its building sites, top to bottom


@dataclass(frozen=True)
class SiteSpec:
    """A building site as printed on the map (the game's `state.Site` is what lies on it now)."""

    id: str
    region: str
    kind: str  # income | passive: which buildings it takes
    governor_wood: tuple[int, ...]  # the wood printed on each governor space
    raid: int  # the strength a nomad loses raiding it


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    kind: str  # income | passive
    wood: int
    income: Amounts
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Barge:
    id: str
    resource: str
    workers: int


@dataclass(frozen=True)
class Port:
    id: str
    ships: int  # how many ships its column holds


@dataclass(frozen=True)
class Demand:
    id: str
    goods: tuple[str, ...]
    bonus: Amounts  # printed on the tile, per crate delivered in its port


@dataclass(frozen=True)
class Ship:
    id: str
    spaces: tuple[Amounts, ...]  # left to right


@dataclass(frozen=True)
class WallSection:
    id: str
    name: str
    walls: int
    towers: int
    soldiers: int


@dataclass(frozen=True)
class NomadCard:
    """A nomad tribe as printed (the game's `state.Nomad` is where its chieftain stands now)."""

    id: str
    name: str
    attacks: str  # the wall section its path ends at
    strength: int  # at the start, and again after each battle
    path: int  # spaces its chieftain walks before attacking
    raids: tuple[str, ...]  # the sites it raids, in order, once through the wall


@dataclass(frozen=True)
class AttackCard:
    id: str
    deck: str  # easy | normal
    walk: tuple[int, ...]  # per nomad, west to east
    grow: tuple[int, ...]


@dataclass(frozen=True)
class Tile:
    id: str
    figurine: str | None
    once: Amounts | None  # a one-shot tile's reward
    copies: int


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    reward: Amounts  # for discarding it
    per: str  # what it counts at the end
    points: int
    most: int


@dataclass(frozen=True)
class PlayerBoard:
    side: str
    income: Amounts
    walls: tuple[int, ...]  # the stone for each wall, built in this order
    towers: tuple[int, ...]
    soldiers: int
    merchant_spaces: int
    merchant: Amounts
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class StartingBuilding:
    id: str
    name: str
    income: Amounts
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class StartingSupply:
    id: str
    gain: Amounts


# The tables of single numbers: each field is read from the table of the same name in board.toml.

@dataclass(frozen=True)
class Numbers:
    """[game]: the counts and costs of the base game."""

    rounds: int
    phases: tuple[str, ...]
    action_discs: int
    meeples: int
    start_prestige: int
    battle_prestige: tuple[int, ...]
    soldier_rice: int
    barge_coins: int
    exchanges: int
    disc_coins: int
    shipping_markers: int
    crates: int
    objectives_dealt: int
    objectives_scored: int
    leftovers_per_prestige: int
    excess_coins: int
    excess_prestige: int
    turn_order_spaces: int
    nomad_deck: str


@dataclass(frozen=True)
class Palace:
    """[palace]: what the four tracks share."""

    steps: int
    neutral_step: int
    tiles_per_step: int
    final: tuple[int, ...]  # prestige at the end for a marker on each step
    ranks: tuple[int, ...]  # prestige at the end for the farthest markers of a track


@dataclass(frozen=True)
class Figurines:
    kinds: tuple[str, ...]
    final: tuple[int, ...]  # prestige at the end for 0, 1, ... different figurines
    pass_coins: tuple[int, ...]  # the price of the k-th advance bought when passing


@dataclass(frozen=True)
class Solo:
    start: Amounts
    starting_buildings_drawn: int
    display_tiles: int
    emperor_palace_steps: int
    emperor_objectives: int
    difficulties: tuple[str, ...]
    nomad_decks: tuple[str, ...]  # the nomad attack deck of each difficulty

    def nomad_deck(self, difficulty: str) -> str:
        return self.nomad_decks[self.difficulties.index(difficulty)]


@dataclass(frozen=True)
class LiMuBoard:
    action_spaces: int
    action_markers: int
    walls: int
    open_cards: int
    barge_meeples: int


@dataclass(frozen=True)
class TwoPlayer:
    display_tiles: int
    bot_turns: int
    bot_cards: int
    bot_turn_order: int


@dataclass(frozen=True)
class Board:
    """Every piece of the board, by id where it has one, in the order board.toml lists them."""

    numbers: Numbers
    palace_colours: tuple[str, ...]
    piece_colours: tuple[str, ...]
    palace: Palace
    tracks: Mapping[str, Track]
    tokens: Mapping[str, str]
    regions: Mapping[str, Region]
    sites: Mapping[str, SiteSpec]
    buildings: Mapping[str, Building]
    barges: Mapping[str, Barge]
    wave_ships: int
    ports: Mapping[str, Port]
    demands: Mapping[str, Demand]
    ships: Mapping[str, Ship]
    walls: Mapping[str, WallSection]
    nomads: Mapping[str, NomadCard]
    most_strength: int
    attacks: Mapping[str, AttackCard]
    figurines: Figurines
    tiles: Mapping[str, Tile]
    objectives: Mapping[str, Objective]
    player_boards: Mapping[str, PlayerBoard]
    starting_buildings: Mapping[str, StartingBuilding]
    starting_supplies: Mapping[str, StartingSupply]
    solo: Solo
    li_mu: LiMuBoard
    two_player: TwoPlayer

    def deck(self, name: str) -> tuple[AttackCard, ...]:
        """The nomad attack cards of the Easy or the Normal deck."""
        return tuple(card for card in self.attacks.values() if card.deck == name)

    def tile_pool(self) -> tuple[str, ...]:
        """Every regular bonus tile, one id per copy: the pool set-up deals from."""
        return tuple(tile.id for tile in self.tiles.values() for _ in range(tile.copies))
