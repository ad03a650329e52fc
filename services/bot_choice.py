"""How a bot decides: from its seat's view and the legal actions only, never the whole state.

The bot's name, version and the hash of the view it was given go with its move (`actor`), so its
choice can be re-run and checked.
"""

from __future__ import annotations

from typing import Any

from domain.canonical import sha256_of
from domain.rng import Rng
from services.game import Game


def bot_rng(seed: str, version: int) -> Rng:
    """The bot's own random stream for its decision on `version` (not the rules' stream)."""
    return Rng(seed, f"bot:{version}")


def bot_decision(game: Game, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action bot `name` takes for the seat to act, and the actor record of its move."""
    rules = game.rules
    seat = game.to_act()
    view = rules.view(game.state, seat)
    bot = rules.bots[name]
    action = bot.choose(view, rules.legal_actions(game.state, seat), bot_rng(game.seed, game.version))
    return action, {"bot": bot.name, "bot_version": bot.version, "view_sha256": sha256_of(view)}
