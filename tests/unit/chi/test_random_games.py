"""Random legal games: they end, no card is lost or made, and the state is a faithful fold.

Each game is played from a seed by picking uniformly among the legal actions. How many games a
second that is, `make bench` reports.
"""

from __future__ import annotations

import copy
import dataclasses
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chi import RULES
from domain.chi.cards import ALL_IDS, CARDS
from domain.chi.state import ChiState, Conflict
from domain.contract import Event
from domain.errors import IllegalAction
from domain.rng import Rng
from tests.unit.chi.playouts import MAX_DECISIONS, play_out

EVERY_CARD = sorted(ALL_IDS)


def cards_on_the_table(state: ChiState) -> list[str]:
    found = state.deck + [card for card in state.row if card] + state.discard
    found += [card for hand in state.hands for card in hand]
    found += [card for stacks in state.areas for stack in stacks for card in stack]
    if state.conflict is not None:
        found += [state.conflict.yin] + state.conflict.chi
    return found


def rulebook_score(state: ChiState, seat: int) -> int:
    """The rulebook's formula, recomputed from the card table: Yang points in play + cards in hand."""
    in_play = [CARDS[card] for stack in state.areas[seat] for card in stack]
    assert all(card.kind == "yang" for card in in_play)
    return sum(card.points for card in in_play) + len(state.hands[seat])


def json_round_trip(state: ChiState) -> ChiState:
    """What a snapshot store does: JSON of the dataclass fields, rebuilt with the constructors."""
    def as_fields(value):
        return {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}

    fields = json.loads(json.dumps(as_fields(state), default=as_fields))
    if fields["conflict"] is not None:
        fields["conflict"] = Conflict(**fields["conflict"])
    return ChiState(**fields)


def check_table(state: ChiState) -> None:
    """The invariants that hold between any two decisions."""
    assert sorted(cards_on_the_table(state)) == EVERY_CARD
    if state.phase == "setup":
        return
    assert all(state.hands), "a hand dropped to zero"
    seat = RULES.to_act(state)
    if seat is not None:
        assert RULES.legal_actions(state, seat), "the seat to act has no legal action"
        assert RULES.legal_actions(state, 1 - seat) == []
    assert state.deck or not state.discard, "the deck is empty while the discard pile is not"
    # House rule 5: hands hold at most 11 cards and the row 6, so 7 Yin are always left to deal.
    assert sum(CARDS[card].kind == "yin" for card in state.deck + state.discard) >= 7


def check_game(seed: int) -> int:
    game = play_out(str(seed), on_state=check_table)
    final = game.state
    assert game.decisions < MAX_DECISIONS and final.phase == "over"
    outcome = RULES.outcome(final)
    scores = [rulebook_score(final, seat) for seat in (0, 1)]
    assert outcome.scores == scores
    assert outcome.winners == [seat for seat in (0, 1) if scores[seat] == max(scores)]
    replayed = RULES.new_state(2, {})
    for event in game.events:
        assert event.rule in RULES.rulebook, event
        stored = Event.from_json(json.loads(json.dumps(event.to_json())))
        replayed = RULES.evolve(replayed, stored)
    assert replayed == final
    assert json_round_trip(final) == final
    return game.decisions


@settings(max_examples=2000, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_legal_games_end_keep_every_card_and_replay_to_the_same_state(seed):
    check_game(seed)


def test_a_state_in_the_middle_of_a_conflict_survives_a_json_round_trip():
    states: list[ChiState] = []

    def keep(state):
        if state.conflict:
            states.append(state)

    for n in range(5):
        play_out(f"round-trip-{n}", on_state=keep)
    assert states
    for state in states:
        assert json_round_trip(state) == state


def test_decide_accepts_exactly_the_legal_actions():
    def candidates(state, seat):
        hand = state.hands[seat]
        in_play = [card for stacks in state.areas for stack in stacks for card in stack]
        yield from ({"type": "draw", "slot": slot} for slot in range(6))
        for card in hand:
            yield {"type": "play_yang", "card": card}
            yield {"type": "chi", "card": card}
            yield {"type": "discard", "card": card}
            yield from ({"type": "attack", "card": card, "target": target} for target in in_play)
        yield {"type": "pass"}

    def check(state):
        seat = RULES.to_act(state)
        if seat is None:
            return
        legal = RULES.legal_actions(state, seat)
        for action in candidates(state, seat):
            try:
                RULES.decide(state, seat, action, Rng("cross-check"))
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (action in legal), action

    for n in range(60):
        play_out(f"cross-{n}", on_state=check)


def test_deciding_and_folding_never_change_the_state_they_start_from():
    def check(state):
        seat = RULES.to_act(state)
        if seat is None:
            return
        before = copy.deepcopy(state)
        for action in RULES.legal_actions(state, seat):
            after = state
            for event in RULES.decide(state, seat, action, Rng("pure")).events:
                after = RULES.evolve(after, event)
        assert state == before

    for n in range(40):
        play_out(f"pure-{n}", on_state=check)
