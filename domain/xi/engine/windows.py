"""Response windows: when one opens, what may answer it, and how a declaration resolves after it.

Every declaration (a card, an ability, a skirmish, a draw, the end of a turn) opens a window for
the other seat when the public predicate holds: it holds a card and pT enough for the cheapest pT
card, or has a pT ability it may use now (design 3.1, xi.house.windows). Which cards the hand
holds is never read, so a seat with cards and pT gets its window whether or not it holds a pT
card, and one with 0pT and no pT ability never does. Banking, choices and triggers open none.

In its window a seat passes (`{"type": "pass"}`) or makes its one answer: a pT card or a pT
ability (xi.response.one). An answer is never answered: it resolves at once, and then, unless it
prevented it, the declaration resolves; nothing else happens in between. A window on a skirmish
is the defender's (xi.skirmish.react); once it closes the skirmish step waits for the attacker,
who may play cards and use abilities, each opening its own window, before it strikes
(xi.house.skirmish-step). The skirmish is cancelled, with no damage, if a unit of it has left
play or changed sides (xi.house.skirmish-gone), and the strike follows at once when the attacker
holds no card and has no ability to use (both public).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.xi.cards.catalogue import CARDS
from domain.xi.emitter import Emitter
from domain.xi.engine.abilities import declare_ability, resolve_ability, use_actions
from domain.xi.engine.play import declare_card, play_actions, resolve
from domain.xi.engine.skirmish import gone, strike_actions, strike_now
from domain.xi.engine.turns import end_turn
from domain.xi.language.drawing import paid_draw
from domain.xi.language.effects import cancel_skirmish
from domain.xi.language.layers import derive_all
from domain.xi.state import OVER, SKIRMISH_STEP, WINDOW_STEP, XiState

PASS: Action = {"type": "pass"}
KINDS = ("spell", "ability", "skirmish", "draw", "end_turn")
# The rule each kind of window answers to.
RULE = {"spell": "xi.response.one", "ability": "xi.response.one", "skirmish": "xi.skirmish.react",
        "draw": "xi.response.draw", "end_turn": "xi.response.end-turn"}
# The cheapest pT cost of the catalogue (1 by xi.house.zero-pt): no effect changes a pT cost
# (xi.time.cost-reduction), so no deck list or card in play changes it either.
MIN_PT_COST = min(card.cost for card in CARDS.values() if card.cost_unit == "pt")
# The other seats clockwise from each seat, by the table's number of seats (a game has 2 to 4).
_CLOCKWISE = [[tuple((seat + step) % seats for step in range(1, seats)) for seat in range(seats)]
              for seats in range(9)]


def window_opens(state: XiState, seat: int) -> bool:
    """Whether `seat` gets a window, on public facts only: its hand's size, its pT, its cards in play."""
    player = state.players[seat]
    if player.out:
        return False
    if player.hand and player.pt >= MIN_PT_COST:
        return True
    return player.pt > 0 and bool(use_actions(state, seat, pt_only=True))


def responders(state: XiState, on: Mapping[str, Any]) -> list[int]:
    """The seats a declaration's window passes to, one at a time: the defender of a skirmish
    first, then turn order from the declarer (xi.house.free-for-all)."""
    # Every other seat still in, clockwise from the declarer (what following next_seat round the
    # table gives, read in one pass: every declaration asks).
    order, players = [], state.players
    for seat in _CLOCKWISE[state.seats][on["declarer"]]:
        if not players[seat].out:
            order.append(seat)
    if len(order) < 2:
        return order  # one seat to ask (every game of two): the defender is first already
    defender = _defender(state, on)
    if defender in order:
        order.remove(defender)
        order.insert(0, defender)
    return order


def _defender(state: XiState, on: Mapping[str, Any]) -> int | None:
    if on["kind"] != "skirmish":
        return None
    target = on["target"]
    if isinstance(target, int):
        return target
    for unit in state.units:  # a loop: a generator and `next` cost more
        if unit.uid == target:
            return unit.controller
    return None


