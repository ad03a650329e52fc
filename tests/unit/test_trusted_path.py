"""The trusted path (`Game.decide_trusted`): an action taken straight from a seat's legal list gives
the same events and the same table without being checked again; `decide` itself still refuses
what is not legal."""

import pytest

from domain import registry, rules_turns
from domain.errors import RulesError
from domain.rng import Rng
from tests.fixtures.dealer import RULES as DEALER


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_every_legal_action_taken_on_the_trusted_path_gives_the_events_and_table_of_the_checked_decision(game):
    rules = registry.get(game)
    for seed in ("trusted-1", "trusted-2"):
        state = rules.setup(rules.seats[1], {}, Rng(seed, "setup")).state
        chooser = Rng(seed, "player")
        for number in range(400):
            rng = f"decision:{number}"
            if (played := rules_turns.play_due(rules, state, Rng(seed, rng))) is not None:
                state = played.state
                continue
            if (seat := rules.to_act(state)) is None:
                break
            action = chooser.choice(rules.legal_actions(state, seat))
            checked_rng, trusted_rng = Rng(seed, rng), Rng(seed, rng)
            checked = rules.decide(state, seat, action, checked_rng)
            trusted = rules.decide_trusted(state, seat, action, trusted_rng)
            assert trusted.events == checked.events and trusted.state == checked.state
            next_draw = checked_rng.below(2**63)  # the same draws too: the audit re-runs a search's choices
            assert trusted_rng.below(2**63) == next_draw
            if rules.advance is not None:  # the table alone, as a search's playouts take it
                advance_rng = Rng(seed, rng)
                assert rules.advance(state, seat, action, advance_rng) == checked.state
                assert advance_rng.below(2**63) == next_draw
            state = checked.state


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_the_checked_decide_still_refuses_an_action_of_no_known_type(game):
    rules = registry.get(game)
    state = rules.setup(rules.seats[1], {}, Rng("trusted", "setup")).state
    seat = rules.to_act(state)
    with pytest.raises(RulesError):
        rules.decide(state, seat, {"type": "take-every-card"}, Rng("trusted", "decision:0"))


def test_a_game_without_a_faster_path_takes_the_trusted_path_through_its_checked_decide():
    assert DEALER.decide_trusted is DEALER.decide
    state = DEALER.setup(1, {}, Rng("trusted", "setup")).state
    while DEALER.to_act(state) is None and DEALER.rules_turn(state) is not None:
        state = DEALER.play_rules_turn(state, Rng("trusted", "dealer")).state
    seat = DEALER.to_act(state)
    with pytest.raises(RulesError):
        DEALER.decide_trusted(state, seat, {"type": "take-every-card"}, Rng("trusted", "decision:0"))


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_every_game_declares_a_trusted_path_of_its_own(game):
    rules = registry.get(game)
    assert rules.decide_trusted is not rules.decide
