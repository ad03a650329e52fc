"""Drawing a card from the centre row, and the refusals every action shares."""

import pytest

from domain.chi import RULES
from domain.errors import GameOver, NotYourTurn
from domain.rng import Rng
from tests.unit.chi.builders import act, draw, refused, table
from tests.unit.events import only, types

HANDS = (["yin-red-1", "yang-blue-1", "chi-1"], ["yin-blue-1", "yang-red-1", "chi-2"])
ROW = ["yang-gold-1", "yin-pink-1", "yang-green-1", "yin-grey-1", "chi-3", "yin-black-1"]


def start(row=ROW, **kwargs):
    return table(hands=HANDS, row=row, deck=["yang-purple-1", "yin-white-1"], **kwargs)


def test_drawing_takes_the_row_card_into_your_hand_and_tells_everyone_which():
    events, after = act(start(), draw(2))
    drawn = only(events, "card_drawn")
    assert drawn.data == {"seat": 0, "slot": 2, "card": "yang-green-1"} and drawn.rule == "chi.draw.from-row"
    assert after.hands[0] == HANDS[0] + ["yang-green-1"]


def test_the_emptied_slot_is_refilled_with_the_top_card_of_the_deck():
    events, after = act(start(), draw(2))
    refill = only(events, "row_refilled")
    assert refill.data == {"slots": [2], "cards": ["yang-purple-1"]} and refill.rule == "chi.row.refill"
    assert after.row[2] == "yang-purple-1" and after.deck[0] == "yin-white-1"


def test_drawing_is_the_whole_turn_and_the_opponent_plays_next():
    events, after = act(start(), draw(0))
    assert types(events)[-1] == "turn_started" and events[-1].data == {"seat": 1, "turn": 2}
    assert RULES.to_act(after) == 1 and after.phase == "action"


def test_the_legal_draws_are_the_row_slots_holding_a_card():
    state = start(row=["yang-gold-1", None, "yang-green-1", None, None, None])
    draws = [a for a in RULES.legal_actions(state, 0) if a["type"] == "draw"]
    assert draws == [draw(0), draw(2)]


def test_drawing_from_an_empty_slot_is_refused():
    state = start(row=["yang-gold-1", None, "yang-green-1", None, None, None])
    error = refused(state, draw(1), "chi.draw.from-row")
    assert error.reason.startswith("slot:")


@pytest.mark.parametrize(
    "action, field",
    [
        ({"type": "draw", "slot": 6}, "slot"),
        ({"type": "draw", "slot": -1}, "slot"),
        ({"type": "draw", "slot": "2"}, "slot"),
        ({"type": "draw", "slot": True}, "slot"),
        ({"type": "draw"}, "slot"),
        ({"type": "draw", "slot": 1, "card": "chi-1"}, "card"),
        ({"slot": 1}, "type"),
        ({"type": "steal", "slot": 1}, "type"),
        ({"type": "play_yang", "card": "yang-pink-9"}, "card"),
        ({"type": "play_yang", "card": 7}, "card"),
        ({"type": "attack", "card": "yin-red-1"}, "target"),
    ],
)
def test_a_malformed_action_is_refused_naming_the_field(action, field):
    error = refused(start(), action, "chi.action.well-formed")
    assert error.reason.startswith(f"{field}:")


def test_an_action_that_is_not_an_object_is_refused():
    refused(start(), ["draw", 1], "chi.action.well-formed")


def test_the_seat_not_on_turn_is_refused_and_has_no_legal_actions():
    state = start()
    assert RULES.legal_actions(state, 1) == []
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 1, draw(0), Rng("t"))
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 7, draw(0), Rng("t"))


def test_a_finished_game_refuses_every_decision():
    state = start(phase="over")
    assert RULES.to_act(state) is None and RULES.legal_actions(state, 0) == []
    with pytest.raises(GameOver):
        RULES.decide(state, 0, draw(0), Rng("t"))
