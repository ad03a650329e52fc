"""Auditing a finished game from its log alone: the seed, the chain, and the rules re-run.

Given the header, the revealed seed and the recorded events, `audit` checks, in this order: the seed
against the commitment published at creation; that the rules version is the one this code implements
(or, for a game whose rules declare `replays`, one it still re-runs with the game's options: an
older version whose games it plays as they were); that versions run 2, 3, ... without a gap and that
each event's hash chains to the one before; and then re-runs the game: the deal from the seed's
`setup` stream, each recorded decision (seat and action, or the rival of a turn the rules played,
domain.rules_turns) through the rules with its own random stream, comparing the events the rules
produce with the events recorded, one by one; and where a decision is a standing answer
(domain.interrupts), that the seat's standing rules gave exactly it, that none due was skipped (the
decision after any other is the standing answer due then, if one is), and that the answers to
interrupts are marked as such; and that each bot move is the choice of the bot the header seats
there (or the clock's stand-in), at its version and strength, re-run from the seat's view with the
bot's own random stream, that view's MAC matching the one recorded (domain.bot_moves), while no
person's decision carries a bot's record. The first difference is reported with its step, what the
rules give and what the log holds. Nothing here touches a database or a network, so an exported game
is verified offline with the same code the service uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from domain import bot_moves, clock, interrupts, registry, rules_turns, takeback
from domain.chain import header_hash, link
from domain.contract import Event
from domain.errors import RulesError
from domain.rng import Rng, commitment


@dataclass(frozen=True)
class Finding:
    """The first problem found: where, what was expected, what was found."""

    step: int | None
    check: str
    reason: str
    expected: Any = None
    found: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "check": self.check, "reason": self.reason,
                "expected": self.expected, "found": self.found}


@dataclass
class AuditReport:
    verified: bool
    checks: list[str] = field(default_factory=list)
    problem: Finding | None = None
    steps: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"verified": self.verified, "checks": self.checks, "steps": self.steps,
                "first_problem": self.problem.to_json() if self.problem else None}


class _Diverged(Exception):
    def __init__(self, finding: Finding):
        self.finding = finding


def audit(header: Mapping[str, Any], seed: str, records: Sequence[Mapping[str, Any]], *,
          finished: bool = False) -> AuditReport:
    """Check a game's log; `records` are {"version", "event", "cause", "chain"} from version 2 on.
    With `finished`, the log must hold the whole game: it may not stop where a turn is still due
    (a finished game's export, whose seed is out, cannot be a running game cut short)."""
    report = AuditReport(verified=False, steps=len(records) + 1)
    try:
        _check_seed(header, seed)
        report.checks.append("seed matches its commitment")
        rules = _rules_of(header)
        report.checks.append(f"rules {rules.name} version {header.get('rules_version')}")
        _check_chain(header, seed, records)
        report.checks.append("versions contiguous and every hash chained")
        bot_moves_checked = _rerun(rules, header, seed, records, finished)
        report.checks.append("every deal and decision re-run through the rules gives the recorded events")
        if bot_moves_checked:
            report.checks.append(f"each of the {bot_moves_checked} bot moves is the choice of the bot the header "
                                 "seats there, re-run from its seat's view")
    except _Diverged as diverged:
        report.problem = diverged.finding
        return report
    report.verified = True
    return report


def _check_seed(header: Mapping[str, Any], seed: str) -> None:
    if commitment(seed) != header.get("seed_commitment"):
        raise _Diverged(Finding(None, "seed", "the revealed seed does not match the commitment published at creation",
                                header.get("seed_commitment"), commitment(seed)))


def _rules_of(header: Mapping[str, Any]):
    try:
        rules = registry.get(header["game"])
    except KeyError:
        raise _Diverged(Finding(None, "rules", f"this code does not know the game {header.get('game')!r}")) from None
    recorded = header.get("rules_version")
    replays = rules.replays
    if not (replays(recorded, header.get("options", {})) if replays else rules.version == recorded):
        raise _Diverged(Finding(None, "rules", "the game was played under rules this code cannot re-run: "
                                f"it implements version {rules.version} of {rules.name}",
                                rules.version, recorded))
    return rules


def _check_chain(header: Mapping[str, Any], seed: str, records: Sequence[Mapping[str, Any]]) -> None:
    previous = header_hash(header)
    for expected_version, record in enumerate(records, start=2):
        if record.get("version") != expected_version:
            raise _Diverged(Finding(expected_version, "order", "the versions do not run on without a gap",
                                    expected_version, record.get("version")))
        chained = link(seed, previous, expected_version, record["event"], record["cause"])
        if chained != record.get("chain"):
            raise _Diverged(Finding(expected_version, "chain", "the event's hash does not chain to the one before: "
                                    "the event or an earlier one was changed", chained, record.get("chain")))
        previous = chained


def _decisions(records: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """The records grouped by the decision (or deal) that caused them, in order."""
    groups: list[list[Mapping[str, Any]]] = []
    for record in records:
        if groups and groups[-1][0]["cause"] == record["cause"]:
            groups[-1].append(record)
        else:
            groups.append([record])
    return groups


def _rerun(rules, header: Mapping[str, Any], seed: str, records: Sequence[Mapping[str, Any]], finished: bool) -> int:
    """Re-run the log's deal and decisions; the number of bot moves among them, each re-run too."""
    seats, options = len(header["seats"]), header.get("options", {})
    bot_moves_checked = 0
    state = rules.new_state(seats, options)
    groups = _decisions(records)
    states: dict[int, Any] = {}  # the table at the end of each decision: a takeback restores one
    for index, group in enumerate(groups):
        first = group[0]["version"]
        cause = group[0]["cause"]
        _check_standing(rules, state, cause, first)
        if cause.get("setup") and index:
            raise _Diverged(Finding(first, "order", "a deal in the middle of the log: only the first decision lays "
                                    "out the table", None, cause))
        if cause.get("setup") and "scenario" in cause and not options.get("sandbox"):
            raise _Diverged(Finding(first, "scenario", "a chosen position in a game not marked as a sandbox",
                                    True, options.get("sandbox")))
        if "takeback" in cause:
            expected = clock.folded(rules, state, _takeback(rules, groups[:index], states, cause, first,
                                                            rules_turns.due(rules, state)))
        elif cause.get("setup") and "scenario" in cause:
            expected = rules.scenario_setup(seats, options, cause["scenario"], Rng(seed, "setup"))
        elif cause.get("setup"):
            expected = rules.setup(seats, options, Rng(seed, "setup"))
        else:
            stream = f"decision:{first - 1}"
            if cause.get("rng") != stream:
                raise _Diverged(Finding(first, "rng", "the decision names another random stream than its version's",
                                        stream, cause.get("rng")))
            if not rules_turns.is_rules_turn(cause) and not cause.get(interrupts.STANDING):
                bot_moves_checked += _check_bot_move(rules, header, seed, state, cause, first)
            try:
                expected = clock.decision_events(rules, state, cause, Rng(seed, stream))
            except (RulesError, KeyError, TypeError) as refused:
                why = f"({refused.rule}): {refused.reason}" if isinstance(refused, RulesError) else "(malformed)"
                raise _Diverged(Finding(first, "rules", f"the rules refuse the recorded action {why}",
                                        None, cause.get("action", cause))) from None
        expected_json = [event.to_json() for event in expected.events]
        found_json = [record["event"] for record in group]
        for offset, (wanted, got) in enumerate(zip(expected_json, found_json)):
            if wanted != got:
                raise _Diverged(Finding(first + offset, "events", "the log holds another event than the rules give",
                                        wanted, got))
        if len(expected_json) != len(found_json):
            raise _Diverged(Finding(first + min(len(expected_json), len(found_json)), "events",
                                    "the decision caused another number of events than the log holds",
                                    len(expected_json), len(found_json)))
        state = expected.state
        states[group[-1]["version"]] = state
    if not groups:
        if finished:
            raise _Diverged(Finding(2, "end", "the log holds no event: a finished game's log begins with its deal",
                                    None, None))
        return bot_moves_checked
    end = groups[-1][-1]["version"] + 1
    if (due := interrupts.standing_due(rules, state)) is not None:
        raise _Diverged(Finding(end, "standing", "the log ends where a standing answer was due",
                                {"seat": due[0], "action": due[1]}, None))
    if not finished:
        return bot_moves_checked
    if (rival := rules_turns.due(rules, state)) is not None:
        raise _Diverged(Finding(end, "rules", f"the log ends where {rival}'s turn, which the rules play, was due",
                                {rules_turns.RULES: rival}, None))
    if rules.outcome(state) is None:
        raise _Diverged(Finding(end, "end", "the log ends before the game is over: a finished game's log holds "
                                "every decision to its end", None, None))
    return bot_moves_checked


def _check_bot_move(rules, header: Mapping[str, Any], seed: str, state: Any, cause: Mapping[str, Any],
                    first: int) -> int:
    """1 when the seat's decision is a bot's move, checked against the bot the header seats there
    (domain.bot_moves); 0 for a person's; the divergence when it is not what that bot plays."""
    try:
        refusal = bot_moves.rerun_refusal(rules, header, seed, state, cause, first - 1)
    except (KeyError, TypeError, IndexError, AttributeError):
        raise _Diverged(Finding(first, "bot", "the decision's seat or bot record is malformed", None, cause)) from None
    if refusal is not None:
        reason, expected, found = refusal
        raise _Diverged(Finding(first, "bot", reason, expected, found))
    return int(bot_moves.acting_bot(header, cause) is not None)


def _check_standing(rules, state: Any, cause: Mapping[str, Any], first: int) -> None:
    """A decision marked standing is the answer the seat's standing rules give on the table it was
    taken on; a standing answer due there is the decision taken, marked so; and an answer to an
    interrupt, in a game whose seats may set standing rules, says so (its time is hidden)."""
    due = interrupts.standing_due(rules, state)
    if due is not None or cause.get(interrupts.STANDING):
        wanted = None if due is None else {"seat": due[0], "action": due[1], "standing": True}
        found = {"seat": cause.get("seat"), "action": cause.get("action"),
                 "standing": bool(cause.get(interrupts.STANDING))}
        if wanted != found:
            reason = ("a standing answer was due here, and the log holds another decision" if due is not None else
                      "the decision is marked standing, but the seat's standing rules give no answer here")
            raise _Diverged(Finding(first, "standing", reason, wanted, found))
    if cause.get("setup") or "takeback" in cause:
        return
    answers = interrupts.answers_interrupt(rules, state, cause.get("seat"))
    if answers != bool(cause.get(interrupts.INTERRUPT)):
        raise _Diverged(Finding(first, "interrupt", "the decision is marked as answering an interrupt when it does "
                                "not, or not when it does", answers, bool(cause.get(interrupts.INTERRUPT))))


def _takeback(rules, before: list, states: dict[int, Any], cause: Mapping[str, Any], first: int,
              rules_turn: str | None) -> list[Event]:
    """The takeback event the rules give for this cause, from the decisions before it; or the
    divergence saying the takeback could not be."""
    by_end = {group[-1]["version"]: group for group in before}
    end, target = first - 1, None
    while end in by_end:
        group = by_end[end]
        if group[0]["cause"].get("setup"):
            break
        if "takeback" not in group[0]["cause"]:
            target = group
            break
        end = group[0]["cause"]["takeback"]["to_version"]
    events = [Event.from_json(record["event"]) for record in target or []]
    reason = takeback.why_not(rules, cause.get("seat"), target[0]["cause"] if target else None, events, over=False,
                              rules_turn=rules_turn)
    if reason:
        raise _Diverged(Finding(first, "rules", f"the rules refuse the recorded takeback: {reason}", None, cause))
    to_version = target[0]["version"] - 1
    return [takeback.taken_back(cause["seat"], to_version, [record["version"] for record in target], states[to_version])]
