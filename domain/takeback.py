"""Takebacks, for every game alike: a seat takes back its own last decision.

It may when, since that decision, nobody else has decided anything (the rules included: a
rival's turn they played, or one due, has seen the table), and the decision's events
drew nothing at random and showed the seat nothing it did not know (the game says which of its
events are so: `rules.reversible`), and the seat took it itself, not its clock nor one of its
standing rules (taken back, the rule would only answer again). What the other seats saw of the
decision stays seen: the takeback gives the seat that takes back no knowledge, only its move back.

A takeback is a decision of its own (`{"type": "take_back"}`), recorded as one `taken_back`
event (rule `game.takeback`) that names the version whose table it restores and carries that
table, hidden cards included, among its secret facts: nothing is deleted from the log, and the
replay shows the takeback as a step. A decision that was taken back is skipped when looking for
the last one, so a seat can take back several decisions one after another.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain import rules_turns, state_codec
from domain.contract import Event, seat_name

TAKE_BACK = {"type": "take_back"}
TAKEN_BACK = "taken_back"
TAKEBACK_RULE = "game.takeback"


def taken_back(seat: int, to_version: int, undone: Sequence[int], state: Any) -> Event:
    """The takeback of the decision whose events are the versions `undone`, restoring the table of `to_version`."""
    return Event(TAKEN_BACK, TAKEBACK_RULE, {"seat": seat, "to_version": to_version, "undone": list(undone)},
                 secret={"state": state_codec.encode(state)})


def restored(rules: Any, event: Event) -> Any:
    """The state a `taken_back` event restores."""
    return state_codec.decode(rules, event.secret["state"])


def why_not(rules: Any, seat: int, cause: Mapping[str, Any] | None, events: Sequence[Event], over: bool,
            rules_turn: str | None = None) -> str | None:
    """Why `seat` may not take back the decision with this cause and these events (None: it may);
    `rules_turn` is the rival whose turn the rules play now, if any."""
    if over:
        return "the game is over"
    if rules_turn is not None:
        return f"it is {rules_turn}'s turn, which the rules play: the table is theirs until it is played"
    if cause is None or cause.get("setup"):
        return "there is no decision of yours to take back"
    if rules_turns.is_rules_turn(cause):
        return f"{cause[rules_turns.RULES]} has played since your last decision, which stands"
    if cause.get("seat") != seat:
        return "another seat has decided since your last decision"
    if "clock" in cause:
        return "the clock decided that for you when your time ran out"
    if cause.get("standing"):
        return "one of your standing rules answered that for you: change the rule for the next time"
    if not rules.reversible(events):
        return "that decision drew a card or showed you something: it stands"
    return None


def describe(event: Event, names: Sequence[str]) -> str:
    seat = event.data["seat"]
    who = seat_name(names, seat)
    undone = event.data["undone"]
    steps = f"step {undone[0]}" if len(undone) == 1 else f"steps {undone[0]} to {undone[-1]}"
    return f"{who} takes back their last decision ({steps}): the table is as it was at step {event.data['to_version']}"
