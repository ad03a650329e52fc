"""What the store keeps of a tournament: a stream of its own, and an index from its games to it.

A `Tournament` is created with what the organiser chose (the game, its options, the clock, rated
or casual, the start time) and the seed, kept here and never shown until the tournament ends (its
commitment is in the first domain event). Every domain event of domain/tournaments/events.py is
then recorded as plain data, in order: the stream `chronicle verify` re-derives. Beside them, the
aggregate remembers who each entrant is (a player's account or a bot seat) and which game each
table of a round is. A `TournamentGame` names the tournament and table of a game, so that a
finished game finds its tournament.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from domain.tournaments.events import from_data
from domain.tournaments.state import TournamentState, fold

STORED_AS = "services.tournament_records"


class Tournament(Aggregate):
    """One tournament: the organiser's settings, its seed, and its events as plain data."""

    TOPIC = f"{STORED_AS}:Tournament"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:Tournament.Created"

    @staticmethod
    def create_id(organiser: dict[str, str], table: dict[str, Any], starts_at: str | None, seed: str,
                  created: dict[str, Any]) -> UUID:
        return UUID(created["tournament"])  # the id its creation event names

    @event("Organised", topic=f"{STORED_AS}:Tournament.Organised")
    def __init__(self, organiser: dict[str, str], table: dict[str, Any], starts_at: str | None, seed: str,
                 created: dict[str, Any]):
        self.organiser = organiser  # {"id", "name"}
        self.table = table  # {"game", "options", "clock", "rated"}: what every game of it is
        self.starts_at = starts_at
        self.seed = seed  # secret until the tournament ends; its commitment is in `created`
        self.events: list[dict[str, Any]] = [created]
        self.entrants: dict[str, dict[str, Any]] = {}  # entrant name -> {"player": id} or a bot seat
        self.games: dict[str, str] = {}  # "round:table" -> game id

    @event("Recorded", topic=f"{STORED_AS}:Tournament.Recorded")
    def record(self, data: dict[str, Any]) -> None:
        self.events = [*self.events, data]

    @event("Entered", topic=f"{STORED_AS}:Tournament.Entered")
    def enter(self, name: str, seat: dict[str, Any], data: dict[str, Any]) -> None:
        """An entrant joins: who they are at a table, and their player-joined event."""
        self.entrants = {**self.entrants, name: seat}
        self.events = [*self.events, data]

    @event("GameCreated", topic=f"{STORED_AS}:Tournament.GameCreated")
    def game_created(self, round: int, table: int, game_id: str) -> None:
        self.games = {**self.games, f"{round}:{table}": game_id}

    def state(self) -> TournamentState:
        return fold(from_data(data) for data in self.events)

    def game_of(self, round: int, table: int) -> str | None:
        return self.games.get(f"{round}:{table}")


def game_index_id(game_id: str | UUID) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:tournament-of-game:{game_id}")


class TournamentGame(Aggregate):
    """Which tournament, round and table a game is played for."""

    TOPIC = f"{STORED_AS}:TournamentGame"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:TournamentGame.Created"

    @staticmethod
    def create_id(game_id: str, tournament_id: str, round: int, table: int) -> UUID:
        return game_index_id(game_id)

    @event("Noted", topic=f"{STORED_AS}:TournamentGame.Noted")
    def __init__(self, game_id: str, tournament_id: str, round: int, table: int):
        self.game_id = game_id
        self.tournament_id = tournament_id
        self.round = round
        self.table = table


def player_index_id(player_id: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:tournaments-of:{player_id}")


class PlayerTournaments(Aggregate):
    """The tournaments a player organised or entered, the newest last."""

    TOPIC = f"{STORED_AS}:PlayerTournaments"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:PlayerTournaments.Created"

    @staticmethod
    def create_id(player_id: str) -> UUID:
        return player_index_id(player_id)

    @event("Opened", topic=f"{STORED_AS}:PlayerTournaments.Opened")
    def __init__(self, player_id: str):
        self.player_id = player_id
        self.tournaments: list[str] = []

    @event("Added", topic=f"{STORED_AS}:PlayerTournaments.Added")
    def add(self, tournament_id: str) -> None:
        self.tournaments = [*self.tournaments, tournament_id]


ACTIVE_ID = uuid5(NAMESPACE_URL, "chronicle:active-tournaments")


class ActiveTournaments(Aggregate):
    """The tournaments not finished yet, the oldest first: what the sweeper looks at."""

    TOPIC = f"{STORED_AS}:ActiveTournaments"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:ActiveTournaments.Created"

    @staticmethod
    def create_id() -> UUID:
        return ACTIVE_ID

    @event("Opened", topic=f"{STORED_AS}:ActiveTournaments.Opened")
    def __init__(self):
        self.tournaments: list[str] = []

    @event("Added", topic=f"{STORED_AS}:ActiveTournaments.Added")
    def add(self, tournament_id: str) -> None:
        self.tournaments = [*self.tournaments, tournament_id]

    @event("Removed", topic=f"{STORED_AS}:ActiveTournaments.Removed")
    def remove(self, tournament_id: str) -> None:
        self.tournaments = [key for key in self.tournaments if key != tournament_id]


FINISHED_ID = uuid5(NAMESPACE_URL, "chronicle:finished-tournaments")


class FinishedTournaments(Aggregate):
    """The tournaments finished lately, the newest last, each with when it finished (the newest
    KEPT): where the sweeper still looks for news whose webhook was lost (workers.notice_sweep)."""

    KEPT = 100
    TOPIC = f"{STORED_AS}:FinishedTournaments"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:FinishedTournaments.Created"

    @staticmethod
    def create_id() -> UUID:
        return FINISHED_ID

    @event("Opened", topic=f"{STORED_AS}:FinishedTournaments.Opened")
    def __init__(self):
        self.tournaments: list[tuple[str, str]] = []  # (id, when it finished, as services.log.clocks writes it)

    @event("Added", topic=f"{STORED_AS}:FinishedTournaments.Added")
    def add(self, tournament_id: str, at: str) -> None:
        self.tournaments = [*self.tournaments, (tournament_id, at)][-self.KEPT:]

    def since(self, at: str) -> list[str]:
        """The ids of those finished at `at` or later (timestamps of one format order as text)."""
        return [tournament_id for tournament_id, finished in self.tournaments if finished >= at]
