"""Playing a Yang: new stacks, 3s stacked by colour, one 6 per colour, never the last card."""

from domain.chi import RULES
from tests.unit.chi.builders import act, play, refused, table
from tests.unit.events import only


def test_playing_a_yang_puts_it_in_your_area_as_a_new_stack():
    state = table(hands=[["yang-gold-1", "yin-red-1"], ["chi-1"]])
    events, after = act(state, play("yang-gold-1"))
    played = only(events, "yang_played")
    assert played.rule == "chi.yang.play"
    assert played.data == {"seat": 0, "card": "yang-gold-1", "stack": 0, "new_stack": True, "stacks": 1}
    assert after.areas[0] == [["yang-gold-1"]] and after.hands[0] == ["yin-red-1"]
    assert RULES.to_act(after) == 1


def test_a_3_point_yang_of_a_colour_in_play_goes_on_top_of_that_stack():
    """House rule 10: stacking 3s is automatic, there is no second stack of the colour."""
    state = table(hands=[["yang-red-2", "yin-red-1"], ["chi-1"]], areas=[[["yang-gold-1"], ["yang-red-1"]], []])
    events, after = act(state, play("yang-red-2"))
    played = only(events, "yang_played")
    assert played.rule == "chi.yang.stack-threes"
    assert played.data == {"seat": 0, "card": "yang-red-2", "stack": 1, "new_stack": False, "stacks": 2}
    assert after.areas[0] == [["yang-gold-1"], ["yang-red-1", "yang-red-2"]]


def test_a_second_6_point_yang_of_a_colour_in_play_is_refused():
    """House rule 10: refused with its own rule id, and never offered."""
    state = table(hands=[["yang-gold-2", "yin-red-1"], ["chi-1"]], areas=[[["yang-gold-1"]], []])
    refused(state, play("yang-gold-2"), "chi.yang.one-six-per-colour")
    assert play("yang-gold-2") not in RULES.legal_actions(state, 0)


def test_a_6_point_yang_may_be_played_beside_a_6_of_another_colour():
    state = table(hands=[["yang-pink-1", "yin-red-1"], ["chi-1"]], areas=[[["yang-gold-1"]], []])
    _, after = act(state, play("yang-pink-1"))
    assert after.areas[0] == [["yang-gold-1"], ["yang-pink-1"]]


def test_your_opponents_6_of_a_colour_does_not_stop_yours():
    state = table(hands=[["yang-gold-2", "yin-red-1"], ["chi-1"]], areas=[[], [["yang-gold-1"]]])
    _, after = act(state, play("yang-gold-2"))
    assert after.areas == [[["yang-gold-2"]], [["yang-gold-1"]]]


def test_the_last_card_in_your_hand_may_not_be_played_even_a_yang():
    state = table(hands=[["yang-gold-1"], ["chi-1"]])
    error = refused(state, play("yang-gold-1"), "chi.hand.keep-one-card")
    assert "last card" in error.reason
    assert [a["type"] for a in RULES.legal_actions(state, 0)] == ["draw"] * 6


def test_a_yin_or_a_chi_cannot_be_played_as_a_yang():
    state = table(hands=[["yin-red-1", "chi-1", "yang-red-1"], ["chi-2"]])
    refused(state, play("yin-red-1"), "chi.yang.play")
    refused(state, play("chi-1"), "chi.yang.play")


def test_a_yang_that_is_not_in_your_hand_is_refused():
    state = table(hands=[["yin-red-1", "chi-1"], ["yang-red-1", "chi-2"]])
    error = refused(state, play("yang-red-1"), "chi.hand.own-cards")
    assert "not in your hand" in error.reason


def test_the_legal_yang_plays_are_every_playable_yang_in_hand_sorted():
    state = table(hands=[["yang-red-1", "yang-gold-2", "yang-blue-1", "yin-red-1"], ["chi-1"]], areas=[[["yang-gold-1"]], []])
    plays = [a for a in RULES.legal_actions(state, 0) if a["type"] == "play_yang"]
    assert plays == [play("yang-blue-1"), play("yang-red-1")]
