"""Takebacks: a bank, standing rules, and a play that opened no window may be taken back; a draw,
the end of a turn, a declaration a window saw and a window's answer stand."""

from domain.xi import RULES
from tests.unit.xi.builders import PASS, act, play, table

NEVER = {"type": "set_standing", "kinds": {"spell": "pass"}}


def test_a_bank_may_be_taken_back_but_a_draw_and_the_end_of_a_turn_stand():
    state = table(seats=[{"t": 10}, {}])
    assert RULES.reversible(act(state, 0, {"type": "bank", "pt": 2})[0])
    assert RULES.reversible(act(state, 0, NEVER)[0])
    assert not RULES.reversible(act(state, 0, {"type": "draw"})[0])
    assert not RULES.reversible(act(state, 0, {"type": "end_turn"})[0])


def test_a_declaration_answered_by_a_window_stands():
    units = [{"card": "crocodile-of-gree", "controller": 1}]
    quiet = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=units)
    assert RULES.reversible(act(quiet, 0, play("flame-lick", "u1"))[0])  # no window: nobody saw it
    watched = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {"pt": 2, "hand": ["heat-stroke"]}], units=units)
    events, state = act(watched, 0, play("flame-lick", "u1"))
    assert not RULES.reversible(events)
    assert not RULES.reversible(act(state, 1, PASS)[0]) and not RULES.reversible(act(state, 1, play("heat-stroke"))[0])
