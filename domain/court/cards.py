"""The 54 Court cards, loaded from cards.toml and checked against the rulebook at import.

A court card has a role (Minister, Tax Collector, General, Poet, Courtesan), a clan (Sun, Moon,
Earth), a VP value and a Cost Modifier; Generals also have a strength. A Daemon Prince (Fire clan)
has a strength and a VP value and is never bought. The state holds card ids only.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

MINISTER, TAX_COLLECTOR, GENERAL, POET, COURTESAN, DAEMON = (
    "minister", "tax-collector", "general", "poet", "courtesan", "daemon")
ROLES = (MINISTER, TAX_COLLECTOR, GENERAL, POET, COURTESAN)
FIRE = "fire"
ROLE_NAMES = {MINISTER: "Minister", TAX_COLLECTOR: "Tax Collector", GENERAL: "General", POET: "Poet",
              COURTESAN: "Courtesan", DAEMON: "Daemon Prince"}

# The rulebook: 54 cards; 9 Daemon Princes ("all 9 Daemon Princes have been drawn"); three clans.
RULEBOOK_TOTAL = 54
RULEBOOK_DAEMONS = 9
RULEBOOK_CLANS = 3


@dataclass(frozen=True)
class Card:
    id: str
    role: str
    clan: str
    vp: int
    cost: int = 0
    strength: int = 0

    @property
    def is_daemon(self) -> bool:
        return self.role == DAEMON

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "role": self.role, "clan": self.clan, "vp": self.vp, "cost": self.cost,
                "strength": self.strength}


class CardDataError(ValueError):
    """cards.toml does not describe the rulebook's deck."""


@dataclass(frozen=True)
class Power:
    """What a role's cards do: a line for the card's face, and the rulebook's paragraph in full."""
    line: str
    text: str


def _powers(data: Mapping[str, Any]) -> dict[str, Power]:
    found = {role["name"]: role for role in data["roles"]} | {DAEMON: data["daemons"]}
    powers = {}
    for role in (*ROLES, DAEMON):
        line, text = found.get(role, {}).get("power", ""), found.get(role, {}).get("text", "")
        if not line.strip() or not text.strip():
            raise CardDataError(f"{ROLE_NAMES[role]}: every role has a power line and the rulebook's text")
        powers[role] = Power(line.strip(), " ".join(text.split()))
    return powers


def _build(data: Mapping[str, Any]) -> dict[str, Card]:
    clans = data["clans"]
    if len(clans) != RULEBOOK_CLANS or len(set(clans)) != RULEBOOK_CLANS:
        raise CardDataError(f"the court has {RULEBOOK_CLANS} clans, not {clans}")
    cards: dict[str, Card] = {}
    for role in data["roles"]:
        if role["name"] not in ROLES:
            raise CardDataError(f"no role {role['name']!r}")
        strengths = role.get("strength", [0] * len(role["vp"]))
        if role["name"] == GENERAL and not all(strengths):
            raise CardDataError("every General has a strength")
        for clan in clans:
            for n, (vp, cost, strength) in enumerate(zip(role["vp"], role["cost"], strengths, strict=True), start=1):
                card = Card(f"{role['name']}-{clan}-{n}", role["name"], clan, vp, cost, strength)
                cards[card.id] = card
    daemons = data["daemons"]
    for n, (strength, vp) in enumerate(zip(daemons["strength"], daemons["vp"], strict=True), start=1):
        cards[f"daemon-{n}"] = Card(f"daemon-{n}", DAEMON, FIRE, vp, 0, strength)
    if len(cards) != RULEBOOK_TOTAL:
        raise CardDataError(f"the deck has {len(cards)} cards, not {RULEBOOK_TOTAL}")
    if sum(card.is_daemon for card in cards.values()) != RULEBOOK_DAEMONS:
        raise CardDataError(f"the deck has {RULEBOOK_DAEMONS} Daemon Princes")
    if any(card.vp < 1 or card.cost < 0 for card in cards.values()):
        raise CardDataError("every card is worth at least 1 VP and no Cost Modifier is negative")
    return cards


DATA = tomllib.loads((Path(__file__).parent / "cards.toml").read_text())
CARDS: Mapping[str, Card] = MappingProxyType(_build(DATA))
ALL_IDS: tuple[str, ...] = tuple(CARDS)
CLANS: tuple[str, ...] = tuple(DATA["clans"])

# Plain dicts and a set of single facts: the rules look these up on every step, so keep them cheap.
ROLE: dict[str, str] = {card.id: card.role for card in CARDS.values()}
CLAN: dict[str, str] = {card.id: card.clan for card in CARDS.values()}
VP: dict[str, int] = {card.id: card.vp for card in CARDS.values()}
COST: dict[str, int] = {card.id: card.cost for card in CARDS.values()}
STRENGTH: dict[str, int] = {card.id: card.strength for card in CARDS.values()}
DAEMONS: frozenset[str] = frozenset(card.id for card in CARDS.values() if card.is_daemon)
POWERS: Mapping[str, Power] = MappingProxyType(_powers(DATA))


def name_of(card_id: str) -> str:
    """The card as a sentence names it: "the Sun Minister (2 VP)", "Daemon Prince 4 (strength 8)"."""
    card = CARDS[card_id]
    if card.is_daemon:
        return f"Daemon Prince {card_id.split('-')[1]} (strength {card.strength}, {card.vp} VP)"
    extra = f", strength {card.strength}" if card.role == GENERAL else ""
    return f"the {card.clan.capitalize()} {ROLE_NAMES[card.role]} ({card.vp} VP{extra})"
