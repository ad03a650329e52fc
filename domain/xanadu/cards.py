"""The Xanadu building deck, loaded from cards.toml and checked against the rulebook at import.

A building has a name, a colour, a cost (resources), passive resources (its owner's while it is in
play), rows of harvestable resources covered by workers from the bottom up (a row's Favor, if
any, is its owner's for good once a worker covers it), and value circles: the building is worth
the lowest circle no worker covers (`values[workers]`). The state holds card ids only.

The deck has editions (house rule 1): the same 75 buildings, the same names and colours, with
other rows, Favors or values. A game plays the edition in its options (`edition`), which the
service records at creation; a game stored without one plays the first, as it was dealt.
`deck(edition)` is an edition's deck; `CARDS` is the first edition's.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

COMMON = ("wood", "clay", "stone", "water")
UNCOMMON = ("silk", "ink", "porcelain")
RARE = ("gold", "bronze")
VERY_RARE = ("jade",)
RESOURCES = COMMON + UNCOMMON + RARE + VERY_RARE
COLOURS = ("brown", "blue", "yellow", "green", "magenta")
# The rulebook's counts by colour (they sum to 75, not the 74 it also states: house rule 1).
RULEBOOK_COLOURS = {"brown": 24, "blue": 24, "yellow": 12, "green": 11, "magenta": 4}
END_MARKER = "end-of-game"


@dataclass(frozen=True)
class Row:
    harvest: tuple[str, ...]
    favor: str | None


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    colour: str
    cost: tuple[str, ...]
    passive: tuple[str, ...]
    rows: tuple[Row, ...]
    values: tuple[int, ...]

    def value(self, workers: int) -> int:
        """What the building is worth with `workers` rows covered."""
        return self.values[workers]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "colour": self.colour, "cost": list(self.cost),
                "passive": list(self.passive), "rows": [{"harvest": list(row.harvest), "favor": row.favor} for row in self.rows],
                "values": list(self.values)}


class CardDataError(ValueError):
    """cards.toml does not describe the rulebook's deck."""


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _build(data: Mapping[str, Any]) -> dict[str, Building]:
    cards: dict[str, Building] = {}
    for entry in data["buildings"]:
        rows = tuple(Row(tuple(row["harvest"]), row.get("favor")) for row in entry["rows"])
        card = Building(slug(entry["name"]), entry["name"], entry["colour"], tuple(entry["cost"]), tuple(entry["passive"]),
                        rows, tuple(entry["values"]))
        if card.id in cards:
            raise CardDataError(f"two buildings are called {card.name!r}")
        if card.colour not in COLOURS:
            raise CardDataError(f"{card.name}: no colour {card.colour!r}")
        named = list(card.cost) + list(card.passive) + [r for row in rows for r in row.harvest] + [row.favor for row in rows if row.favor]
        if any(resource not in RESOURCES for resource in named):
            raise CardDataError(f"{card.name}: a resource that is not one of {RESOURCES}")
        if len(card.values) != len(rows) + 1 or not rows:
            raise CardDataError(f"{card.name}: one value circle per row, and one on top")
        cards[card.id] = card
    counts = {colour: sum(1 for card in cards.values() if card.colour == colour) for colour in COLOURS}
    if counts != RULEBOOK_COLOURS:
        raise CardDataError(f"the colours count {counts}, not {RULEBOOK_COLOURS}")
    return cards


# Each edition's data: the first is the deck every game stored before editions was dealt; never
# change a published edition (its games replay from it), add one.
EDITION_FILES = {1: "cards.toml", 2: "cards-2.toml"}
FIRST_EDITION = 1
LATEST_EDITION = max(EDITION_FILES)


def _load(name: str) -> Mapping[str, Building]:
    return MappingProxyType(_build(tomllib.loads((Path(__file__).parent / name).read_text())))


DECKS: Mapping[int, Mapping[str, Building]] = MappingProxyType(
    {edition: _load(name) for edition, name in EDITION_FILES.items()})
CARDS: Mapping[str, Building] = DECKS[FIRST_EDITION]
ALL_IDS: tuple[str, ...] = tuple(CARDS)
for _edition, _deck in DECKS.items():
    if tuple(_deck) != ALL_IDS or any(_deck[card].colour != CARDS[card].colour for card in ALL_IDS):
        raise CardDataError(f"edition {_edition} does not hold the same buildings, in the same order and colours, as the first")


def deck(edition: int) -> Mapping[str, Building]:
    """The buildings of an edition of the deck."""
    return DECKS[edition]


def name_of(card_id: str) -> str:
    return "the END OF GAME marker" if card_id == END_MARKER else f"the {CARDS[card_id].name}"
