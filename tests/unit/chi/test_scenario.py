"""Scenarios: a sandbox game starts from a chosen position, laid out exactly, hidden as in any game."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.chi import RULES
from domain.chi.cards import ALL_IDS, label
from domain.chi.scenario import SCENARIO_EXAMPLE
from domain.chi.state import Conflict
from domain.contract import Event
from domain.errors import IllegalAction
from domain.rng import Rng
from tests.secrecy import leaves
from tests.unit.chi.builders import act, draw, play, table
from tests.unit.events import adopted, only, types
from tests.unit.scenario_checks import check_unnamed_cards_go_under_the_named_deck
from tests.unit.chi.playouts import play_out
from tests.unit.chi.test_random_games import EVERY_CARD, cards_on_the_table, check_table, rulebook_score

NAMES = ["ana", "bo"]
LAYOUT = ["deck_shuffled", "first_player_chosen", "hand_dealt", "hand_dealt", "row_dealt"]
ROW = ["yin-white-1", "yin-white-2", "chi-3", "yin-black-1", "yin-black-2", "yang-brown-1"]
# Five separate stacks: two of them 3-point stacks of two, three of them single Yang.
FIVE_STACKS = [["yang-red-1", "yang-red-2"], ["yang-orange-1"], ["yang-yellow-1"], ["yang-green-1", "yang-green-2"], ["yang-pink-1"]]
SIX_STACKS = FIVE_STACKS + [["yang-gold-1"]]


def lay_out(scenario, seed: str = "scenario"):
    """The scenario's events and the table they fold to from the empty table."""
    return adopted(RULES, RULES.new_state(2, {}), RULES.scenario_setup(2, {}, scenario, Rng(seed, "setup")))


def refusal(scenario, seats: int = 2) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        RULES.scenario_setup(seats, {}, scenario, Rng("refused", "setup"))
    assert error.value.rule == "chi.scenario" and error.value.rule in RULES.rulebook
    return error.value


def ids(cards) -> list[str]:
    return [card["id"] for card in cards]


def test_a_scenario_lays_out_exactly_the_table_it_names_and_starts_that_turn():
    events, state = lay_out(SCENARIO_EXAMPLE)
    example = SCENARIO_EXAMPLE
    assert types(events) == LAYOUT + ["areas_laid_out", "discard_laid_out", "turn_started"]
    assert state.hands == example["hands"] and state.row == example["row"]
    assert state.areas == example["areas"] and state.discard == example["discard"]
    assert state.deck[:2] == example["deck"]
    assert (state.starter, state.current, state.turn, state.phase) == (0, 0, 21, "action")
    assert state.conflict is None and not state.end_triggered
    assert sorted(cards_on_the_table(state)) == EVERY_CARD
    check_table(state)
    assert only(events, "turn_started").data == {"seat": 0, "turn": 21}


def test_every_scenario_event_cites_the_sandbox_rule_or_its_own_rule_and_has_a_replay_line():
    events, _ = lay_out(SCENARIO_EXAMPLE)
    for event in events:
        assert event.rule in RULES.rulebook
        proper = {"turn_started": "chi.turn.one-action"}
        assert event.rule == proper.get(event.type, "chi.scenario"), event
        assert RULES.describe(event, NAMES) and "\n" not in RULES.describe(event, NAMES)
    assert RULES.describe(events[0], NAMES).startswith("The 52 cards are laid out as the scenario says")
    assert RULES.describe(events[1], NAMES) == "In this scenario ana started the game"
    assert RULES.describe(only(events, "areas_laid_out"), NAMES).startswith(
        "The play areas are laid out: ana: the red Yang (3) on the red Yang (3), the pink Yang (6)"
    )


def test_the_example_scenario_is_json_and_is_the_rules_scenario_example():
    assert RULES.scenario_example == SCENARIO_EXAMPLE
    assert json.loads(json.dumps(SCENARIO_EXAMPLE)) == SCENARIO_EXAMPLE


def test_cards_the_scenario_does_not_name_go_under_the_named_deck_in_a_shuffled_order():
    scenario = {"hands": [["chi-1", "yin-red-1"], ["chi-2"]], "row": ROW, "deck": ["yang-gold-2", "yin-grey-1"]}
    named = {"chi-1", "yin-red-1", "chi-2", "yang-gold-2", "yin-grey-1", *ROW}
    check_unnamed_cards_go_under_the_named_deck(lay_out, scenario, named, EVERY_CARD, cards_on_the_table)


