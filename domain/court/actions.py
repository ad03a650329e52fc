"""The decisions of a Court game, and why any other is refused.

Actions are plain JSON objects:
  {"type": "start", "slot": i, "space": s}     set-up: a starting card from Society Row, no power
  {"type": "buy", "slot": i, "space": s}       Phase 1A: buy the card of slot i, place it on space s
  {"type": "exchange", "space": s, "slot": i}  Phase 1A: the Courtesan on space s for the card of slot i
  {"type": "skip"}                             Phase 1A: buy nothing (Phase 1B follows)
  {"type": "tax_for_vp", "space": s}          a Tax Collector discards the top card of space s for its VP
  {"type": "tax_for_cp", "space": s}          ... or for CP (the card goes to the Court of the Daemon Princes)
  {"type": "fight", "slot": i, "pay": n}       the Generals fight the Daemon Prince of slot i, paying n CP
  {"type": "decline"}                          let a power's or Phase 2's offer go
`legal_actions` lists them in this order; `check` refuses anything else with the rule and why.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.action_form import ActionForm
from domain.contract import Action
from domain.court.cards import CARDS, COST, COURTESAN, DAEMONS, ROLE, STRENGTH, VP, name_of
from domain.court.flow import may_tax, tax_targets
from domain.court.state import BUY, CHOOSE, FIGHT, OVER, POWER, ROW_SLOTS, SETUP, CourtState
from domain.court.table import fight_cost, generals_strength, price, tops
from domain.errors import GameOver, IllegalAction, NotYourTurn

WELL_FORMED = "court.action.well-formed"
FIELDS = {"start": ("slot", "space"), "buy": ("slot", "space"), "exchange": ("space", "slot"), "skip": (),
          "tax_for_vp": ("space",), "tax_for_cp": ("space",), "fight": ("slot", "pay"), "decline": ()}
FORM = ActionForm(FIELDS, "a Court", WELL_FORMED)
PHASES = {"start": (CHOOSE,), "buy": (BUY,), "exchange": (BUY,), "skip": (BUY,), "tax_for_vp": (POWER,),
          "tax_for_cp": (POWER,), "fight": (POWER, FIGHT), "decline": (POWER, FIGHT)}


ALWAYS = ("skip", "decline")  # legal in every phase they belong to


def to_act(state: CourtState) -> int | None:
    return None if state.phase in (SETUP, OVER) else 0


def exchanges(state: CourtState) -> list[Action]:
    """Each Courtesan placed before this turn, for each card of equal VP in Society Row."""
    if state.exchanged:
        return []
    found = []
    for space, stack in enumerate(state.court):  # loops, not comprehensions: most turns ask
        if stack and ROLE[stack[-1]] == COURTESAN and state.placed_on[space] < state.turn:
            worth = VP[stack[-1]]
            for slot, card in enumerate(state.row):
                if card and card not in DAEMONS and VP[card] == worth:
                    found.append({"type": "exchange", "space": space, "slot": slot})
    return found


# The start and buy actions, one per slot and space, made once per size of the Royal Court and
# handed out as copies: copying a small dict costs about half of building one (a literal inserts
# each key, a copy clones the table), and these actions are most of every legal list.
_READY: dict[str, dict[int, tuple[tuple[Action, ...], ...]]] = {"start": {}, "buy": {}}


def _ready(kind: str, spaces: int) -> tuple[tuple[Action, ...], ...]:
    """The `kind` actions ("start" or "buy") of each slot of Society Row, one per space, in order."""
    made = _READY[kind].get(spaces)
    if made is None:
        made = _READY[kind][spaces] = tuple(tuple({"type": kind, "slot": slot, "space": space} for space in range(spaces))
                                            for slot in range(ROW_SLOTS))
    return made


def _starts(state: CourtState) -> list[Action]:
    empty, court = [], state.court
    for space in range(state.spaces):  # loops, not comprehensions: three decisions a game
        if not court[space]:
            empty.append(space)
    ready, found = _ready("start", state.spaces), []
    for slot, card in enumerate(state.row):
        if card:
            for space in empty:
                found.append(ready[slot][space].copy())
    return found


def _buys(state: CourtState) -> list[Action]:
    cp, ready = state.cp, _ready("buy", state.spaces)
    found = []
    for slot, card in enumerate(state.row):  # a loop, not a comprehension: the list of most decisions
        if card and card not in DAEMONS and slot + COST[card] <= cp:
            found += map(dict.copy, ready[slot])  # the slot's buys, one per space, fresh copies
    return found


def _taxes(state: CourtState) -> list[Action]:
    if state.phase != POWER or state.pending["power"] != "tax":
        return []
    found = []
    for space in tax_targets(state, state.pending["space"]):  # a loop, not a comprehension
        found.append({"type": "tax_for_vp", "space": space})
        found.append({"type": "tax_for_cp", "space": space})
    return found


def _fights(state: CourtState) -> list[Action]:
    if state.phase == POWER and state.pending["power"] == "tax":
        return []
    strength = generals_strength(state)
    cp = state.cp
    found = []
    for slot, card in enumerate(state.row):
        if card in DAEMONS:
            cost = max(0, STRENGTH[card] - strength)
            if cost <= cp:
                found.append({"type": "fight", "slot": slot, "pay": cost})
    return found


def legal_actions(state: CourtState, seat: int) -> list[Action]:
    if seat != 0:  # the set-up and the end have no decision either: they fall to the last `return []`
        return []
    phase = state.phase
    if phase == CHOOSE:
        return _starts(state)
    if phase == BUY:
        found = _buys(state)
        if not state.exchanged:
            found += exchanges(state)
        found.append({"type": "skip"})
        return found
    if phase == POWER and state.pending["power"] == "tax":
        found = _taxes(state)
    elif phase in (POWER, FIGHT):
        found = _fights(state)
    else:
        return []
    found.append({"type": "decline"})
    return found


def check(state: CourtState, seat: int, action: Any) -> None:
    """Raise GameOver, NotYourTurn or IllegalAction unless `action` may be taken now."""
    if state.phase == OVER:
        raise GameOver("the game is over; no decision is left to take")
    if state.phase == SETUP:  # to_act(state) is None, asked without the call: every decision is checked
        raise NotYourTurn("the cards have not been dealt yet")
    if seat != 0:
        raise NotYourTurn(f"a solitaire game has one seat, 0, not {seat}")
    kind = _check_form(state, action)
    # Whether the action is among the legal ones of its own kind (the lists `legal_actions` joins),
    # asked of the table without building the list.
    if state.phase in PHASES[kind] and (kind in ALWAYS or _IS_LEGAL[kind](state, action)):
        return
    raise IllegalAction(*_why(state, action))


def _check_form(state: CourtState, action: Any) -> str:
    """The action's type, once its fields are whole numbers in range; else IllegalAction."""
    kind = FORM.kind(action)
    wanted = FIELDS[kind]
    for name in wanted:
        value = action[name]
        if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
            raise IllegalAction(f"{name}: a whole number, not {value!r}", rule=WELL_FORMED)
    if "slot" in wanted and not 0 <= action["slot"] < len(state.row):
        raise IllegalAction(f"slot: Society Row has slots 0 to {len(state.row) - 1}", rule=WELL_FORMED)
    if "space" in wanted and not 0 <= action["space"] < state.spaces:
        raise IllegalAction(f"space: the Royal Court has spaces 0 to {state.spaces - 1}", rule=WELL_FORMED)
    return kind


