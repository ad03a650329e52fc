"""Random legal games: they always end, and all 54 cards are somewhere at every step."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.court import RULES
from domain.court.cards import ALL_IDS
from domain.rng import Rng
from tests.unit.court.builders import all_cards
from tests.unit.events import adopted

MOST_DECISIONS = 600


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=12), advanced=st.booleans())
def test_a_random_legal_game_ends_with_every_card_accounted_for(seed, advanced):
    options = {"advanced": advanced}
    state = RULES.new_state(1, options)
    _, state = adopted(RULES, state, RULES.setup(1, options, Rng(seed, "setup")))
    chooser = Rng(seed, "chooser")
    for decision in range(MOST_DECISIONS):
        if RULES.to_act(state) is None:
            break
        legal = RULES.legal_actions(state, 0)
        assert legal, "a seat to act always has a decision"
        events, state = adopted(RULES, state, RULES.decide(state, 0, chooser.choice(legal), Rng(seed, f"decision:{decision}")))
        for event in events:
            assert event.rule in RULES.rulebook, event.rule
            assert RULES.describe(event, ["ana"])
        assert sorted(all_cards(state)) == sorted(ALL_IDS)
        assert state.cp >= 0
    assert RULES.outcome(state) is not None, "the game ended"

