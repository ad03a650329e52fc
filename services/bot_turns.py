"""Bot turns: a bot decides from its seat's view and acts through the same command as a person;
and the turns the rules play themselves (domain.rules_turns), run the same way, by the same jobs.

`play_bot_turn` is what a worker runs for one (game, version). It is safe to run twice or late:
a turn decided on a version that has moved on changes nothing. The bot's name, version and the
MAC of the view it was given (domain.bot_moves) are recorded with its move, so its choice can be re-run and checked.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable
from uuid import UUID

from domain import interrupts, rules_turns
from services.bot_choice import bot_decision
from services.commands import Commands
from services.errors import StaleVersion
from services.game import Game
from services.webhooks import DeliveryFailed, awaited_player, deliver_if_due

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


class InProcessBots:
    """Runs bot turns at once, in the calling process, until a person is to act or the game ends.

    The embedded default for one machine; RQ workers take this over where Redis is available.
    """

    def __init__(self) -> None:
        self.commands: Commands | None = None
        self._local = threading.local()

    def __call__(self, game: Game) -> None:
        # A bot's own move calls back here; the outer loop carries on instead of recursing.
        if self.commands is None or getattr(self._local, "running", False):
            return
        if bot_to_act(game) is not None:
            self._local.running = True
            try:
                version = game.version
                while play_bot_turn(self.commands, game.id, version):
                    version = self.commands.store.game(game.id).version
            finally:
                self._local.running = False
            game = self.commands.store.game(game.id)
        notify_in_thread(self.commands.players, game)


RETRY_SECONDS = (0, 2, 10)


def notify_in_thread(players, game: Game) -> None:
    """Without workers, a "your turn" webhook goes from a thread of this process, tried a few times."""
    player = awaited_player(players, game)
    if player is None:
        return

    def send() -> None:
        for pause in RETRY_SECONDS:
            time.sleep(pause)
            try:
                deliver_if_due(players, game.id, game.version, str(player.id))
                return
            except DeliveryFailed as failed:
                log.warning("webhook of game %s at version %s failed: %s", game.id, game.version, failed)

    threading.Thread(target=send, daemon=True, name="webhook").start()


BotScheduler = Callable[[Game], None]
