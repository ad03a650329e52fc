"""One bot turn, or one turn the rules play themselves (domain.rules_turns), played through the
same command as a person's decision: what a worker's job runs, and what this process runs where
bots play in it (services.reactions.in_process).

It is safe to run twice or late: a turn decided on a version that has moved on changes nothing.
The bot's name, version and the MAC of the view it was given (domain.bot_moves) are recorded with
its move, so its choice can be re-run and checked.
"""

from __future__ import annotations

import logging
from uuid import UUID

from domain import rules_turns
from services.errors import StaleVersion
from services.play.bot_choice import bot_decision, bot_to_act
from services.play.commands import Commands

log = logging.getLogger(__name__)


def play_bot_turn(commands: Commands, game_id: UUID, version: int) -> bool:
    """Play the bot decision, or the rules turn, due at `version`; False when there was none
    (stale, or a person's turn)."""
    game = commands.store.game(game_id)
    name = bot_to_act(game) if game.version == version else None
    if name is None:
        return False
    if rules_turns.due(game.rules, game.state) is not None:
        return commands.play_rules_turn(game_id, version)
    seat = game.to_act()
    action, actor = bot_decision(game, name)
    try:
        commands.act(game_id, seat, action, version, actor=actor)
    except StaleVersion:
        log.info("bot turn for game %s at version %s was overtaken", game_id, version)
        return False
    return True
