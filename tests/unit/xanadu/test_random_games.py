"""Random legal games of 2 to 6: they end, every card is somewhere at every step, and no seat's
view ever shows a worker card, another hand or the deck while the game runs."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.rng import Rng
from domain.xanadu import RULES
from domain.xanadu.cards import ALL_IDS, END_MARKER
from tests.unit.events import adopted

MOST_DECISIONS = 6000


def every_card(state) -> list[str]:
    placed = [c for hand in state.hands for c in hand] + [c for c in state.deck if c != END_MARKER] + state.discard
    for owned in state.buildings:
        for building in owned:
            placed += [building["card"], *building["workers"]]
    return placed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=10), seats=st.integers(2, 6))
def test_a_random_legal_game_ends_with_every_card_accounted_for_and_nothing_hidden_shown(seed, seats):
    state = RULES.new_state(seats, {})
    _, state = adopted(RULES, state, RULES.setup(seats, {}, Rng(seed, "setup")))
    chooser = Rng(seed, "chooser")
    for decision in range(MOST_DECISIONS):
        seat = RULES.to_act(state)
        if seat is None:
            break
        legal = RULES.legal_actions(state, seat)
        assert legal, "a seat to act always has a decision"
        events, state = adopted(RULES, state, RULES.decide(state, seat, chooser.choice(legal), Rng(seed, f"decision:{decision}")))
        for event in events:
            assert event.rule in RULES.rulebook and RULES.describe(event, [f"p{n}" for n in range(seats)])
        assert sorted(every_card(state)) == sorted(ALL_IDS)
        if decision % 7 == 0 and RULES.outcome(state) is None:
            for viewer in (*range(seats), None):
                view = RULES.view(state, viewer)
                assert "hands" not in view and "deck" not in view
                assert all("worker_cards" not in building for owned in view["buildings"] for building in owned)
    assert RULES.outcome(state) is not None, "the game ended"

