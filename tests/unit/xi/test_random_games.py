"""Random legal games from seeded setups: they play units, spells, lasting spells and statements,
use abilities, answer the choices triggers ask, skirmish, and they end (a player at 0 life, a
resignation, or the turn limit of xi.house.turn-limit); every card stays in exactly one place
(deck, hand, discard pile, or in play as a unit or a spell), life stays within 0..99, T and pT
within their bounds, each decision's state is its events folded with `evolve`, and the whole
game's events replayed from the empty table give the same state.

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
from domain.xi.board import RESTRICTIONS
from domain.xi.cards import ALL_IDS
from domain.xi.layers import derive_all
from domain.xi.state import LIFE_CAP, PT_CAP, SKIRMISHES_PER_TURN, TURN_LIMIT, TURN_T, XiState
from tests.unit.events import adopted

MAX_DECISIONS = 40 * TURN_LIMIT  # far above what a game can take
MOST_SKIRMISHES = max([SKIRMISHES_PER_TURN] + [entry["value"] for entries in RESTRICTIONS.values() for entry in entries
                                               if entry["op"] == "skirmishes_per_turn"])
# Cards that never cost a player life: statements, protections, healing, and units of 0 damage
# (Passive Treeman; Thesis finds no odd number on these). 13 cards: 39 with 3 copies.
HARMLESS = ("rainfall", "everwind", "flood", "dispel", "sidestep", "heat-stroke", "flame-retardant",
            "gods-protection", "passive-treeman", "safety-in-numbers", "flames-of-preservation", "thesis-odd-mage",
            "thousand-sacrifices")


def random_deck(choices: Rng, cards: tuple[str, ...] = ALL_IDS) -> list[str]:
    pool = choices.shuffle([card for card in cards for _ in range(3)])
    return pool[: 30 + choices.below(min(16, len(pool) - 29))]


def check_table(state: XiState) -> None:
    for index, seat in enumerate(state.players):
        if seat.deck_list is not None:  # every card is in exactly one of deck, hand, discard pile, play
            in_play = [unit.card for unit in state.units if unit.owner == index]
            in_play += [card.card for card in state.in_play if card.owner == index]
            in_play += [step.facts["card"] for step in state.pending  # declared, waiting for a window
                        if step.kind == "window" and step.facts["kind"] == "spell" and step.facts["declarer"] == index]
            assert Counter(seat.deck + seat.hand + seat.discard + in_play) == Counter(seat.deck_list)
        assert 0 <= seat.pt <= PT_CAP and 0 <= seat.life <= LIFE_CAP
        assert seat.life > 0 or state.phase == "over"
        assert 0 <= seat.t <= TURN_T and (seat.t == 0 or index == state.active)
    turn = RULES.turn(state)  # the move list's turn: the active player's, none while decks are brought
    assert turn.number == state.turn and turn.seat == (state.active if state.turn else None)
    assert turn.number == 0 or turn.seat is not None
    for unit in derive_all(state).values():  # the fallen are gone; stats are whole numbers in range
        assert 0 < unit.life <= unit.max_life and unit.damage >= 0
        assert 0 <= unit.skirmishes <= MOST_SKIRMISHES
    units = {unit.uid for unit in state.units}
    assert all(card.on in units for card in state.in_play if card.on)  # nothing is left on a unit gone
    assert all(effect.to and set(effect.to) <= units for effect in state.effects)


def play(seed: int, resign_one_in: int, cards: tuple[str, ...] = ALL_IDS, seen: Counter | None = None) -> XiState:
    rng, choices = Rng(f"game-{seed}"), Rng(f"choices-{seed}")
    history, state = adopted(RULES, RULES.new_state(2, {}), RULES.setup(2, {}, rng))
    for _ in range(MAX_DECISIONS):
        seat = RULES.to_act(state)
        if seat is None:
            replayed = RULES.new_state(2, {})
            for event in history:
                replayed = RULES.evolve(replayed, event)
            assert replayed == state
            return state
        if state.pending and state.pending[-1].kind == "deck":
            action = {"type": "bring_deck", "cards": random_deck(choices, cards)}
        elif choices.below(resign_one_in) == 0:
            seat, action = choices.below(2), {"type": "resign"}
        else:
            action = choices.choice(RULES.legal_actions(state, seat))
        events, state = adopted(RULES, state, RULES.decide(state, seat, action, rng))
        history += events
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


def test_random_games_play_cards_of_every_kind_skirmish_and_end_when_a_player_reaches_0():
    seen: Counter = Counter()
    for seed in range(4):
        state = play(seed, resign_one_in=10**9, seen=seen)
        assert state.ended_by == "zero-life" and [seat.life for seat in state.players].count(0) == 1
        assert state.winners == [next(i for i, seat in enumerate(state.players) if seat.life > 0)]
        assert state_codec.decode(RULES, state_codec.encode(state)) == state  # the store's snapshot
    assert seen["unit_entered"] > 20 and seen["skirmish_declared"] > 20 and seen["unit_destroyed"] > 5
    assert seen["card_in_play"] > 5 and seen["card_discarded"] > 5 and seen["ability_declared"] > 5
    assert seen["effect_started"] > 0 and seen["life_changed"] > 0 and seen["choice_made"] > 0, seen


def test_a_game_nobody_resigns_ends_as_a_draw_when_turn_400_ends():
    # Decks of cards that never cost a player life: statements, spells and harmless units are played,
    # yet nobody can win.
    seen: Counter = Counter()
    state = play(7, resign_one_in=10**9, cards=HARMLESS, seen=seen)
    assert seen["card_in_play"] > 10 and seen["unit_entered"] > 5
    assert (state.ended_by, state.turn, state.winners) == ("turn-limit", TURN_LIMIT, [])
    assert all(not seat.deck for seat in state.players)  # 400 turns of random draws empty every deck
    assert state_codec.decode(RULES, state_codec.encode(state)) == state  # the store's snapshot
