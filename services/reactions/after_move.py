"""What happens after a move: one protocol, played on RQ workers (services.reactions.queued) or at
once in this process (services.reactions.in_process); and the news of the move before it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from services.live.news import Newsroom
from services.log.game import Game
from services.play.commands import Commands
from services.reactions.email_jobs import Mailer
from services.reactions.failed_turns import FailedTurns, FailedTurnsInMemory


class Reactions(Protocol):
    """The bot's or the rules' turn, the clock of a person's decision and their "your turn"
    webhook and email, after each change the commands save; where the turns that failed are kept;
    and how emails are sent."""

    failed_turns: FailedTurns | FailedTurnsInMemory
    mail: Mailer

    def __call__(self, game: Game, commands: Commands) -> None: ...

    def tournament_news(self, tournament_id: str, due: dict[str, list[str]], commands: Commands) -> None:
        """The webhooks of players' new tournament notices (player id -> notice keys)."""


@dataclass(frozen=True)
class AfterMove:
    """The commands' hook after each save: the news first (streams hear of the move), then the reactions."""

    news: Newsroom
    reactions: Reactions

    def __call__(self, game: Game, commands: Commands) -> None:
        self.news.announce(game)
        self.reactions(game, commands)

    def tournament_news(self, tournament: Any, due: dict[str, list[str]], commands: Commands) -> None:
        """A tournament saved news for its players (services.tournaments.news): their streams
        first, then their webhooks."""
        self.news.tournament_news(str(tournament.id), due)
        self.reactions.tournament_news(str(tournament.id), due, commands)
