"""Re-derive every round's pairing of an exported tournament from its revealed seed.

The seed must match the commitment published at creation; then, replaying the events, each
recorded pairing must be the one `next_pairing` gives for the standings just before it, and each
result must be followed by exactly the withdrawals the withdrawal rule gives for it
(domain/tournaments/withdrawals.py). The first round that differs is named: a tampered pairing or
withdrawal, or one made by another procedure.

`verify_export` checks a whole exported record (domain/tournaments/export.py) in this order: its
shape, the hash chain of its events, the seed against the commitment, every round's pairing, then
that each round's standings, tables, results and byes, and the final standings, are the ones the
events give. A result changed in the events breaks the chain at that game's line; one changed in
the rounds' record differs from the events; either way the round is named.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..rng import commitment
from .errors import TournamentError
from .events import (
    LOST_ON_TIME,
    GameFinished,
    PlayerWithdrew,
    RoundClosed,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    from_data,
)
from .export import FORMAT, chain_of, rounds_and_standings
from .formats import next_pairing
from .state import TournamentState, evolve
from .withdrawals import withdrawn_on_time


@dataclass(frozen=True)
class Verification:
    ok: bool
    rounds_checked: int
    problem: str = ""
    round: int | None = None  # the first round whose recorded pairing differs
    expected: Any = None  # what the procedure gives (a RoundPaired for a pairing), where it differs
    recorded: Any = None  # what the record holds instead
    events_checked: int = 0  # events whose chain hash was checked (an exported record)
    head: str = ""  # the last event's chain hash, to compare with the tournament's `head` the service shows


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
    due: list[PlayerWithdrew] = []  # the withdrawals the rule gives for the result just recorded
    for event in events:
        by_rule = isinstance(event, PlayerWithdrew) and event.reason == LOST_ON_TIME
        if by_rule:
            if event not in due:
                return Verification(False, checked, f"round {event.after_round}: {event.player} is withdrawn for "
                                    "losing on time, which the withdrawal rule does not give there",
                                    event.after_round, None, event)
            due.remove(event)
        elif due:
            return _missing(due[0], state, checked)
        if isinstance(event, GameFinished):
            due = withdrawn_on_time(state, event.round, event.lost_on_time)
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
    if due:
        return _missing(due[0], state, checked)
    return Verification(True, checked)


def _missing(withdrawal: PlayerWithdrew, state: TournamentState, checked: int) -> Verification:
    limit = state.settings.withdraw_after_timeouts
    return Verification(False, checked, f"round {withdrawal.after_round}: {withdrawal.player} lost on time "
                        f"and the withdrawal rule (withdrawn after {limit} game{'' if limit == 1 else 's'} lost "
                        "on time) withdraws them, but the record does not", withdrawal.after_round, withdrawal, None)


def _round_of(event: TournamentEvent) -> str:
    """Where an event belongs, for a problem's words."""
    if isinstance(event, GameFinished):
        return f"round {event.round}, table {event.table}: the game's result"
    if isinstance(event, (RoundPaired, RoundClosed)):
        return f"round {event.round}"
    return "the tournament's " + type(event).__name__


def verify_export(record: Any) -> Verification:
    """Check a finished tournament's exported record; the first problem found, naming its round."""

    def refused(problem: str, round: int | None = None, expected: Any = None, recorded: Any = None) -> Verification:
        return Verification(False, 0, problem, round, expected, recorded)

    if not isinstance(record, Mapping) or record.get("format") != FORMAT:
        return refused(f"not a tournament's record: its format is not {FORMAT}")
    lines, seed = record.get("events"), record.get("seed")
    if not isinstance(lines, list) or not all(isinstance(line, Mapping) and isinstance(line.get("event"), Mapping)
                                              for line in lines):
        return refused('the record\'s "events" is not a list of {"event", "chain"}')
    if not isinstance(seed, str):
        return refused("the record holds no revealed seed: only a finished tournament's record can be checked")
    try:
        events = [from_data(dict(line["event"])) for line in lines]
    except (TournamentError, TypeError, ValueError) as error:
        return refused(f"an event the record holds is not a tournament's: {getattr(error, 'reason', error)}")
    for number, (line, chain, event) in enumerate(zip(lines, chain_of(line["event"] for line in lines), events), 1):
        if line.get("chain") != chain:
            return refused(f"{_round_of(event)} (event {number}): the hash chain breaks here, so the event was "
                           "changed after it was recorded", getattr(event, "round", None), chain, line.get("chain"))
    head = chain_of(line["event"] for line in lines)[-1] if lines else ""
    if record.get("head") != head:
        return refused("the record's head is not its last event's chain hash", None, head, record.get("head"))
    if events and record.get("id") != getattr(events[0], "tournament", None):
        return refused("the record's id is not the one its creation event names")
    try:
        return _verify_rounds(record, events, seed, head)
    except (TournamentError, TypeError, ValueError, KeyError, IndexError, AttributeError, AssertionError) as error:
        return refused(f"the record's events cannot be replayed: {getattr(error, 'reason', None) or error!r}")


def _verify_rounds(record: Mapping[str, Any], events: list[TournamentEvent], seed: str, head: str) -> Verification:
    def refused(problem: str, round: int | None = None, expected: Any = None, recorded: Any = None) -> Verification:
        return Verification(False, 0, problem, round, expected, recorded)

    pairings = verify_pairings(events, seed)
    if not pairings.ok:  # its problem names the round, if one is at fault
        return pairings
    if not isinstance(events[-1], TournamentFinished):
        return refused("the record does not end with the tournament's end")
    games = {(r.get("round"), t.get("table")): t.get("game_id") for r in _list(record.get("rounds"))
             for t in _list(r.get("tables")) if isinstance(r, Mapping) and isinstance(t, Mapping)}
    rounds, standings = rounds_and_standings(events, seed, lambda r, t: games.get((r, t)))
    shown = _list(record.get("rounds"))
    if len(shown) != len(rounds):
        return refused(f"the record lists {len(shown)} rounds; its events pair {len(rounds)}")
    for given, derived in zip(shown, rounds):
        number = derived["round"]
        for key, what in (("round", "its number"), ("standings_in", "the standings it was paired from"),
                          ("tables", "its tables and their results"), ("byes", "its byes")):
            if not isinstance(given, Mapping) or given.get(key) != derived[key]:
                found = given.get(key) if isinstance(given, Mapping) else given
                return refused(f"round {number}: {what} in the record are not those its events give",
                               number, derived[key], found)
    if record.get("standings") != standings:
        return refused("the final standings in the record are not those the events give", None, standings,
                       record.get("standings"))
    return Verification(True, pairings.rounds_checked, events_checked=len(events), head=head)


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []
