"""Random legal games from seeded setups: they play units and skirmish, and they end (a player at
0 life, a resignation, or the turn limit of xi.house.turn-limit); every card stays in exactly one
place (deck, hand, discard pile or in play), life stays within 0..99, T and pT within their
bounds, and each decision's state is its events folded with `evolve`.

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
from domain.xi.cards import ALL_IDS, CARDS
from domain.xi.layers import derive_all
from domain.xi.state import LIFE_CAP, PT_CAP, SKIRMISHES_PER_TURN, TURN_LIMIT, TURN_T, XiState
from tests.unit.events import adopted

MAX_DECISIONS = 20 * TURN_LIMIT  # far above what a game can take: a turn is at most ~10 decisions


SPELLS = tuple(card for card in ALL_IDS if CARDS[card].kind != "unit")  # 14 cards: 42 with 3 copies


def random_deck(choices: Rng, cards: tuple[str, ...] = ALL_IDS) -> list[str]:
    pool = choices.shuffle([card for card in cards for _ in range(3)])
    return pool[: 30 + choices.below(min(16, len(pool) - 29))]


def check_table(state: XiState) -> None:
    for index, seat in enumerate(state.players):
        if seat.deck_list is not None:  # every card is in exactly one of deck, hand, discard pile, play
            in_play = [unit.card for unit in state.units if unit.owner == index]
            assert Counter(seat.deck + seat.hand + seat.discard + in_play) == Counter(seat.deck_list)
        assert 0 <= seat.pt <= PT_CAP and 0 <= seat.life <= LIFE_CAP
        assert seat.life > 0 or state.phase == "over"
        assert 0 <= seat.t <= TURN_T and (seat.t == 0 or index == state.active)
    for unit in derive_all(state).values():  # the fallen are gone; stats are whole numbers in range
        assert 0 < unit.life <= unit.max_life and unit.damage >= 0
        assert 0 <= unit.skirmishes <= SKIRMISHES_PER_TURN


def play(seed: int, resign_one_in: int, cards: tuple[str, ...] = ALL_IDS, seen: Counter | None = None) -> XiState:
    rng, choices = Rng(f"game-{seed}"), Rng(f"choices-{seed}")
    state = adopted(RULES, RULES.new_state(2, {}), RULES.setup(2, {}, rng))[1]
    for _ in range(MAX_DECISIONS):
        seat = RULES.to_act(state)
        if seat is None:
            return state
        if state.pending and state.pending[-1].kind == "deck":
            action = {"type": "bring_deck", "cards": random_deck(choices, cards)}
        elif choices.below(resign_one_in) == 0:
            seat, action = choices.below(2), {"type": "resign"}
        else:
            action = choices.choice(RULES.legal_actions(state, seat))
        events, state = adopted(RULES, state, RULES.decide(state, seat, action, rng))
        if seen is not None:
            seen.update(event.type for event in events)
        check_table(state)
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_legal_games_end_with_every_card_in_one_place(seed):
    state = play(seed, resign_one_in=1500)
    assert state.ended_by in ("resignation", "turn-limit", "zero-life")
    assert RULES.outcome(state) is not None


def test_random_games_play_units_skirmish_and_end_when_a_player_reaches_0():
    seen: Counter = Counter()
    for seed in range(4):
        state = play(seed, resign_one_in=10**9, seen=seen)
        assert state.ended_by == "zero-life" and [seat.life for seat in state.players].count(0) == 1
        assert state.winners == [next(i for i, seat in enumerate(state.players) if seat.life > 0)]
        assert state_codec.decode(RULES, state_codec.encode(state)) == state  # the store's snapshot
    assert seen["unit_entered"] > 20 and seen["skirmish_declared"] > 20 and seen["unit_destroyed"] > 5


def test_a_game_nobody_resigns_ends_as_a_draw_when_turn_400_ends():
    # Decks of spells alone: nothing can be played until step 4 brings spells, so no life is lost.
    state = play(7, resign_one_in=10**9, cards=SPELLS)
    assert (state.ended_by, state.turn, state.winners) == ("turn-limit", TURN_LIMIT, [])
    assert all(not seat.deck for seat in state.players)  # 400 turns of random draws empty every deck
    assert state_codec.decode(RULES, state_codec.encode(state)) == state  # the store's snapshot
