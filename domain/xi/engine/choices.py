"""Choices an effect asks of a seat: `{"type": "choose", "choice": x}`, one of the options the
pending `choose` step lists. The step holds what resumes after it: a start-of-turn trigger and
the rest of its queue (xi.house.start-order), or a skirmish's strike once a defending Thesis has
picked its damage (xi.house.thesis-choice)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.emitter import Emitter
from domain.xi.engine.skirmish import resume_strike
from domain.xi.engine.turns import resume_trigger
from domain.xi.state import XiState

RESUME = {"trigger": resume_trigger, "strike": resume_strike}
RULE = {"trigger": "xi.house.start-order", "strike": "xi.house.thesis-choice"}


def rule_of(facts: Mapping[str, Any]) -> str:
    """The rule that asked for the choice."""
    return RULE[facts["resume"]]


def choose_actions(state: XiState) -> list[Action]:
    return [{"type": "choose", "choice": option} for option in state.pending[-1].facts["options"]]


def check_choose(state: XiState, choice: Any) -> None:
    facts = state.pending[-1].facts
    if choice not in facts["options"] or type(choice) is bool:
        raise IllegalAction(f"choice: {choice!r} is not one of {facts['options']}", rule=rule_of(facts))


def choose(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The choice is recorded, then what waited on it resumes."""
    facts = em.state.pending[-1].facts
    em.emit("choice_made", rule_of(facts), {"seat": seat, "source": facts["source"], "resume": facts["resume"],
                                          "choice": action["choice"]})
    RESUME[facts["resume"]](em, facts, action["choice"])
