"""Every game the service knows, by name."""

from __future__ import annotations

from domain.contract import Rules


def _load() -> dict[str, Rules]:
    from domain.chi import RULES as chi

    return {rules.name: rules for rules in (chi,)}


GAMES: dict[str, Rules] = _load()


def get(name: str) -> Rules:
    """The rules of the game `name`; KeyError when there is none."""
    return GAMES[name]