def test_only_the_hands_are_required_and_the_empty_row_is_dealt_from_the_top_of_the_deck():
    deck = ["yin-gold-1", "yang-grey-1", "chi-4", "yin-gold-2", "yang-grey-2", "chi-3", "yin-pink-1"]
    events, state = lay_out({"hands": [["chi-1"], ["chi-2"]], "deck": deck})
    refill = only(events, "row_refilled")
    assert refill.rule == "chi.house.empty-slots-refilled" and refill.data == {"slots": list(range(6)), "cards": deck[:6]}
    assert state.row == deck[:6] and state.deck[0] == "yin-pink-1"
    assert state.areas == [[], []] and state.discard == []
    assert (state.starter, state.current, state.turn) == (0, 0, 1)


def test_an_empty_slot_named_in_the_row_is_filled_from_the_deck_as_the_rules_fill_one():
    _, state = lay_out({"hands": [["chi-1"], ["chi-2"]], "row": ROW[:2] + [None] + ROW[3:5], "deck": ["yin-gold-1"]})
    assert state.row == ROW[:2] + ["yin-gold-1"] + ROW[3:5] + [state.row[5]] and state.row[5] is not None


def test_the_starter_defaults_to_the_seat_to_play_and_turn_1_is_always_the_starters():
    _, state = lay_out({"hands": [["chi-1"], ["chi-2"]], "row": ROW, "to_play": 1})
    assert (state.starter, state.current, state.turn) == (1, 1, 1)
    _, state = lay_out({"hands": [["chi-1"], ["chi-2"]], "row": ROW, "to_play": 1, "starter": 0})
    assert (state.starter, state.current, state.turn) == (0, 1, 2)
    assert RULES.to_act(state) == 1 and RULES.legal_actions(state, 1) and RULES.legal_actions(state, 0) == []


def test_a_scenario_row_of_only_yin_is_cleared_at_once_as_the_rulebook_says():
    yin_row = ["yin-red-1", "yin-red-2", "yin-blue-1", "yin-blue-2", "yin-gold-1", "yin-gold-2"]
    events, state = lay_out({"hands": [["chi-1"], ["chi-2"]], "row": yin_row, "deck": ROW})
    cleared = only(events, "row_cleared")
    assert cleared.rule == "chi.row.all-yin" and cleared.data == {"cards": yin_row}
    assert state.discard == yin_row and state.row == ROW


def test_a_scenario_with_every_card_in_the_discard_pile_gets_its_deck_by_a_reshuffle():
    hands = [["chi-1"], ["chi-2"]]
    discard = [card for card in ALL_IDS if card not in {"chi-1", "chi-2", *ROW}]
    events, state = lay_out({"hands": hands, "row": ROW, "discard": discard})
    assert only(events, "discard_reshuffled").rule == "chi.deck.reshuffle"
    assert sorted(state.deck) == sorted(discard) and state.discard == []
    check_table(state)


def test_the_rulebooks_own_case_the_starter_reaching_six_stacks_gives_the_second_player_one_more_turn():
    """"if this happens on the start players turn then the second player takes one additional turn"."""
    scenario = {
        "hands": [["yang-gold-1", "yin-blue-1"], ["yin-grey-1", "chi-2", "yin-purple-1"]],
        "row": ROW,
        "areas": [FIVE_STACKS, [["yang-black-2"]]],
        "to_play": 0,
        "starter": 0,
        "turn": 11,
    }
    _, start = lay_out(scenario)
    events, after = act(start, play("yang-gold-1"))
    trigger = only(events, "end_triggered")
    assert trigger.rule == "chi.end.six-stacks" and trigger.data == {"seat": 0, "stacks": 6, "final_turn_for": 1}
    assert after.phase == "action" and RULES.to_act(after) == 1 and RULES.outcome(after) is None
    assert types(events)[-1] == "turn_started" and "game_ended" not in types(events)

    events, over = act(after, draw(0))
    ended = only(events, "game_ended")
    assert ended.rule == "chi.end.six-stacks" and over.phase == "over" and RULES.to_act(over) is None
    # The rulebook's formula, from the card table: Yang points in play plus 1 per card in hand.
    expected = [3 + 3 + 3 + 3 + 3 + 3 + 6 + 6 + 1, 6 + 4]
    assert [rulebook_score(over, seat) for seat in (0, 1)] == expected == ended.data["scores"]
    assert RULES.outcome(over).scores == expected and RULES.outcome(over).winners == [0]


