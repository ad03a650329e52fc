"""What the app's request handlers reach (`web.blueprint.chronicle()`): the service objects built
by the composition root (services.compose) and this process's read models over them."""

from __future__ import annotations

from dataclasses import dataclass

from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.inbox import Inbox
from projections.leaderboards import Leaderboards
from projections.tournament_list import TournamentList
from services.compose import Services
from services.live.news import Newsroom
from services.log.store import GameStore
from services.play.commands import Commands
from services.play.queries import Queries


@dataclass(frozen=True)
class Chronicle:
    """The services and the read models of the running app."""

    services: Services
    game_list: GameList
    inbox: Inbox
    leaderboards: Leaderboards
    tournament_list: TournamentList

    @classmethod
    def over(cls, services: Services, projections: ProjectionDatabase) -> Chronicle:
        """The read models kept in `projections`, over the services' store."""
        game_list = GameList(services.store, projections)
        return cls(services, game_list, Inbox(game_list), Leaderboards(game_list),
                   TournamentList(services.store, projections))

    @property
    def store(self) -> GameStore:
        return self.services.store

    @property
    def commands(self) -> Commands:
        return self.services.commands

    @property
    def queries(self) -> Queries:
        return self.services.queries

    @property
    def news(self) -> Newsroom:
        return self.services.news
