"""Taking back a seat's last decision (domain.takeback): finding it, and the event that undoes it.

The last decision is found from the end of the log: a takeback sends the search back to the
version it restored, so decisions already taken back are skipped.
"""

from __future__ import annotations

from typing import Any

from domain import rules_turns, takeback
from domain.contract import Event
from domain.errors import IllegalAction
from services.log.explain import decision_of
from services.log.game import Game
from services.log.store import GameStore


def last_decision(store: GameStore, game: Game) -> tuple[int, dict[str, Any] | None, list[Any]]:
    """The last decision not taken back: the version it was decided on, its cause and its stored
    events; (1, None, []) when there is none but the deal."""
    end = game.version
    while end > 1:
        decided_on, cause, events = decision_of(store, game, end)
        if cause.get("setup"):
            break
        if "takeback" not in cause:
            return decided_on, cause, events
        end = cause["takeback"]["to_version"]
    return 1, None, []


def _last_of(store: GameStore, game: Game, seat: int) -> tuple[int, list[Any], str | None]:
    """`seat`'s last decision: the version it was decided on, its stored events, and why it may
    not be taken back (None: it may)."""
    decided_on, cause, events = last_decision(store, game)
    reason = takeback.why_not(game.rules, seat, cause, [Event.from_json(e.domain_event) for e in events], game.finished,
                              rules_turns.due(game.rules, game.state))
    return decided_on, events, reason


def refusal(store: GameStore, game: Game, seat: int) -> str | None:
    """Why `seat` may not take back now; None when it may."""
    return _last_of(store, game, seat)[2]


def takeback_events(store: GameStore, game: Game, seat: int) -> tuple[list[Event], dict[str, Any]]:
    """The `taken_back` event of `seat`'s last decision and the cause's takeback record, or
    IllegalAction (rule game.takeback) saying why it may not be taken back."""
    decided_on, events, reason = _last_of(store, game, seat)
    if reason:
        raise IllegalAction(f"type: nothing to take back: {reason}", rule=takeback.TAKEBACK_RULE)
    before = store.game(game.id, version=decided_on)
    undone = [stored.originator_version for stored in events]
    return [takeback.taken_back(seat, decided_on, undone, before.state)], {"to_version": decided_on}
