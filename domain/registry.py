"""Every game the service knows, by name."""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Rules


def _load() -> dict[str, Rules]:
    from domain.chi import RULES as chi
    from domain.court import RULES as court
    from domain.tianxia import RULES as tianxia
    from domain.xanadu import RULES as xanadu
    from domain.xi import RULES as xi

    return {rules.name: rules for rules in (chi, court, xanadu, xi, tianxia)}


GAMES: dict[str, Rules] = _load()


def get(name: str) -> Rules:
    """The rules of the game `name`; KeyError when there is none."""
    return GAMES[name]


def new_game_options(rules: Rules, options: Any) -> dict[str, Any]:
    """A new game's options: those given, and the game's `option_defaults` for the others (what a
    game records at creation, e.g. the newest edition of its deck, so that it keeps it)."""
    return {**getattr(rules, "option_defaults", {}), **dict(options or {})}


def played_options(rules: Rules, options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own options as a stored game plays them, those it was made before included (a
    fork plays on under them)."""
    own = getattr(rules, "options", {})
    return {**getattr(rules, "stored_option_defaults", {}), **{key: options[key] for key in own if key in options}}
