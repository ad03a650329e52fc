"""Questions about the table that several parts of the rules ask: stacks, points, who may act."""

from __future__ import annotations

from domain.chi.cards import COLOUR, KIND, POINTS, YANG, YIN
from domain.chi.state import ACTION, CONFLICT, DISCARD, HAND_LIMIT, ChiState


def other(seat: int) -> int:
    """The opponent of `seat` (Chi is for two players)."""
    return 1 - seat


def stack_of_colour(stacks: list[list[str]], colour: str | None) -> int | None:
    """The index of the stack of `colour` in a play area, or None.

    A seat never holds two stacks of one colour: 3s of a colour are stacked together and a second
    6 of a colour is refused, so the colour names the stack.
    """
    for index, stack in enumerate(stacks):
        if COLOUR[stack[0]] == colour:
            return index
    return None


def points_in_play(state: ChiState) -> list[int]:
    """Each seat's Yang points in its play area."""
    return [sum(POINTS[card] for stack in stacks for card in stack) for stacks in state.areas]


def final_scores(state: ChiState) -> list[int]:
    """Each seat's score by the rulebook: Yang points in play plus 1 per card in hand."""
    return [points + len(hand) for points, hand in zip(points_in_play(state), state.hands)]


def winners(scores: list[int]) -> list[int]:
    """The seats with the highest score: more than one is a tie."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def to_act(state: ChiState) -> int | None:
    """The seat whose decision it is: the player on turn, or the seat deciding in a conflict."""
    if state.phase in (ACTION, DISCARD):
        return state.current
    if state.phase == CONFLICT and state.conflict is not None:
        return state.conflict.to_decide
    return None


def can_play_yang(state: ChiState, seat: int, card: str) -> bool:
    """Whether `seat` may play the Yang `card` from its hand now (hand size aside)."""
    if POINTS[card] == 6:
        return stack_of_colour(state.areas[seat], COLOUR[card]) is None
    return True


def attack_targets(state: ChiState, seat: int, yin: str) -> list[str]:
    """The opponent's single-card Yang stacks that the Yin `yin` may attack."""
    colour = COLOUR[yin]
    return [stack[0] for stack in state.areas[other(seat)] if len(stack) == 1 and COLOUR[stack[0]] == colour]


def has_turn_action(state: ChiState, seat: int) -> bool:
    """Whether `seat`, were it its turn, could draw, play a Yang or attack."""
    if state.row.count(None) < len(state.row):  # a card in the row to draw
        return True
    hand = state.hands[seat]
    if len(hand) < 2:  # every play would leave the hand empty
        return False
    for card in hand:
        kind = KIND[card]
        if kind == YANG and can_play_yang(state, seat, card):
            return True
        if kind == YIN and attack_targets(state, seat, card):
            return True
    return False


def over_hand_limit(state: ChiState, seat: int) -> int:
    """How many cards `seat` must discard to get down to the hand limit."""
    return max(0, len(state.hands[seat]) - HAND_LIMIT)
