"""Tianxia's scenario fields: the shared refusals (domain.scenario_fields: the rule
`tianxia.scenario`, the field at fault first, a card named once at most), and the values a Tianxia
table holds: whole numbers in a range, ids of the board's pieces, owners (seats, the rival, the
neutral pieces), lists of a size, objects keyed by the board's ids.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.errors import IllegalAction
from domain.scenario_fields import ScenarioFields
from domain.tianxia.board.rivals import RIVALS

RULE = "tianxia.scenario"


class TableFields(ScenarioFields):
    """The checks of one game's scenario values; `ids` are the cards a field may name (a rival's)."""

    def fail(self, where: str, why: str) -> IllegalAction:
        """A refusal naming the field, as `scenario.<where>`."""
        return self.refuse(f"scenario.{where}: {why}")

    def whole(self, value: Any, where: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise self.fail(where, f"{value!r} is not a whole number from {low} to {high}")
        return value

    def one_of(self, value: Any, where: str, allowed: list) -> Any:
        if value not in allowed or isinstance(value, bool):
            shown = ", ".join(map(str, allowed[:12])) + (" ..." if len(allowed) > 12 else "")
            raise self.fail(where, f"{value!r} is not one of {shown}")
        return value

    def list_of(self, value: Any, where: str, fewest: int, most: int) -> list:
        if not isinstance(value, list) or not fewest <= len(value) <= most:
            size = f"{fewest}" if fewest == most else f"{fewest} to {most}"
            raise self.fail(where, f"a list of {size} was expected")
        return value

    def ids_of(self, value: Any, where: str, known: Mapping[str, Any], most: int = 200) -> list[str]:
        return [self.one_of(item, f"{where}[{n}]", list(known)) for n, item in enumerate(self.list_of(value, where, 0, most))]

    def owners_of(self, value: Any, where: str, owners: list[int], most: int) -> list[int]:
        return [self.one_of(item, f"{where}[{n}]", owners) for n, item in enumerate(self.list_of(value, where, 0, most))]

    def permutation(self, value: Any, where: str, owners: list[int]) -> list[int]:
        if not isinstance(value, list) or sorted(value) != owners:
            raise self.fail(where, f"every owner {owners} once, in turn order")
        return list(value)

    def subset(self, value: Any, where: str, owners: list[int]) -> list[int]:
        found = self.owners_of(value, where, owners, len(owners))
        if len(set(found)) != len(found):
            raise self.fail(where, "an owner twice")
        return found

    def keyed(self, value: Any, where: str, known: Mapping[str, Any], partial: bool = False) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"an object keyed by {', '.join(known)}")
        for key in value:
            self.one_of(key, f"{where}", list(known))
        if not partial and set(value) != set(known):
            raise self.fail(where, f"every one of {', '.join(known)} is needed")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if type(value) is not bool:
            raise self.fail(where, f"{value!r} is not true or false")
        return value

    def distinct(self, values: list[str], where: str) -> list[str]:
        if len(set(values)) != len(values):
            raise self.fail(where, "never two of a kind (tianxia.figurine.one-each)")
        return values


FIELDS = TableFields(RULE, "Tianxia", "a piece of the board", ())
# Each rival's cards are named once at most: Li Mu's among his stacks, and again among the cards of
# the round (his deck is drawn from the stacks), the Bot's among its board, deck and discards.
CARDS = {"li-mu": TableFields(RULE, "Li Mu", "a card of Li Mu's", [card.id for card in RIVALS.deck("li-mu")]),
         "bot": TableFields(RULE, "the Bot", "a card of the Bot's", [card.id for card in RIVALS.deck("bot")])}
