"""Lay out tournaments for the tests: rounds written as a crosstable, or played through the decisions."""

from __future__ import annotations

from collections.abc import Callable

from domain.rng import Rng
from domain.tournaments import decide
from domain.tournaments.model import Entrant, Pairing, PlayedRound, Result, Settings, Table
from domain.tournaments.records import build_records
from domain.tournaments.state import TournamentState, evolve, fold

PLACES = {"1-0": (1, 2), "0-1": (2, 1), "=": (1, 1)}


def played(number: int, *games: str, byes: tuple[str, ...] = ()) -> PlayedRound:
    """A finished round of two-player games written "A B 1-0" (A first seat and winner), "C D =" a draw."""
    tables, results = [], {}
    for index, game in enumerate(games, start=1):
        first, second, score = game.split()
        tables.append(Table(index, (first, second)))
        results[index] = Result(PLACES[score])
    return PlayedRound(Pairing(number, tuple(tables), byes), results, closed=True)


def records_after(players: str, *rounds: PlayedRound, format: str = "swiss"):
    return build_records(list(players), rounds, format)


def entrants(count: int, rating: Callable[[int], int] = lambda i: 2000 - 10 * i) -> list[Entrant]:
    return [Entrant(f"p{i + 1:02d}", rating(i)) for i in range(count)]


class Play:
    """A tournament driven through its decisions, every event folded as it is made."""

    def __init__(self, settings: Settings, field: list[Entrant], seed: str = "tournament seed"):
        self.seed = seed
        self.events: list = []
        self.state: TournamentState = self._apply(decide.create("t1", "chi", settings, seed), None)
        for entrant in field:
            self.apply(decide.join(self.state, entrant.player, entrant.rating))

    def _apply(self, events: list, state):
        for event in events:
            self.events.append(event)
            state = evolve(state, event)
        return state

    def apply(self, events: list) -> None:
        self.state = self._apply(events, self.state)

    def pair(self) -> Pairing:
        self.apply(decide.pair_next_round(self.state, self.seed))
        return self.state.current_round.pairing

    def result(self, table: Table, places: tuple[int, ...], lost_on_time: tuple[str, ...] = ()) -> None:
        round_number = self.state.current_round.pairing.round
        self.apply(decide.finish_game(self.state, round_number, table.number, places, lost_on_time))

    def play_round(self, places: Callable[[Table], tuple[int, ...]]) -> Pairing:
        pairing = self.pair()
        for table in pairing.tables:
            self.result(table, places(table))
        return pairing

    def finish(self) -> None:
        self.apply(decide.finish(self.state, self.seed))

    def rebuilt(self) -> TournamentState:
        return fold(self.events)


def random_places(seed: str) -> Callable[[Table], tuple[int, ...]]:
    """Results drawn from a seed: each seat a score, placed by it (ties share a place)."""
    rng = Rng(seed, "results")

    def places(table: Table) -> tuple[int, ...]:
        scores = [rng.below(len(table.seats) + 1) for _ in table.seats]
        return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)

    return places


def better_ranked_wins(ranking: list[str]) -> Callable[[Table], tuple[int, ...]]:
    return lambda table: tuple(1 + sorted(table.seats, key=ranking.index).index(p) for p in table.seats)
