"""The standing answers that follow a decision (domain.interrupts): recorded in the transaction of
the decision before them, each a decision of its own seat on the random stream of its version."""

from __future__ import annotations

import logging
from typing import Any

from domain import interrupts
from domain.contract import Event
from services.log.game import Game, decision_rng

log = logging.getLogger(__name__)

# Standing answers one decision may set off, at most: a game whose standing rules never let it move
# on is stopped there (and logged) rather than holding the request forever.
MOST_STANDING = 1000


def record_standing_answers(game: Game, at: str) -> list[Event]:
    """Record every standing answer due after the game's last decision, each a decision of its own
    seat on the random stream of its version, marked `standing`; their events, in order."""
    rules, answered = game.rules, []
    for _ in range(MOST_STANDING):
        due = interrupts.standing_due(rules, game.state)
        if due is None:
            return answered
        seat, action = due
        cause: dict[str, Any] = {"seat": seat, "action": dict(action), "rng": f"decision:{game.version}", "at": at,
                                 interrupts.STANDING: True}
        if interrupts.answers_interrupt(rules, game.state, seat):
            cause[interrupts.INTERRUPT] = True
        decision = rules.decide(game.state, seat, action, decision_rng(game.seed, game.version))
        game.record_decision(decision, cause)
        answered += decision.events
        log.info("game %s: %s (seat %s) %s by a standing rule -> version %s", game.id, game.seats[seat]["name"], seat,
                 action.get("type"), game.version)
    log.error("game %s: %s standing answers in a row; the rest wait for the next decision", game.id, MOST_STANDING)
    return answered
