"""Skirmishes: each unit once per turn, at any point of its controller's turn, against an opposing
unit, or the player with no unit that can be targeted (Archo alone counts as none); both sides'
damage at once; a unit at 0 life or less is destroyed; life never comes back by itself."""

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import STRIKE, act, play, refused, skirmish, table

END = {"type": "end_turn"}


def skirmishes(state, seat=0):
    return [a for a in RULES.legal_actions(state, seat) if a["type"] == "skirmish"]


def test_earth_soldier_skirmishing_snow_beast_is_destroyed_and_the_beast_falls_to_12():
    state = table(units=[{"card": "earth-soldier", "controller": 0}, {"card": "snow-beast", "controller": 1}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    # Jack holds no card and has no ability: the strike follows the declaration at once.
    assert types(events) == ["skirmish_declared", "struck", "damage_dealt", "damage_dealt", "unit_destroyed"]
    dealt = {event.data["source"]: event.data for event in events if event.type == "damage_dealt"}
    assert (dealt["u1"]["amount"], dealt["u1"]["type"], dealt["u2"]["amount"]) == (4, "stone", 4)
    assert [step["step"] for step in dealt["u1"]["steps"]] == ["amount", "cycle"]
    assert only(events, "unit_destroyed").data == {"uid": "u1", "card": "earth-soldier", "owner": 0}
    assert [(unit.uid, unit.life) for unit in after.units] == [("u2", 12)]
    assert after.players[0].discard == ["earth-soldier"]


def test_both_units_deal_their_damage_at_once():
    # Each kills the other: both amounts come from the table before either is applied.
    state = table(units=[{"card": "earth-soldier", "controller": 0, "life": 1}, {"card": "earth-moth", "controller": 1, "life": 2}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    assert [event.data["uid"] for event in events if event.type == "unit_destroyed"] == ["u1", "u2"]
    assert after.units == [] and after.players[1].discard == ["earth-moth"]


def test_a_unit_skirmishes_once_per_turn():
    state = table(units=[{"card": "passive-treeman", "controller": 0}, {"card": "passive-treeman", "controller": 1}])
    state = act(state, 0, skirmish("u1", "u2"))[1]
    error = refused(state, 0, skirmish("u1", "u2"), IllegalAction)
    assert error.rule == "xi.skirmish.once" and error.reason.startswith("unit: Passive Treeman (u1) has already")
    assert skirmishes(state) == []
    state = act(act(state, 0, END)[1], 1, END)[1]
    assert skirmishes(state) == [skirmish("u1", "u2")]


def test_a_unit_may_skirmish_the_turn_it_is_played():
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, {}])
    state = act(state, 0, play("earth-moth"))[1]
    assert skirmishes(state) == [skirmish("u1", 1)]
    _events, state = act(state, 0, skirmish("u1", 1))
    assert state.players[1].life == 39


def test_you_may_skirmish_at_any_point_of_your_turn_but_not_in_the_opponents():
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, {}], units=[{"card": "earth-soldier", "controller": 0}])
    state = act(act(state, 0, skirmish("u1", 1))[1], 0, STRIKE)[1]  # a card in hand: Jack strikes himself
    state = act(state, 0, {"type": "bank", "pt": 1})[1]
    state = act(state, 0, play("earth-moth"))[1]
    state = act(state, 0, skirmish("u2", 1))[1]
    assert state.players[1].life == 37
    assert isinstance(refused(state, 1, skirmish("u1", 0), NotYourTurn), NotYourTurn)


def test_every_opposing_unit_is_a_target_and_the_player_is_not_while_they_have_one():
    state = table(units=[{"card": "earth-moth", "controller": 0}, {"card": "snow-beast", "controller": 1},
                         {"card": "earth-soldier", "controller": 1}])
    assert skirmishes(state) == [skirmish("u1", "u2"), skirmish("u1", "u3")]
    error = refused(state, 0, skirmish("u1", 1), IllegalAction)
    assert error.rule == "xi.skirmish.target-player" and error.reason.startswith("target: seat 1 has a unit")


def test_a_player_with_no_units_is_skirmished_directly():
    state = table(units=[{"card": "snow-beast", "controller": 0}])
    events, after = act(state, 0, skirmish("u1", 1))
    assert only(events, "damage_dealt").rule == "xi.skirmish.player"
    assert after.players[1].life == 36 and after.units[0].life == 16


def test_archo_cannot_be_targeted_and_as_the_only_unit_counts_as_none():
    state = table(units=[{"card": "earth-moth", "controller": 0}, {"card": "archo", "controller": 1}])
    assert skirmishes(state) == [skirmish("u1", 1)]
    error = refused(state, 0, skirmish("u1", "u2"), IllegalAction)
    assert error.rule == "xi.skirmish.untargetable" and "Archo" in error.reason
    assert act(state, 0, skirmish("u1", 1))[1].players[1].life == 39


def test_archo_beside_another_unit_still_shields_the_player_but_not_himself():
    state = table(units=[{"card": "earth-moth", "controller": 0}, {"card": "archo", "controller": 1},
                         {"card": "snow-beast", "controller": 1}])
    assert skirmishes(state) == [skirmish("u1", "u3")]


def test_your_own_unit_and_units_not_in_play_are_not_targets():
    state = table(units=[{"card": "earth-moth", "controller": 0}, {"card": "earth-soldier", "controller": 0}])
    assert refused(state, 0, skirmish("u1", "u2"), IllegalAction).rule == "xi.skirmish.target-unit"
    assert refused(state, 0, skirmish("u1", "u9"), IllegalAction).rule == "xi.skirmish.target-unit"
    assert refused(state, 0, skirmish("u1", 0), IllegalAction).rule == "xi.skirmish.target-player"
    error = refused(state, 1, skirmish("u1", 0), NotYourTurn)
    assert isinstance(error, NotYourTurn)


def test_only_your_own_units_skirmish():
    state = table(units=[{"card": "earth-moth", "controller": 0}, {"card": "earth-soldier", "controller": 1}])
    error = refused(state, 0, skirmish("u2", "u1"), IllegalAction)
    assert error.rule == "xi.skirmish.once" and error.reason == "unit: 'u2' is not a unit of yours in play"


def test_a_skirmish_action_names_a_unit_id_and_a_unit_or_a_seat():
    state = table(units=[{"card": "earth-moth", "controller": 0}])
    assert refused(state, 0, skirmish("u1", True), IllegalAction).rule == "xi.action.well-formed"
    assert refused(state, 0, {"type": "skirmish", "unit": 1, "target": 1}, IllegalAction).reason.startswith("unit:")
    assert refused(state, 0, {"type": "skirmish", "unit": "u1"}, IllegalAction).reason.startswith("target:")


def test_a_unit_never_recovers_life_by_itself():
    state = table(units=[{"card": "earth-soldier", "controller": 0}, {"card": "snow-beast", "controller": 1}])
    state = act(state, 0, skirmish("u1", "u2"))[1]
    for seat in (0, 1, 0, 1):
        state = act(state, seat, END)[1]
    assert state.units[0].life == 12 and RULES.view(state, None)["units"][0]["life"] == 12
    assert RULES.view(state, None)["units"][0]["max_life"] == 16


def test_a_unit_with_0_damage_skirmishes_and_deals_nothing():
    state = table(units=[{"card": "passive-treeman", "controller": 0}, {"card": "earth-moth", "controller": 1}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    assert [event.data["amount"] for event in events if event.type == "damage_dealt"] == [0, 1]
    assert [unit.life for unit in after.units] == [17, 3]
