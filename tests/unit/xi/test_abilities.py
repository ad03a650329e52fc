"""Abilities and the triggers of units: used by the card's controller for their cost, a T cost in
their own turn only; what a card says happens when it is destroyed or deals damage."""

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import END, STRIKE, act, refused, skirmish, table, use


def test_wind_warrior_returns_to_your_hand_for_1t_in_your_own_turn_only():
    # L437: "No, you can't return it in your opponent's turn as the ability has a T cost."
    state = table(seats=[{"t": 10}, {"pt": 5}], units=[{"card": "wind-warrior", "controller": 1}])
    assert refused(state, 1, use("u1"), NotYourTurn).rule == "xi.time.own-turn"
    state = act(state, 0, END)[1]
    events, state = act(state, 1, use("u1"))
    assert only(events, "ability_declared").data == {"seat": 1, "source": "u1", "card": "wind-warrior",
                                                     "paid": {"t": 1, "pt": 0}, "cards": {"u1": "wind-warrior"}}
    assert state.units == [] and state.players[1].hand == ["wind-warrior"] and state.players[1].t == 9


def test_only_the_controller_uses_a_cards_ability():
    state = table(seats=[{"t": 10}, {}], units=[{"card": "wind-warrior", "controller": 1}])
    error = refused(state, 0, use("u1"), IllegalAction)
    assert error.rule == "xi.ability.use" and error.reason.startswith("source: 'u1' is no card of yours")


def test_alchemist_changes_a_units_type_until_the_end_of_the_turn():
    # The Stone soldier made Wind: Beast of Pain's Ember now doubles on it, and only this turn.
    units = [{"card": "alchemist", "controller": 0}, {"card": "beast-of-pain", "controller": 0},
             {"card": "passive-treeman", "controller": 1}]
    state = table(seats=[{"t": 10}, {}], units=units)
    assert [a["choice"] for a in RULES.legal_actions(state, 0) if a["type"] == "use" and a["target"] == "u3"] == [
        "aqua", "ember", "wind", "stone"]
    error = refused(state, 0, use("u1", "u3", "celestial"), IllegalAction)
    assert error.rule == "xi.card.alchemist" and "one of aqua, ember, wind, stone" in error.reason
    state = act(state, 0, use("u1", "u3", "wind"))[1]
    assert RULES.view(state, 1)["units"][2]["type"] == "wind"
    state = act(state, 0, skirmish("u2", "u3"))[1]  # the Alchemist could still be used: the attacker strikes
    events, state = act(state, 0, STRIKE)
    assert next(e.data["amount"] for e in events if e.type == "damage_dealt") == 14
    state = act(state, 0, END)[1]
    assert RULES.view(state, 1)["units"][2]["type"] == "stone" and state.effects == []


def test_1000_sacrifices_moves_life_from_your_unit_to_you_and_is_not_damage():
    state = table(seats=[{"t": 10, "life": 30}, {}], units=[{"card": "earth-moth", "controller": 0}],
                  spells=[{"card": "thousand-sacrifices", "controller": 0}])
    events, state = act(state, 0, use("s2", "u1"))
    assert types(events) == ["ability_declared", "life_changed", "life_changed", "unit_destroyed"]
    assert [e.data["by"] for e in events if e.type == "life_changed"] == [-3, 3]
    assert state.units == [] and state.players[0].life == 33 and state.players[0].discard == ["earth-moth"]


def test_endless_jet_returns_to_its_owners_hand_when_destroyed():
    units = [{"card": "endless-jet", "controller": 1, "life": 4}, {"card": "snow-beast", "controller": 0}]
    events, state = act(table(units=units, active=1), 1, skirmish("u1", "u2"))
    assert types(events)[-2:] == ["unit_destroyed", "card_returned"]
    assert only(events, "card_returned").data == {"uid": "u1", "card": "endless-jet", "owner": 1, "from": "discard"}
    assert state.players[1].hand == ["endless-jet"] and state.players[1].discard == []


def test_drain_fairy_gains_the_life_it_deals_to_a_player():
    state = table(seats=[{"life": 30}, {}], units=[{"card": "drain-fairy", "controller": 0}])
    events, state = act(state, 0, skirmish("u1", 1))
    assert only(events, "life_changed").rule == "xi.card.drain-fairy"
    assert (state.players[0].life, state.players[1].life) == (34, 36)
    state = table(seats=[{"life": 98}, {}], units=[{"card": "drain-fairy", "controller": 0}])
    assert act(state, 0, skirmish("u1", 1))[1].players[0].life == 99  # xi.cap.life


def test_an_ability_used_reads_as_a_sentence():
    units = [{"card": "master-game-player", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    events, _state = act(table(seats=[{"t": 10}, {}], units=units), 0, use("u1", "u2"))
    assert [RULES.describe(event, ["Jack", "Jake"]) for event in events] == [
        "Jack pays 4T and uses Master Game Player (u1) on Snow Beast (u2)",
        "Jack takes control of Snow Beast (u2) until the end of the turn"]
