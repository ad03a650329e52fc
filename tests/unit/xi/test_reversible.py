"""Takebacks: a bank may be taken back; a draw, the end of a turn and the setup steps stand."""

from domain.xi import RULES
from tests.unit.xi.builders import act, table


def test_a_bank_may_be_taken_back_but_a_draw_and_the_end_of_a_turn_stand():
    state = table(seats=[{"t": 10}, {}])
    assert RULES.reversible(act(state, 0, {"type": "bank", "pt": 2})[0])
    assert not RULES.reversible(act(state, 0, {"type": "draw"})[0])
    assert not RULES.reversible(act(state, 0, {"type": "end_turn"})[0])
