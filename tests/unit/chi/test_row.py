"""Maintaining the centre row: refills, and clearing a row that holds only Yin."""

from domain.chi import RULES
from domain.chi.flow import row_all_yin
from tests.unit.chi.builders import act, discard, draw, refused, table
from tests.unit.events import types

HANDS = [["yang-gold-1", "chi-1"], ["chi-2", "yang-pink-1"]]
ROW = ["yin-red-1", "yin-red-2", "yin-orange-1", "yin-orange-2", "yin-yellow-1", "yang-green-1"]
YIN_ROW = ROW[:5] + ["yin-yellow-2"]
SIX_YIN = ["yin-green-1", "yin-green-2", "yin-blue-1", "yin-blue-2", "yin-purple-1", "yin-purple-2"]


def cleared(events):
    return [event for event in events if event.type == "row_cleared"]


def test_a_row_of_only_yin_is_moved_to_the_discard_pile_and_dealt_again():
    deck = ["yin-yellow-2"] + SIX_YIN[:5] + ["yang-blue-1"]
    events, after = act(table(hands=HANDS, row=ROW, deck=deck), draw(5))
    [clear] = cleared(events)
    assert clear.rule == "chi.row.all-yin" and clear.data == {"cards": YIN_ROW}
    assert after.discard == YIN_ROW
    assert after.row == SIX_YIN[:5] + ["yang-blue-1"]
    assert types(events)[-1] == "turn_started"


def test_clearing_repeats_while_the_new_row_is_all_yin():
    """House rule 6: a freshly dealt all-Yin row is cleared again."""
    second = ["yin-pink-1", "yin-pink-2", "yin-brown-1", "yin-brown-2", "yin-black-1", "yang-blue-1"]
    deck = ["yin-yellow-2"] + SIX_YIN + second
    events, after = act(table(hands=HANDS, row=ROW, deck=deck), draw(5))
    assert [event.rule for event in cleared(events)] == ["chi.row.all-yin", "chi.house.row-clearing-repeats"]
    assert after.row == second and after.discard == YIN_ROW + SIX_YIN


def test_clearing_stops_when_no_card_but_yin_is_left_to_deal():
    """House rule 6: clearing could never help, so the all-Yin row stays and the game goes on."""
    state = table(hands=HANDS, row=ROW, deck=["yin-yellow-2", "yin-green-1"], discard=["yin-green-2"], rest="nowhere")
    events, after = act(state, draw(5))
    assert cleared(events) == [] and after.row == YIN_ROW
    assert RULES.to_act(after) == 1 and RULES.legal_actions(after, 1)


def test_a_stuck_all_yin_row_is_cleared_once_another_card_reaches_the_discard_pile():
    hand = ["yang-gold-1", "chi-1", "yin-white-1", "yin-white-2", "yin-grey-1", "yin-grey-2"]
    state = table(
        hands=[hand, ["chi-2", "yang-pink-1"]], row=YIN_ROW, deck=["yin-green-1", "yin-green-2"],
        rest="nowhere", phase="discard",
    )
    events, after = act(state, discard("chi-1"))
    assert cleared(events) and "chi-1" in after.row
    assert not row_all_yin(after.row)


def test_a_partly_empty_row_of_only_yin_counts_as_all_yin_but_an_empty_row_does_not():
    assert row_all_yin(["yin-red-1", None, None, None, None, None])
    assert not row_all_yin([None] * 6)
    assert not row_all_yin(["yin-red-1", None, None, None, None, "chi-1"])


def test_an_empty_slot_is_refilled_as_soon_as_the_deck_has_cards_again():
    """House rule: a slot left empty for want of cards is caught up at the end of a later decision."""
    hand = ["yang-gold-1", "chi-1", "yin-white-1", "yin-white-2", "yin-grey-1", "yin-grey-2"]
    row = [None, "yang-green-1", "yin-red-1", "yin-red-2", "yin-orange-1", "yin-orange-2"]
    state = table(hands=[hand, ["chi-2", "yang-pink-1"]], row=row, deck=[], rest="nowhere", phase="discard")
    events, after = act(state, discard("yin-white-1"))
    refill = [event for event in events if event.type == "row_refilled"][0]
    assert refill.rule == "chi.house.empty-slots-refilled"
    assert refill.data == {"slots": [0], "cards": ["yin-white-1"]}
    assert after.row[0] == "yin-white-1" and after.deck == [] and after.discard == []


def test_a_slot_out_of_the_row_cannot_be_drawn_from():
    refused(table(hands=HANDS, row=ROW), draw(6), "chi.action.well-formed")
