"""Bot turns played at once in the process that made the move (the embedded default), and the
"your turn" webhooks and emails sent from a thread of it, where no RQ worker runs.

Played in the API's process, a turn that raises does not fail the move that made it due (that
move is stored): it is logged and recorded (services.reactions.failed_turns), and the process's watch
(services.reactions.overdue.ClockWatch) tries it again after 1, 3, 9 seconds, then after a pause that
doubles, as workers do.
"""

from __future__ import annotations

import logging
import threading
from uuid import UUID

from services.log.clocks import timestamp
from services.log.game import Game
from services.play.bot_choice import bot_to_act
from services.play.commands import Commands
from services.reactions.bot_turns import play_bot_turn
from services.reactions.email_jobs import Mailer
from services.reactions.failed_turns import QUICK_RETRY_SECONDS, FailedTurnsInMemory
from services.reactions.webhook_jobs import notify_in_thread, tell_in_thread

log = logging.getLogger(__name__)


class Playing(threading.local):
    """Whether this thread is inside the loop of bot turns already."""

    running = False


class EndedGames(threading.local):
    """The tournament games that ended in this thread, waiting for their results to be recorded:
    the outermost caller records them one after the other, so that a round's games created while
    one is recorded (and played at once by bots) do not nest ever deeper."""

    def __init__(self) -> None:
        self.waiting: list[UUID] = []
        self.recording = False


class InProcessReactions:
    """Runs bot turns at once, in the calling process, until a person is to act or the game ends;
    then tells the awaited player, from a thread, that it is their turn.

    The embedded default for one machine; RQ workers take this over where Redis is available.
    """

    def __init__(self, failed_turns: FailedTurnsInMemory, mail: Mailer) -> None:
        self.failed_turns = failed_turns
        self.mail = mail
        self._playing = Playing()
        self._ended = EndedGames()

    def __call__(self, game: Game, commands: Commands) -> None:
        # A bot's own move calls back here; the outer loop carries on instead of recursing.
        if self._playing.running:
            return
        if bot_to_act(game) is not None:
            self._playing.running = True
            try:
                self.play(commands, game)
            finally:
                self._playing.running = False
            game = commands.store.game(game.id)
        notify_in_thread(commands.players, game)
        self.mail.turn(game, commands.players)
        if game.finished:
            self.record_ended(game.id, commands)

    def tournament_news(self, tournament_id: str, due: dict[str, list[str]], commands: Commands) -> None:
        """The webhooks of the players' new tournament notices, from a thread."""
        tell_in_thread(commands.players, tournament_id, due)

    def record_ended(self, game_id: UUID, commands: Commands) -> None:
        """A finished game's result goes to its tournament, if it has one, which moves on."""
        self._ended.waiting.append(game_id)
        if self._ended.recording:
            return
        self._ended.recording = True
        try:
            while self._ended.waiting:
                ended = self._ended.waiting.pop(0)
                try:
                    commands.tournaments.game_finished(commands.store.game(ended))
                except Exception as error:  # noqa: BLE001 - the game is stored; the sweeper moves the tournament on
                    log.error("the result of game %s could not be recorded in its tournament: %s", ended, error,
                              exc_info=error)
        finally:
            self._ended.recording = False

    def play(self, commands: Commands, game: Game) -> None:
        version = game.version
        try:
            while play_bot_turn(commands, game.id, version):
                self.failed_turns.clear(game.id, version)
                version = commands.store.game(game.id).version
        except Exception as error:  # noqa: BLE001 - the move that made the turn due is stored: the watch tries again
            self.turn_failed(commands, game.id, version, error)

    def play_if_due(self, commands: Commands, game: Game) -> None:
        """The watch's look at a game waiting on a bot or the rules: try the turn again if it
        failed here and the pause before its next try has passed. (One that did not fail is being
        played by a request right now: a second try would only think twice.)"""
        failed = self.failed_turns.of(game.id, game.version)
        if failed is not None and commands.clock.now() >= failed.next_try:
            self(game, commands)

    def turn_failed(self, commands: Commands, game_id: UUID, version: int, error: Exception) -> None:
        before = self.failed_turns.of(game_id, version)
        tried = before.attempts if before else 0
        retry_in = QUICK_RETRY_SECONDS[tried] if tried < len(QUICK_RETRY_SECONDS) else None
        failed = self.failed_turns.failed(game_id, version, error, retry_in, commands.clock.now())
        log.log(logging.WARNING if retry_in is not None else logging.ERROR,
                "bot turn of game %s at version %s failed %d times (%s: %s); tried again at %s", game_id, version,
                failed.attempts, type(error).__name__, error, timestamp(failed.next_try), exc_info=error)
