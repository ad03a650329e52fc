"""The damage pipeline, in its fixed order: immunity, reductions, the elemental cycle, multipliers.

The worked numbers are the seed's (design section 4.3). Rows whose cards come in step 4 (Flood,
Flames, Alchemist, Rainblast) pass their modifiers to the pipeline directly; the rest are played
out on the table."""

import pytest

from domain.xi.language.damage import deal
from tests.unit.xi.builders import act, skirmish, table

CYCLE = [("aqua", "ember"), ("ember", "wind"), ("wind", "stone"), ("stone", "aqua")]


@pytest.mark.parametrize(
    "row, amount, dtype, target, modifiers, expected",
    [
        ("L318 Earth Soldier's 2 stone on Snow Beast", 2, "stone", "aqua", {}, 4),
        ("L318 Snow Beast's 4 aqua on Earth Soldier", 4, "aqua", "stone", {}, 4),
        ("L338 Flame Lick's 2 ember on Crocodile of Gree", 2, "ember", "aqua", {}, 2),
        ("L393 a stone 3 on Bubble Fighter", 3, "stone", "aqua", {"reductions": [1]}, 4),
        ("L449 an aqua 3 on a stone unit, 2 Floods", 3, "aqua", "stone", {"multipliers": [2, 2]}, 12),
        ("L449 an aqua 3 on a stone unit, 3 Floods", 3, "aqua", "stone", {"multipliers": [2, 2, 2]}, 24),
        ("L453 Warden of Aqua on an ember unit, 1 Flood", 1, "aqua", "ember", {"multipliers": [2, 2]}, 8),
        ("L453 Warden of Aqua on Beast of Pain, 3 Floods", 1, "aqua", "ember", {"multipliers": [2, 2, 2, 2]}, 32),
        ("L282 a wind unit on a celestial unit", 3, "wind", "celestial", {"multipliers": [2]}, 0),
        ("L497 the same after Alchemist makes it stone", 3, "wind", "stone", {}, 6),
        ("L283 a shadow unit under a x2 on a wind unit", 3, "shadow", "wind", {"multipliers": [2]}, 3),
        ("L283 a celestial unit on an ember unit", 3, "celestial", "ember", {}, 3),
        ("L366 Rainblast on an ember unit while raining", 3, "aqua", "ember", {"additions": [2]}, 10),
    ],
)
def test_the_seeds_worked_numbers(row, amount, dtype, target, modifiers, expected):
    assert deal(amount, dtype, target, **modifiers)[0] == expected, row


@pytest.mark.parametrize("dtype, beaten", CYCLE)
def test_each_element_doubles_on_the_one_it_beats_and_on_nothing_else(dtype, beaten):
    for target in ("aqua", "ember", "wind", "stone", "celestial", "shadow"):
        expected = 6 if target == beaten else 0 if target == "celestial" else 3
        assert deal(3, dtype, target)[0] == expected, (dtype, target)


def test_celestial_units_take_no_damage_from_the_four_elements_but_do_from_celestial_and_shadow():
    for element in ("aqua", "ember", "wind", "stone"):
        dealt, steps = deal(5, element, "celestial", multipliers=[2])
        assert dealt == 0 and steps[-1] == {"step": "immune", "rule": "xi.type.celestial", "value": 0}
    assert deal(5, "celestial", "celestial")[0] == 5 and deal(5, "shadow", "celestial")[0] == 5


def test_celestial_and_shadow_damage_is_never_doubled():
    for dtype in ("celestial", "shadow"):
        for target in ("aqua", "ember", "wind", "stone", "shadow", None):
            assert deal(4, dtype, target, multipliers=[2, 2])[0] == 4, (dtype, target)


def test_a_shadow_unit_under_a_multiplier_is_not_doubled():
    assert deal(2, "shadow", "ember", multipliers=[2])[0] == 2
    assert deal(2, "aqua", "shadow", multipliers=[2])[0] == 2  # nor is damage to a Shadow unit
    assert deal(2, "aqua", "ember", additions=[1], multipliers=[2])[0] == 12  # additions, then the doubling


def test_reductions_come_before_doubling_and_never_go_below_0():
    dealt, steps = deal(3, "stone", "aqua", reductions=[1])
    assert dealt == 4 and [step["step"] for step in steps] == ["amount", "reduce", "cycle"]
    assert deal(1, "stone", "aqua", reductions=[1, 1])[0] == 0


def test_multipliers_stack_one_x2_per_copy():
    assert [deal(3, "aqua", "stone", multipliers=[2] * n)[0] for n in range(4)] == [3, 6, 12, 24]


def test_an_immunity_stops_the_damage_before_anything_else():
    dealt, steps = deal(3, "ember", "wind", additions=[2], multipliers=[2], immune=["ember"])
    assert dealt == 0 and steps[-1]["rule"] == "xi.keyword.immune"


def test_flood_doubles_aqua_damage_to_a_player_but_the_cycle_does_not():
    assert deal(3, "stone", None)[0] == 3 and deal(3, "aqua", None)[0] == 3
    assert deal(3, "aqua", None, multipliers=[2])[0] == 6


def test_bubble_fighter_takes_1_less_before_the_cycle_doubles():
    state = table(units=[{"card": "earth-soldier", "controller": 0}, {"card": "bubble-fighter", "controller": 1}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    hit = next(event for event in events if event.type == "damage_dealt")
    assert hit.data["amount"] == 2 and [step["value"] for step in hit.data["steps"]] == [2, 1, 2]  # (2-1)x2
    assert [(unit.card, unit.life) for unit in after.units] == [("bubble-fighter", 4)]  # its 2 aqua fell the soldier


def test_warden_of_aqua_doubles_its_own_damage_to_ember_units_after_the_cycle():
    state = table(units=[{"card": "warden-of-aqua", "controller": 0}, {"card": "beast-of-pain", "controller": 1},
                         {"card": "earth-moth", "controller": 1}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    steps = next(event for event in events if event.type == "damage_dealt").data["steps"]
    assert [(step["step"], step["value"]) for step in steps] == [("amount", 1), ("cycle", 2), ("multiply", 4)]
    assert after.units[1].life == 18
    state = table(units=[{"card": "warden-of-aqua", "controller": 0}, {"card": "earth-moth", "controller": 1}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    assert [event.data["amount"] for event in events if event.type == "damage_dealt"] == [1, 2]  # no x2 on stone
    assert [unit.life for unit in after.units] == [8, 2]


def test_a_shadow_unit_deals_normal_damage_to_everything():
    state = table(units=[{"card": "master-game-player", "controller": 0}, {"card": "snow-beast", "controller": 1}])
    events, after = act(state, 0, skirmish("u1", "u2"))
    dealt = [event.data["amount"] for event in events if event.type == "damage_dealt"]
    assert dealt == [2, 4] and after.units[0].life == 2 and after.units[1].life == 14
