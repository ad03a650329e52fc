"""Playing a unit: from your hand, for its cost (T first, then pT), in your own turn; it enters
play with its printed damage and life, and everyone sees it with its derived type."""

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from domain.xi.engine.play import price
from tests.unit.events import only, types
from tests.unit.xi.builders import act, play, refused, table


def test_a_unit_is_paid_for_and_enters_play_with_its_printed_damage_and_life():
    state = table(seats=[{"t": 10, "hand": ["snow-beast", "flood"]}, {}])
    events, after = act(state, 0, play("snow-beast"))
    assert types(events) == ["card_declared", "unit_entered"]
    assert only(events, "card_declared").data == {"seat": 0, "card": "snow-beast", "paid": {"t": 10, "pt": 0}}
    assert only(events, "unit_entered").data == {"uid": "u1", "card": "snow-beast", "owner": 0, "controller": 0,
                                                 "since": 1}
    assert after.players[0].hand == ["flood"] and after.players[0].t == 0
    [unit] = RULES.view(after, 1)["units"]
    assert (unit["name"], unit["type"], unit["damage"], unit["life"], unit["max_life"]) == ("Snow Beast", "aqua", 4, 16, 16)
    assert unit["controller"] == 0 and unit["skirmishes_left"] == 1


def test_a_12t_unit_takes_the_10t_then_2pt():
    state = table(seats=[{"t": 10, "pt": 3, "hand": ["drain-fairy"]}, {}])
    events, after = act(state, 0, play("drain-fairy"))
    assert only(events, "card_declared").data["paid"] == {"t": 10, "pt": 2}
    assert (after.players[0].t, after.players[0].pt) == (0, 1)


def test_a_unit_you_cannot_pay_for_is_refused_and_not_listed():
    state = table(seats=[{"t": 10, "pt": 1, "hand": ["drain-fairy"]}, {}])
    error = refused(state, 0, play("drain-fairy"), IllegalAction)
    assert error.rule == "xi.time.pt-as-t" and error.reason.startswith("card: Drain Fairy costs 12T")
    assert play("drain-fairy") not in RULES.legal_actions(state, 0)


def test_a_card_is_played_from_your_hand_only():
    state = table(seats=[{"t": 10, "hand": []}, {}])
    error = refused(state, 0, play("snow-beast"), IllegalAction)
    assert error.rule == "xi.play.from-hand" and error.reason == "card: Snow Beast is not in your hand"


def test_a_0t_unit_is_played_in_your_own_turn_only():
    state = table(seats=[{"t": 0, "hand": ["mini-air-mystic"]}, {"hand": ["mini-air-mystic"]}])
    assert refused(state, 1, play("mini-air-mystic"), NotYourTurn).rule == "xi.time.own-turn"
    events, _after = act(state, 0, play("mini-air-mystic"))
    assert only(events, "card_declared").data["paid"] == {"t": 0, "pt": 0}


def test_each_card_in_hand_you_can_pay_for_is_listed_once():
    state = table(seats=[{"t": 4, "hand": ["earth-moth", "earth-moth", "snow-beast", "rainfall", "flood"]}, {}])
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "play"] == [play("earth-moth"), play("rainfall")]


def test_quickwind_sage_makes_your_t_costs_1t_less_and_never_below_0():
    sage = [{"card": "quickwind-sage", "controller": 0}]
    state = table(seats=[{"t": 10, "hand": ["earth-moth", "mini-air-mystic"]}, {"t": 10}], units=sage)
    assert price(state, 0, "earth-moth") == (1, 0) and price(state, 0, "mini-air-mystic") == (0, 0)
    assert price(state, 1, "earth-moth") == (2, 0)  # the opponent's costs are not changed
    assert price(state, 0, "heat-stroke") is None  # a pT cost is never reduced, and 0pT pays nothing
    state.players[0].pt = 2
    assert price(state, 0, "heat-stroke") == (0, 2)


def test_units_get_ids_and_timestamps_in_order_of_entry():
    state = table(seats=[{"t": 10, "hand": ["earth-moth", "earth-soldier"]}, {}], units=[{"card": "archo", "controller": 1}])
    state = act(state, 0, play("earth-moth"))[1]
    state = act(state, 0, play("earth-soldier"))[1]
    assert [(unit.uid, unit.since) for unit in state.units] == [("u1", 1), ("u2", 2), ("u3", 3)]
