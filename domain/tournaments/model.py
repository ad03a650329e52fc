"""The values a tournament is made of: its settings, its entrants, a round's tables and a game's result."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import TournamentError

SWISS, ROUND_ROBIN, TABLES = "swiss", "round-robin", "tables"
FORMATS = (SWISS, ROUND_ROBIN, TABLES)

MAX_PLAYERS = 256
MAX_ROUNDS = 30
MIN_TABLE_SEATS, MAX_TABLE_SEATS = 3, 6
MAX_RATING = 4000

# The versions of the pairing procedures (docs/tournaments.md): a tournament records the one that
# pairs it, so that it is verified with that one whatever the current one is. Version 2 weighs
# floats in a Swiss (domain/tournaments/swiss.py); round robins and tables pair alike in both.
PAIRING_VERSIONS = (1, 2)
PAIRING_VERSION = 2

# The withdrawal rule (docs/tournaments.md): a player who has lost this many games on time is
# withdrawn from the rounds after; 0 never. A tournament recorded before the rule was is 0.
MAX_TIMEOUTS = 10
WITHDRAW_AFTER_TIMEOUTS = 1  # a new tournament's, unless its organiser says otherwise


@dataclass(frozen=True)
class Settings:
    """What the organiser chose: the format, the number of rounds, the seats of a table, the field's size,
    and after how many losses on time a player is withdrawn (0: never)."""

    format: str
    rounds: int
    min_seats: int = 2
    max_seats: int = 2
    max_players: int = 64
    pairing_version: int = PAIRING_VERSION
    withdraw_after_timeouts: int = 0

    def __post_init__(self):
        if self.format not in FORMATS:
            raise TournamentError(f"format must be one of {', '.join(FORMATS)}, not {self.format!r}",
                                  "tournament.format")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise TournamentError(f"rounds must be between 1 and {MAX_ROUNDS}", "tournament.rounds")
        if not 2 <= self.max_players <= MAX_PLAYERS:
            raise TournamentError(f"the size limit must be between 2 and {MAX_PLAYERS} players",
                                  "tournament.size-limit")
        if self.pairing_version not in PAIRING_VERSIONS:
            raise TournamentError(f"the pairing procedure's version is one of {PAIRING_VERSIONS}, not "
                                  f"{self.pairing_version!r}", "tournament.pairing-version")
        if type(self.withdraw_after_timeouts) is not int or not 0 <= self.withdraw_after_timeouts <= MAX_TIMEOUTS:
            raise TournamentError(f"withdraw_after_timeouts is a whole number from 0 (never) to {MAX_TIMEOUTS}",
                                  "tournament.withdraw-after-timeouts")
        if self.format == TABLES:
            if not MIN_TABLE_SEATS <= self.min_seats <= self.max_seats <= MAX_TABLE_SEATS:
                raise TournamentError(
                    f"a table seats {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS} players, fewest first",
                    "tournament.table-seats")
        elif (self.min_seats, self.max_seats) != (2, 2):
            raise TournamentError(f"a {self.format} tournament is for two-player games",
                                  "tournament.table-seats")


@dataclass(frozen=True)
class Entrant:
    """A player in the field, with the rating they joined with (the initial ranking's first key)."""

    player: str
    rating: int = 1500

    def __post_init__(self):
        if not self.player or len(self.player) > 200:
            raise TournamentError("a player is named by 1 to 200 characters", "tournament.player")
        if not 0 <= self.rating <= MAX_RATING:
            raise TournamentError(f"a rating is between 0 and {MAX_RATING}", "tournament.rating")


@dataclass(frozen=True)
class Table:
    """One game of a round: its players in seat order (seat 0 moves first: white in a two-player game)."""

    number: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Pairing:
    """A round's pairing: its tables, best standings first, and the players given a bye."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()

    def players(self) -> list[str]:
        return [p for table in self.tables for p in table.seats] + list(self.byes)


@dataclass(frozen=True)
class Result:
    """How a table's game ended: each seat's place (1 is first; equal places are a tie).

    `lost_on_time` names the seats' players who lost on their clock (a forfeit): their game was
    played, and counts as any other loss.
    """

    places: tuple[int, ...]
    lost_on_time: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class PlayedRound:
    """A round's pairing with the results known so far (table number to result)."""

    pairing: Pairing
    results: dict[int, Result] = field(default_factory=dict)
    closed: bool = False
