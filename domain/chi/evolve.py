"""The fold: each event's facts applied to a state, giving a new state.

Pure: no randomness, no clock, and the input state is never changed. Only the lists an event
touches are copied; the rest is shared with the previous state, which is why nothing in the rules
changes a list in place. An event that does not fit the state (a dealt card that is not on top of
the deck) raises ValueError: a stream that fails here has been tampered with or mis-ordered.
"""

from __future__ import annotations

from typing import Any, Callable

from domain.chi.state import ACTION, CONFLICT, DISCARD, OVER, ROW_SLOTS, ChiState, Conflict, copy_with
from domain.emitter import fold_by_type

Facts = dict[str, Any]




def _take_from_deck(deck: list[str], cards: list[str]) -> list[str]:
    """The deck after `cards` were taken from its top, checking they were the top cards."""
    if deck[: len(cards)] != list(cards):
        raise ValueError(f"cards {cards} are not the top of the deck")
    return deck[len(cards) :]


def _hand_without(hand: list[str], card: str) -> list[str]:
    if card not in hand:
        raise ValueError(f"{card} is not in the hand")
    return [held for held in hand if held != card]


def _with_hand(state: ChiState, seat: int, hand: list[str]) -> list[list[str]]:
    hands = list(state.hands)
    hands[seat] = hand
    return hands


def _deck_shuffled(state: ChiState, facts: Facts) -> ChiState:
    return copy_with(state, deck=list(facts["order"]))


def _first_player_chosen(state: ChiState, facts: Facts) -> ChiState:
    return copy_with(state, starter=facts["seat"], current=facts["seat"])


def _hand_dealt(state: ChiState, facts: Facts) -> ChiState:
    seat, cards = facts["seat"], list(facts["cards"])
    deck = _take_from_deck(state.deck, cards)
    return copy_with(state, deck=deck, hands=_with_hand(state, seat, state.hands[seat] + cards))


def _row_dealt(state: ChiState, facts: Facts) -> ChiState:
    """The row, left to right; a scenario's row may leave a slot empty (None)."""
    cards = list(facts["cards"])
    dealt = [card for card in cards if card is not None]
    return copy_with(state, deck=_take_from_deck(state.deck, dealt), row=cards + [None] * (ROW_SLOTS - len(cards)))


def _areas_laid_out(state: ChiState, facts: Facts) -> ChiState:
    """A scenario's play areas, taken from the top of the deck seat by seat, each stack bottom up."""
    if any(state.areas):
        raise ValueError("play areas are laid out on a table that already has Yang in play")
    areas = [[list(stack) for stack in stacks] for stacks in facts["areas"]]
    deck = _take_from_deck(state.deck, [card for stacks in areas for stack in stacks for card in stack])
    return copy_with(state, deck=deck, areas=areas)


def _discard_laid_out(state: ChiState, facts: Facts) -> ChiState:
    """A scenario's discard pile, bottom first, taken from the top of the deck."""
    cards = list(facts["cards"])
    return copy_with(state, deck=_take_from_deck(state.deck, cards), discard=state.discard + cards)


def _row_refilled(state: ChiState, facts: Facts) -> ChiState:
    cards = list(facts["cards"])
    row = list(state.row)
    for slot, card in zip(facts["slots"], cards):
        if row[slot] is not None:
            raise ValueError(f"row slot {slot} is not empty")
        row[slot] = card
    return copy_with(state, deck=_take_from_deck(state.deck, cards), row=row)


def _row_cleared(state: ChiState, facts: Facts) -> ChiState:
    cleared = list(facts["cards"])
    row = [None if card in cleared else card for card in state.row]
    return copy_with(state, row=row, discard=state.discard + cleared)


def _discard_reshuffled(state: ChiState, facts: Facts) -> ChiState:
    order = list(facts["order"])
    if sorted(order) != sorted(state.discard):
        raise ValueError("the reshuffled deck is not the discard pile")
    return copy_with(state, deck=order, discard=[])


def _turn_started(state: ChiState, facts: Facts) -> ChiState:
    return copy_with(state, phase=ACTION, current=facts["seat"], turn=facts["turn"])


def _nothing(state: ChiState, facts: Facts) -> ChiState:
    """Events that record what did not happen (a pass, an empty slot) change no card."""
    return state


def _card_drawn(state: ChiState, facts: Facts) -> ChiState:
    seat, slot, card = facts["seat"], facts["slot"], facts["card"]
    if state.row[slot] != card:
        raise ValueError(f"{card} is not in row slot {slot}")
    row = list(state.row)
    row[slot] = None
    return copy_with(state, row=row, hands=_with_hand(state, seat, state.hands[seat] + [card]))


