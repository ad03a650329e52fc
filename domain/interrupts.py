"""What the service adds to any game's interrupts: standing answers, and which decisions answer one.

After every decision (a person's, a bot's, a clock's, a deal), while the seat to act has a
standing answer (`Rules.standing_answer`), the service records it as a decision of that seat: in
a group of its own, on the random stream of its version, with `"standing": true` in its cause.
A decision that answers an interrupt (the seat is the top of `pending`) in a game whose seats may
set standing rules carries `"interrupt": true`, given by hand or by rule alike: its time is what
the service hides from the other seats while the game runs. `domain.audit` checks both keys.
"""

from __future__ import annotations

from typing import Any

from domain.contract import Action

STANDING = "standing"  # the cause key of a decision a standing rule gave
INTERRUPT = "interrupt"  # the cause key of a decision answering an interrupt, whose time is hidden


def standing_due(rules: Any, state: Any) -> tuple[int, Action] | None:
    """The seat to act and the action its standing rules give now; None when there is none."""
    seat = rules.to_act(state)
    if seat is None:
        return None
    action = rules.standing_answer(state, seat)
    return None if action is None else (seat, action)


def answers_interrupt(rules: Any, state: Any, seat: int) -> bool:
    """Whether a decision of `seat` on `state` answers an interrupt whose time must be hidden: the
    game's seats may set standing rules and `seat` is the one the top of `pending` waits on."""
    if not rules.standing_rules:
        return False
    waiting = rules.pending(state)
    return bool(waiting) and waiting[-1].seat == seat
