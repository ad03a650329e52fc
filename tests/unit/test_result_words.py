"""A finished game's result in words (domain.result_words): who won, how it ended, everyone
ranked with their score, and the outcome's detail labelled and ordered, for every game alike."""

from __future__ import annotations

from domain.contract import Outcome
from domain.result_words import result_words
from services.log.names import numbered


def test_li_mu_who_won_is_named_and_ranked_first_with_his_prestige():
    outcome = Outcome([57], [], "the fourth round was scored", {"ended_by": "final-scoring", "beaten_by": "li-mu",
                      "rival": {"kind": "li-mu", "prestige": 105}}, beaten_by="li-mu")
    words = result_words(outcome, ["ana"])
    assert words["headline"] == "Li Mu won"
    assert [(one["place"], one["name"], one["score"]) for one in words["standings"]] == [(1, "Li Mu", 105), (2, "ana", 57)]
    assert words["lines"] == [] and words["columns"] == [], "the rival and how it ended are told, not listed"


def test_a_draw_is_a_draw_and_equal_scores_share_a_place():
    words = result_words(Outcome([0, 0], [], "every player reached 0 life together: a draw", {"turn": 9}), ["ana", "bo"])
    assert words["headline"] == "A draw"
    assert [one["place"] for one in words["standings"]] == [1, 1]
    assert words["lines"] == [{"label": "turns played", "value": "9"}]
    assert result_words(Outcome([30, 30], [0, 1], "six stacks"), ["ana", "bo"])["headline"] == "A draw between ana and bo"


def test_a_resignation_and_a_time_that_ran_out_say_who_and_who_won():
    outcome = Outcome([11, 35], [1], "a player resigned", {"resigned": 0, "ended_by": "resigned",
                      "points_in_play": [10, 30], "cards_in_hand": [1, 5]})
    assert result_words(outcome, ["ana", "bo"])["headline"] == "ana resigned; bo won"
    words = result_words(outcome, ["ana", "bo"], ended_by_clock=0)
    assert words["headline"] == "ana's time ran out; bo won"
    assert [one["name"] for one in words["standings"]] == ["bo", "ana"], "the winner first"
    assert words["columns"] == [{"label": "points in play", "values": ["10", "30"]},
                                {"label": "cards in hand", "values": ["1", "5"]}]


def test_a_solitaire_gives_its_score_and_title_and_its_breakdown_in_order():
    outcome = Outcome([65], [0], "all nine Daemon Princes were drawn", {"title": "Noble (Zhuhou)", "vp": 45, "cp": 79,
                      "cp_bonus": 26, "penalty": 6, "ended_by": "all-daemons-drawn"})
    words = result_words(outcome, ["ana"])
    assert words["headline"] == "ana scored 65 and earned the title Noble (Zhuhou)"
    assert [line["label"] for line in words["lines"]] == ["victory points", "Court points",
                                                          "a point for every three Court points", "penalty, taken off the score"]


def test_two_things_alike_are_numbered():
    assert numbered("random-bot", set()) == "random-bot"
    assert numbered("random-bot", {"random-bot"}) == "random-bot (2)"
    assert numbered("random-bot", {"random-bot", "random-bot (2)"}) == "random-bot (3)"