def test_the_second_player_reaching_six_stacks_ends_the_game_with_that_turn_and_no_extra_turn():
    scenario = {
        "hands": [["yin-grey-1", "chi-1"], ["yang-gold-1", "yin-blue-1"]],
        "row": ROW,
        "areas": [[["yang-black-2"]], FIVE_STACKS],
        "to_play": 1,
        "starter": 0,
        "turn": 12,
    }
    _, start = lay_out(scenario)
    events, over = act(start, play("yang-gold-1"))
    assert types(events)[-2:] == ["end_triggered", "game_ended"] and "turn_started" not in types(events)
    assert only(events, "end_triggered").data["final_turn_for"] == 1
    assert over.phase == "over" and RULES.to_act(over) is None
    assert RULES.outcome(over).scores == [rulebook_score(over, seat) for seat in (0, 1)] == [6 + 2, 30 + 1]


def test_a_scenario_of_the_second_players_additional_turn_has_the_end_triggered_already():
    scenario = {
        "hands": [["yin-grey-1", "yin-grey-2"], ["yin-blue-1", "chi-2", "yin-gold-2"]],
        "row": ROW,
        "areas": [SIX_STACKS, []],
        "to_play": 1,
        "starter": 0,
    }
    events, start = lay_out(scenario)
    trigger = only(events, "end_triggered")
    assert trigger.rule == "chi.end.six-stacks" and trigger.data == {"seat": 0, "stacks": 6, "final_turn_for": 1}
    assert types(events)[-2:] == ["end_triggered", "turn_started"]
    assert start.end_triggered and start.final_turn_for == 1 and start.turn == 2
    # House rule 8: even destroying the 6th stack does not undo the end.
    events, over = act(start, {"type": "attack", "card": "yin-gold-2", "target": "yang-gold-1"})
    assert only(events, "conflict_resolved").data["attacker_won"] and len(over.areas[0]) == 5
    assert over.phase == "over" and only(events, "game_ended").data["reason"] == "six-stacks"


