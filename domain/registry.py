"""Every game the service knows, by name."""

from __future__ import annotations

from typing import Any

from domain.game import Game


def _load() -> dict[str, Game[Any]]:
    from domain.chi import RULES as chi
    from domain.court import RULES as court
    from domain.tianxia import RULES as tianxia
    from domain.xanadu import RULES as xanadu
    from domain.xi import RULES as xi

    return {rules.name: rules for rules in (chi, court, xanadu, xi, tianxia)}


GAMES: dict[str, Game[Any]] = _load()


def get(name: str) -> Game[Any]:
    """The game `name`; KeyError when there is none."""
    return GAMES[name]
