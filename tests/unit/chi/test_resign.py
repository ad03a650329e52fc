"""Resigning: either player, at any moment of a running game; the other player wins (house rule 20)."""

import pytest

from domain.chi import RULES
from domain.chi.state import CONFLICT, OVER, Conflict
from domain.errors import GameOver, NotYourTurn
from tests.unit.chi.builders import act, refused, table
from tests.unit.events import only

RESIGN = {"type": "resign"}


def test_a_player_resigns_on_their_turn_and_the_other_player_wins_whatever_the_scores():
    state = table(hands=[["yin-red-1", "yin-red-2"], ["chi-1"]], areas=[[["yang-gold-1"], ["yang-pink-1"]], []])
    events, after = act(state, RESIGN, seat=0)
    resigned = only(events, "resigned")
    assert resigned.rule == "chi.house.resign"
    assert resigned.data == {"seat": 0, "scores": [14, 1], "winners": [1]}
    assert after.phase == OVER and RULES.to_act(after) is None
    outcome = RULES.outcome(after)
    assert outcome.winners == [1] and outcome.scores == [14, 1] and outcome.detail["resigned"] == 0
    assert outcome.reason == "a player resigned"


def test_a_player_may_resign_while_it_is_the_other_players_turn():
    state = table(hands=[["yin-red-1"], ["chi-1", "yin-blue-1"]], current=0)
    events, after = act(state, RESIGN, seat=1)
    assert only(events, "resigned").data["winners"] == [0]
    assert RULES.outcome(after).winners == [0]


def test_resigning_in_the_middle_of_a_conflict_leaves_its_cards_in_plain_view():
    conflict = Conflict(attacker=0, defender=1, yin="yin-gold-1", target="yang-gold-1", chi=["chi-1"],
                        to_decide=0, last_played=1)
    state = table(hands=[["yin-red-1", "chi-2"], ["yin-blue-1"]], areas=[[], [["yang-gold-1"]]],
                  phase=CONFLICT, conflict=conflict)
    _, after = act(state, RESIGN, seat=0)
    assert after.conflict == conflict, "the conflict's cards stay on the table"
    view = RULES.view(after, None)
    assert view["conflict"]["chi"][0]["id"] == "chi-1" and view["phase"] == OVER


def test_resign_is_never_listed_among_the_legal_actions_so_no_bot_resigns_by_chance():
    state = table(hands=[["yin-red-1", "yang-blue-1"], ["chi-1"]])
    assert {"type": "resign"} not in RULES.legal_actions(state, 0)


def test_a_resignation_with_extra_fields_is_refused_naming_them():
    state = table(hands=[["yin-red-1"], ["chi-1"]])
    refused(state, {"type": "resign", "seat": 1}, "chi.action.well-formed")


def test_no_one_resigns_a_game_that_is_over_or_not_yet_dealt():
    state = table(hands=[["yin-red-1"], ["chi-1"]])
    _, over = act(state, RESIGN, seat=0)
    with pytest.raises(GameOver):
        RULES.decide(over, 1, RESIGN, None)
    with pytest.raises(NotYourTurn):
        RULES.decide(RULES.new_state(2, {}), 0, RESIGN, None)


def test_the_replay_line_names_who_resigned_and_who_wins():
    state = table(hands=[["yin-red-1"], ["chi-1"]])
    events, _ = act(state, RESIGN, seat=1)
    assert RULES.describe(only(events, "resigned"), ["ana", "bo"]) == "bo resigns; ana wins (ana 1, bo 1 at that moment)"
