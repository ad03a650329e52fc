"""How the card vocabulary's selectors, amounts and conditions read a table (design 4.1), written
once for every table that can answer a few plain questions: the rules' own (board.py, on the
state and its derived stats) and the bots' copy of a public table (bots/whatif.py).

A selector names a target (`target:...`), players (`controller`, `opponents`), what an answer
acts on (`declared`, `skirmish`: read by its own action, so nothing here), or units; an amount is
a number, the damage just dealt, `copies(<card>)` or `count(<selector>)`; a condition is a tag
made true by a statement, the holder's own turn, the target's kind or type, the type of the
attacker of the skirmish under way, or a count of units. The conditions of `until` are read by
the state checks (engine/checks.py), never here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Set
from typing import Any, Protocol

from domain.xi.language.layers import passes, split

_COUNT = re.compile(r"count\((.+)\) >= (\d+)$")
_FUNCTION = re.compile(r"(count|copies)\((.+)\)$")


class Cause(Protocol):
    """What an entry acts for, as far as the vocabulary reads it."""

    seat: int
    target: Any
    dealt: int


class Table(Protocol):
    """What the vocabulary asks of a table."""

    def named(self, target: Any) -> list[Any]:
        """The named target as this table holds it, while it is there (a seat always is); else []."""

    def selected(self, selector: str, cause: Any) -> list[Any]:
        """The units a units selector takes for `cause`, in order of entry."""

    def opponents(self, seat: int) -> list[int]:
        """The seats still in, other than `seat`."""

    def copies(self, card: str) -> int:
        """The copies of `card` in play, as units and as lasting spells or statements."""

    def true_tags(self) -> Set[str]:
        """The facts the statements in play make true."""

    def active(self) -> int | None:
        """Whose turn it is."""

    def unit_type(self, target: Any) -> str | None:
        """The type of the unit `target`, while it is in play; None for a seat or a unit gone."""

    def attacker_type(self) -> str | None:
        """The type of the attacker of the skirmish under way, while it is in play."""


def unit_options(selector: str, seat: int, units: Iterable[tuple[str, int, str]]) -> tuple[str, ...]:
    """The units a `target:` selector of a card `seat` controls may name (xi.house.targets), from
    each unit in play's (id, controller, type): any unit for `unit` and `unit_or_player` (yours
    too), yours or the others' for `own_unit` and `opposing_unit`; each passing its filters."""
    base, *filters = selector.split("+")
    kind = base.split(":", 1)[1]
    # All units through the filters (what `selects` answers of "all_units+<filters>"), asked in a
    # loop without its call for each unit, nor a generator's.
    parsed = split("+".join(["all_units", *filters]))[1]
    anyone, own = kind in ("unit", "unit_or_player"), kind == "own_unit"
    found = []
    for uid, controller, type_ in units:
        if (anyone or (controller == seat) == own) and (not parsed or passes(parsed, type_)):
            found.append(uid)
    return tuple(found)


def resolve(table: Table, selector: str, cause: Cause) -> list[Any]:
    """What `selector` takes now for `cause`: its target if that is still there, the players it
    names, or the units it selects."""
    base = selector.split("+", 1)[0]
    if base.startswith("target:"):
        return table.named(cause.target) if cause.target is not None else []
    if base == "controller":
        return [cause.seat]
    if base == "opponents":
        return table.opponents(cause.seat)
    if base in ("declared", "skirmish"):
        return []  # what an answer acts on is read by its own action (effects.py)
    return table.selected(selector, cause)


def amount(table: Table, value: int | str, cause: Cause) -> int:
    """An amount: a number, count(<selector>), copies(<card>), or the damage just dealt."""
    if type(value) is int:
        return value
    if value == "dealt":
        return cause.dealt
    called = _FUNCTION.match(value)
    if called.group(1) == "copies":
        return table.copies(called.group(2))
    return len(table.selected(called.group(2), cause))


def holds(table: Table, condition: str, cause: Cause) -> bool:
    """Whether an `if` condition holds for `cause` now."""
    if condition.startswith("tag:"):
        return condition[4:] in table.true_tags()
    if condition == "own_turn":
        return table.active() == cause.seat
    if condition == "target_is_player":
        return isinstance(cause.target, int)
    if condition.startswith("target_type:"):
        return table.unit_type(cause.target) == condition.split(":", 1)[1]
    if condition.startswith("attacker_not_type:"):
        attacker = table.attacker_type()
        return attacker is not None and attacker != condition.split(":", 1)[1]
    counted = _COUNT.match(condition)
    if counted:
        return len(table.selected(counted.group(1), cause)) >= int(counted.group(2))
    raise ValueError(f"{condition!r} is a condition of `until`, read by checks.py")
