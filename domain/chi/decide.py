"""Turning a deal or a decision into events: the only place the Chi rules use randomness.

Setup order: shuffle, choose the starting seat, deal 3 cards to seat 0 then 3 to seat 1 from the
top of the deck, deal the 6-card row, clear it if it is all Yin, start the first turn.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.chi.actions import check
from domain.chi.cards import ALL_IDS, CHI, COLOUR, KIND, POINTS
from domain.chi.flow import Emitter, draw_from_deck, end_turn, maintain, start_turn
from domain.chi.state import ROW_SLOTS, STACKS_TO_END, STARTING_HAND, new_state
from domain.chi.table import final_scores, other, over_hand_limit, stack_of_colour
from domain.contract import Decision
from domain.emitter import advance_by_type, decide_by_type
from domain.rng import Rng


def setup_events(seats: int, rng: Rng) -> Decision:
    """The opening events of a game."""
    em = Emitter(new_state(seats), rng)
    order = rng.shuffle(ALL_IDS)
    em.emit("deck_shuffled", "chi.setup.shuffle", {"count": len(order)}, secret={"order": order})
    starter = rng.below(seats)
    em.emit("first_player_chosen", "chi.house.first-player", {"seat": starter})
    for seat in range(seats):
        cards = em.state.deck[:STARTING_HAND]
        em.emit("hand_dealt", "chi.setup.deal", {"seat": seat, "count": len(cards)}, private={"cards": cards}, private_to=seat)
    em.emit("row_dealt", "chi.setup.row", {"cards": em.state.deck[:ROW_SLOTS]})
    maintain(em)
    # turn_started adds one to the turn count: the starter's first turn is turn 1.
    start_turn(em, starter)
    return em.decision()


def _draw(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    slot = action["slot"]
    em.emit("card_drawn", "chi.draw.from-row", {"seat": seat, "slot": slot, "card": em.state.row[slot]})
    em.vacated.add(slot)
    _action_done(em)


def _play_yang(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    card = action["card"]
    stacks = em.state.areas[seat]
    on = stack_of_colour(stacks, COLOUR[card]) if POINTS[card] == 3 else None
    index = len(stacks) if on is None else on
    rule = "chi.yang.play" if on is None else "chi.yang.stack-threes"
    data = {"seat": seat, "card": card, "stack": index, "new_stack": on is None, "stacks": len(stacks) + (1 if on is None else 0)}
    em.emit("yang_played", rule, data)
    state = em.state
    if len(state.areas[seat]) >= STACKS_TO_END and not state.end_triggered:
        # Whoever reaches 6 stacks, the last turn is the second player's: equal turns for both.
        final = other(state.starter)
        em.emit(
            "end_triggered",
            "chi.end.six-stacks",
            {"seat": seat, "stacks": len(state.areas[seat]), "final_turn_for": final},
        )
    _action_done(em)


def _attack(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    data = {"seat": seat, "card": action["card"], "target": action["target"], "defender": other(seat)}
    em.emit("yin_played", "chi.yin.attack", data)
    _await_chi(em)


def _chi(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("chi_played", "chi.conflict.chi", {"seat": seat, "card": action["card"]})
    _await_chi(em)


def _pass(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("conflict_passed", "chi.conflict.chi", {"seat": seat, "automatic": False})
    _resolve(em)


def _discard(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("card_discarded", "chi.house.discard-one-at-a-time", {"seat": seat, "card": action["card"]})
    maintain(em)
    if not over_hand_limit(em.state, seat):
        end_turn(em)


def _await_chi(em: Emitter) -> None:
    """Hand the conflict to the seat to decide, or pass for it when it has no Chi it may play."""
    deciding = em.state.conflict.to_decide
    hand = em.state.hands[deciding]
    if len(hand) >= 2 and any(KIND[card] == CHI for card in hand):
        return
    em.emit("conflict_passed", "chi.house.forced-pass", {"seat": deciding, "automatic": True})
    _resolve(em)


def _resolve(em: Emitter) -> None:
    conflict = em.state.conflict
    attacker_won = conflict.last_played == conflict.attacker
    discarded = [conflict.yin] + conflict.chi + ([conflict.target] if attacker_won else [])
    em.emit(
        "conflict_resolved",
        "chi.conflict.resolve",
        {
            "winner": conflict.last_played,
            "attacker": conflict.attacker,
            "defender": conflict.defender,
            "attacker_won": attacker_won,
            "target": conflict.target,
            "discarded": discarded,
        },
    )
    draw_from_deck(em, conflict.attacker)
    _action_done(em)


def _action_done(em: Emitter) -> None:
    maintain(em)
    end_turn(em)


def _resign(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    """The game ends at once, whatever is under way; the other seat wins (house rule 20)."""
    scores = final_scores(em.state)
    em.emit("resigned", "chi.house.resign",
            {"seat": seat, "scores": scores, "winners": [s for s in range(em.state.seats) if s != seat]})


_PERFORM = {
    "resign": _resign,
    "draw": _draw,
    "play_yang": _play_yang,
    "attack": _attack,
    "chi": _chi,
    "pass": _pass,
    "discard": _discard,
}
decide_events, decide_trusted = decide_by_type(check, Emitter, _PERFORM)
advance = advance_by_type(Emitter, _PERFORM)  # Chi's performers never read the events emitted before
