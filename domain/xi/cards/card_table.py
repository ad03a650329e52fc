"""The catalogue as a readable Markdown table, one section to a type: what docs/xi-cards.md shows
and `chronicle cards xi` prints, made from cards.toml and decks.toml so the two never disagree."""

from __future__ import annotations

from domain.xi.cards.catalogue import CARDS, Card
from domain.xi.cards.decks import NAMED
from domain.xi.cards.vocabulary import TYPES

HEADING = """# Xi Cards: the card list

The catalogue of `domain/xi/cards/cards.toml` and the four starter decks of `domain/xi/cards/decks.toml`,
made by `chronicle cards xi` (a test checks that this page is what it prints). The rulebook names
31 of these cards; the others are designed for the starters (house rule 29 in
`docs/house-rules.md`). "Source" says where a card's values come from: a line of the rulebook
(`L<n>`), its FAQ, or "house" for ours; "Starter" the deck that holds it and how many copies.
"""


def _cost(card: Card) -> str:
    return f"{card.cost}{'pT' if card.cost_unit == 'pt' else 'T'}"


def _stats(card: Card) -> str:
    return f"{card.damage} / {card.life}" if card.kind == "unit" else ""


def _text(card: Card) -> str:
    if card.statement and card.text.rstrip(".") == card.statement:
        return f'"{card.statement}"'
    return f'"{card.statement}": {card.text}' if card.statement else card.text


def _starters(card: Card) -> str:
    return ", ".join(f"{name} ×{deck.count(card.id)}" for name, deck in NAMED.items() if card.id in deck)


def _summary() -> list[str]:
    lines = ["## The starters", "", "| Starter | Cards | Units | Spells | pT cards | Celestial or Shadow | Mean cost |",
             "|---|---|---|---|---|---|---|"]
    for name, deck in NAMED.items():
        cards = [CARDS[card] for card in deck]
        units = sum(card.kind == "unit" for card in cards)
        mean = sum(card.cost for card in cards) / len(cards)
        lines.append(f"| {name} | {len(cards)} | {units} | {len(cards) - units} | "
                     f"{sum(card.cost_unit == 'pt' for card in cards)} | "
                     f"{sum(card.type in ('celestial', 'shadow') for card in cards)} | {mean:.1f} |")
    return lines + [""]


def _source(card: Card) -> str:
    return "house" if card.known.startswith("house") else card.known.split(";")[0]


def render() -> str:
    """The whole page."""
    lines = [HEADING, *_summary()]
    for kind in TYPES:
        cards = [card for card in CARDS.values() if card.type == kind]
        lines += [f"## {kind.capitalize()} ({len(cards)} cards)", "",
                  "| Card | Kind | Cost | Damage / life | Text | Starter | Source |", "|---|---|---|---|---|---|---|"]
        lines += [f"| {card.name} | {card.kind} | {_cost(card)} | {_stats(card)} | {_text(card)} | {_starters(card)} "
                  f"| {_source(card)} |" for card in cards]
        lines.append("")
    return "\n".join(lines)
