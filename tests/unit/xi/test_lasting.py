"""Lasting spells and statements: they stay in play, in effect for both players, until destroyed
or until their condition is met; one cast on a unit leaves with it; each copy counts."""

from domain.xi import RULES
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from tests.unit.events import only, types
from tests.unit.xi.builders import END, act, life, play, skirmish, table, use


def test_a_statement_stays_in_effect_turn_after_turn():
    state = table(seats=[{"t": 10, "hand": ["rainfall"]}, {}])
    events, state = act(state, 0, play("rainfall"))
    assert types(events) == ["card_declared", "card_in_play"]
    assert only(events, "card_in_play").rule == "xi.statement.in-effect"
    for seat in (0, 1, 0, 1):
        state = act(state, seat, END)[1]
    assert RULES.view(state, 1)["in_play"] == [{"iid": "s1", "card": "rainfall", "name": "Rainfall",
                                                "kind": "statement", "owner": 0, "controller": 0, "on": None, "uses": 0,
                                                "label": "Rainfall"}]
    assert RULES.view(state, 1)["tags"] == ["raining"]


def test_gods_protection_makes_you_immune_to_the_elements_until_you_lose_life():
    units = [{"card": "snow-beast", "controller": 0}, {"card": "master-game-player", "controller": 0}]
    state = table(units=units, spells=[{"card": "gods-protection", "controller": 1}])
    events, state = act(state, 0, skirmish("u1", 1))
    assert only(events, "damage_dealt").data["amount"] == 0 and state.players[1].life == 40
    assert [card.card for card in state.in_play] == ["gods-protection"]  # no life lost: it stays
    events, state = act(state, 0, skirmish("u2", 1))  # Shadow damage is not an element
    assert state.players[1].life == 38 and only(events, "card_discarded").rule == "xi.lasting.until"
    assert state.in_play == [] and state.players[1].discard == ["gods-protection"]
    state = act(act(state, 0, END)[1], 1, END)[1]
    assert act(state, 0, skirmish("u1", 1))[1].players[1].life == 34  # the condition was met: it is gone


def test_a_lasting_spell_on_a_unit_leaves_with_it():
    # Flames of Preservation (seat 1's) on seat 0's Wind Warrior, which returns to its owner's hand.
    state = table(seats=[{"t": 10}, {}], units=[{"card": "wind-warrior", "controller": 0}],
                  spells=[{"card": "flames-of-preservation", "controller": 1, "on": "u1"}])
    assert life(state, "u1") == (3, 13)
    events, state = act(state, 0, use("u1"))
    assert types(events) == ["ability_declared", "card_returned", "card_discarded"]
    assert only(events, "card_discarded").rule == "xi.house.attached"
    assert state.units == [] and state.in_play == [] and state.players[0].hand == ["wind-warrior"]
    assert state.players[1].discard == ["flames-of-preservation"]  # every card to its owner's pile


def test_a_lasting_spell_on_a_destroyed_unit_goes_with_it():
    units = [{"card": "snow-beast", "controller": 0}, {"card": "earth-moth", "controller": 1, "life": 1}]
    state = table(units=units, spells=[{"card": "flames-of-preservation", "controller": 1, "on": "u2"}])
    state.units[1].life = 4  # 4 of 13: the beast's 4 aqua takes it to 0
    events, state = act(state, 0, skirmish("u1", "u2"))
    assert types(events)[-2:] == ["unit_destroyed", "card_discarded"]
    assert only(events, "card_discarded").rule == "xi.house.attached" and state.in_play == []


def test_everwind_lets_wind_units_skirmish_twice_each_turn_on_both_sides():
    units = [{"card": "wind-warrior", "controller": 0}, {"card": "earth-moth", "controller": 0},
             {"card": "archo", "controller": 1}]
    state = table(units=units, spells=[{"card": "everwind", "controller": 1}])
    assert [unit["skirmishes_left"] for unit in RULES.view(state, 0)["units"]] == [2, 1, 2]
    state = act(act(state, 0, skirmish("u1", 1))[1], 0, skirmish("u1", 1))[1]
    assert state.players[1].life == 34
    assert [a["unit"] for a in RULES.legal_actions(state, 0) if a["type"] == "skirmish"] == ["u2"]


def test_flame_retardant_makes_its_controllers_units_immune_to_ember():
    units = [{"card": "beast-of-pain", "controller": 0}, {"card": "earth-moth", "controller": 1},
             {"card": "crocodile-of-gree", "controller": 1}]
    state = table(units=units, spells=[{"card": "flame-retardant", "controller": 1}])
    assert [unit["keywords"] for unit in RULES.view(state, 0)["units"]] == [[], ["immune:ember"], ["immune:ember"]]
    events, state = act(state, 0, skirmish("u1", "u2"))
    hit = next(e.data for e in events if e.type == "damage_dealt" and e.data["source"] == "u1")
    assert hit["amount"] == 0 and hit["steps"][-1]["rule"] == "xi.keyword.immune" and life(state, "u2") == (3, 3)


def test_a_unit_above_its_maximum_is_cut_to_it_never_below():
    state = table(units=[{"card": "snow-beast", "controller": 0, "life": 20}, {"card": "earth-moth", "controller": 1}])
    em = Emitter(state, None)
    em.emit("turn_ended", "xi.time.expires", {"seat": 0, "turn": 3, "t": 0})
    state_checks(em, 0)
    assert only(em.events, "life_changed").data == {"target": "u1", "by": -4, "to": 16,
                                                     "cards": {"u1": "snow-beast"}}
    assert [unit.life for unit in em.state.units] == [16, 3]
