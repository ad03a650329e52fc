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
from domain.emitter import Emitter as BaseEmitter
from domain.emitter import decide_by_type
from domain.rng import Rng
from domain.xi.abilities import use
from domain.xi.actions import check
from domain.xi.choices import choose
from domain.xi.evolve import APPLIERS
from domain.xi.play import play
from domain.xi.skirmish import skirmish
from domain.xi.state import (
    BANK_RATE,
    DRAW_COST,
    FIRST_TURN_T,
    LIFE,
    OPENING_DRAW,
    TURN_LIMIT,
    TURN_T,
    copy_state,
    new_state,
)
from domain.xi.table import next_seat, pay_t_first
from domain.xi.turns import end_effects, start_turn

FREE = {"t": 0, "pt": 0}  # what the opening draw costs


class Emitter(BaseEmitter):
    """An Xi decision's events, each applied to the decision's own table as it is emitted."""

    appliers = APPLIERS
    copy = staticmethod(copy_state)


def setup_events(seats: int, rng: Rng) -> Decision:
    """The opening events: the players at 40 life, waiting for their decks."""
    em = Emitter(new_state(seats), rng)
    em.emit("game_prepared", "xi.setup.life", {"seats": seats, "life": LIFE})
    return em.decision()


def _bring_deck(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    cards = list(action["cards"])
    em.emit("deck_brought", "xi.house.decks-brought", {"seat": seat, "count": len(cards)},
            private={"cards": cards}, private_to=seat)
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


def draw(em: Emitter, seat: int, cost: Mapping[str, int], rule: str) -> None:
    """`seat` pays `cost` and draws its top card; from an empty deck the cost is still paid."""
    deck = em.state.players[seat].deck
    if not deck:
        em.emit("draw_missed", "xi.time.draw-empty", {"seat": seat, "cost": dict(cost)})
        return
    em.emit("card_drawn", rule, {"seat": seat, "cost": dict(cost)}, private={"card": deck[0]}, private_to=seat)


def _choose_order(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    first = seat if action["first"] else next_seat(em.state, seat)
    order = [first]
    while len(order) < em.state.seats:
        order.append(next_seat(em.state, order[-1]))  # the others follow clockwise
    em.emit("order_chosen", "xi.house.coin-choice", {"seat": seat, "first": action["first"], "order": order})
    start_turn(em, first, 1, FIRST_TURN_T, "xi.time.first-turn")


def _draw(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    player = em.state.players[seat]
    from_t, from_pt = pay_t_first(DRAW_COST, player.t, player.pt)
    draw(em, seat, {"t": from_t, "pt": from_pt}, "xi.time.draw" if not from_pt else "xi.time.pt-as-t")


def _bank(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    k = action["pt"]
    em.emit("time_banked", "xi.time.bank", {"seat": seat, "t": BANK_RATE * k, "pt": k})


def _end_turn(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    state = em.state
    em.emit("turn_ended", "xi.time.expires", {"seat": seat, "turn": state.turn, "t": state.players[seat].t})
    end_effects(em)
    if state.turn >= TURN_LIMIT:
        em.emit("game_ended", "xi.house.turn-limit", {"reason": "turn-limit", "winners": []})
        return
    start_turn(em, next_seat(state, seat), state.turn + 1, TURN_T, "xi.time.per-turn")


def _resign(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The game ends at once, whatever is under way; the other seat wins (xi.house.resign)."""
    others = [other for other, player in enumerate(em.state.players) if other != seat and not player.out]
    em.emit("resigned", "xi.house.resign", {"seat": seat, "winners": others})


_PERFORM = {
    "bring_deck": _bring_deck,
    "choose_order": _choose_order,
    "draw": _draw,
    "play": play,
    "use": use,
    "skirmish": skirmish,
    "bank": _bank,
    "end_turn": _end_turn,
    "choose": choose,
    "resign": _resign,
}
decide_events = decide_by_type(check, Emitter, _PERFORM)
