"""Turning a deal or a decision into events: the only place the Xi rules use randomness.

Setup is `game_prepared`, after which each seat in seat order brings its deck
(xi.house.decks-brought). When the last deck is in, every deck is shuffled by the seeded
generator (order secret), each seat draws its opening card, and the generator tosses the coin;
its winner chooses to go first or second, and the first turn starts with 6T. Only the shuffles
and the coin draw from the generator.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Decision
from domain.rng import Rng
from domain.xi.emitter import Emitter
from domain.xi.engine.abilities import declare_ability
from domain.xi.engine.actions import check, deck_of
from domain.xi.engine.choices import choose
from domain.xi.engine.end import judge_no_win
from domain.xi.engine.play import declare_card
from domain.xi.engine.skirmish import declare_skirmish, strike_now
from domain.xi.engine.standing import checked
from domain.xi.engine.turns import pass_fallen_turn, start_turn
from domain.xi.engine.windows import answer, declared, pass_window
from domain.xi.language.drawing import draw
from domain.xi.state import (
    BANK_RATE,
    FIRST_TURN_T,
    LIFE,
    OPENING_DRAW,
    PLAY,
    WINDOW_STEP,
    XiState,
    copy_state,
    new_state,
)
from domain.xi.table import next_seat

FREE = {"t": 0, "pt": 0}  # what the opening draw costs


def setup_events(seats: int, rng: Rng, starting_standing: dict | None = None) -> Decision:
    """The opening events: the players at 40 life, waiting for their decks, each with the
    standing rules the game deals them in with."""
    em = Emitter(new_state(seats, starting_standing), rng)
    em.emit("game_prepared", "xi.setup.life", {"seats": seats, "life": LIFE})
    return em.decision()


def _bring_deck(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    cards = deck_of(action)
    named = {"deck": action["deck"]} if "deck" in action else {}
    em.emit("deck_brought", "xi.house.decks-brought", {"seat": seat, "count": len(cards)},
            private={"cards": cards, **named}, private_to=seat)
    if not em.state.pending:
        _start(em)


def _start(em: Emitter) -> None:
    """Every deck is in: shuffle each, draw the opening cards, toss the coin."""
    for seat, player in enumerate(em.state.players):
        order = em.rng.shuffle(player.deck)
        em.emit("deck_shuffled", "xi.house.decks-brought", {"seat": seat, "count": len(order)},
                secret={"order": order})
    for seat in range(em.state.seats):
        for _ in range(OPENING_DRAW):
            draw(em, seat, FREE, "xi.setup.draw-one")
    em.emit("coin_tossed", "xi.setup.coin", {"winner": em.rng.below(em.state.seats)})


def _choose_order(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    first = seat if action["first"] else next_seat(em.state, seat)
    order = [first]
    while len(order) < em.state.seats:
        order.append(next_seat(em.state, order[-1]))  # the others follow clockwise
    em.emit("order_chosen", "xi.house.coin-choice", {"seat": seat, "first": action["first"], "order": order})
    start_turn(em, first, 1, FIRST_TURN_T, "xi.time.first-turn")


def _draw(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    declared(em, {"kind": "draw", "declarer": seat})


def _bank(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    k = action["pt"]
    em.emit("time_banked", "xi.time.bank", {"seat": seat, "t": BANK_RATE * k, "pt": k})


def _end_turn(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    declared(em, {"kind": "end_turn", "declarer": seat})


def _play(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    pending = em.state.pending
    if pending and pending[-1].kind == WINDOW_STEP:  # windows.in_window, asked without its call
        answer(em, seat, action)
    else:
        declared(em, declare_card(em, seat, action))


def _use(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    pending = em.state.pending
    if pending and pending[-1].kind == WINDOW_STEP:  # windows.in_window, asked without its call
        answer(em, seat, action)
    else:
        declared(em, declare_ability(em, seat, action))


def _skirmish(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    declared(em, declare_skirmish(em, seat, action))


def _strike(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    strike_now(em, em.state.pending[-1], action.get("damage"))


def _set_standing(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The seat's standing rules, told to it alone; the others learn that a set was made."""
    em.emit("standing_set", "xi.house.standing-responses", {"seat": seat}, private={"rules": checked(action)},
            private_to=seat)


def _resign(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The game ends at once, whatever is under way; the other seat wins (xi.house.resign)."""
    others = [other for other, player in enumerate(em.state.players) if other != seat and not player.out]
    em.emit("resigned", "xi.house.resign", {"seat": seat, "winners": others})


_PERFORM = {
    "bring_deck": _bring_deck,
    "choose_order": _choose_order,
    "draw": _draw,
    "play": _play,
    "use": _use,
    "skirmish": _skirmish,
    "strike": _strike,
    "bank": _bank,
    "end_turn": _end_turn,
    "pass": pass_window,
    "choose": choose,
    "set_standing": _set_standing,
    "resign": _resign,
}
_new = object.__new__
_new_tuple = tuple.__new__


def decide_trusted(state: XiState, seat: int, action: Any, rng: Rng) -> Decision:
    """`decide_events` for an action from the seat's own legal list, which it does not check
    again: the events of `seat` taking `action` on its own copy of the table, and the table after
    them. The performer of its type, then the turn of a player who fell in it passing on
    (xi.house.free-for-all), then the judgement of a table nobody can win on (xi.house.no-win).
    What domain.emitter.decide_by_type gives, with the Emitter made and the Decision given
    without their calls: every decision passes here."""
    em = _new(Emitter)
    em.state, em.rng, em.events = copy_state(state), rng, []
    _PERFORM[action["type"]](em, seat, action)
    state = em.state
    if state.phase == PLAY and not state.pending:  # else neither has anything to do (a window, a skirmish)
        if state.active is not None and state.players[state.active].out:  # asked here, as pass_fallen_turn does
            pass_fallen_turn(em)
        for player in em.state.players:  # judge_no_win's first question, asked here: a player still in holds a card
            if (player.deck or player.hand) and not player.out:
                break
        else:
            judge_no_win(em)
    return _new_tuple(Decision, (em.events, em.state))


def decide_events(state: XiState, seat: int, action: Any, rng: Rng) -> Decision:
    """The events of `seat` taking `action` and the table after them, or the error saying why it may not."""
    check(state, seat, action)
    # decide_trusted's body, line for line, without its call: every action a client sends passes here.
    em = _new(Emitter)
    em.state, em.rng, em.events = copy_state(state), rng, []
    _PERFORM[action["type"]](em, seat, action)
    state = em.state
    if state.phase == PLAY and not state.pending:
        if state.active is not None and state.players[state.active].out:
            pass_fallen_turn(em)
        for player in em.state.players:
            if (player.deck or player.hand) and not player.out:
                break
        else:
            judge_no_win(em)
    return _new_tuple(Decision, (em.events, em.state))
