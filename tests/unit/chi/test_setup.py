"""Setup: shuffle, choose who starts, 3 cards each, 6 face up in the row, then the first turn."""

from collections import Counter

import pytest

from domain.chi import RULES
from domain.chi.cards import ALL_IDS, KIND
from domain.errors import NotYourTurn
from domain.rng import Rng
from tests.unit.events import adopted, types


def deal(seed: str = "deal"):
    return adopted(RULES, RULES.new_state(2, {}), RULES.setup(2, {}, Rng(seed, "setup")))


def test_setup_shuffles_all_52_cards_and_keeps_the_order_secret():
    events, _ = deal()
    shuffled = events[0]
    assert shuffled.type == "deck_shuffled" and shuffled.data == {"count": 52}
    assert sorted(shuffled.secret["order"]) == sorted(ALL_IDS)
    assert shuffled.seen_by(0)["data"] == {"count": 52} and shuffled.seen_by(None)["hidden"] == ["order"]


def test_setup_events_come_in_rulebook_order():
    events, _ = deal()
    assert types(events)[:6] == [
        "deck_shuffled",
        "first_player_chosen",
        "hand_dealt",
        "hand_dealt",
        "row_dealt",
        "turn_started",
    ]


def test_each_player_is_dealt_three_cards_from_the_top_that_only_that_player_sees():
    events, state = deal()
    order = events[0].secret["order"]
    dealt = [event for event in events if event.type == "hand_dealt"]
    assert [event.data for event in dealt] == [{"seat": 0, "count": 3}, {"seat": 1, "count": 3}]
    assert [event.private_to for event in dealt] == [0, 1]
    assert dealt[0].private["cards"] == order[0:3] and dealt[1].private["cards"] == order[3:6]
    assert state.hands == [order[0:3], order[3:6]]
    assert "cards" not in dealt[0].seen_by(1)["data"]


def test_six_cards_are_dealt_face_up_to_the_row_and_40_stay_in_the_deck():
    events, state = deal()
    order = events[0].secret["order"]
    row = [event for event in events if event.type == "row_dealt"][0]
    assert row.data == {"cards": order[6:12]}
    assert state.row == order[6:12] and state.deck == order[12:]
    assert len(state.deck) == 40


def test_the_seeded_generator_chooses_who_starts_so_either_seat_may_start():
    """House rule 3: the starter is drawn by lot, recorded as an event."""
    starters = Counter()
    for n in range(40):
        events, state = deal(f"starter-{n}")
        chosen = [event for event in events if event.type == "first_player_chosen"][0]
        assert chosen.rule == "chi.house.first-player"
        assert state.starter == state.current == RULES.to_act(state) == chosen.data["seat"]
        starters[chosen.data["seat"]] += 1
    assert starters[0] > 5 and starters[1] > 5


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    assert deal("same") == deal("same")
    assert deal("same")[1] != deal("other")[1]


def test_the_first_turn_is_turn_1_for_the_starter_in_the_action_phase():
    events, state = deal()
    assert events[-1].type == "turn_started" and events[-1].data == {"seat": state.starter, "turn": 1}
    assert state.phase == "action" and state.turn == 1
    assert RULES.legal_actions(state, state.starter)
    assert RULES.legal_actions(state, 1 - state.starter) == []


def test_an_all_yin_row_at_setup_is_cleared_and_dealt_again():
    """House rule 6 applies at setup too."""
    for n in range(3000):
        events, state = deal(f"seed-{n}")
        if "row_cleared" in types(events):
            break
    else:
        pytest.fail("no seed dealt an all-Yin row")
    first_row = [event for event in events if event.type == "row_dealt"][0].data["cards"]
    assert all(KIND[card] == "yin" for card in first_row)
    assert [event for event in events if event.type == "row_cleared"][0].data == {"cards": first_row}
    assert state.discard == first_row
    assert any(KIND[card] != "yin" for card in state.row)


def test_before_the_deal_no_one_is_to_act_and_every_decision_is_refused():
    state = RULES.new_state(2, {})
    assert RULES.to_act(state) is None and RULES.outcome(state) is None
    assert RULES.legal_actions(state, 0) == []
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 0, {"type": "draw", "slot": 0}, Rng("x"))
