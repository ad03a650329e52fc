"""Every game the service knows, by name."""

from __future__ import annotations

from domain.contract import Rules


def _load() -> dict[str, Rules]:
    from domain.chi import RULES as chi
    from domain.court import RULES as court
    from domain.xanadu import RULES as xanadu

    return {rules.name: rules for rules in (chi, court, xanadu)}


GAMES: dict[str, Rules] = _load()


def get(name: str) -> Rules:
    """The rules of the game `name`; KeyError when there is none."""
    return GAMES[name]
