"""The 52 Chi cards, loaded from cards.toml and checked against the rulebook at import.

A card is a Yin or a Yang of one of 12 colours, or a Chi (no colour). Yang cards carry their
colour's points (3 or 6); Yin and Chi cards carry none. The table is read-only: the state holds
card ids only, and every fact about a card comes from here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

YIN, YANG, CHI = "yin", "yang", "chi"
KINDS = (YIN, YANG, CHI)

# The rulebook's "Components": 24 Yin and 24 Yang in 12 colours, 4 Chi.
RULEBOOK_TOTALS = {YIN: 24, YANG: 24, CHI: 4}
RULEBOOK_COLOURS = 12


@dataclass(frozen=True)
class Card:
    """One card: its id, kind, colour (None for Chi) and points (Yang only)."""

    id: str
    kind: str
    colour: str | None
    points: int

    def to_json(self) -> dict[str, Any]:
        """The card as a view shows it."""
        return {"id": self.id, "kind": self.kind, "colour": self.colour, "points": self.points}


class CardDataError(ValueError):
    """cards.toml does not describe the rulebook's deck."""


def _build(data: Mapping[str, Any]) -> tuple[dict[str, Card], dict[str, int]]:
    colours: dict[str, int] = {}
    for entry in data["colours"]:
        name, points = entry["name"], entry["yang_points"]
        if name in colours:
            raise CardDataError(f"colour {name!r} is listed twice")
        if points not in (3, 6):
            raise CardDataError(f"colour {name!r}: Yang cards are worth 3 or 6 points, not {points}")
        colours[name] = points
    cards: dict[str, Card] = {}
    for name, points in colours.items():
        for n in range(1, data["yin_per_colour"] + 1):
            cards[f"yin-{name}-{n}"] = Card(f"yin-{name}-{n}", YIN, name, 0)
        for n in range(1, data["yang_per_colour"] + 1):
            cards[f"yang-{name}-{n}"] = Card(f"yang-{name}-{n}", YANG, name, points)
    for n in range(1, data["chi_cards"] + 1):
        cards[f"chi-{n}"] = Card(f"chi-{n}", CHI, None, 0)
    return cards, colours


def _check(cards: Mapping[str, Card], colours: Mapping[str, int]) -> None:
    if len(colours) != RULEBOOK_COLOURS:
        raise CardDataError(f"the rulebook has {RULEBOOK_COLOURS} colours, cards.toml {len(colours)}")
    for kind, total in RULEBOOK_TOTALS.items():
        found = sum(1 for card in cards.values() if card.kind == kind)
        if found != total:
            raise CardDataError(f"the rulebook has {total} {kind} cards, cards.toml makes {found}")


def _load() -> tuple[Mapping[str, Card], Mapping[str, int]]:
    with (Path(__file__).parent / "cards.toml").open("rb") as file:
        cards, colours = _build(tomllib.load(file))
    _check(cards, colours)
    return MappingProxyType(cards), MappingProxyType(colours)


CARDS, YANG_POINTS = _load()
"""Every card by id, in deck order (colour by colour, then the Chi); each colour's Yang points."""

COLOURS: tuple[str, ...] = tuple(YANG_POINTS)
ALL_IDS: tuple[str, ...] = tuple(CARDS)

# Plain dicts of single facts: the rules look these up on every move, so keep them cheap.
KIND: dict[str, str] = {card.id: card.kind for card in CARDS.values()}
COLOUR: dict[str, str | None] = {card.id: card.colour for card in CARDS.values()}
POINTS: dict[str, int] = {card.id: card.points for card in CARDS.values()}
YINS: frozenset[str] = frozenset(card.id for card in CARDS.values() if card.kind == YIN)


# Each card's face as a view shows it, made once and shared (read only): the search's playout
# views hand these out, and its playout bot reads a card named by an action here.
FACES: dict[str, dict[str, Any]] = {card_id: card.to_json() for card_id, card in CARDS.items()}


def card_json(card_id: str) -> dict[str, Any]:
    """The card object {id, kind, colour, points} a view shows for `card_id`."""
    return CARDS[card_id].to_json()


def label(card_id: str) -> str:
    """The card without an article: "red Yin", "gold Yang (6)", "Chi"."""
    card = CARDS[card_id]
    if card.kind == CHI:
        return "Chi"
    if card.kind == YANG:
        return f"{card.colour} Yang ({card.points})"
    return f"{card.colour} Yin"


def name_of(card_id: str) -> str:
    """The card as a sentence names it: "the red Yin", "the gold Yang (6)", "a Chi"."""
    return ("a " if KIND[card_id] == CHI else "the ") + label(card_id)