HAND = [["chi-1", "yin-red-1"], ["chi-2"]]
REFUSED = [
    ([], "scenario", "a JSON object"),
    ({"hands": HAND, "colour": "red"}, "scenario.colour", "no such field"),
    ({"row": ROW}, "scenario.hands", "missing"),
    ({"hands": [["chi-1"]]}, "scenario.hands", "a list of 2 hands"),
    ({"hands": ["chi-1", ["chi-2"]]}, "scenario.hands[0]", "a list of card ids"),
    ({"hands": [["chi-1"], [7]]}, "scenario.hands[1][0]", "is not a card id"),
    ({"hands": [["chi-1"], ["yang-red-9"]]}, "scenario.hands[1][0]", "'yang-red-9' is not the id of a Chi card"),
    ({"hands": [["chi-1"], ["yang-red-1", "yang-red-1"]]}, "scenario.hands[1]", "yang-red-1 is listed twice"),
    ({"hands": [["chi-1"], ["chi-2"]], "row": ["chi-1"]}, "scenario.row", "chi-1 is listed twice (also in scenario.hands[0])"),
    ({"hands": [["chi-1"], ["chi-2"]], "deck": ["yin-red-1"], "discard": ["yin-red-1"]}, "scenario.deck", "listed twice"),
    ({"hands": [[], ["chi-2"]]}, "scenario.hands[0]", "a hand may not be empty"),
    ({"hands": [["chi-1"], ROW]}, "scenario.hands[1]", "at most 5"),
    ({"hands": HAND, "row": ROW + ["yin-gold-1"]}, "scenario.row", "a row holds at most 6 cards"),
    ({"hands": HAND, "row": "yin-gold-1"}, "scenario.row", "a list of up to 6 card ids"),
    ({"hands": HAND, "row": ["yin-gold-1", 3]}, "scenario.row[1]", "a card id or null"),
    ({"hands": HAND, "areas": [[]]}, "scenario.areas", "a list of 2 play areas"),
    ({"hands": HAND, "areas": [["yang-pink-1"], []]}, "scenario.areas[0][0]", "a list of card ids"),
    ({"hands": HAND, "areas": [[["yang-pink-1"], ["yang-pink-2"]], []]}, "scenario.areas[0]", "two 6-point Yang of pink in one area"),
    ({"hands": HAND, "areas": [[], [["yang-red-1"], ["yang-red-2"]]]}, "scenario.areas[1]", "two stacks of red"),
    (
        {"hands": HAND, "areas": [[["yang-blue-1"], ["yang-orange-1"], ["yang-red-1", "yang-orange-2"]], []]},
        "scenario.areas[0][2]",
        "only 3-point Yang of one colour may be stacked",
    ),
    ({"hands": HAND, "areas": [[["yang-pink-1", "yang-pink-2"]], []]}, "scenario.areas[0][0]", "only 3-point Yang"),
    ({"hands": HAND, "areas": [[["yin-blue-1"]], []]}, "scenario.areas[0][0]", "yin-blue-1 is not a Yang"),
    ({"hands": HAND, "areas": [[[]], []]}, "scenario.areas[0][0]", "a stack holds at least one Yang"),
    ({"hands": HAND, "discard": "yin-gold-1"}, "scenario.discard", "a list of card ids"),
    ({"hands": HAND, "deck": ["yin-gold-1", "chi"]}, "scenario.deck[1]", "not the id of a Chi card"),
    ({"hands": HAND, "deck": list(ALL_IDS)}, "scenario", "55 cards are named, but Chi has 52"),
    ({"hands": HAND, "to_play": 2}, "scenario.to_play", "not a seat"),
    ({"hands": HAND, "to_play": True}, "scenario.to_play", "not a seat"),
    ({"hands": HAND, "starter": "0"}, "scenario.starter", "not a seat"),
    ({"hands": HAND, "turn": 0}, "scenario.turn", "not a turn number"),
    ({"hands": HAND, "turn": 2}, "scenario.turn", "turn 2 is seat 1's, not seat 0's"),
    ({"hands": HAND, "to_play": 1, "starter": 0, "turn": 3}, "scenario.turn", "turn 3 is seat 0's"),
    ({"hands": HAND, "areas": [[], SIX_STACKS], "starter": 0, "to_play": 0}, "scenario.areas[1]", "would already be over"),
    ({"hands": HAND, "areas": [[], SIX_STACKS], "starter": 0, "to_play": 1}, "scenario.areas[1]", "would already be over"),
    ({"hands": HAND, "areas": [SIX_STACKS, []], "starter": 0, "to_play": 0}, "scenario.areas[0]", "would already be over"),
    (
        {"hands": HAND, "areas": [SIX_STACKS + [["yang-white-1"]], []], "starter": 0, "to_play": 1},
        "scenario.areas[0]",
        "7 stacks",
    ),
]


@pytest.mark.parametrize(("scenario", "field", "why"), REFUSED, ids=[f"{n}-{case[1]}" for n, case in enumerate(REFUSED)])
def test_a_bad_scenario_is_refused_naming_the_field_and_why(scenario, field, why):
    error = refusal(scenario)
    assert error.reason.startswith(f"{field}: "), error.reason
    assert why in error.reason, error.reason


def test_a_scenario_is_for_two_players():
    assert refusal({"hands": [["chi-1"], ["chi-2"], ["chi-3"]]}, seats=3).reason.startswith("scenario: Chi is for 2")


def test_in_a_scenario_game_a_seat_sees_its_own_hand_but_not_the_other_hand_nor_the_deck_order():
    events, state = lay_out(SCENARIO_EXAMPLE)
    hands = SCENARIO_EXAMPLE["hands"]
    for seat in (0, 1):
        view = RULES.view(state, seat)
        assert ids(view["hand"]) == hands[seat] and "hands" not in view and "deck" not in view
        seen = leaves(view) | leaves([event.seen_by(seat) for event in events])
        assert not set(hands[1 - seat]) & seen
        assert not set(state.deck) & seen, "a seat learned a card of the deck, named or not"
        dealt = [event for event in events if event.type == "hand_dealt"]
        assert dealt[seat].seen_by(seat)["data"]["cards"] == hands[seat]
        assert dealt[1 - seat].seen_by(seat)["hidden"] == ["cards"]
    spectator = leaves(RULES.view(state, None)) | leaves([event.seen_by(None) for event in events])
    assert not set(hands[0] + hands[1] + state.deck) & spectator
    assert events[0].seen_by(0)["hidden"] == ["order"]
    for event in events:
        # The replay line is read from the public data only...
        assert RULES.describe(event, NAMES) == RULES.describe(Event(event.type, event.rule, event.data), NAMES)
        # ...and the lines for the hands and the deck name no card at all.
        if event.private or event.secret:
            assert not any(label(card) in RULES.describe(event, NAMES) for card in ALL_IDS), event.type


