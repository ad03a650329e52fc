"""The fold: each event of a Court game applied to the table. Pure, no randomness.

Each applier changes a table of its own in place (see domain.emitter), putting new lists in the
fields it changes: the lists are shared with the table before.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.court.cards import DAEMONS
from domain.court.state import BUY, CHOOSE, FIGHT, OVER, POWER, CourtState

Facts = Mapping[str, Any]


def _without_slot(row: list, slot: int) -> list:
    """The row once the card in `slot` is gone: the cards left of the gap slide right."""
    return [None] + row[:slot] + row[slot + 1:]


# New lists made by copying and setting one item (C loops, no comprehension): every decision
# changes the Court or the row.

def _pushed(court: list[list[str]], space: int, card: str) -> list[list[str]]:
    court = list(court)
    court[space] = court[space] + [card]
    return court


def _popped(court: list[list[str]], space: int) -> list[list[str]]:
    court = list(court)
    court[space] = court[space][:-1]
    return court


def _placed(state: CourtState, space: int, turn: int) -> list[int]:
    placed = list(state.placed_on)
    placed[space] = turn
    return placed


def _taken(deck: list[str], cards: list[str]) -> list[str]:
    """The deck once a scenario's `cards` are laid out from its top (they must be its top cards)."""
    if deck[:len(cards)] != cards:
        raise ValueError(f"cards {cards} are not the top of the deck")
    return deck[len(cards):]


def deck_shuffled(state: CourtState, f: Facts) -> None:
    state.deck = list(f["order"])


def row_dealt(state: CourtState, f: Facts) -> None:
    """A card of the set-up deal (never a Daemon Prince: those are set aside)."""
    row = list(state.row)
    row[f["slot"]] = f["card"]
    state.deck, state.row = state.deck[1:], row


def daemon_set_aside(state: CourtState, f: Facts) -> None:
    state.deck, state.set_aside = state.deck[1:], state.set_aside + [f["card"]]


def choice_offered(state: CourtState, f: Facts) -> None:
    state.phase, state.cp = CHOOSE, f["cp"]


def starting_card_placed(state: CourtState, f: Facts) -> None:
    row = list(state.row)
    row[f["slot"]] = None
    state.row, state.court = row, _pushed(state.court, f["space"], f["card"])


def daemons_shuffled_back(state: CourtState, f: Facts) -> None:
    state.deck, state.set_aside = list(f["order"]), []


def row_set(state: CourtState, f: Facts) -> None:
    state.row = list(f["row"])


def turn_started(state: CourtState, f: Facts) -> None:
    state.phase, state.turn, state.exchanged, state.pending = BUY, f["turn"], False, None


def card_drawn(state: CourtState, f: Facts) -> None:
    row = list(state.row)
    row[f["slot"]] = f["card"]
    daemons = state.drawn_daemons + (1 if f["card"] in DAEMONS else 0)
    state.deck, state.row, state.drawn_daemons = state.deck[1:], row, daemons


def nothing(state: CourtState, f: Facts) -> None:
    """Events that record what did not happen change nothing on the table."""


def card_bought(state: CourtState, f: Facts) -> None:
    state.cp, state.row, state.court, state.placed_on = state.cp - f["price"], _without_slot(state.row, f["slot"]), _pushed(state.court, f["space"], f["card"]), _placed(state, f["space"], state.turn)


def courtesan_exchanged(state: CourtState, f: Facts) -> None:
    court = _pushed(_popped(state.court, f["space"]), f["space"], f["card"])
    state.row, state.court, state.discard, state.placed_on, state.exchanged = _without_slot(state.row, f["slot"]), court, state.discard + [f["courtesan"]], _placed(state, f["space"], state.turn), True


def cp_gained(state: CourtState, f: Facts) -> None:
    state.cp = state.cp + f["cp"]


def vp_gained(state: CourtState, f: Facts) -> None:
    state.vp = state.vp + f["vp"]


def power_awaits(state: CourtState, f: Facts) -> None:
    state.phase, state.pending = POWER, {"power": f["power"], "space": f["space"], "then": f["then"],
                                                  "refill_after": f.get("refill_after", False)}


def tax_collected(state: CourtState, f: Facts) -> None:
    court = _popped(state.court, f["space"])
    if f["take"] == "vp":
        state.court, state.vp, state.discard = court, state.vp + f["amount"], state.discard + [f["card"]]
        return
    state.court, state.cp, state.daemon_court = court, state.cp + f["amount"], state.daemon_court + [f["card"]]


def power_done(state: CourtState, f: Facts) -> None:
    state.phase, state.pending = FIGHT if f["then"] == FIGHT else BUY, None


def fight_offered(state: CourtState, f: Facts) -> None:
    state.phase, state.pending = FIGHT, None


def daemon_defeated(state: CourtState, f: Facts) -> None:
    state.cp, state.vp, state.row, state.defeated = state.cp - f["pay"], state.vp + f["vp"], _without_slot(state.row, f["slot"]), state.defeated + [f["card"]]


def row_card_discarded(state: CourtState, f: Facts) -> None:
    state.row, state.discard = _without_slot(state.row, f["slot"]), state.discard + [f["card"]]


def daemons_took(state: CourtState, f: Facts) -> None:
    state.row, state.daemon_court = _without_slot(state.row, f["slot"]), state.daemon_court + [f["card"]]


def game_ended(state: CourtState, f: Facts) -> None:
    state.phase, state.pending, state.ended_by = OVER, None, f["reason"]


def row_laid_out(state: CourtState, f: Facts) -> None:
    state.deck, state.row = _taken(state.deck, [card for card in f["row"] if card]), list(f["row"])


def court_laid_out(state: CourtState, f: Facts) -> None:
    court = [list(stack) for stack in f["court"]]
    state.deck = _taken(state.deck, [card for stack in court for card in stack])
    state.spaces, state.court, state.placed_on = f["spaces"], court, list(f["placed_on"])


def piles_laid_out(state: CourtState, f: Facts) -> None:
    piles = [list(f[name]) for name in ("set_aside", "discard", "daemon_court", "defeated")]
    state.deck = _taken(state.deck, [card for pile in piles for card in pile])
    state.set_aside, state.discard, state.daemon_court, state.defeated = piles


def scenario_started(state: CourtState, f: Facts) -> None:
    state.phase, state.turn, state.cp, state.vp = f["phase"], f["turn"], f["cp"], f["vp"]
    state.drawn_daemons, state.exchanged = f["drawn_daemons"], f["exchanged"]
    state.pending = dict(f["pending"]) if f["pending"] else None
