"""The fold: each event's facts applied to a state, giving a new state.

Pure: no randomness, no clock, and the input state is never changed. Each applier changes a table
of its own (a fresh copy in `evolve`, a decision's own table in its Emitter) by putting new
lists and new `Seat`s in the fields the event changes. An event that does not fit the table (a
drawn card that is not on top of the deck, time spent that the seat does not have) raises
ValueError: a stream that fails here has been tampered with or mis-ordered.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.emitter import fold_by_type
from domain.xi.cards import CARDS
from domain.xi.state import (
    DECK_STEP,
    DECKS,
    ORDER,
    ORDER_STEP,
    OVER,
    PLAY,
    Seat,
    Step,
    Unit,
    XiState,
    copy_seat,
    copy_state,
    copy_unit,
)
from domain.xi.table import capped_pt

Facts = Mapping[str, Any]


def _seat(s: XiState, index: int) -> Seat:
    """A copy of seat `index`, put in a new players list: the applier may then change it."""
    seat = copy_seat(s.players[index])
    players = list(s.players)
    players[index] = seat
    s.players = players
    return seat


def _unit(s: XiState, uid: str) -> Unit:
    """A copy of the unit `uid`, put in a new units list: the applier may then change it."""
    for index, unit in enumerate(s.units):
        if unit.uid == uid:
            unit = copy_unit(unit)
            s.units = s.units[:index] + [unit] + s.units[index + 1:]
            return unit
    raise ValueError(f"no unit {uid} in play")


def _pop(s: XiState, kind: str, seat: int) -> None:
    if not s.pending or s.pending[-1].kind != kind or s.pending[-1].seat != seat:
        raise ValueError(f"seat {seat} has no pending {kind} step on top")
    s.pending = s.pending[:-1]


def _spend(seat: Seat, cost: Facts) -> None:
    t, pt = cost["t"], cost["pt"]
    if t > seat.t or pt > seat.pt:
        raise ValueError(f"{t}T and {pt}pT spent with {seat.t}T and {seat.pt}pT")
    seat.t, seat.pt = seat.t - t, seat.pt - pt


def _game_prepared(s: XiState, facts: Facts) -> None:
    s.players = [Seat(life=facts["life"]) for _ in range(facts["seats"])]
    # Seat 0 brings first: its step is on top.
    s.pending = [Step(DECK_STEP, seat) for seat in reversed(range(facts["seats"]))]
    s.phase = DECKS


def _deck_brought(s: XiState, facts: Facts) -> None:
    _pop(s, DECK_STEP, facts["seat"])
    seat = _seat(s, facts["seat"])
    seat.deck_list = list(facts["cards"])
    seat.deck = list(facts["cards"])


def _deck_shuffled(s: XiState, facts: Facts) -> None:
    seat = _seat(s, facts["seat"])
    order = list(facts["order"])
    if sorted(order) != sorted(seat.deck):
        raise ValueError("the shuffled deck is not the deck")
    seat.deck = order


def _card_drawn(s: XiState, facts: Facts) -> None:
    seat = _seat(s, facts["seat"])
    card = facts["card"]
    if not seat.deck or seat.deck[0] != card:
        raise ValueError(f"{card} is not on top of seat {facts['seat']}'s deck")
    _spend(seat, facts["cost"])
    seat.deck, seat.hand = seat.deck[1:], seat.hand + [card]


def _draw_missed(s: XiState, facts: Facts) -> None:
    seat = _seat(s, facts["seat"])
    if seat.deck:
        raise ValueError("a draw was missed from a deck that holds cards")
    _spend(seat, facts["cost"])


def _coin_tossed(s: XiState, facts: Facts) -> None:
    s.pending = s.pending + [Step(ORDER_STEP, facts["winner"])]
    s.phase = ORDER


def _order_chosen(s: XiState, facts: Facts) -> None:
    _pop(s, ORDER_STEP, facts["seat"])
    s.first = facts["order"][0]
    s.phase = PLAY


def _turn_started(s: XiState, facts: Facts) -> None:
    s.active, s.turn = facts["seat"], facts["turn"]
    _seat(s, facts["seat"]).t = facts["t"]
    for unit in s.units:
        if unit.skirmishes:  # xi.skirmish.once: a new turn, a new skirmish for every unit
            _unit(s, unit.uid).skirmishes = 0


def _card_declared(s: XiState, facts: Facts) -> None:
    seat = _seat(s, facts["seat"])
    card = facts["card"]
    if card not in seat.hand:
        raise ValueError(f"{card} is not in seat {facts['seat']}'s hand")
    _spend(seat, facts["paid"])
    hand = list(seat.hand)
    hand.remove(card)
    seat.hand = hand


def _unit_entered(s: XiState, facts: Facts) -> None:
    if facts["since"] <= s.clock:
        raise ValueError(f"timestamp {facts['since']} is not after {s.clock}")
    s.clock = facts["since"]
    s.units = s.units + [Unit(uid=facts["uid"], card=facts["card"], owner=facts["owner"],
                              controller=facts["controller"], life=CARDS[facts["card"]].life, since=facts["since"])]


def _skirmish_declared(s: XiState, facts: Facts) -> None:
    _unit(s, facts["attacker"]).skirmishes += 1


def _damage_dealt(s: XiState, facts: Facts) -> None:
    target = facts["target"]
    if isinstance(target, str):
        _unit(s, target).life -= facts["amount"]  # may go to 0 or less until the state check
    else:
        seat = _seat(s, target)
        seat.life = max(0, seat.life - facts["amount"])  # xi.house.life-floor


def _unit_destroyed(s: XiState, facts: Facts) -> None:
    s.units = [unit for unit in s.units if unit.uid != facts["uid"]]
    seat = _seat(s, facts["owner"])
    seat.discard = seat.discard + [facts["card"]]


def _time_banked(s: XiState, facts: Facts) -> None:
    seat = _seat(s, facts["seat"])
    _spend(seat, {"t": facts["t"], "pt": 0})
    seat.pt = capped_pt(seat.pt + facts["pt"])


def _turn_ended(s: XiState, facts: Facts) -> None:
    _seat(s, facts["seat"]).t = 0  # xi.time.expires


def _resigned(s: XiState, facts: Facts) -> None:
    _seat(s, facts["seat"]).out = True
    s.phase, s.ended_by, s.winners, s.pending = OVER, "resignation", list(facts["winners"]), []


def _game_ended(s: XiState, facts: Facts) -> None:
    s.phase, s.ended_by, s.winners, s.pending = OVER, facts["reason"], list(facts["winners"]), []


APPLIERS: dict[str, Callable[[XiState, Facts], None]] = {
    "game_prepared": _game_prepared,
    "deck_brought": _deck_brought,
    "deck_shuffled": _deck_shuffled,
    "card_drawn": _card_drawn,
    "draw_missed": _draw_missed,
    "coin_tossed": _coin_tossed,
    "order_chosen": _order_chosen,
    "turn_started": _turn_started,
    "time_banked": _time_banked,
    "turn_ended": _turn_ended,
    "card_declared": _card_declared,
    "unit_entered": _unit_entered,
    "skirmish_declared": _skirmish_declared,
    "damage_dealt": _damage_dealt,
    "unit_destroyed": _unit_destroyed,
    "resigned": _resigned,
    "game_ended": _game_ended,
}

evolve = fold_by_type(APPLIERS, copy_state, "Xi Cards")
EVENT_TYPES = tuple(APPLIERS)
