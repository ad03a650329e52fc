"""How a bot decides: from its seat's view and the legal actions only, never the whole state.

The bot's name, version and the hash of the view it was given go with its move (`actor`), so its
choice can be re-run and checked. Its thinking time is logged, never recorded: the log holds only
what a re-run gives again.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from domain.canonical import sha256_of
from domain.rng import Rng
from services.game import Game
from services.seats import bot_of

log = logging.getLogger(__name__)


def bot_rng(seed: str, version: int) -> Rng:
    """The bot's own random stream for its decision on `version` (not the rules' stream)."""
    return Rng(seed, f"bot:{version}")


def bot_decision(game: Game, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action bot `name` takes for the seat to act (at the strength the seat gave it, if it
    is the seat's own bot), and the actor record of its move."""
    rules = game.rules
    seat = game.to_act()
    view = rules.view(game.state, seat)
    record = game.seats[seat]
    bot = bot_of(rules, record, name)
    started = time.perf_counter()
    action = bot.choose(view, rules.legal_actions(game.state, seat), bot_rng(game.seed, game.version))
    log.info("the %s bot decided for seat %s of game %s at version %s in %.0f ms", bot.name, seat, game.id,
             game.version, (time.perf_counter() - started) * 1e3)
    actor = {"bot": bot.name, "bot_version": bot.version, "view_sha256": sha256_of(view)}
    if bot is not rules.bots[name]:
        actor["strength"] = record["strength"]
    return action, actor
