"""A game's state as JSON and back, for the events that must carry a whole state (a takeback
restores the table as it was). Dataclasses are objects tagged with their class name, which the
game declares in `rules.state_types`; everything else in a state is JSON already. A field a state
is not built with (`init=False`: a cache such as Xi's `memo`) is no part of it and is never written."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

TAG = "__state__"


def stored_fields(value: Any) -> list[Any]:
    """The fields of a state dataclass that make the state: those its constructor takes."""
    return [f for f in fields(value) if f.init]


def encode(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        return {TAG: type(value).__name__, **{f.name: encode(getattr(value, f.name)) for f in stored_fields(value)}}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {key: encode(item) for key, item in value.items()}
    return value


def decode(rules: Any, value: Any) -> Any:
    if isinstance(value, list):
        return [decode(rules, item) for item in value]
    if isinstance(value, dict):
        if TAG in value:
            types = {cls.__name__: cls for cls in rules.state_types}
            return types[value[TAG]](**{key: decode(rules, item) for key, item in value.items() if key != TAG})
        return {key: decode(rules, item) for key, item in value.items()}
    return value
