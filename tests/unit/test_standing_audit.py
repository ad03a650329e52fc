"""The audit re-derives standing answers: a log whose keeper chained it with the seed (the server
itself) still cannot skip a standing answer that was due, forge one, nor hide that a decision
answered a window. The logs are built through the rules of Parry, a game with one window."""

from __future__ import annotations

from typing import Any

import pytest

from domain import interrupts, registry
from domain.audit import audit
from domain.chain import header_hash, link
from domain.rng import Rng, commitment
from tests.fixtures.parry import RULES

SEED = "standing-audit"
STAND = {"type": "set_standing", "pass": True}
ASK = {"type": "set_standing", "pass": False}
STRIKE, REST, PASS = {"type": "strike"}, {"type": "rest"}, {"type": "pass"}


@pytest.fixture(autouse=True)
def parry(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "parry", RULES)


HEADER = {"game": "parry", "rules_version": RULES.version, "seats": [{"name": "ana", "bot": None}, {"name": "bo", "bot": None}],
          "options": {}, "seed_commitment": commitment(SEED)}


def logged(decisions: list[tuple[int, dict, dict]]) -> list[dict[str, Any]]:
    """The records of a game dealt from SEED and played by `decisions` (seat, action, keys the
    cause adds or drops: None drops), each chained to the one before as the server chains them."""
    records: list[dict[str, Any]] = []
    previous = header_hash(HEADER)

    def record(events, cause):
        nonlocal previous
        for event in events:
            version = len(records) + 2
            previous = link(SEED, previous, version, event.to_json(), cause)
            records.append({"version": version, "event": event.to_json(), "cause": cause, "chain": previous})

    dealt = RULES.setup(2, {}, Rng(SEED, "setup"))
    record(dealt.events, {"setup": True, "rng": "setup", "at": "2026-11-23T09:00:00Z"})
    state = dealt.state
    for seat, action, keys in decisions:
        version = len(records) + 1
        cause = {"seat": seat, "action": action, "rng": f"decision:{version}", "at": "2026-11-23T09:00:00Z"}
        if interrupts.answers_interrupt(RULES, state, seat):
            cause["interrupt"] = True
        cause.update(keys)
        cause = {key: value for key, value in cause.items() if value is not None}
        decision = RULES.decide(state, seat, action, Rng(SEED, f"decision:{version}"))
        record(decision.events, cause)
        state = decision.state
    return records


def finished(opening: list[tuple[int, dict, dict]]) -> list[tuple[int, dict, dict]]:
    """`opening`, then both seats resting to the end (a rest opens no window)."""
    state = RULES.setup(2, {}, Rng(SEED, "setup")).state
    for seat, action, _ in opening:
        state = RULES.decide(state, seat, action, Rng(SEED, "any")).state
    rests = []
    while (seat := RULES.to_act(state)) is not None:
        rests.append((seat, REST, {}))
        state = RULES.decide(state, seat, REST, Rng(SEED, "any")).state
    return opening + rests


STANDING = {"standing": True}


def test_a_standing_pass_recorded_where_it_was_due_verifies():
    report = audit(HEADER, SEED, logged(finished([(1, STAND, {}), (0, STRIKE, {}), (1, PASS, STANDING)])))
    assert report.verified, report.problem


def test_a_pass_by_hand_where_the_seats_standing_rule_answers_is_a_skipped_standing_answer():
    report = audit(HEADER, SEED, logged(finished([(1, STAND, {}), (0, STRIKE, {}), (1, PASS, {})])))
    assert not report.verified
    problem = report.problem
    assert problem.check == "standing" and problem.step == 7  # the deal is 2-4, the rule 5, the strike 6, the pass 7
    assert problem.expected == {"seat": 1, "action": PASS, "standing": True}
    assert problem.found == {"seat": 1, "action": PASS, "standing": False}


def test_a_standing_answer_left_out_of_the_log_is_caught_at_the_next_decision():
    """The striker rests on as if the window had closed: the rules refuse nothing (the game
    never reached the window's answer), but the audit says the answer was due."""
    records = logged([(1, STAND, {}), (0, STRIKE, {})])
    report = audit(HEADER, SEED, records)
    assert report.problem.check == "standing" and report.problem.reason == "the log ends where a standing answer was due"
    assert report.problem.expected == {"seat": 1, "action": PASS}


def test_a_pass_marked_standing_where_no_rule_of_the_seat_gives_it_is_a_forged_standing_answer():
    report = audit(HEADER, SEED, logged(finished([(1, ASK, {}), (0, STRIKE, {}), (1, PASS, STANDING)])))
    assert report.problem.check == "standing"
    assert report.problem.expected is None and report.problem.found["standing"] is True


def test_an_answer_to_a_window_not_marked_as_one_is_caught():
    """The mark is what hides the answer's time from the striker: it cannot be left off."""
    report = audit(HEADER, SEED, logged(finished([(1, ASK, {}), (0, STRIKE, {}), (1, PASS, {"interrupt": None})])))
    assert report.problem.check == "interrupt"


def test_a_log_the_rules_recorded_by_hand_verifies():
    report = audit(HEADER, SEED, logged(finished([(1, ASK, {}), (0, STRIKE, {}), (1, PASS, {})])))
    assert report.verified, report.problem
