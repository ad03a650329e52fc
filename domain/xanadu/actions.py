"""The decisions of a Xanadu turn, one small action each, and why any other is refused.

  {"type": "start", "card": id}              set-up: your starting building (brown, else blue, else yellow);
                                             the same at the start of a turn with no building in play
  {"type": "sell", "building": i}            Sell phase: gift building i to the Khan for its value
  {"type": "end_sell"} / {"type": "skip_turn"}  on to Construction / pass the whole turn
  {"type": "build", "card": id}              Construction: a building of your hand you can pay for
  {"type": "skip_build"}                     no construction
  {"type": "cover", "owner": s, "building": i}  Workers: cover the next row of a building in play
  {"type": "done_covering"}                  the rows are chosen (the building, if any, is paid)
  {"type": "worker", "card": id}             a card of your hand as one of the workers, face down
  {"type": "end_turn"}                       commit the turn
  {"type": "undo"}                           take back the last uncommitted step of your turn
`legal_actions` lists them all but `undo`, which is open to the seat (`open_actions`) but never
among the choices of a bot, which could undo and redo forever.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.action_form import ActionForm
from domain.contract import Action
from domain.errors import GameOver, IllegalAction, NotYourTurn
from domain.xanadu.cards import CARDS
from domain.xanadu.state import BUILD, CHOOSE, CONFIRM, FOOTHOLD, OVER, SELL, START, WORKERS, XanaduState
from domain.xanadu.table import (
    Cover,
    can_pay,
    cards_of,
    missing,
    open_covers,
    payable_cards,
    starting_colour,
    workers_left,
)

WELL_FORMED = "xanadu.action.well-formed"
FIELDS = {"start": ("card",), "sell": ("building",), "end_sell": (), "skip_turn": (), "build": ("card",),
          "skip_build": (), "cover": ("owner", "building"), "done_covering": (), "worker": ("card",),
          "end_turn": (), "undo": ()}
FORM = ActionForm(FIELDS, "a Xanadu", WELL_FORMED)


def to_act(state: XanaduState) -> int | None:
    if state.phase == START:
        # Once every seat has chosen, nobody decides until the choices are revealed.
        return next((seat for seat, chosen in enumerate(state.starting) if chosen is None), None)
    if state.phase in (FOOTHOLD, SELL, BUILD, WORKERS, CHOOSE, CONFIRM):
        return state.current
    return None


def startable(state: XanaduState, seat: int) -> list[str]:
    hand = state.hands[seat]
    colour = starting_colour(hand)
    if colour is None:
        return sorted(hand)
    cards = []
    for card in hand:
        if CARDS[card].colour == colour:
            cards.append(card)
    return sorted(cards)


def covers_open(state: XanaduState, seat: int, only: Cover | None = None) -> list[Action]:
    """The rows the seat may still cover: within its workers, keeping its building payable (of
    the one building `only`, when given)."""
    plan = state.plan
    cost = cards_of(state)[plan["build"]].cost if plan["build"] else None
    return [{"type": "cover", "owner": owner, "building": index}
            for owner, index in open_covers(state, seat, cost, plan["covers"], workers_left(state, seat, plan), only)]


def paid(state: XanaduState, seat: int) -> bool:
    plan = state.plan
    return not plan["build"] or can_pay(state, seat, cards_of(state)[plan["build"]].cost, plan["covers"], 0)


# The legal actions of each kind, each in the phase it belongs to: `legal_actions` joins those of
# the phase in order, and `check` asks only for those of the action's own kind.

def _starts(state: XanaduState, seat: int) -> list[Action]:
    return [{"type": "start", "card": card} for card in startable(state, seat)]


def _sells(state: XanaduState, seat: int) -> list[Action]:
    return [{"type": "sell", "building": index} for index in range(len(state.buildings[seat]))]


def _skip_turn(state: XanaduState, seat: int) -> list[Action]:
    return [] if state.plan["sold"] else [{"type": "skip_turn"}]


def _builds(state: XanaduState, seat: int, cards: list[str] | None = None) -> list[Action]:
    cards = sorted(set(state.hands[seat])) if cards is None else cards
    return [{"type": "build", "card": card} for card in payable_cards(state, seat, cards, state.plan)]


def _done_covering(state: XanaduState, seat: int) -> list[Action]:
    return [{"type": "done_covering"}] if paid(state, seat) else []


def _worker_cards(state: XanaduState, seat: int) -> list[str]:
    """The cards of the seat's hand not yet chosen as workers nor to be built (a card once per copy)."""
    plan = state.plan
    hand = list(state.hands[seat])
    for card in plan["workers"]:
        hand.remove(card)
    if plan["build"]:
        hand.remove(plan["build"])
    return hand


def _workers(state: XanaduState, seat: int) -> list[Action]:
    return [{"type": "worker", "card": card} for card in sorted(set(_worker_cards(state, seat)))]


def _always(kind: str):
    return lambda state, seat: [{"type": kind}]