def _why(state: CourtState, action: Mapping[str, Any]) -> tuple[str, str]:
    """The reason and rule of a well-formed action that is not among the legal ones."""
    kind = action["type"]
    if state.phase not in PHASES[kind]:
        return f"type: {kind} is not a decision of this phase ({state.phase})", "court.phase-1a.buy"
    card = state.row[action["slot"]] if "slot" in action else None
    if kind in ("start", "buy", "exchange", "fight") and card is None:
        return f"slot: slot {action['slot']} of Society Row is empty", "court.row.slide"
    if kind == "start":
        return f"space: space {action['space']} already holds a starting card", "court.house.starting-spaces"
    if kind in ("buy", "exchange") and CARDS[card].is_daemon:
        return f"slot: {name_of(card)} cannot be bought; only the Generals defeat it", "court.power.daemon"
    if kind == "buy":
        return (f"slot: {name_of(card)} costs {price(action['slot'], card)} CP and you have {state.cp}",
                "court.phase-1a.buy")
    if kind == "exchange":
        top = tops(state)[action["space"]]
        if state.exchanged:
            return "type: a Courtesan was exchanged already in this Phase 1A", "court.house.courtesan-exchange"
        if not top or CARDS[top].role != COURTESAN:
            return f"space: the top card of space {action['space']} is not a Courtesan", "court.power.courtesan"
        if state.placed_on[action["space"]] >= state.turn:
            return "space: a Courtesan is exchanged on a later turn than the one it came", "court.power.courtesan"
        return f"slot: {name_of(card)} is not worth {CARDS[top].vp} VP like the Courtesan", "court.power.courtesan"
    if kind in ("tax_for_vp", "tax_for_cp"):
        if state.pending["power"] != "tax":
            return "type: the power waiting is a General's fight, not a Tax Collector's", "court.power.general"
        return f"space: the top card of space {action['space']} is not another card of the Tax Collector's clan", \
            "court.power.tax-collector"
    if kind == "fight":
        if not CARDS[card].is_daemon:
            return f"slot: {name_of(card)} is no Daemon Prince", "court.power.general"
        cost = fight_cost(state, card)
        if cost > state.cp:
            return f"slot: the Generals lack {cost} strength and you have {state.cp} CP", "court.power.general"
        return f"pay: this fight costs exactly {cost} CP", "court.house.exact-pay"
    return "type: not a decision of this phase", "court.phase-1a.buy"


