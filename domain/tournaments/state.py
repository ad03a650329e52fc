"""A tournament's state, folded from its events: the standings are always rebuilt from them.

`evolve` trusts the events (they were checked when decided, in domain/tournaments/decide.py);
`fold` replays a whole stream from nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .events import (
    LOST_ON_TIME,
    GameFinished,
    PlayerJoined,
    PlayerWithdrew,
    RoundClosed,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
)
from .model import Entrant, Pairing, PlayedRound, Result, Settings, Table
from .ranking import initial_ranking
from .records import build_records
from .standings import Standing, standings

OPEN, RUNNING, FINISHED = "open", "running", "finished"


@dataclass(frozen=True)
class TournamentState:
    tournament: str
    game: str
    settings: Settings
    seed_commitment: str
    entrants: tuple[Entrant, ...] = ()
    withdrawn: frozenset[str] = frozenset()
    withdrawn_on_time: frozenset[str] = frozenset()  # those of `withdrawn` the withdrawal rule took out
    rounds: tuple[PlayedRound, ...] = ()
    status: str = OPEN
    seed: str | None = None  # known once the tournament is finished

    @property
    def players(self) -> list[str]:
        return [e.player for e in self.entrants]

    @property
    def current_round(self) -> PlayedRound | None:
        return self.rounds[-1] if self.rounds else None

    def standings(self, seed: str | None = None) -> list[Standing]:
        """Best first. Ties left by every tie-break fall to the seeded initial order: until the seed
        is revealed, the service that keeps it passes it in."""
        seed = seed if seed is not None else self.seed
        if seed is None:
            raise ValueError("the standings need the tournament's seed until it is revealed")
        ranking = initial_ranking(self.entrants, seed)
        records = build_records(ranking, self.rounds, self.settings.format)
        return standings(ranking, records, self.settings.format, self.withdrawn)


def created(event: TournamentCreated) -> TournamentState:
    settings = Settings(event.format, event.rounds, event.min_seats, event.max_seats, event.max_players,
                        event.pairing_version, event.withdraw_after_timeouts)
    return TournamentState(event.tournament, event.game, settings, event.seed_commitment)


def evolve(state: TournamentState | None, event: TournamentEvent) -> TournamentState:
    if isinstance(event, TournamentCreated):
        return created(event)
    assert state is not None, "a tournament's stream starts with its creation"
    if isinstance(event, PlayerJoined):
        return replace(state, entrants=state.entrants + (Entrant(event.player, event.rating),))
    if isinstance(event, PlayerWithdrew):
        if state.status == OPEN:  # before round one: simply out of the field
            return replace(state, entrants=tuple(e for e in state.entrants if e.player != event.player))
        on_time = {event.player} if event.reason == LOST_ON_TIME else set()
        return replace(state, withdrawn=state.withdrawn | {event.player},
                       withdrawn_on_time=state.withdrawn_on_time | on_time)
    if isinstance(event, RoundPaired):
        tables = tuple(Table(i + 1, seats) for i, seats in enumerate(event.tables))
        played = PlayedRound(Pairing(event.round, tables, event.byes))
        return replace(state, rounds=state.rounds + (played,), status=RUNNING)
    if isinstance(event, GameFinished):
        return _with_round(state, event.round, lambda r: replace(
            r, results={**r.results, event.table: Result(event.places, event.lost_on_time)}))
    if isinstance(event, RoundClosed):
        return _with_round(state, event.round, lambda r: replace(r, closed=True))
    if isinstance(event, TournamentFinished):
        return replace(state, status=FINISHED, seed=event.seed)
    raise TypeError(f"not a tournament event: {event!r}")


def _with_round(state: TournamentState, number: int, change) -> TournamentState:
    rounds = tuple(change(r) if r.pairing.round == number else r for r in state.rounds)
    return replace(state, rounds=rounds)


def fold(events: Iterable[TournamentEvent]) -> TournamentState:
    state = None
    for event in events:
        state = evolve(state, event)
    assert state is not None, "an empty stream is no tournament"
    return state
