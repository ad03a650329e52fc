"""Re-derive every round's pairing of an exported tournament from its revealed seed.

The seed must match the commitment published at creation; then, replaying the events, each
recorded pairing must be the one `next_pairing` gives for the standings just before it. The first
round that differs is named: a tampered pairing, or one made by another procedure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rng import commitment
from .errors import TournamentError
from .events import RoundPaired, TournamentCreated, TournamentEvent, TournamentFinished
from .formats import next_pairing
from .state import TournamentState, evolve


@dataclass(frozen=True)
class Verification:
    ok: bool
    rounds_checked: int
    problem: str = ""
    round: int | None = None  # the first round whose recorded pairing differs
    expected: RoundPaired | None = None
    recorded: RoundPaired | None = None


def verify_pairings(events: Iterable[TournamentEvent], seed: str | None = None) -> Verification:
    """Check every round; `seed` defaults to the one the finished tournament revealed."""
    events = list(events)
    if not events or not isinstance(events[0], TournamentCreated):
        return Verification(False, 0, "the stream does not start with the tournament's creation")
    seed = seed if seed is not None else next((e.seed for e in events if isinstance(e, TournamentFinished)), None)
    if seed is None:
        return Verification(False, 0, "the seed is not revealed yet: the tournament is not finished")
    if commitment(seed) != events[0].seed_commitment:
        return Verification(False, 0, "the seed does not match the commitment published at creation")
    state: TournamentState | None = None
    checked = 0
    for event in events:
        if isinstance(event, RoundPaired):
            try:
                pairing = next_pairing(state.settings, state.entrants, state.withdrawn, state.rounds, seed)
            except TournamentError as refused:
                return Verification(False, checked, f"round {event.round} should not have been paired: "
                                    f"{refused.reason}", event.round, None, event)
            expected = RoundPaired(pairing.round, tuple(t.seats for t in pairing.tables), pairing.byes)
            if expected != event:
                return Verification(False, checked, f"round {event.round} is not the pairing the procedure gives",
                                    event.round, expected, event)
            checked += 1
        state = evolve(state, event)
    return Verification(True, checked)