def test_a_fork_must_start_at_the_beginning_of_a_turn():
    conflict = Conflict(attacker=1, defender=0, yin="yin-gold-1", target="yang-gold-1", chi=[], to_decide=0, last_played=1)
    hands = [["chi-1", "yin-red-1"], ["chi-2"]]
    for state, why in [
        (RULES.new_state(2, {}), "not been dealt"),
        (table(hands=hands, areas=[[["yang-gold-1"]], []], phase="conflict", current=1, conflict=conflict), "conflict"),
        (table(hands=[ROW, ["chi-2"]], row=[], phase="discard"), "discard"),
        (table(hands=hands, phase="over"), "over"),
    ]:
        with pytest.raises(IllegalAction) as error:
            RULES.scenario_of(state)
        assert error.value.rule == "chi.scenario"
        assert "a fork must start at the beginning of a turn" in error.value.reason and why in error.value.reason


def check_fork(state) -> None:
    """scenario_of then scenario_setup gives back the same table, and nothing else happens."""
    if state.phase != "action":
        return
    scenario = json.loads(json.dumps(RULES.scenario_of(state)))
    events, forked = lay_out(scenario, "fork")
    upkeep = {"row_refilled", "row_cleared", "discard_reshuffled", "row_slots_left_empty"}
    assert not upkeep & set(types(events)), types(events)
    assert sorted(cards_on_the_table(forked)) == EVERY_CARD
    # The whole state is equal, so no derived counter differs; the views with reveal follow.
    assert forked == state
    for viewer in (0, 1, None):
        assert RULES.view(forked, viewer, reveal=True) == RULES.view(state, viewer, reveal=True)
        assert RULES.view(forked, viewer) == RULES.view(state, viewer)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_forking_a_random_game_at_the_start_of_any_turn_lays_out_the_same_table(seed):
    play_out(f"fork-{seed}", on_state=check_fork)


def test_a_forked_game_plays_on_exactly_like_the_original():
    starts = []
    play_out("fork-and-play", on_state=lambda state: state.phase == "action" and starts.append(state))
    assert len(starts) > 10
    for state in starts[::3]:
        _, forked = lay_out(RULES.scenario_of(state), "fork")
        seat = RULES.to_act(state)
        assert RULES.to_act(forked) == seat and RULES.legal_actions(forked, seat) == RULES.legal_actions(state, seat)
        for action in RULES.legal_actions(state, seat):
            decided = RULES.decide(state, seat, action, Rng("same", "decide")).events
            assert RULES.decide(forked, seat, action, Rng("same", "decide")).events == decided


def test_forking_a_random_game_in_the_second_players_additional_turn_keeps_the_end_triggered():
    extra_turns = []

    def keep(state):
        if state.phase == "action" and state.end_triggered:
            extra_turns.append(state)

    for n in range(20):
        play_out(f"extra-turn-{n}", on_state=keep)
    assert len(extra_turns) >= 3
    for state in extra_turns:
        assert len(state.areas[state.starter]) == 6 and state.current != state.starter
        check_fork(state)


def test_the_scenario_of_a_table_is_a_copy_that_changing_does_not_change_the_table():
    _, state = lay_out(SCENARIO_EXAMPLE)
    before = copy.deepcopy(state)
    scenario = RULES.scenario_of(state)
    assert scenario["deck"] == state.deck and len(scenario["deck"]) == 29
    scenario["hands"][0].append("chi-4")
    scenario["areas"][0][0].append("yang-gold-2")
    scenario["row"][0] = None
    assert state == before
    example = copy.deepcopy(SCENARIO_EXAMPLE)
    lay_out(example)
    assert example == SCENARIO_EXAMPLE
