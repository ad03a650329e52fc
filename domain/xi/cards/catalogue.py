"""The Xi catalogue, loaded from cards.toml and checked against the schema at import.

The schema is docs/design/xi-cards.md, section 4.1: one table per card, its printed line in
`card`, its effects in `on_play`, `trigger`, `ability`, `static` and `until`. A card with an
unknown key, a missing field or a value of the wrong type is refused with the card and the field
named (`CardDataError`). The state holds card ids only; every fact about a card comes from here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from domain.xi.cards.vocabulary import (
    KINDS,
    TYPES,
    CardDataError,
    check_condition,
    check_cost,
    check_effect,
    check_keyword,
    check_selector,
    fail,
)

__all__ = ["CARDS", "Card", "CardDataError", "build", "load"]

_TOP = frozenset({"card", "keywords", "text", "known", "on", "on_play", "trigger", "ability", "static", "until"})
_PRINTED = frozenset({"name", "kind", "type", "cost", "damage", "life", "statement", "tag"})
_UNIT_ONLY = ("damage", "life")


@dataclass(frozen=True)
class Card:
    """One card as printed, and its effects as checked, frozen entries (read by step 4)."""

    id: str
    name: str
    kind: str  # unit | point | lasting | statement
    type: str  # aqua | ember | wind | stone | celestial | shadow
    cost_unit: str  # "t" or "pt"
    cost: int
    damage: int | None
    life: int | None
    statement: str | None
    tag: str | None
    keywords: tuple[str, ...]
    text: str
    known: str
    on: str | None
    on_play: tuple[tuple, ...]
    trigger: tuple[tuple, ...]
    ability: tuple[tuple, ...]
    static: tuple[tuple, ...]
    until: str | None

    @property
    def rule(self) -> str:
        """The card's own rule id, which events caused by it cite."""
        return f"xi.card.{self.id}"

    def to_json(self) -> dict[str, Any]:
        """The printed card as a view shows it."""
        shown = {"id": self.id, "name": self.name, "kind": self.kind, "type": self.type,
                 "cost": {self.cost_unit: self.cost}, "text": self.text, "keywords": list(self.keywords)}
        for name in ("damage", "life", "statement", "tag"):
            if getattr(self, name) is not None:
                shown[name] = getattr(self, name)
        return shown


def _string(card: str, field: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise fail(card, field, f"{value!r} is not a non-empty string")
    return value


def _printed(card_id: str, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise fail(card_id, "card", "the printed line is an inline table")
    for key in raw:
        if key not in _PRINTED:
            raise fail(card_id, f"card.{key}", f"no such field; one of {', '.join(sorted(_PRINTED))}")
    for key in ("name", "kind", "type", "cost"):
        if key not in raw:
            raise fail(card_id, f"card.{key}", "missing")
    _string(card_id, "card.name", raw["name"])
    if raw["kind"] not in KINDS:
        raise fail(card_id, "card.kind", f"{raw['kind']!r} is not a kind; one of {', '.join(KINDS)}")
    if raw["type"] not in TYPES:
        raise fail(card_id, "card.type", f"{raw['type']!r} is not a type; one of {', '.join(TYPES)}")
    unit = raw["kind"] == "unit"
    for key in _UNIT_ONLY:
        if unit and key not in raw:
            raise fail(card_id, f"card.{key}", "missing; a unit has damage and life")
        if not unit and key in raw:
            raise fail(card_id, f"card.{key}", "only a unit has damage and life")
        if key in raw and (type(raw[key]) is not int or raw[key] < (0 if key == "damage" else 1)):
            raise fail(card_id, f"card.{key}", f"{raw[key]!r}: damage is 0 or more, life 1 or more")
    if raw["kind"] == "statement":
        _string(card_id, "card.statement", raw.get("statement"))
    for key in ("statement", "tag"):
        if key in raw and raw["kind"] != "statement":
            raise fail(card_id, f"card.{key}", "only a statement has a statement and a tag")
    if "tag" in raw:
        _string(card_id, "card.tag", raw["tag"])
    return raw


def _card(card_id: str, raw: Any, ids: frozenset[str]) -> Card:
    if not isinstance(raw, dict):
        raise fail(card_id, "(table)", "a card is a table")
    for key in raw:
        if key not in _TOP:
            raise fail(card_id, key, f"no such field; one of {', '.join(sorted(_TOP))}")
    for key in ("card", "text", "known"):
        if key not in raw:
            raise fail(card_id, key, "missing")
    printed = _printed(card_id, raw["card"])
    unit, cost = check_cost(card_id, "card.cost", printed["cost"])
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list):
        raise fail(card_id, "keywords", "a list of keywords")
    if "on" in raw and printed["kind"] != "lasting":
        raise fail(card_id, "on", "only a lasting spell is cast on something")
    effects = {}
    for shape in ("on_play", "trigger", "ability", "static"):
        entries = raw.get(shape, [])
        if not isinstance(entries, list):
            raise fail(card_id, shape, "a list of inline tables")
        effects[shape] = tuple(check_effect(card_id, shape, i, entry, ids) for i, entry in enumerate(entries))
    return Card(
        id=card_id, name=printed["name"], kind=printed["kind"], type=printed["type"], cost_unit=unit, cost=cost,
        damage=printed.get("damage"), life=printed.get("life"), statement=printed.get("statement"),
        tag=printed.get("tag"),
        keywords=tuple(check_keyword(card_id, f"keywords[{i}]", k) for i, k in enumerate(keywords)),
        text=_string(card_id, "text", raw["text"]), known=_string(card_id, "known", raw["known"]),
        on=check_selector(card_id, "on", raw["on"]) if "on" in raw else None,
        until=check_condition(card_id, "until", raw["until"]) if "until" in raw else None,
        **effects,
    )


def build(data: Mapping[str, Any]) -> dict[str, Card]:
    """The catalogue a parsed cards.toml describes, or CardDataError naming the card and field."""
    ids = frozenset(data)
    cards: dict[str, Card] = {}
    for card_id, raw in data.items():
        if not card_id.replace("-", "").isalnum() or card_id != card_id.lower() or card_id.startswith("-"):
            raise fail(card_id, "(id)", "a card id is kebab-case: lower-case letters, digits and hyphens")
        cards[card_id] = _card(card_id, raw, ids)
    return cards


def load(path: Path = Path(__file__).parent / "cards.toml") -> Mapping[str, Card]:
    with path.open("rb") as file:
        return MappingProxyType(build(tomllib.load(file)))


CARDS = load()
"""Every card by id, in the order of cards.toml."""

ALL_IDS: tuple[str, ...] = tuple(CARDS)
NAME: dict[str, str] = {card.id: card.name for card in CARDS.values()}
