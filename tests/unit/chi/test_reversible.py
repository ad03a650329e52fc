"""Which Chi decisions may be taken back (house rule 21): those that leave the deck untouched."""

from domain.chi import RULES
from tests.unit.chi.builders import act, attack, discard, draw, play, table


def test_playing_a_yang_and_passing_the_turn_may_be_taken_back():
    state = table(hands=[["yang-blue-1", "yin-red-1"], ["chi-1"]])
    events, _ = act(state, play("yang-blue-1"))
    assert RULES.reversible(events)


def test_a_discard_at_the_end_of_a_turn_may_be_taken_back():
    hands = [["yin-red-1", "yin-red-2", "yin-blue-1", "yin-blue-2", "yin-pink-1", "yin-pink-2"], ["chi-1"]]
    state = table(hands=hands, phase="discard")
    events, _ = act(state, discard("yin-red-1"))
    assert RULES.reversible(events)


def test_a_draw_from_the_row_may_not_the_deck_refilled_the_slot():
    state = table(hands=[["yin-red-1"], ["chi-1"]])
    events, _ = act(state, draw(0))
    assert not RULES.reversible(events)


def test_an_attack_may_not_the_attacker_drew_from_the_deck():
    state = table(hands=[["yin-gold-1", "yin-red-1"], ["yin-blue-1", "yang-blue-1"]], areas=[[], [["yang-gold-1"]]])
    events, _ = act(state, attack("yin-gold-1", "yang-gold-1"))
    assert not RULES.reversible(events)
