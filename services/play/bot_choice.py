"""Whose bot acts in a running game, and how it decides: from its seat's view and the legal
actions only, never the whole state (domain.bot_moves).

The bot's name, version and the MAC of the view it was given go with its move (`actor`), so its
choice can be re-run and checked once the game is over. Its thinking time is logged, never
recorded: the log holds only what a re-run gives again.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from domain import bot_moves, interrupts, rules_turns
from services.log.game import Game

log = logging.getLogger(__name__)


def bot_to_act(game: Game) -> str | None:
    """The bot whose decision it is, if the seat to act is a bot's and no standing rule of its
    answers it (the service records that answer itself, in the transaction of the decision before);
    or the rival whose turn the rules play (domain.rules_turns), which the service plays alike."""
    if (rival := rules_turns.due(game.rules, game.state)) is not None:
        return rival
    seat = game.to_act()
    if seat is None or interrupts.standing_due(game.rules, game.state) is not None:
        return None
    return game.seats[seat].get("bot")


def bot_decision(game: Game, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The action bot `name` takes for the seat to act (at the strength the seat gave it, if it
    is the seat's own bot), and the actor record of its move."""
    seat = game.to_act()
    started = time.perf_counter()
    action, actor = bot_moves.decide(game.rules, game.state, seat, game.seats[seat], game.seed, game.version, name)
    log.info("the %s bot decided for seat %s of game %s at version %s in %.0f ms", actor["bot"], seat, game.id,
             game.version, (time.perf_counter() - started) * 1e3)
    return action, actor
