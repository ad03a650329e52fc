"""Turns the rules play themselves, for every game alike: a rival that is not a seat.

Between the seats' decisions a game may have a turn of its own to play (`Rules.rules_turn` names
the rival: Tianxia's Li Mu). No seat is to act then, and the game is not over. The service plays
it as it plays a bot seat's turn: after the decision that made it due, on a worker, keyed by game
and version. `play_rules_turn` draws on the random stream of the version it is played on, as any
decision does, and its events are recorded as one decision whose cause names the rival
(`{"rules": "li-mu", "rng": "decision:<v>", "at": ...}`) and no seat. The audit re-runs it like
any decision (domain.clock.decision_events), so a forged roll is the first divergence; and a
seat's decision that a rules turn followed cannot be taken back (domain.takeback): the rival's
roll has been seen.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Decision
from domain.errors import NotYourTurn
from domain.rng import Rng

RULES = "rules"  # the cause key of a turn the rules played: the rival's name


def due(rules: Any, state: Any) -> str | None:
    """The rival whose turn the rules play now, else None."""
    return rules.rules_turn(state)


def cause(rival: str, version: int, at: str) -> dict[str, Any]:
    """The cause recorded with the events of the rules turn played on `version`."""
    return {RULES: rival, "rng": f"decision:{version}", "at": at}


def play(rules: Any, state: Any, rival: str, rng: Rng) -> Decision:
    """The turn of `rival`, if it is the one due on `state`; NotYourTurn if it is not (an audit
    meets a recorded rules turn where none, or another rival's, was due)."""
    waiting = due(rules, state)
    if waiting != rival:
        who = f"{waiting}'s" if waiting else "a seat's (or nobody's: the game is over)"
        raise NotYourTurn(f"the log has {rival} play here, but it is {who} turn")
    played = rules.play_rules_turn(state, rng)
    if not played.events:  # a turn that records nothing would leave it due at the same version forever
        raise RuntimeError(f"{rules.name}: {rival}'s turn gave no events")
    return played


def check_seat_may_act(rules: Any, state: Any, seat: int, action: Mapping[str, Any]) -> None:
    """While the rules play a turn, a seat may take only what is open to it whoever's turn it is
    (resigning): NotYourTurn otherwise, whatever the game's own `decide` would say, so that no
    seat's move, live or in an audited log, passes over the rival's turn."""
    rival = due(rules, state)
    if rival is not None and dict(action) not in rules.open_actions(state, seat):
        raise NotYourTurn(f"it is {rival}'s turn, which the rules play: wait for it")


def play_due(rules: Any, state: Any, rng: Rng) -> Decision | None:
    """The rules turn due on `state`, played with `rng`; None when a seat is to act or the game is
    over. What a playout in the pure domain (a simulation, a benchmark) calls before asking
    `to_act`, taking it as one decision of the playout (`due`, asked without its call: a playout
    asks this before every decision)."""
    return None if rules.rules_turn(state) is None else rules.play_rules_turn(state, rng)


def is_rules_turn(cause: Mapping[str, Any]) -> bool:
    return RULES in cause