KINDS = {  # kind: (its phase, its legal actions)
    "start": ((START, FOOTHOLD), _starts),
    "sell": ((SELL,), _sells),
    "end_sell": ((SELL,), _always("end_sell")),
    "skip_turn": ((SELL,), _skip_turn),
    "build": ((BUILD,), _builds),
    "skip_build": ((BUILD,), _always("skip_build")),
    "cover": ((WORKERS,), covers_open),
    "done_covering": ((WORKERS,), _done_covering),
    "worker": ((CHOOSE,), _workers),
    "end_turn": ((CONFIRM,), _always("end_turn")),
}
PHASE_KINDS = {START: ("start",), FOOTHOLD: ("start",), SELL: ("sell", "end_sell", "skip_turn"),
               BUILD: ("build", "skip_build"), WORKERS: ("cover", "done_covering"), CHOOSE: ("worker",),
               CONFIRM: ("end_turn",)}


def legal_actions(state: XanaduState, seat: int) -> list[Action]:
    if to_act(state) != seat:
        return []
    legal: list[Action] = []
    for kind in PHASE_KINDS.get(state.phase, ()):  # a loop, not a comprehension: cheaper in CPython 3.11
        legal += KINDS[kind][1](state, seat)
    return legal


def _legal(state: XanaduState, seat: int, action: Mapping[str, Any]) -> bool:
    """Whether the well-formed `action` is among `legal_actions`, working out only its own kind's."""
    kind = action["type"]
    phases, of_kind = KINDS[kind]
    if state.phase not in phases:
        return False
    if kind == "build":  # one card's payment, not every card's
        card = action["card"]
        return isinstance(card, str) and card in state.hands[seat] and action in _builds(state, seat, [card])
    if kind == "cover":  # one building's next row, not every building's
        return action in covers_open(state, seat, (action["owner"], action["building"]))
    if kind == "worker":  # a card of the hand still free, without listing them all
        return action["card"] in _worker_cards(state, seat)
    return action in of_kind(state, seat)


def undoable(state: XanaduState, seat: int) -> bool:
    """Whether the seat to act has an uncommitted step of its turn to take back (sales stand)."""
    return to_act(state) == seat and state.plan is not None and bool(state.plan["steps"])


def check(state: XanaduState, seat: int, action: Any) -> None:
    if state.phase == OVER:
        raise GameOver("the game is over; no decision is left to take")
    deciding = to_act(state)
    if deciding is None:
        raise NotYourTurn("the cards have not been dealt yet")
    if seat != deciding:
        raise NotYourTurn(f"seat {deciding} is to decide, not seat {seat}")
    FORM.kind(action)
    if action["type"] == "undo":
        if not undoable(state, seat):
            raise IllegalAction("type: nothing of this turn is left to undo (a sale stands)", rule="xanadu.house.undo")
        return
    if _legal(state, seat, action):
        return
    raise IllegalAction(*_why(state, seat, action))


def _why(state: XanaduState, seat: int, action: Mapping[str, Any]) -> tuple[str, str]:
    kind = action["type"]
    phases = {"start": FOOTHOLD if state.phase == FOOTHOLD else START, "sell": SELL, "end_sell": SELL, "skip_turn": SELL, "build": BUILD, "skip_build": BUILD,
              "cover": WORKERS, "done_covering": WORKERS, "worker": CHOOSE, "end_turn": CONFIRM}
    if state.phase != phases[kind]:
        return f"type: {kind} is not a decision of the {state.phase} phase", "xanadu.turn.phases"
    if kind == "start":
        rule = "xanadu.setup.start" if starting_colour(state.hands[seat]) else "xanadu.house.any-start"
        return f"card: the starting building is one of {', '.join(startable(state, seat))}", rule
    if kind == "sell":
        return f"building: you have buildings 0 to {len(state.buildings[seat]) - 1}", "xanadu.sell"
    if kind == "skip_turn":
        return "type: you sold a building this turn; it is no longer a passed turn", "xanadu.house.skip-turn"
    if kind == "build":
        card = action["card"]
        if card not in state.hands[seat]:
            return f"card: {card!r} is not in your hand", "xanadu.build"
        if len(state.buildings[seat]) >= 5:
            return "card: you have 5 buildings in play already", "xanadu.build.most-five"
        return f"card: there is no way to pay for the {CARDS[card].name} now", "xanadu.build.pay"
    if kind == "cover":
        if workers_left(state, seat, state.plan) <= 0:
            return "type: you have no card left in hand to place as a worker", "xanadu.workers.hand"
        return "building: that row cannot be covered now, or covering it leaves the building unpaid", "xanadu.workers.rows"
    if kind == "done_covering":
        short = missing(state, seat, cards_of(state)[state.plan["build"]].cost, state.plan["covers"])
        return f"type: the building still lacks {', '.join(sorted(short.elements()))}", "xanadu.build.pay"
    return f"card: {action.get('card')!r} is not a card of your hand you may place", "xanadu.workers.hand"
