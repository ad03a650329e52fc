"""Matching a seat's standing rules against a window (engine/standing.py holds the rules' form and
checks): whether a rule's filters match a window's public facts, the answer it gives there, and
which `once` rule an answer spends. The fold spends them (evolve), so this sits under both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action

FILTERS = ("card", "declarer", "attacker", "attacker_type", "target")  # a window's public facts
WITH = ("target", "choice")  # what an answer's `with` may give


def matches(rule: Mapping[str, Any], facts: Mapping[str, Any], seat: int) -> bool:
    """Whether a rule's filters match a window's public facts, for the seat it is `seat`'s."""
    if rule["on"] != facts["kind"]:
        return False
    for key in FILTERS:
        if key not in rule:
            continue
        wanted = seat if key == "target" and rule[key] == "me" else rule[key]
        if facts.get(key) != wanted:
            return False
    return True


def answer_of(rule: Mapping[str, Any], facts: Mapping[str, Any]) -> Action:
    """The action a rule answers the window `facts` with: its card to play or its card in play to use."""
    given = dict(rule.get("with", {}))
    if given.get("target") in ("attacker", "target", "declarer"):
        given["target"] = facts.get(given["target"])
    action: Action = {"type": "play", "card": rule["play"]} if "play" in rule else {"type": "use", "source": rule["use"]}
    action.update((key, given[key]) for key in WITH if given.get(key) is not None)
    return action


def spent(standing: dict[str, Any] | None, facts: Mapping[str, Any], seat: int, answer: Mapping[str, Any]
          ) -> dict[str, Any] | None:
    """The standing rules once the seat has answered the window `facts` with `answer` (the
    declaration's public facts): the first `once` rule that gives that answer there is spent."""
    if standing is None:
        return None
    for index, rule in enumerate(standing["when"]):
        if rule.get("once") and matches(rule, facts, seat) and _same(rule, facts, answer):
            return {**standing, "when": standing["when"][:index] + standing["when"][index + 1:]}
    return standing


def _same(rule: Mapping[str, Any], facts: Mapping[str, Any], answer: Mapping[str, Any]) -> bool:
    wanted = answer_of(rule, facts)
    given = answer.get("source", answer.get("card"))
    return wanted.get("source", wanted.get("card")) == given and all(
        wanted.get(key) == answer.get(key) for key in WITH)
