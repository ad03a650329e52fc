"""The words cards.toml may use (design section 4.1) and the checks of each effect entry.

An effect is checked and frozen here into an `Effect` (its keys as a sorted tuple of pairs), so a
card with a word the rules do not know is refused at import, naming the card and the field. What
each word *does* is the interpreter's (step 4); this module only knows which words exist.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

TYPES = ("aqua", "ember", "wind", "stone", "celestial", "shadow")
ELEMENTS = TYPES[:4]
KINDS = ("unit", "point", "lasting", "statement")
ACTIONS = frozenset({"damage", "heal", "lose_life", "gain_life", "move_life", "destroy", "return_to_hand", "draw",
                     "gain_pt", "prevent", "cancel_skirmish", "add_effect", "take_control"})
SELECTORS = frozenset({"self", "attached", "controller", "opponents", "target:unit", "target:unit_or_player",
                       "target:own_unit", "target:opposing_unit", "own_units", "opposing_units", "all_units",
                       "declared", "skirmish"})
WHEN = frozenset({"turn_start", "own_turn_start", "destroyed", "deals_damage"})
LAYERS = frozenset({"1", "2", "3", "4a", "4b", "4c", "5a", "5b"})
LISTS = frozenset({"restriction", "cost", "tag", "damage"})
OPS = frozenset({"set", "add", "multiply", "grant", "immune", "cannot_skirmish", "skirmishes_per_turn"})
DURATIONS = frozenset({"until_end_of_turn"})
CHOICES = frozenset({"element"})
CHOOSERS = frozenset({"controller"})
CODES = frozenset({"thesis"})  # functions of domain/xi/language/special.py (step 4)

_FILTER = re.compile(r"(not_)?type:(" + "|".join(TYPES) + r")$")
_COUNT = re.compile(r"count\((.+)\) >= (\d+)$")
_FUNCTION = re.compile(r"(count|copies)\((.+)\)$")
_KEYWORD = re.compile(r"untargetable$|immune:(" + "|".join(TYPES) + r")$|reduce:[1-9]\d*$")
_TYPE = "|".join(TYPES)
_CONDITION = re.compile(rf"tag:[a-z][a-z-]*$|own_turn$|target_type:({_TYPE})$|target_is_player$"
                        rf"|attacker_not_type:({_TYPE})$|controller_lost_life$|life_at_most_base_max$")

# The conditions a static may carry, by where it sits: each is read by that layer's or list's query.
_STATIC_IF = {"layer": re.compile(r"tag:[a-z][a-z-]*$"),
              "damage": re.compile(rf"target_type:({_TYPE})$|target_is_player$"),
              "restriction": re.compile(r"(?!)"), "cost": re.compile(r"(?!)"), "tag": re.compile(r"(?!)")}

# The keys each shape of effect may have, and those it must have.
SHAPES: Mapping[str, tuple[frozenset[str], frozenset[str]]] = {
    "on_play": (frozenset({"do", "to", "amount", "type", "if", "bonus", "effect", "choose"}), frozenset({"do", "to"})),
    "trigger": (frozenset({"when", "do", "to", "amount", "type", "if", "chooser"}), frozenset({"when", "do", "to"})),
    "ability": (frozenset({"cost", "do", "to", "from", "amount", "limit", "effect", "choose"}),
                frozenset({"cost", "do", "to"})),
    "static": (frozenset({"layer", "list", "op", "value", "code", "to", "if"}), frozenset({"op", "to"})),
}


class CardDataError(ValueError):
    """cards.toml breaks the schema; the message names the card and the field."""


def fail(card: str, field: str, why: str) -> CardDataError:
    return CardDataError(f"{card}: {field}: {why}")


def check_selector(card: str, field: str, value: Any) -> str:
    if not isinstance(value, str):
        raise fail(card, field, f"{value!r} is not a selector (a string)")
    base, *filters = value.split("+")
    if base not in SELECTORS:
        raise fail(card, field, f"{base!r} is not a selector; one of {', '.join(sorted(SELECTORS))}")
    for part in filters:
        if not _FILTER.match(part):
            raise fail(card, field, f"{part!r} is not a filter (type:<t> or not_type:<t>)")
    return value


def check_condition(card: str, field: str, value: Any) -> str:
    if isinstance(value, str):
        counted = _COUNT.match(value)
        if counted:
            check_selector(card, field, counted.group(1))
            return value
        if _CONDITION.match(value):
            return value
    raise fail(card, field, f"{value!r} is not a condition")


def check_amount(card: str, field: str, value: Any, cards: frozenset[str]) -> int | str:
    if type(value) is int and value >= 0:
        return value
    if value == "dealt":
        return value
    called = _FUNCTION.match(value) if isinstance(value, str) else None
    if called and called.group(1) == "count":
        check_selector(card, field, called.group(2))
        return value
    if called and called.group(2) in cards:
        return value
    raise fail(card, field, f"{value!r} is not an amount (n, count(<selector>), copies(<card>) or dealt)")


def check_cost(card: str, field: str, value: Any) -> tuple[str, int]:
    """A cost is exactly one of { t = n } or { pt = n }, pT at least 1 (xi.house.zero-pt)."""
    if not isinstance(value, dict) or len(value) != 1 or not value.keys() <= {"t", "pt"}:
        raise fail(card, field, f"{value!r} is not a cost: exactly one of {{ t = n }} or {{ pt = n }}")
    (unit, amount), = value.items()
    if type(amount) is not int or amount < (1 if unit == "pt" else 0):
        raise fail(card, field, f"{unit} = {amount!r}: a T cost is 0 or more, a pT cost 1 or more")
    return unit, amount


def check_keyword(card: str, field: str, value: Any) -> str:
    if isinstance(value, str) and _KEYWORD.match(value):
        return value
    raise fail(card, field, f"{value!r} is not a keyword (untargetable, immune:<type>, reduce:<n>)")


def check_effect(card: str, shape: str, index: int, entry: Any, cards: frozenset[str]) -> tuple:
    """One entry of `on_play`, `trigger`, `ability` or `static`, frozen as sorted (key, value) pairs."""
    where = f"{shape}[{index}]"
    if not isinstance(entry, dict):
        raise fail(card, where, "an effect is an inline table")
    allowed, needed = SHAPES[shape]
    for key in entry:
        if key not in allowed:
            raise fail(card, f"{where}.{key}", f"no such key; a {shape} entry has {', '.join(sorted(allowed))}")
    for key in sorted(needed):
        if key not in entry:
            raise fail(card, f"{where}.{key}", "missing")
    if shape == "static" and ("layer" in entry) == ("list" in entry):
        raise fail(card, where, "a static has exactly one of layer or list")
    if shape == "static" and "if" in entry and not _STATIC_IF[entry.get("list", "layer")].match(str(entry["if"])):
        raise fail(card, f"{where}.if", f"{entry['if']!r}: a layered static's condition is tag:<t>; "
                                        "a damage modifier's is target_type:<t> or target_is_player; "
                                        "other lists take none")
    return tuple(sorted((key, _checked(card, f"{where}.{key}", key, value, cards)) for key, value in entry.items()))


# The keys whose value is one word of a closed list, and what such a word is called.
_WORDS = {"do": (ACTIONS, "an action"), "type": (TYPES, "a type"), "when": (WHEN, "an event"),
          "layer": (LAYERS, "a layer"), "list": (LISTS, "a typed list"), "op": (OPS, "an operation"),
          "code": (CODES, "a function of special.py"), "choose": (CHOICES, "a choice this vocabulary knows"),
          "chooser": (CHOOSERS, "a chooser this vocabulary knows")}


def _checked(card: str, field: str, key: str, value: Any, cards: frozenset[str]) -> Any:
    if key in _WORDS:
        words, what = _WORDS[key]
        if not isinstance(value, str) or value not in words:
            raise fail(card, field, f"{value!r} is not {what}; one of {', '.join(sorted(words))}")
    if key in ("to", "from"):
        return check_selector(card, field, value)
    if key == "if":
        return check_condition(card, field, value)
    if key == "amount":
        return check_amount(card, field, value, cards)
    if key == "cost":
        return check_cost(card, field, value)
    if key == "limit" and (type(value) is not int or value < 1):
        raise fail(card, field, f"{value!r}: a limit is a whole number, 1 or more")
    if key == "value" and not _is_value(value):
        raise fail(card, field, f"{value!r}: a value is an integer, a word or a list of words")
    if key == "bonus":
        return _bonus(card, field, value)
    if key == "effect":
        return _inner_effect(card, field, value)
    return tuple(value) if isinstance(value, list) else value


def _is_value(value: Any) -> bool:
    if isinstance(value, list):
        return all(isinstance(item, str) for item in value)
    return type(value) in (int, str)


def _bonus(card: str, field: str, value: Any) -> tuple:
    if not isinstance(value, dict) or value.keys() != {"if", "add"} or type(value["add"]) is not int:
        raise fail(card, field, "a bonus is { if = <condition>, add = n }")
    return (("add", value["add"]), ("if", check_condition(card, f"{field}.if", value["if"])))


def _inner_effect(card: str, field: str, value: Any) -> tuple:
    """The static an `add_effect` starts: a layer or a list, an op, maybe a value, and its duration."""
    allowed = {"layer", "list", "op", "value", "duration"}
    if not isinstance(value, dict):
        raise fail(card, field, "an effect is an inline table")
    for key in value:
        if key not in allowed:
            raise fail(card, f"{field}.{key}", f"no such key; an effect has {', '.join(sorted(allowed))}")
    for key in ("op", "duration"):
        if key not in value:
            raise fail(card, f"{field}.{key}", "missing")
    if value["duration"] not in DURATIONS:
        raise fail(card, f"{field}.duration", f"{value['duration']!r} is not a duration")
    if ("layer" in value) == ("list" in value):
        raise fail(card, field, "an effect has exactly one of layer or list")
    return tuple(sorted((key, _checked(card, f"{field}.{key}", key, item, frozenset()))
                        for key, item in value.items()))
