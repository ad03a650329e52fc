"""The fold: each event of a Court game applied to the table. Pure, no randomness.

Each applier changes a table of its own in place (see domain.emitter), putting new lists in the
fields it changes: the lists are shared with the table before.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.emitter import fold_by_type
from domain.court.cards import DAEMONS
from domain.court.state import BUY, CHOOSE, FIGHT, OVER, POWER, CourtState, copy_state

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


def _taken(deck: list[str], cards: list[str]) -> list[str]:
    """The deck once a scenario's `cards` are laid out from its top (they must be its top cards)."""
    if deck[:len(cards)] != cards:
        raise ValueError(f"cards {cards} are not the top of the deck")
    return deck[len(cards):]


def _deck_shuffled(state: CourtState, f: Facts) -> None:
    state.deck = list(f["order"])


def _row_dealt(state: CourtState, f: Facts) -> None:
    """A card of the set-up deal (never a Daemon Prince: those are set aside)."""
    row = list(state.row)
    row[f["slot"]] = f["card"]
    state.deck, state.row = state.deck[1:], row


def _daemon_set_aside(state: CourtState, f: Facts) -> None:
    state.deck, state.set_aside = state.deck[1:], state.set_aside + [f["card"]]


def _choice_offered(state: CourtState, f: Facts) -> None:
    state.phase, state.cp = CHOOSE, f["cp"]


def _starting_card_placed(state: CourtState, f: Facts) -> None:
    row = list(state.row)
    row[f["slot"]] = None
    state.row, state.court = row, _pushed(state.court, f["space"], f["card"])


def _daemons_shuffled_back(state: CourtState, f: Facts) -> None:
    state.deck, state.set_aside = list(f["order"]), []


def _row_set(state: CourtState, f: Facts) -> None:
    state.row = list(f["row"])


def _turn_started(state: CourtState, f: Facts) -> None:
    state.phase, state.turn, state.exchanged, state.pending = BUY, f["turn"], False, None


def _card_drawn(state: CourtState, f: Facts) -> None:
    row = list(state.row)
    row[f["slot"]] = f["card"]
    daemons = state.drawn_daemons + (1 if f["card"] in DAEMONS else 0)
    state.deck, state.row, state.drawn_daemons = state.deck[1:], row, daemons


def _nothing(state: CourtState, f: Facts) -> None:
    """Events that record what did not happen change nothing on the table."""


def _card_bought(state: CourtState, f: Facts) -> None:
    state.cp, state.row, state.court, state.placed_on = state.cp - f["price"], _without_slot(state.row, f["slot"]), _pushed(state.court, f["space"], f["card"]), _placed(state, f["space"], state.turn)


def _courtesan_exchanged(state: CourtState, f: Facts) -> None:
    court = _pushed(_popped(state.court, f["space"]), f["space"], f["card"])
    state.row, state.court, state.discard, state.placed_on, state.exchanged = _without_slot(state.row, f["slot"]), court, state.discard + [f["courtesan"]], _placed(state, f["space"], state.turn), True


def _cp_gained(state: CourtState, f: Facts) -> None:
    state.cp = state.cp + f["cp"]


def _vp_gained(state: CourtState, f: Facts) -> None:
    state.vp = state.vp + f["vp"]


def _power_awaits(state: CourtState, f: Facts) -> None:
    state.phase, state.pending = POWER, {"power": f["power"], "space": f["space"], "then": f["then"],
                                                  "refill_after": f.get("refill_after", False)}


def _tax_collected(state: CourtState, f: Facts) -> None:
    court = _popped(state.court, f["space"])
    if f["take"] == "vp":
        state.court, state.vp, state.discard = court, state.vp + f["amount"], state.discard + [f["card"]]
        return
    state.court, state.cp, state.daemon_court = court, state.cp + f["amount"], state.daemon_court + [f["card"]]


def _power_done(state: CourtState, f: Facts) -> None:
    state.phase, state.pending = FIGHT if f["then"] == FIGHT else BUY, None


def _fight_offered(state: CourtState, f: Facts) -> None:
    state.phase, state.pending = FIGHT, None


def _daemon_defeated(state: CourtState, f: Facts) -> None:
    state.cp, state.vp, state.row, state.defeated = state.cp - f["pay"], state.vp + f["vp"], _without_slot(state.row, f["slot"]), state.defeated + [f["card"]]


def _row_card_discarded(state: CourtState, f: Facts) -> None:
    state.row, state.discard = _without_slot(state.row, f["slot"]), state.discard + [f["card"]]


def _daemons_took(state: CourtState, f: Facts) -> None:
    state.row, state.daemon_court = _without_slot(state.row, f["slot"]), state.daemon_court + [f["card"]]


def _game_ended(state: CourtState, f: Facts) -> None:
    state.phase, state.pending, state.ended_by = OVER, None, f["reason"]


def _row_laid_out(state: CourtState, f: Facts) -> None:
    state.deck, state.row = _taken(state.deck, [card for card in f["row"] if card]), list(f["row"])


def _court_laid_out(state: CourtState, f: Facts) -> None:
    court = [list(stack) for stack in f["court"]]
    state.deck = _taken(state.deck, [card for stack in court for card in stack])
    state.spaces, state.court, state.placed_on = f["spaces"], court, list(f["placed_on"])


def _piles_laid_out(state: CourtState, f: Facts) -> None:
    piles = [list(f[name]) for name in ("set_aside", "discard", "daemon_court", "defeated")]
    state.deck = _taken(state.deck, [card for pile in piles for card in pile])
    state.set_aside, state.discard, state.daemon_court, state.defeated = piles


def _scenario_started(state: CourtState, f: Facts) -> None:
    state.phase, state.turn, state.cp, state.vp = f["phase"], f["turn"], f["cp"], f["vp"]
    state.drawn_daemons, state.exchanged = f["drawn_daemons"], f["exchanged"]
    state.pending = dict(f["pending"]) if f["pending"] else None


APPLIERS: dict[str, Callable[[CourtState, Facts], None]] = {
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
    "row_laid_out": _row_laid_out,
    "court_laid_out": _court_laid_out,
    "piles_laid_out": _piles_laid_out,
    "scenario_started": _scenario_started,
}

evolve = fold_by_type(APPLIERS, copy_state, "The Court of Xiang Chi")
EVENT_TYPES = tuple(APPLIERS)
