"""Standing rules: a seat says in advance how its windows are answered (pass by kind, or a card
when a window's public facts match), in secret; an answer by rule is the seat's own decision and
gives the same events as one by hand."""

from domain.errors import IllegalAction
from domain.rng import Rng
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import END, PASS, act, play, refused, skirmish, table

UNITS = [{"card": "earth-soldier", "controller": 0}, {"card": "earth-moth", "controller": 0},
         {"card": "snow-beast", "controller": 1}]
DRAW = {"type": "draw"}


def standing(**rules):
    return {"type": "set_standing", **rules}


def jake_with(rules, hand=("heat-stroke",), pt=2):
    """Jack (seat 0) on turn with two units; Jake (seat 1) with `hand`, `pt` and his standing rules."""
    state = table(seats=[{"t": 10, "hand": ["rainfall"]}, {"pt": pt, "hand": list(hand)}], units=UNITS)
    return act(state, 1, standing(**rules))[1]


def test_a_pass_under_a_standing_rule_looks_the_same_as_a_pass_by_hand():
    by_rule = jake_with({"kinds": {"skirmish": "pass"}})
    by_hand = jake_with({})
    after = []
    for state, answer in ((by_rule, PASS), (by_hand, None)):
        state = act(state, 0, skirmish("u1", "u3"))[1]
        assert RULES.standing_answer(state, 1) == answer
        events, state = act(state, 1, PASS)  # what the service records, by the rule or by Jake's hand
        after.append(([event.seen_by(0) for event in events], RULES.view(state, 0), RULES.pending(state)))
    assert after[0] == after[1]


def test_the_other_seats_learn_only_that_standing_rules_were_set():
    state = table(seats=[{}, {"pt": 2, "hand": ["heat-stroke"]}])
    events, state = act(state, 1, standing(kinds={"spell": "pass"}, when=[{"on": "skirmish", "play": "heat-stroke"}]))
    event = only(events, "standing_set")
    assert event.seen_by(0) == {"type": "standing_set", "rule": "xi.house.standing-responses", "data": {"seat": 1},
                                "hidden": ["rules"]}
    assert RULES.view(state, 0)["standing"] is None
    assert RULES.view(state, 1)["standing"] == {"kinds": {"spell": "pass"},
                                                "when": [{"on": "skirmish", "play": "heat-stroke", "inert": False}],
                                                "pass_when_unable": False}
    assert RULES.to_act(state) == 0  # set in Jack's turn, without taking his decision


def test_kinds_pass_only_the_windows_of_the_kinds_set_and_ask_for_the_rest():
    state = jake_with({"kinds": {"draw": "pass", "end_turn": "pass"}})
    drawn = act(state, 0, DRAW)[1]
    assert RULES.standing_answer(drawn, 1) == PASS
    played = act(state, 0, play("rainfall"))[1]
    assert RULES.to_act(played) == 1 and RULES.standing_answer(played, 1) is None  # spell: ask


def test_a_rule_answers_a_skirmish_on_my_unit_with_heat_stroke_once():
    state = jake_with({"when": [{"on": "skirmish", "target": "u3", "play": "heat-stroke", "once": True}]},
                      hand=("heat-stroke", "heat-stroke"), pt=4)
    state = act(state, 0, skirmish("u1", "u3"))[1]
    answer = RULES.standing_answer(state, 1)
    assert answer == play("heat-stroke")
    events, state = act(state, 1, answer)
    assert "skirmish_cancelled" in types(events) and state.players[1].standing["when"] == []  # spent
    state = act(act(act(state, 0, END)[1], 1, PASS)[1], 1, END)[1]  # Jake lets Jack's end of turn pass
    assert RULES.standing_answer(act(state, 0, skirmish("u1", "u3"))[1], 1) is None


def test_a_once_rule_is_spent_by_the_same_answer_given_by_hand():
    rule = {"on": "skirmish", "attacker_type": "stone", "play": "heat-stroke", "once": True}
    state = jake_with({"kinds": {"skirmish": "ask"}, "when": [rule]}, hand=("heat-stroke", "sidestep"), pt=5)
    state = act(state, 0, skirmish("u1", "u3"))[1]
    by_hand = act(state, 1, play("sidestep"))[1]
    assert by_hand.players[1].standing["when"] == [rule]  # another card: the rule stays
    by_hand = act(state, 1, play("heat-stroke"))[1]
    assert by_hand.players[1].standing["when"] == []


def test_a_rule_whose_card_is_not_in_hand_falls_through_to_kinds():
    state = jake_with({"kinds": {"skirmish": "pass"}, "when": [{"on": "skirmish", "play": "sidestep"}]})
    state = act(state, 0, skirmish("u1", "u3"))[1]
    assert RULES.standing_answer(state, 1) == PASS  # no Sidestep in hand: the kind's pass


