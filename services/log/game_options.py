"""The options of a new game: the service's own (sandbox, casual) and the game's, checked before a
game is created, a challenge is offered or an audit re-runs a game's setup."""

from __future__ import annotations

from typing import Any, Mapping

from services.errors import InvalidRequest

OPTIONS = {"sandbox": bool, "casual": bool}  # casual: the game counts for no rating (projections.ratings)


def checked_options(options: Mapping[str, Any] | None, rules: Any = None) -> dict[str, Any]:
    """The game options a client may set (the service's and the game's own, `rules.options`, with
    the values `rules.option_choices` allows); anything else is refused, naming it. The game's
    `option_defaults` fill the options not given: the game records them at creation."""
    known = {**OPTIONS, **rules.option_types}
    choices = rules.option_choices
    options = dict(options or {})
    for key, value in options.items():
        if key not in known:
            raise InvalidRequest(f"there is no option '{key}' (known: {', '.join(known)})", f"options.{key}")
        if not isinstance(value, known[key]) or (known[key] is int and isinstance(value, bool)):
            raise InvalidRequest(f"option '{key}' is a {known[key].__name__}", f"options.{key}")
        if key in choices and value not in choices[key]:
            raise InvalidRequest(f"option '{key}' is one of {', '.join(map(str, choices[key]))}", f"options.{key}")
    return rules.new_game_options(options) if rules is not None else options
