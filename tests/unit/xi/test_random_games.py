"""Random legal games from seeded setups: they end (a resignation, or the turn limit of
xi.house.turn-limit: the game is a draw once turn 400 ends), every card stays in one place, T and
pT stay within their bounds, and each decision's state is its events folded with `evolve`.

Decks are random legal lists (30-45 catalogue cards, at most 3 copies) drawn from the seed; the
other decisions are uniform over `legal_actions`, with a small chance of a resignation by either
seat (an open action, never among the listed ones).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import state_codec
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards import ALL_IDS
from domain.xi.state import LIFE_CAP, PT_CAP, TURN_LIMIT, TURN_T, XiState
from tests.unit.events import adopted

MAX_DECISIONS = 20 * TURN_LIMIT  # far above what a game can take: a turn is at most ~10 decisions


def random_deck(choices: Rng) -> list[str]:
    pool = choices.shuffle([card for card in ALL_IDS for _ in range(3)])
    return pool[: 30 + choices.below(16)]


def check_table(state: XiState) -> None:
    for index, seat in enumerate(state.players):
        if seat.deck_list is not None:  # every card is in exactly one of deck, hand, discard pile
            assert Counter(seat.deck + seat.hand + seat.discard) == Counter(seat.deck_list)
        assert 0 <= seat.pt <= PT_CAP and 0 < seat.life <= LIFE_CAP
        assert 0 <= seat.t <= TURN_T and (seat.t == 0 or index == state.active)


def play(seed: int, resign_one_in: int) -> XiState:
    rng, choices = Rng(f"game-{seed}"), Rng(f"choices-{seed}")
    state = adopted(RULES, RULES.new_state(2, {}), RULES.setup(2, {}, rng))[1]
    for _ in range(MAX_DECISIONS):
        seat = RULES.to_act(state)
        if seat is None:
            return state
        if state.pending and state.pending[-1].kind == "deck":
            action = {"type": "bring_deck", "cards": random_deck(choices)}
        elif choices.below(resign_one_in) == 0:
            seat, action = choices.below(2), {"type": "resign"}
        else:
            action = choices.choice(RULES.legal_actions(state, seat))
        _events, state = adopted(RULES, state, RULES.decide(state, seat, action, rng))
        check_table(state)
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_legal_games_end_with_every_card_in_one_place(seed):
    state = play(seed, resign_one_in=1500)
    assert state.ended_by in ("resignation", "turn-limit")
    assert RULES.outcome(state) is not None


def test_a_game_nobody_resigns_ends_as_a_draw_when_turn_400_ends():
    state = play(7, resign_one_in=10**9)
    assert (state.ended_by, state.turn, state.winners) == ("turn-limit", TURN_LIMIT, [])
    assert all(not seat.deck for seat in state.players)  # 400 turns of random draws empty every deck
    assert state_codec.decode(RULES, state_codec.encode(state)) == state  # the store's snapshot