def test_a_rule_naming_a_unit_gone_is_inert():
    state = jake_with({"when": [{"on": "skirmish", "attacker": "u2", "play": "heat-stroke"}]})
    assert RULES.view(state, 1)["standing"]["when"][0]["inert"] is False
    state.units = [unit for unit in state.units if unit.uid != "u2"]
    assert RULES.view(state, 1)["standing"]["when"][0]["inert"] is True


def test_standing_rules_are_checked_but_not_against_the_hand():
    state = table(seats=[{}, {"pt": 2}])
    for rules, field in (({"kinds": {"bank": "pass"}}, "kinds.bank"), ({"kinds": {"draw": "maybe"}}, "kinds.draw"),
                         ({"when": [{"on": "spell"}]}, "when[0]"), ({"when": [{"on": "spell", "play": "x"}]}, "when[0].play"),
                         ({"when": [{"on": "skirmish", "play": "dispel", "colour": "red"}]}, "when[0].colour"),
                         ({"when": [{"on": "spell", "play": "dispel"}] * 17}, "when")):
        error = refused(state, 1, standing(**rules), IllegalAction)
        assert error.rule == "xi.house.standing-responses" and error.reason.startswith(field), rules
    assert act(state, 1, standing(when=[{"on": "spell", "card": "flood", "play": "dispel"}]))[1].players[1].standing


def test_pass_when_unable_passes_a_window_the_seat_has_no_answer_to_and_asks_when_it_has_one():
    unable = jake_with({"pass_when_unable": True}, hand=("rainfall", "earth-soldier"))  # no pT card
    state = act(unable, 0, skirmish("u1", "u3"))[1]
    assert RULES.to_act(state) == 1 and RULES.legal_actions(state, 1)[0] == PASS  # the window opened
    assert RULES.standing_answer(state, 1) == PASS
    able = jake_with({"pass_when_unable": True}, hand=("rainfall", "heat-stroke"))
    assert RULES.standing_answer(act(able, 0, skirmish("u1", "u3"))[1], 1) is None  # Heat Stroke could answer
    too_poor = jake_with({"pass_when_unable": True}, hand=("heat-stroke",), pt=1)  # Heat Stroke costs 2pT
    assert RULES.standing_answer(act(too_poor, 0, skirmish("u1", "u3"))[1], 1) == PASS
    off = jake_with({}, hand=("rainfall", "earth-soldier"))
    assert RULES.standing_answer(act(off, 0, skirmish("u1", "u3"))[1], 1) is None  # switched off: asked


def test_a_pass_because_unable_looks_to_the_declarer_the_same_as_a_pass_by_hand():
    after = []
    for rules in ({"pass_when_unable": True}, {}):
        state = act(jake_with(rules, hand=("rainfall",)), 0, skirmish("u1", "u3"))[1]
        events, state = act(state, 1, PASS)  # what the service records, by the rule or by Jake's hand
        after.append(([event.seen_by(0) for event in events], RULES.view(state, 0), RULES.pending(state)))
    assert after[0] == after[1]


def test_every_seat_of_a_new_table_starts_passing_the_windows_it_cannot_answer_unless_the_option_is_off():
    for options, expected in (({"pass_when_unable": True}, True), ({"pass_when_unable": False}, False),
                              ({}, False)):  # a game stored before the option played without it
        state = RULES.new_state(2, options)
        for event in RULES.setup(2, options, Rng("starting-standing")).events:
            state = RULES.evolve(state, event)
        assert [bool(seat.standing and seat.standing.get("pass_when_unable")) for seat in state.players] == [expected] * 2
        assert RULES.view(state, 0)["standing"] == ({"kinds": {}, "when": [], "pass_when_unable": True} if expected else None)
    assert RULES.options.defaults["pass_when_unable"] is True  # what the service records at a new table


def test_pass_when_unable_is_true_or_false():
    state = table(seats=[{}, {"pt": 2}])
    error = refused(state, 1, standing(pass_when_unable="yes"), IllegalAction)
    assert error.rule == "xi.house.standing-responses" and error.reason.startswith("pass_when_unable")


def test_a_scenario_seat_whose_standing_rules_are_left_out_starts_with_those_of_a_new_table():
    scenario = {"players": [{"standing": None, "deck_list": "aqua"}, {"deck_list": "ember"}], "turn": 1}
    for options, expected in (({"pass_when_unable": True}, {"kinds": {}, "when": [], "pass_when_unable": True}),
                              ({"pass_when_unable": False}, None)):
        state = RULES.new_state(2, options)
        for event in RULES.scenario_setup(2, options, scenario, Rng("scenario-standing")).events:
            state = RULES.evolve(state, event)
        assert state.players[0].standing is None, "null: no standing rules, as given"
        assert state.players[1].standing == expected
