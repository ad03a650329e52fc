"""Bot turns played at once in the process that made the move (the embedded default), and the
"your turn" webhooks sent from a thread of it, where no RQ worker runs.

Played in the API's process, a turn that raises does not fail the move that made it due (that
move is stored): it is logged and recorded (services.reactions.failed_turns), and the process's watch
(services.reactions.overdue.ClockWatch) tries it again after 1, 3, 9 seconds, then after a pause that
doubles, as workers do.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable
from uuid import UUID

from services.play.bot_choice import bot_to_act
from services.reactions.bot_turns import play_bot_turn
from services.log.clocks import timestamp
from services.play.commands import Commands
from services.reactions.failed_turns import QUICK_RETRY_SECONDS, FailedTurnsInMemory
from services.log.game import Game
from services.players.webhooks import DeliveryFailed, awaited_player, deliver_if_due

log = logging.getLogger(__name__)


class InProcessBots:
    """Runs bot turns at once, in the calling process, until a person is to act or the game ends.

    The embedded default for one machine; RQ workers take this over where Redis is available.
    """

    def __init__(self, failed_turns: FailedTurnsInMemory | None = None) -> None:
        self.commands: Commands | None = None
        self.failed_turns = failed_turns or FailedTurnsInMemory()
        self._local = threading.local()

    def __call__(self, game: Game) -> None:
        # A bot's own move calls back here; the outer loop carries on instead of recursing.
        if self.commands is None or getattr(self._local, "running", False):
            return
        if bot_to_act(game) is not None:
            self._local.running = True
            try:
                self.play(game)
            finally:
                self._local.running = False
            game = self.commands.store.game(game.id)
        notify_in_thread(self.commands.players, game)

    def play(self, game: Game) -> None:
        version = game.version
        try:
            while play_bot_turn(self.commands, game.id, version):
                self.failed_turns.clear(game.id, version)
                version = self.commands.store.game(game.id).version
        except Exception as error:  # noqa: BLE001 - the move that made the turn due is stored: the watch tries again
            self.turn_failed(game.id, version, error)

    def play_if_due(self, game: Game) -> None:
        """The watch's look at a game waiting on a bot or the rules: try the turn again if it
        failed here and the pause before its next try has passed. (One that did not fail is being
        played by a request right now: a second try would only think twice.)"""
        failed = self.failed_turns.of(game.id, game.version)
        if self.commands is not None and failed is not None and self.commands.clock.now() >= failed.next_try:
            self(game)

    def turn_failed(self, game_id: UUID, version: int, error: Exception) -> None:
        before = self.failed_turns.of(game_id, version)
        tried = before.attempts if before else 0
        retry_in = QUICK_RETRY_SECONDS[tried] if tried < len(QUICK_RETRY_SECONDS) else None
        failed = self.failed_turns.failed(game_id, version, error, retry_in, self.commands.clock.now())
        log.log(logging.WARNING if retry_in is not None else logging.ERROR,
                "bot turn of game %s at version %s failed %d times (%s: %s); tried again at %s", game_id, version,
                failed.attempts, type(error).__name__, error, timestamp(failed.next_try), exc_info=error)


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
