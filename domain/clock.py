"""What a clock adds to a game's log, for every game alike; and how any event of a log, the
service's own (the clock's, a takeback) included, is folded and described.

When a decision's time runs out, the service records `clock_ran_out` (rule `game.clock`) and then
what the clock's policy does, as one decision of the seat that ran out of time: it resigns
(`forfeit`), or a bot plays the decision for it (`bot`). The cause of that decision names the
policy (`cause["clock"]`), so the audit re-derives the `clock_ran_out` event from it like any
other. The event changes nothing on the table: the rules never see it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain import rules_turns, takeback
from domain.contract import Decision, Event, seat_name
from domain.rng import Rng

CLOCK_RAN_OUT = "clock_ran_out"
CLOCK_RULE = "game.clock"


def ran_out(seat: int, clock: Mapping[str, Any]) -> Event:
    """The event saying `seat`'s time ran out, with the policy that applies (`clock` of the cause)."""
    return Event(CLOCK_RAN_OUT, CLOCK_RULE, {"seat": seat, **clock})


def decision_events(rules: Any, state: Any, cause: Mapping[str, Any], rng: Rng) -> Decision:
    """The events of a recorded decision, and the table after them: the rules' own, after the
    clock's when it ran out (which moves nothing); or the turn the rules played themselves."""
    if rules_turns.is_rules_turn(cause):
        return rules_turns.play(rules, state, cause[rules_turns.RULES], rng)
    rules_turns.check_seat_may_act(rules, state, cause["seat"], cause["action"])
    decision = rules.decide(state, cause["seat"], cause["action"], rng)
    if "clock" in cause:
        return Decision([ran_out(cause["seat"], cause["clock"]), *decision.events], decision.state)
    return decision


def fold(rules: Any, state: Any, event: Event) -> Any:
    """The state after any event of a game's log: the rules' evolve, but the clock's event moves
    nothing and a takeback restores the table it carries."""
    if event.type == CLOCK_RAN_OUT:
        return state
    if event.type == takeback.TAKEN_BACK:
        return takeback.restored(rules, event)
    return rules.evolve(state, event)


def folded(rules: Any, state: Any, events: Sequence[Event]) -> Decision:
    """Events the service made itself (a takeback), with the table they lead to from `state`."""
    for event in events:
        state = fold(rules, state, event)
    return Decision(list(events), state)


def describe(rules: Any, event: Event, names: Sequence[str]) -> str:
    """The replay's line for any event of a game's log."""
    if event.type == takeback.TAKEN_BACK:
        return takeback.describe(event, names)
    if event.type != CLOCK_RAN_OUT:
        return rules.describe(event, names)
    who = seat_name(names, event.data["seat"])
    if event.data["policy"] == "forfeit":
        then = f"{who} forfeits"
    else:
        then = f"the {event.data.get('bot')} bot plays for {who}"
    return f"{who}'s time ran out (due {event.data['deadline']}): {then}"
