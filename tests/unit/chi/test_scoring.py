"""Scoring: Yang points in play plus 1 per card in hand; the highest wins; equal is a tie."""

from domain.chi import RULES
from tests.unit.chi.builders import table


def finished(hands, areas):
    return table(hands=hands, areas=areas, phase="over", rest="nowhere")


def test_the_score_is_the_yang_points_in_play_plus_one_per_card_in_hand():
    state = finished(
        hands=[["yin-red-1", "chi-1", "yang-gold-2"], ["yin-blue-1"]],
        areas=[[["yang-red-1", "yang-red-2"], ["yang-gold-1"]], [["yang-pink-1"], ["yang-blue-1"]]],
    )
    outcome = RULES.outcome(state)
    assert outcome.scores == [3 + 3 + 6 + 3, 6 + 3 + 1]
    assert outcome.detail["points_in_play"] == [12, 9] and outcome.detail["cards_in_hand"] == [3, 1]


def test_the_highest_score_wins():
    state = finished(hands=[["yin-red-1"], ["yin-blue-1"]], areas=[[["yang-red-1"]], [["yang-pink-1"]]])
    outcome = RULES.outcome(state)
    assert outcome.winners == [1] and not outcome.is_tie


def test_equal_scores_are_a_tie_won_by_both_seats():
    state = finished(hands=[["yin-red-1", "chi-1", "chi-2", "chi-3"], ["yin-blue-1"]], areas=[[["yang-red-1"]], [["yang-pink-1"]]])
    outcome = RULES.outcome(state)
    assert outcome.scores == [7, 7] and outcome.winners == [0, 1] and outcome.is_tie


def test_there_is_no_outcome_while_the_game_runs():
    assert RULES.outcome(table(hands=[["yin-red-1"], ["yin-blue-1"]])) is None


def test_the_view_shows_points_in_play_while_running_and_final_scores_once_over():
    hands, areas = [["yin-red-1", "chi-1"], ["yin-blue-1"]], [[["yang-red-1"]], [["yang-pink-1"]]]
    running = RULES.view(table(hands=hands, areas=areas), None)
    assert running["scores"] == running["points_in_play"] == [3, 6]
    over = RULES.view(finished(hands, areas), None)
    assert over["scores"] == [5, 7] and over["points_in_play"] == [3, 6]
