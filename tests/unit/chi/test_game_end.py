"""The end of the game: 6 separate Yang stacks, equal turns, and seats that cannot act."""

from domain.chi import RULES
from tests.unit.chi.builders import act, attack, discard, draw, play, table
from tests.unit.events import only, types

FIVE_STACKS = [["yang-red-1", "yang-red-2"], ["yang-orange-1"], ["yang-yellow-1"], ["yang-green-1", "yang-green-2"], ["yang-pink-1"]]
ROW = ["yin-white-1", "yin-white-2", "chi-3", "yin-black-1", "yin-black-2", "yang-brown-1"]


def about_to_end(current, starter=0, hand=("yang-gold-1", "chi-1")):
    areas = [[], []]
    areas[current] = FIVE_STACKS
    hands = [["yin-grey-1", "yin-grey-2"], ["yin-blue-1", "yin-blue-2"]]
    hands[current] = list(hand)
    return table(hands=hands, areas=areas, row=ROW, current=current, starter=starter)


def test_a_single_yang_counts_as_one_of_the_six_stacks():
    """House rule 2: 6 separate stacks, whatever their height; a stack of one counts."""
    events, after = act(about_to_end(current=0), play("yang-gold-1"))
    trigger = only(events, "end_triggered")
    assert trigger.rule == "chi.end.six-stacks" and trigger.data == {"seat": 0, "stacks": 6, "final_turn_for": 1}
    assert after.end_triggered and len(after.areas[0]) == 6


def test_stacking_a_3_on_a_stack_in_play_makes_no_new_stack():
    state = about_to_end(current=0, hand=("yang-orange-2", "chi-1"))
    events, after = act(state, play("yang-orange-2"))
    assert "end_triggered" not in types(events) and len(after.areas[0]) == 5


def test_when_the_starter_reaches_six_stacks_the_second_player_takes_one_more_turn():
    events, after = act(about_to_end(current=0, starter=0), play("yang-gold-1"))
    assert types(events)[-1] == "turn_started" and RULES.to_act(after) == 1
    events, over = act(after, draw(0))
    ended = only(events, "game_ended")
    assert ended.rule == "chi.end.six-stacks" and ended.data["reason"] == "six-stacks"
    assert over.phase == "over" and RULES.to_act(over) is None
    assert RULES.outcome(over).scores == ended.data["scores"]


def test_when_the_second_player_reaches_six_stacks_the_game_ends_at_the_end_of_that_turn():
    events, after = act(about_to_end(current=1, starter=0), play("yang-gold-1"))
    assert types(events)[-2:] == ["end_triggered", "game_ended"]
    assert only(events, "end_triggered").data["final_turn_for"] == 1
    assert after.phase == "over" and RULES.legal_actions(after, 0) == [] == RULES.legal_actions(after, 1)


def extra_turn(second_hand):
    """The second player's extra turn after the starter (seat 0) reached 6 stacks."""
    return table(
        hands=[["yin-grey-1", "yin-grey-2"], second_hand],
        areas=[FIVE_STACKS + [["yang-gold-1"]], []],
        row=ROW,
        current=1,
        starter=0,
        end_triggered=True,
        final_turn_for=1,
    )


def test_losing_a_stack_after_the_end_was_triggered_does_not_undo_it():
    """House rule 8: the starter's 6th stack is destroyed in the extra turn; the game still ends."""
    events, over = act(extra_turn(["yin-gold-2", "yin-blue-2"]), attack("yin-gold-2", "yang-gold-1"))
    assert only(events, "conflict_resolved").data["attacker_won"]
    assert len(over.areas[0]) == 5 and over.phase == "over"
    assert only(events, "game_ended").data["reason"] == "six-stacks"


def test_the_last_player_discards_down_to_five_before_the_game_ends_and_scores_that_hand():
    """House rule 8: the discard is part of the end of the turn; the hand left is what scores."""
    state = extra_turn(["yin-blue-1", "yin-blue-2", "yin-purple-1", "yin-purple-2", "chi-2"])
    events, during = act(state, draw(2))
    assert types(events)[-1] == "discard_required" and during.phase == "discard"
    events, over = act(during, discard("yin-blue-1"))
    assert over.phase == "over" and len(over.hands[1]) == 5
    assert RULES.outcome(over).scores[1] == 5


def test_a_seat_with_no_legal_action_passes_its_turn_automatically():
    """House rule 7: an empty row and a hand of one card leave no action; the turn passes."""
    state = table(
        hands=[["yang-red-1", "yang-orange-1", "yang-yellow-1"], ["chi-2"]], row=[None] * 6, deck=[], rest="nowhere"
    )
    events, after = act(state, play("yang-red-1"))
    assert types(events)[-3:] == ["turn_started", "turn_passed", "turn_started"]
    passed = only(events, "turn_passed")
    assert passed.data == {"seat": 1} and passed.rule == "chi.house.no-legal-action"
    assert RULES.to_act(after) == 0 and after.turn == 3 and RULES.legal_actions(after, 0)


def test_when_neither_seat_can_act_the_game_ends_and_is_scored_normally():
    """House rule 7: both seats stuck ends the game, citing the house rule."""
    state = table(hands=[["yang-red-1", "yang-orange-1"], ["chi-2"]], row=[None] * 6, deck=[], rest="nowhere")
    events, over = act(state, play("yang-red-1"))
    ended = only(events, "game_ended")
    assert ended.rule == "chi.house.no-legal-action" and ended.data["reason"] == "no-legal-action"
    assert ended.data["scores"] == [3 + 1, 1] and ended.data["winners"] == [0]
    assert over.phase == "over" and RULES.outcome(over).scores == [4, 1]
