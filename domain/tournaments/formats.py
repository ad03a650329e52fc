"""The next round's pairing, for every format: a pure function of the field, the rounds so far and the seed."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import TournamentError
from .model import ROUND_ROBIN, SWISS, Entrant, Pairing, PlayedRound, Settings
from .ranking import initial_ranking
from .records import build_records
from .round_robin import pair_round_robin, rounds_in
from .swiss import pair_swiss
from .tables import pair_tables


def next_pairing(settings: Settings, entrants: Sequence[Entrant], withdrawn: set[str] | frozenset[str],
                 rounds: Sequence[PlayedRound], seed: str) -> Pairing:
    """The pairing of the round after `rounds`, for the players not withdrawn."""
    number = len(rounds) + 1
    if number > settings.rounds:
        raise TournamentError(f"the tournament has {settings.rounds} rounds", "tournament.rounds")
    ranking = initial_ranking(entrants, seed)
    active = [p for p in ranking if p not in withdrawn]
    least = 2 if settings.format != "tables" else settings.min_seats
    if len(active) < least:
        raise TournamentError(f"a round needs at least {least} players still in", "tournament.field")
    if settings.format == ROUND_ROBIN:
        if number > rounds_in(len(entrants)):
            raise TournamentError("every pair has met: a round robin has no more rounds", "tournament.rounds")
        return pair_round_robin([e.player for e in entrants], set(withdrawn), number, seed)
    records = build_records(ranking, rounds, settings.format)
    if settings.format == SWISS:
        return pair_swiss(active, records, number, seed, settings.pairing_version)
    return pair_tables(active, records, number, seed, settings.min_seats, settings.max_seats)
