"""The fold: each event of a Court game applied to the table. Pure, no randomness."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.emitter import fold_by_type
from domain.court.cards import CARDS
from domain.court.state import BUY, CHOOSE, FIGHT, OVER, POWER, CourtState, copy_with

Facts = Mapping[str, Any]




def _without_slot(row: list, slot: int) -> list:
    """The row once the card in `slot` is gone: the cards left of the gap slide right."""
    return [None] + row[:slot] + row[slot + 1:]


def _pushed(court: list[list[str]], space: int, card: str) -> list[list[str]]:
    return [stack + [card] if index == space else stack for index, stack in enumerate(court)]


def _popped(court: list[list[str]], space: int) -> list[list[str]]:
    return [stack[:-1] if index == space else stack for index, stack in enumerate(court)]


def _placed(state: CourtState, space: int, turn: int) -> list[int]:
    return [turn if index == space else placed for index, placed in enumerate(state.placed_on)]


def _deck_shuffled(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, deck=list(f["order"]))


def _row_dealt(state: CourtState, f: Facts) -> CourtState:
    """A card of the set-up deal (never a Daemon Prince: those are set aside)."""
    row = list(state.row)
    row[f["slot"]] = f["card"]
    return copy_with(state, deck=state.deck[1:], row=row)


def _daemon_set_aside(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, deck=state.deck[1:], set_aside=state.set_aside + [f["card"]])


def _choice_offered(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, phase=CHOOSE, cp=f["cp"])


def _starting_card_placed(state: CourtState, f: Facts) -> CourtState:
    row = list(state.row)
    row[f["slot"]] = None
    return copy_with(state, row=row, court=_pushed(state.court, f["space"], f["card"]))


def _daemons_shuffled_back(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, deck=list(f["order"]), set_aside=[])


def _row_set(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, row=list(f["row"]))


def _turn_started(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, phase=BUY, turn=f["turn"], exchanged=False, pending=None)


def _card_drawn(state: CourtState, f: Facts) -> CourtState:
    row = list(state.row)
    row[f["slot"]] = f["card"]
    daemons = state.drawn_daemons + (1 if CARDS[f["card"]].is_daemon else 0)
    return copy_with(state, deck=state.deck[1:], row=row, drawn_daemons=daemons)


def _nothing(state: CourtState, f: Facts) -> CourtState:
    return state


def _card_bought(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, cp=state.cp - f["price"], row=_without_slot(state.row, f["slot"]),
                     court=_pushed(state.court, f["space"], f["card"]), placed_on=_placed(state, f["space"], state.turn))


def _courtesan_exchanged(state: CourtState, f: Facts) -> CourtState:
    court = _pushed(_popped(state.court, f["space"]), f["space"], f["card"])
    return copy_with(state, row=_without_slot(state.row, f["slot"]), court=court, discard=state.discard + [f["courtesan"]],
                     placed_on=_placed(state, f["space"], state.turn), exchanged=True)


def _cp_gained(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, cp=state.cp + f["cp"])


def _vp_gained(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, vp=state.vp + f["vp"])


def _power_awaits(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, phase=POWER, pending={"power": f["power"], "space": f["space"], "then": f["then"],
                                                  "refill_after": f.get("refill_after", False)})


def _tax_collected(state: CourtState, f: Facts) -> CourtState:
    court = _popped(state.court, f["space"])
    if f["take"] == "vp":
        return copy_with(state, court=court, vp=state.vp + f["amount"], discard=state.discard + [f["card"]])
    return copy_with(state, court=court, cp=state.cp + f["amount"], daemon_court=state.daemon_court + [f["card"]])


def _power_done(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, phase=FIGHT if f["then"] == FIGHT else BUY, pending=None)


def _fight_offered(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, phase=FIGHT, pending=None)


def _daemon_defeated(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, cp=state.cp - f["pay"], vp=state.vp + f["vp"], row=_without_slot(state.row, f["slot"]),
                     defeated=state.defeated + [f["card"]])


def _row_card_discarded(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, row=_without_slot(state.row, f["slot"]), discard=state.discard + [f["card"]])


def _daemons_took(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, row=_without_slot(state.row, f["slot"]), daemon_court=state.daemon_court + [f["card"]])


def _game_ended(state: CourtState, f: Facts) -> CourtState:
    return copy_with(state, phase=OVER, pending=None, ended_by=f["reason"])


_HANDLERS: dict[str, Callable[[CourtState, Facts], CourtState]] = {
    "deck_shuffled": _deck_shuffled,
    "row_dealt": _row_dealt,
    "daemon_set_aside": _daemon_set_aside,
    "choice_offered": _choice_offered,
    "starting_card_placed": _starting_card_placed,
    "daemons_shuffled_back": _daemons_shuffled_back,
    "row_slid": _row_set,
    "turn_started": _turn_started,
    "card_drawn": _card_drawn,
    "row_left_short": _nothing,
    "only_daemons": _nothing,
    "card_bought": _card_bought,
    "courtesan_exchanged": _courtesan_exchanged,
    "minister_paid": _cp_gained,
    "poet_honoured": _vp_gained,
    "power_awaits": _power_awaits,
    "tax_collected": _tax_collected,
    "power_declined": _power_done,
    "power_done": _power_done,
    "fight_offered": _fight_offered,
    "daemon_defeated": _daemon_defeated,
    "fight_passed": _nothing,
    "row_card_discarded": _row_card_discarded,
    "income": _cp_gained,
    "daemons_took": _daemons_took,
    "game_ended": _game_ended,
}

evolve = fold_by_type(_HANDLERS, "The Court of Xiang Chi")
EVENT_TYPES = tuple(_HANDLERS)