def declared(em: Emitter, on: dict[str, Any], after: int | None = None) -> None:
    """A declaration was made (or its window passed by seat `after`): open the next window, or
    resolve it and carry on."""
    state = em.state
    # responders, without its call: every other seat still in, clockwise from the declarer, the
    # defender of a skirmish first (a game of two has one seat to ask).
    order, players = [], state.players
    for seat in _CLOCKWISE[state.seats][on["declarer"]]:
        if not players[seat].out:
            order.append(seat)
    if len(order) > 1 and on["kind"] == "skirmish":  # only a skirmish has a defender (_defender)
        defender = _defender(state, on)
        if defender in order:
            order.remove(defender)
            order.insert(0, defender)
    if after is not None:
        order = order[order.index(after) + 1:]
    for seat in order:  # a loop, as every declaration passes here: a generator costs more
        # window_opens, its first question asked without the call (every seat of `order` is in).
        player = players[seat]
        # use_actions' pt_only by position: a call by keyword is not specialised (CPython 3.11).
        if (player.hand and player.pt >= MIN_PT_COST) or (player.pt > 0 and use_actions(state, seat, True)):
            em.emit("window_opened", RULE[on["kind"]], {"seat": seat, **on})
            return
    resolve_declaration(em, on)
    pending = em.state.pending
    if pending and pending[-1].kind == SKIRMISH_STEP:  # else settle has nothing to do
        settle(em)


def resolve_declaration(em: Emitter, on: Mapping[str, Any]) -> None:
    """The declaration takes effect, now that nobody answers it (a skirmish waits in its step)."""
    if em.state.phase == OVER:
        return
    kind, seat = on["kind"], on["declarer"]
    if em.state.players[seat].out:  # the answer put its declarer out (xi.house.free-for-all)
        if kind == "spell":
            em.emit("card_discarded", "xi.house.free-for-all", {"iid": None, "card": on["card"], "owner": seat})
        return
    if kind == "spell":
        resolve(em, seat, on["card"], on.get("target"))
    elif kind == "ability":
        resolve_ability(em, seat, on["source"], on["card"], on.get("target"), on.get("choice"))
    elif kind == "draw":
        paid_draw(em, seat)
    elif kind == "end_turn":
        end_turn(em, seat)


def settle(em: Emitter) -> None:
    """With the skirmish step on top: cancel it if a unit of it is gone, strike at once if the
    attacker has nothing else it could do, else wait for the attacker."""
    state = em.state
    if state.phase == OVER or not state.pending or state.pending[-1].kind != SKIRMISH_STEP:
        return
    step = state.pending[-1]
    derived = derive_all(state)  # read once for the three questions below (each read checks the memo)
    if gone(state, step, derived):
        cancel_skirmish(em, "xi.house.skirmish-gone", None)
        return
    strikes = strike_actions(state, step, derived)
    if not state.players[step.seat].hand and not use_actions(state, step.seat, False, derived) and len(strikes) == 1:
        strike_now(em, step, strikes[0].get("damage"), derived)  # the table as derived above


def window_actions(state: XiState, seat: int) -> list[Action]:
    """What the seat a window waits on may do: pass first, then each pT card and pT ability."""
    window = state.pending[-1].facts
    return [dict(PASS)] + play_actions(state, seat, window) + use_actions(state, seat, pt_only=True)


def pass_window(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The seat lets the declaration pass: the next seat's window, or the declaration resolves."""
    on = {**em.state.pending[-1].facts}  # _declaration, without its call (nor `dict`'s)
    on.pop("seat", None)
    em.emit("window_passed", "xi.house.windows", {"seat": seat, "kind": on["kind"]})
    declared(em, on, seat)  # after `seat`


def answer(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The one answer: it resolves whole, then the declaration does, unless it was prevented."""
    on = _declaration(em.state.pending[-1].facts)
    mark = len(em.events)
    if action["type"] == "play":
        declare_card(em, seat, action, answering=on)
        resolve(em, seat, action["card"], action.get("target"), answering=on)
    else:
        answered = declare_ability(em, seat, action, answering=on)
        resolve_ability(em, seat, answered["source"], answered["card"], action.get("target"), action.get("choice"),
                        answering=on)
    if not _prevented(em.events, mark):
        resolve_declaration(em, on)
    settle(em)


def _prevented(events: list, mark: int) -> bool:
    """Whether an event from index `mark` on prevented the declaration."""
    for index in range(mark, len(events)):
        if events[index].type == "card_prevented":
            return True
    return False


def _declaration(facts: Mapping[str, Any]) -> dict[str, Any]:
    """What a window answers: its facts but the seat it waits on (a copy and a pop: cheaper than a
    comprehension, in the same order)."""
    on = dict(facts)
    on.pop("seat", None)
    return on


def in_window(state: XiState) -> Mapping[str, Any] | None:
    """The facts of the window on top of the stack, if one is."""
    top = state.pending[-1] if state.pending else None
    return top.facts if top is not None and top.kind == WINDOW_STEP else None
