"""The checks every game's scenario makes of its fields, and the deck it lays out.

A scenario names where cards lie; each game's own module (`domain/<game>/scenario.py`) knows its
table. What they share: a refusal cites the game's scenario rule and starts with the field at
fault (`scenario.hands[1][0]: ...`); a card is named once at most; the cards a scenario does not
name go under the named deck in an order shuffled by the game's generator, so they are as unknown
as in any deal.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.errors import IllegalAction
from domain.rng import Rng

Placed = Sequence[tuple[str, Sequence[str]]]  # (the field naming them, the cards), in the order laid out


def is_list(value: Any) -> bool:
    return isinstance(value, (list, tuple))


class ScenarioFields:
    """One game's scenario checks: its rule id, what its game and cards are called, its card ids."""

    def __init__(self, rule: str, game: str, card_noun: str, ids: Sequence[str]):
        self.rule, self.game, self.card_noun, self.ids = rule, game, card_noun, tuple(ids)
        self._known = frozenset(ids)

    def refuse(self, reason: str) -> IllegalAction:
        return IllegalAction(reason, rule=self.rule)

    def fields(self, value: Any, where: str, fields: Sequence[str], what: str) -> Mapping[str, Any]:
        """An object with no field but `fields` (`what` it is, in words: "a scenario", "a seat")."""
        if not isinstance(value, Mapping):
            raise self.refuse(f"{where}: {what}, a JSON object with the fields {', '.join(fields)}, not {value!r}")
        for name in value:
            if name not in fields:
                raise self.refuse(f"{where}.{name}: no such field; {what} has {', '.join(fields)}")
        return value

    def card(self, value: Any, where: str, *, empty_allowed: bool = False) -> Any:
        """A card id (or None for an empty place, where one may be empty)."""
        if value is None and empty_allowed:
            return None
        if not isinstance(value, str):
            wanted = "a card id or null (an empty slot)" if empty_allowed else "a card id"
            raise self.refuse(f"{where}: {value!r} is not {wanted}")
        if value not in self._known:
            raise self.refuse(f"{where}: {value!r} is not the id of {self.card_noun}")
        return value

    def cards(self, value: Any, where: str) -> list[str]:
        if not is_list(value):
            raise self.refuse(f"{where}: a list of card ids, not {value!r}")
        return [self.card(card, f"{where}[{i}]") for i, card in enumerate(value)]

    def whole_number(self, value: Any, where: str, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.refuse(f"{where}: {value!r} is not {what} (a whole number, 0 or more)")
        return value

    def every_card_once(self, placed: Placed) -> int:
        """How many cards are named; refused if more than the game has or one is named twice."""
        named = sum(len(cards) for _, cards in placed)
        if named > len(self.ids):
            raise self.refuse(f"scenario: {named} cards are named, but {self.game} has {len(self.ids)}")
        self.no_card_twice(placed)
        return named

    def no_card_twice(self, placed: Placed) -> None:
        """Refused, naming the field, if a card is named twice."""
        first: dict[str, str] = {}
        for where, cards in placed:
            for card in cards:
                if card in first:
                    also = "" if first[card] == where else f" (also in {first[card]})"
                    raise self.refuse(f"{where}: {card} is listed twice{also}")
                first[card] = where

    def unnamed(self, placed: Placed, rng: Rng) -> list[str]:
        """The cards named nowhere, in an order shuffled by the game's generator."""
        named = {card for _, cards in placed for card in cards}
        return rng.shuffle([card for card in self.ids if card not in named])

    def deck_order(self, placed: Placed, rng: Rng) -> list[str]:
        """Every card top first: the named ones as laid out, then the unnamed ones shuffled."""
        return [card for _, cards in placed for card in cards] + self.unnamed(placed, rng)
