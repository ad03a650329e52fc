"""The fold: each event's facts applied to a state, giving a new state.

Pure: no randomness, no clock, and the input state is never changed. Each applier changes a table
of its own in place (a fresh copy in `evolve`, a decision's own table in its Emitter): it puts new
lists in the fields the event changes and never changes a list in place, since the lists are
shared with the table before. An event that does not fit the state (a dealt card that is not on
top of the deck) raises ValueError: a stream that fails here has been tampered with or
mis-ordered.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.chi.state import ACTION, CONFLICT, DISCARD, OVER, ROW_SLOTS, ChiState, Conflict

Facts = Mapping[str, Any]


def _take_from_deck(deck: list[str], cards: list[str]) -> list[str]:
    """The deck after `cards` were taken from its top, checking they were the top cards."""
    count = len(cards)
    if deck[:count] != cards:
        raise ValueError(f"cards {cards} are not the top of the deck")
    return deck[count:]


def _hand_without(hand: list[str], card: str) -> list[str]:
    if card not in hand:
        raise ValueError(f"{card} is not in the hand")
    return [held for held in hand if held != card]


def _with_hand(hands: list[list[str]], seat: int, hand: list[str]) -> list[list[str]]:
    hands = list(hands)
    hands[seat] = hand
    return hands


def deck_shuffled(s: ChiState, facts: Facts) -> None:
    s.deck = list(facts["order"])


def first_player_chosen(s: ChiState, facts: Facts) -> None:
    s.starter = s.current = facts["seat"]


def hand_dealt(s: ChiState, facts: Facts) -> None:
    seat, cards = facts["seat"], list(facts["cards"])
    s.deck = _take_from_deck(s.deck, cards)
    s.hands = _with_hand(s.hands, seat, s.hands[seat] + cards)


def row_dealt(s: ChiState, facts: Facts) -> None:
    """The row, left to right; a scenario's row may leave a slot empty (None)."""
    cards = list(facts["cards"])
    s.deck = _take_from_deck(s.deck, [card for card in cards if card is not None])
    s.row = cards + [None] * (ROW_SLOTS - len(cards))


def areas_laid_out(s: ChiState, facts: Facts) -> None:
    """A scenario's play areas, taken from the top of the deck seat by seat, each stack bottom up."""
    if any(s.areas):
        raise ValueError("play areas are laid out on a table that already has Yang in play")
    areas = [[list(stack) for stack in stacks] for stacks in facts["areas"]]
    s.deck = _take_from_deck(s.deck, [card for stacks in areas for stack in stacks for card in stack])
    s.areas = areas


def discard_laid_out(s: ChiState, facts: Facts) -> None:
    """A scenario's discard pile, bottom first, taken from the top of the deck."""
    cards = list(facts["cards"])
    s.deck = _take_from_deck(s.deck, cards)
    s.discard = s.discard + cards


def row_refilled(s: ChiState, facts: Facts) -> None:
    cards = list(facts["cards"])
    row = list(s.row)
    for slot, card in zip(facts["slots"], cards):
        if row[slot] is not None:
            raise ValueError(f"row slot {slot} is not empty")
        row[slot] = card
    s.deck = _take_from_deck(s.deck, cards)
    s.row = row


def row_cleared(s: ChiState, facts: Facts) -> None:
    cleared = list(facts["cards"])
    s.row = [None if card in cleared else card for card in s.row]
    s.discard = s.discard + cleared


def discard_reshuffled(s: ChiState, facts: Facts) -> None:
    order = list(facts["order"])
    if sorted(order) != sorted(s.discard):
        raise ValueError("the reshuffled deck is not the discard pile")
    s.deck, s.discard = order, []


def turn_started(s: ChiState, facts: Facts) -> None:
    s.phase, s.current, s.turn = ACTION, facts["seat"], facts["turn"]


def nothing(s: ChiState, facts: Facts) -> None:
    """Events that record what did not happen (a pass, an empty slot) change no card."""


def card_drawn(s: ChiState, facts: Facts) -> None:
    seat, slot, card = facts["seat"], facts["slot"], facts["card"]
    row = list(s.row)
    if row[slot] != card:
        raise ValueError(f"{card} is not in row slot {slot}")
    row[slot] = None
    s.row = row
    s.hands = _with_hand(s.hands, seat, s.hands[seat] + [card])


def yang_played(s: ChiState, facts: Facts) -> None:
    seat, card, index = facts["seat"], facts["card"], facts["stack"]
    stacks = list(s.areas[seat])
    if index == len(stacks):
        stacks.append([card])
    else:
        stacks[index] = stacks[index] + [card]
    areas = list(s.areas)
    areas[seat] = stacks
    s.areas = areas
    s.hands = _with_hand(s.hands, seat, _hand_without(s.hands[seat], card))


def end_triggered(s: ChiState, facts: Facts) -> None:
    s.end_triggered, s.final_turn_for = True, facts["final_turn_for"]


def yin_played(s: ChiState, facts: Facts) -> None:
    seat, card, defender = facts["seat"], facts["card"], facts["defender"]
    s.conflict = Conflict(attacker=seat, defender=defender, yin=card, target=facts["target"], chi=[],
                          to_decide=defender, last_played=seat)
    s.phase = CONFLICT
    s.hands = _with_hand(s.hands, seat, _hand_without(s.hands[seat], card))


def chi_played(s: ChiState, facts: Facts) -> None:
    seat, card = facts["seat"], facts["card"]
    old = s.conflict
    s.conflict = Conflict(attacker=old.attacker, defender=old.defender, yin=old.yin, target=old.target,
                          chi=old.chi + [card], to_decide=1 - seat, last_played=seat)
    s.hands = _with_hand(s.hands, seat, _hand_without(s.hands[seat], card))


def conflict_resolved(s: ChiState, facts: Facts) -> None:
    if facts["attacker_won"]:
        defender, target = facts["defender"], facts["target"]
        areas = list(s.areas)
        areas[defender] = [stack for stack in s.areas[defender] if stack != [target]]
        s.areas = areas
    s.phase, s.conflict = ACTION, None
    s.discard = s.discard + list(facts["discarded"])


def deck_card_drawn(s: ChiState, facts: Facts) -> None:
    seat, card = facts["seat"], facts["card"]
    s.deck = _take_from_deck(s.deck, [card])
    s.hands = _with_hand(s.hands, seat, s.hands[seat] + [card])


def discard_required(s: ChiState, facts: Facts) -> None:
    s.phase = DISCARD


def card_discarded(s: ChiState, facts: Facts) -> None:
    seat, card = facts["seat"], facts["card"]
    s.hands = _with_hand(s.hands, seat, _hand_without(s.hands[seat], card))
    s.discard = s.discard + [card]


def game_ended(s: ChiState, facts: Facts) -> None:
    s.phase, s.conflict, s.ended_by = OVER, None, facts["reason"]


def resigned(s: ChiState, facts: Facts) -> None:
    # A conflict under way stays as it was: its cards are still on the table, in plain view.
    s.phase, s.ended_by, s.resigned = OVER, "resignation", facts["seat"]