# Each kind's legal list as a question about one well-formed action of that kind, in its phase:
# `action in _starts(state)` and so on, answered without building the list.

def _is_start(state: CourtState, action: Mapping[str, Any]) -> bool:
    return bool(state.row[action["slot"]]) and not state.court[action["space"]]


def _is_buy(state: CourtState, action: Mapping[str, Any]) -> bool:
    slot = action["slot"]
    card = state.row[slot]
    return bool(card) and card not in DAEMONS and slot + COST[card] <= state.cp


def _is_exchange(state: CourtState, action: Mapping[str, Any]) -> bool:
    space, card = action["space"], state.row[action["slot"]]
    stack = state.court[space]
    return (not state.exchanged and bool(stack) and ROLE[stack[-1]] == COURTESAN and state.placed_on[space] < state.turn
            and bool(card) and card not in DAEMONS and VP[card] == VP[stack[-1]])


def _is_tax(state: CourtState, action: Mapping[str, Any]) -> bool:
    return (state.phase == POWER and state.pending["power"] == "tax"
            and may_tax(state, state.pending["space"], action["space"]))


def _is_fight(state: CourtState, action: Mapping[str, Any]) -> bool:
    if state.phase == POWER and state.pending["power"] == "tax":
        return False
    card = state.row[action["slot"]]
    if card not in DAEMONS:
        return False
    cost = max(0, STRENGTH[card] - generals_strength(state))
    return cost <= state.cp and action["pay"] == cost


_IS_LEGAL = {"start": _is_start, "buy": _is_buy, "exchange": _is_exchange, "tax_for_vp": _is_tax,
             "tax_for_cp": _is_tax, "fight": _is_fight}