def _yang_played(state: ChiState, facts: Facts) -> ChiState:
    seat, card, index = facts["seat"], facts["card"], facts["stack"]
    stacks = list(state.areas[seat])
    if index == len(stacks):
        stacks.append([card])
    else:
        stacks[index] = stacks[index] + [card]
    areas = list(state.areas)
    areas[seat] = stacks
    hands = _with_hand(state, seat, _hand_without(state.hands[seat], card))
    return copy_with(state, areas=areas, hands=hands)


def _end_triggered(state: ChiState, facts: Facts) -> ChiState:
    return copy_with(state, end_triggered=True, final_turn_for=facts["final_turn_for"])


def _yin_played(state: ChiState, facts: Facts) -> ChiState:
    seat, card = facts["seat"], facts["card"]
    conflict = Conflict(
        attacker=seat,
        defender=facts["defender"],
        yin=card,
        target=facts["target"],
        chi=[],
        to_decide=facts["defender"],
        last_played=seat,
    )
    hands = _with_hand(state, seat, _hand_without(state.hands[seat], card))
    return copy_with(state, phase=CONFLICT, conflict=conflict, hands=hands)


def _chi_played(state: ChiState, facts: Facts) -> ChiState:
    seat, card = facts["seat"], facts["card"]
    old = state.conflict
    conflict = Conflict(
        attacker=old.attacker,
        defender=old.defender,
        yin=old.yin,
        target=old.target,
        chi=old.chi + [card],
        to_decide=1 - seat,
        last_played=seat,
    )
    hands = _with_hand(state, seat, _hand_without(state.hands[seat], card))
    return copy_with(state, conflict=conflict, hands=hands)


def _conflict_resolved(state: ChiState, facts: Facts) -> ChiState:
    changes: dict[str, Any] = {
        "phase": ACTION,
        "conflict": None,
        "discard": state.discard + list(facts["discarded"]),
    }
    if facts["attacker_won"]:
        defender, target = facts["defender"], facts["target"]
        areas = list(state.areas)
        areas[defender] = [stack for stack in state.areas[defender] if stack != [target]]
        changes["areas"] = areas
    return copy_with(state, **changes)


def _deck_card_drawn(state: ChiState, facts: Facts) -> ChiState:
    seat, card = facts["seat"], facts["card"]
    deck = _take_from_deck(state.deck, [card])
    return copy_with(state, deck=deck, hands=_with_hand(state, seat, state.hands[seat] + [card]))


def _discard_required(state: ChiState, facts: Facts) -> ChiState:
    return copy_with(state, phase=DISCARD)


def _card_discarded(state: ChiState, facts: Facts) -> ChiState:
    seat, card = facts["seat"], facts["card"]
    hands = _with_hand(state, seat, _hand_without(state.hands[seat], card))
    return copy_with(state, hands=hands, discard=state.discard + [card])


def _game_ended(state: ChiState, facts: Facts) -> ChiState:
    return copy_with(state, phase=OVER, conflict=None, ended_by=facts["reason"])


def _resigned(state: ChiState, facts: Facts) -> ChiState:
    # A conflict under way stays as it was: its cards are still on the table, in plain view.
    return copy_with(state, phase=OVER, ended_by="resignation", resigned=facts["seat"])


_HANDLERS: dict[str, Callable[[ChiState, Facts], ChiState]] = {
    "deck_shuffled": _deck_shuffled,
    "first_player_chosen": _first_player_chosen,
    "hand_dealt": _hand_dealt,
    "row_dealt": _row_dealt,
    "areas_laid_out": _areas_laid_out,
    "discard_laid_out": _discard_laid_out,
    "row_refilled": _row_refilled,
    "row_slots_left_empty": _nothing,
    "row_cleared": _row_cleared,
    "discard_reshuffled": _discard_reshuffled,
    "turn_started": _turn_started,
    "turn_passed": _nothing,
    "card_drawn": _card_drawn,
    "yang_played": _yang_played,
    "end_triggered": _end_triggered,
    "yin_played": _yin_played,
    "chi_played": _chi_played,
    "conflict_passed": _nothing,
    "conflict_resolved": _conflict_resolved,
    "deck_card_drawn": _deck_card_drawn,
    "attacker_draw_missed": _nothing,
    "discard_required": _discard_required,
    "card_discarded": _card_discarded,
    "game_ended": _game_ended,
    "resigned": _resigned,
}

evolve = fold_by_type(_HANDLERS, "Chi")
EVENT_TYPES = tuple(_HANDLERS)
