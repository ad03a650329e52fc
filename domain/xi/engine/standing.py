"""Standing rules: how a seat has its windows answered without being asked (design 3.2-3.3).

  {"type": "set_standing",
   "kinds": {"spell": "ask" | "pass", "ability": ..., "skirmish": ..., "draw": ..., "end_turn": ...},
   "when": [{"on": "skirmish", "target": "u7", "play": "heat-stroke", "once": true}, ...],
   "pass_when_unable": true | false}

`kinds` says, per kind of window, whether to wait for the seat (`ask`, the default) or to pass.
`when` holds answers tried in order. Their filters read the window's public facts only (`on`,
`card`, `declarer`, `attacker`, `attacker_type`, and `target`: a unit id, a seat, or `me`); `play`
names a card, or `use` a card in play with an ability, and `with` gives its `target` (`attacker`,
`target`, `declarer`, or a unit id or seat) and `choice`. A rule answers when its filters match
*and* its answer is legal now (the card in hand, the pT there, the target valid); otherwise the
next is tried, then `kinds`; a window still asked passes when `pass_when_unable` is set and the
seat has no legal answer in it but to pass (xi.house.pass-when-unable: its hand holds no card it
may play there, and no ability can be used). A `once` rule is spent in evolve when the seat
answers a window its filters match with its card (or ability), whether by hand or by the rule,
so both give the same events. The rules are the seat's secret: `standing_set` tells the others only that a set was made.
Checked under xi.house.standing-responses; whether a card is in hand is not checked, since a later
draw may bring it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.vocabulary import TYPES
from domain.xi.engine.windows import KINDS, PASS, window_actions
from domain.xi.standing_match import FILTERS, WITH, answer_of, matches
from domain.xi.state import OVER, WINDOW_STEP, XiState

RULE = "xi.house.standing-responses"
MOST_RULES = 16
ANSWERS = ("ask", "pass")
RULE_KEYS = frozenset({"on", *FILTERS, "play", "use", "with", "once"})
UNABLE = "pass_when_unable"  # pass a window the seat has no answer to but passing
STANDING_KEYS = frozenset({"kinds", "when", UNABLE})
NEVER = {"kinds": {kind: "pass" for kind in KINDS}}  # never answer: every window passes
ALWAYS_ASK: dict[str, Any] = {}  # every window waits for the seat


def _refuse(reason: str) -> IllegalAction:
    return IllegalAction(reason, rule=RULE)


def _is_ref(value: Any) -> bool:
    return isinstance(value, str) or type(value) is int


def checked(action: Mapping[str, Any]) -> dict[str, Any]:
    """The rules a `set_standing` action sets, as stored; IllegalAction naming the field if not."""
    kinds, when = action.get("kinds", {}), action.get("when", [])
    if not isinstance(kinds, Mapping):
        raise _refuse("kinds: an object of window kinds, each ask or pass")
    for kind, answer in kinds.items():
        if kind not in KINDS:
            raise _refuse(f"kinds.{kind}: no such kind of window; one of {', '.join(KINDS)}")
        if answer not in ANSWERS:
            raise _refuse(f"kinds.{kind}: {answer!r} is not ask or pass")
    if not isinstance(when, list) or len(when) > MOST_RULES:
        raise _refuse(f"when: a list of at most {MOST_RULES} rules")
    for index, rule in enumerate(when):
        _check_rule(f"when[{index}]", rule)
    unable = action.get(UNABLE, False)
    if type(unable) is not bool:
        raise _refuse(f"{UNABLE}: true or false, not {unable!r}")
    # Stored only when set, so that rules set before it existed read the same.
    return {"kinds": dict(kinds), "when": [dict(rule) for rule in when], **({UNABLE: True} if unable else {})}


def starting(pass_when_unable: bool) -> dict[str, Any] | None:
    """The standing rules every seat starts a game with: none, or passing the windows it cannot
    answer (the game's `pass_when_unable` option, on at every new table: xi.house.pass-when-unable)."""
    return {"kinds": {}, "when": [], UNABLE: True} if pass_when_unable else None


def _check_rule(where: str, rule: Any) -> None:
    if not isinstance(rule, Mapping):
        raise _refuse(f"{where}: a rule is an object")
    for key in rule:
        if key not in RULE_KEYS:
            raise _refuse(f"{where}.{key}: no such field; one of {', '.join(sorted(RULE_KEYS))}")
    if rule.get("on") not in KINDS:
        raise _refuse(f"{where}.on: {rule.get('on')!r} is not a kind of window; one of {', '.join(KINDS)}")
    if ("play" in rule) == ("use" in rule):
        raise _refuse(f"{where}: a rule names a card to play or a card in play to use, one of the two")
    if "play" in rule and rule["play"] not in CARDS:
        raise _refuse(f"{where}.play: {rule['play']!r} is not a Xi card")
    if "use" in rule and not isinstance(rule["use"], str):
        raise _refuse(f"{where}.use: {rule['use']!r} is not the id of a card in play")
    if "card" in rule and rule["card"] not in CARDS:
        raise _refuse(f"{where}.card: {rule['card']!r} is not a Xi card")
    if "attacker_type" in rule and rule["attacker_type"] not in TYPES:
        raise _refuse(f"{where}.attacker_type: {rule['attacker_type']!r} is not a type; one of {', '.join(TYPES)}")
    for key in ("declarer", "attacker", "target"):
        if key in rule and not _is_ref(rule[key]):
            raise _refuse(f"{where}.{key}: {rule[key]!r} is neither a unit id nor a seat")
    given = rule.get("with", {})
    if not isinstance(given, Mapping) or not set(given) <= set(WITH) or not all(map(_is_ref, given.values())):
        raise _refuse(f"{where}.with: an object of target (attacker, target, declarer, a unit id or a seat) "
                      "and choice")
    if "once" in rule and type(rule["once"]) is not bool:
        raise _refuse(f"{where}.once: true or false")


def standing_answer(state: XiState, seat: int) -> Action | None:
    """The answer `seat`'s standing rules give to the window on top, else None (ask the seat)."""
    top = state.pending[-1] if state.pending else None
    standing = state.players[seat].standing if 0 <= seat < len(state.players) else None
    if standing is None or top is None or top.kind != WINDOW_STEP or top.seat != seat or state.phase == OVER:
        return None
    legal = None
    for rule in standing["when"]:
        if matches(rule, top.facts, seat):
            legal = legal if legal is not None else window_actions(state, seat)
            action = answer_of(rule, top.facts)
            if action in legal:
                return action
    if standing["kinds"].get(top.facts["kind"]) == "pass":
        return dict(PASS)
    if standing.get(UNABLE) and (legal if legal is not None else window_actions(state, seat)) == [PASS]:
        return dict(PASS)  # nothing in hand or in play can answer: the only answer is to pass
    return None


def inert(rule: Mapping[str, Any], state: XiState) -> bool:
    """A rule naming a unit that has left play (ids are never given again): it can never answer."""
    named = [rule.get(key) for key in ("attacker", "target", "use")] + [rule.get("with", {}).get("target")]
    in_play = {unit.uid for unit in state.units} | {card.iid for card in state.in_play}
    return any(isinstance(ref, str) and ref[:1] in "us" and ref[1:].isdigit() and ref not in in_play
               for ref in named)


def standing_actions() -> list[Action]:
    """The standing rules a seat may set at any time, as listed: never answer, or always be asked
    (any other `set_standing` is taken as well)."""
    return [{"type": "set_standing", **NEVER}, {"type": "set_standing", "kinds": dict(ALWAYS_ASK)}]
