"""The common actions of a turn and a window, sent with a field too many or too few, a value of
the wrong kind, out of their step or out of turn, are refused as every other action is: with the
rule and the field that says why (the check takes the well-formed ones in a few questions)."""

import pytest

from domain.errors import IllegalAction, NotYourTurn
from tests.unit.xi.builders import act, refused, table

EARTH = [{"card": "earth-soldier", "controller": 0}, {"card": "earth-soldier", "controller": 1}]


@pytest.mark.parametrize("action", [
    {"type": "end_turn", "now": True},
    {"type": "draw", "cards": 1},
    {"type": "bank", "pt": True},
    {"type": "bank", "pt": 0},
    {"type": "bank", "pt": 1, "t": 2},
    {"type": "bank"},
    {"type": "skirmish", "unit": "u1"},
    {"type": "skirmish", "unit": 1, "target": "u2"},
    {"type": "skirmish", "unit": "u1", "target": 1.5},
    {"type": "play", "card": 7},
    {"type": "play", "card": "flame-lick", "target": "u2", "also": "u1"},
    {"type": "strike", "damage": "3"},
])
def test_a_malformed_common_action_is_refused_as_not_well_formed(action):
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=EARTH)
    assert refused(state, 0, action, IllegalAction).rule == "xi.action.well-formed"


def test_a_bank_or_a_draw_beyond_what_the_seat_holds_names_the_time_rule():
    state = table(seats=[{"t": 2, "pt": 0}, {}])
    assert refused(state, 0, {"type": "bank", "pt": 2}, IllegalAction).rule == "xi.time.bank"
    assert refused(state, 0, {"type": "draw"}, IllegalAction).rule == "xi.time.draw"
    capped = table(seats=[{"t": 10, "pt": 19}, {}])
    assert refused(capped, 0, {"type": "bank", "pt": 2}, IllegalAction).rule == "xi.house.bank"


def test_a_pass_or_a_strike_with_nothing_to_answer_or_strike_is_refused():
    state = table(units=EARTH)
    assert refused(state, 0, {"type": "pass"}, IllegalAction).rule == "xi.house.windows"
    assert refused(state, 0, {"type": "strike"}, IllegalAction).rule == "xi.house.skirmish-step"


def test_the_common_actions_of_another_seats_turn_are_not_yours():
    state = table(seats=[{"t": 10}, {"t": 10, "pt": 5}], units=EARTH)
    for action in ({"type": "end_turn"}, {"type": "bank", "pt": 1}, {"type": "draw"},
                   {"type": "skirmish", "unit": "u2", "target": "u1"}):
        assert isinstance(refused(state, 1, action), NotYourTurn)


def test_in_a_window_the_answering_seat_may_pass_and_the_declarer_may_not():
    state = table(seats=[{"t": 10}, {"pt": 5, "hand": ["flame-lick"]}], units=EARTH)
    windowed = act(state, 0, {"type": "end_turn"})[1]  # the other seat holds a card and pT: its window opens
    assert windowed.pending and windowed.pending[-1].seat == 1
    assert isinstance(refused(windowed, 0, {"type": "pass"}), NotYourTurn)
    assert refused(windowed, 1, {"type": "pass", "now": True}, IllegalAction).rule == "xi.action.well-formed"
    assert refused(windowed, 1, {"type": "end_turn"}, IllegalAction).rule == "xi.house.windows"
    after = act(windowed, 1, {"type": "pass"})[1]  # the window closes: the turn ends, and seat 1's starts
    assert not after.pending and after.active == 1
