"""Derived unit stats: the printed card, then the layered statics in play in the fixed order
(control, type, keywords, damage defined/set/modified, max life set/modified), by timestamp inside
a layer, recomputed on every query. Most rows add statics by hand; test_lasting.py and test_faq.py
play the cards that hold them."""

from domain.xi import RULES
from domain.xi.language.damage import unit_hit
from domain.xi.language.layers import CARD_STATICS, Static, derive, derive_all
from tests.unit.xi.builders import act, skirmish, table

TWO = [{"card": "snow-beast", "controller": 0}, {"card": "earth-soldier", "controller": 1}]


def test_with_no_statics_a_unit_is_its_printed_card():
    stats = derive(table(units=TWO), "u1")
    assert (stats.type, stats.damage, stats.max_life, stats.keywords, stats.controller) == ("aqua", 4, 16, (), 0)
    assert derive(table(units=[{"card": "archo", "controller": 1}]), "u1").untargetable


def test_layers_apply_in_their_order_whatever_the_timestamps():
    # A +3 (4c) that began first still comes after the "damage becomes 1" (4b) that began later.
    extra = [Static("4c", "add", 3, "self", "u1", since=1), Static("4b", "set", 1, "self", "u1", since=9)]
    assert derive_all(table(units=TWO), extra)["u1"].damage == 4


def test_inside_a_layer_the_later_effect_wins():
    extra = [Static("4b", "set", 7, "self", "u1", since=5), Static("4b", "set", 2, "self", "u1", since=3)]
    assert derive_all(table(units=TWO), extra)["u1"].damage == 7


def test_a_damage_value_is_never_below_0():
    extra = [Static("4c", "add", -9, "all_units", "u1", since=1)]
    derived = derive_all(table(units=TWO), extra)
    assert derived["u1"].damage == 0 and derived["u2"].damage == 0


def test_max_life_is_set_then_raised_and_current_life_is_not_derived():
    units = [{"card": "beast-of-pain", "controller": 0, "life": 20}]
    extra = [Static("5b", "add", 10, "self", "u1", since=2), Static("5a", "set", 5, "self", "u1", since=3)]
    stats = derive_all(table(units=units), extra)["u1"]
    assert (stats.max_life, stats.life) == (15, 20)


def test_a_type_change_comes_before_filters_and_the_damage_it_deals():
    # Alchemist-like: the soldier becomes wind (layer 2); a layer-4c bonus for wind units then takes it.
    extra = [Static("2", "set", "wind", "self", "u2", since=1), Static("4c", "add", 1, "all_units+type:wind", "u1", since=2)]
    stats = derive_all(table(units=TWO), extra)
    assert (stats["u2"].type, stats["u2"].damage) == ("wind", 3) and stats["u1"].damage == 4


def test_selectors_read_the_controller_of_the_card_holding_the_static():
    extra = [Static("3", "grant", "immune:aqua", "own_units", "u2", since=1),
             Static("1", "set", 1, "self", "u1", since=1)]  # layer 1 first: the beast is now seat 1's too
    stats = derive_all(table(units=TWO), extra)
    assert stats["u1"].controller == 1 and stats["u1"].immune == {"aqua"} and stats["u2"].immune == {"aqua"}


def test_a_unit_deals_damage_of_its_derived_type():
    # The soldier's printed stone doubles on Snow Beast; made wind (layer 2), it does not.
    state = table(units=TWO, active=1)
    dealt = [e.data for e in act(state, 1, skirmish("u2", "u1"))[0] if e.type == "damage_dealt"]
    assert (dealt[0]["type"], dealt[0]["amount"]) == ("stone", 4)
    derived = derive_all(state, [Static("2", "set", "wind", "self", "u2", since=1)])
    assert unit_hit(state, derived, derived["u2"], derived["u1"])[0] == 2


def test_the_catalogues_layered_statics_are_compiled_at_import():
    assert CARD_STATICS["flames-of-preservation"] == (Static("5b", "add", 10, "attached"),)
    assert CARD_STATICS["thesis-odd-mage"] == (Static("4a", "set", None, "self", code="thesis"),)
    assert CARD_STATICS["flame-retardant"][0].value == "immune:ember"


def test_the_view_shows_derived_and_printed_stats():
    [beast, _soldier] = RULES.view(table(units=TWO), 1)["units"]
    assert beast["printed"] == {"type": "aqua", "damage": 4, "life": 16}
    assert {key: beast[key] for key in ("uid", "type", "damage", "life", "max_life", "keywords")} == {
        "uid": "u1", "type": "aqua", "damage": 4, "life": 16, "max_life": 16, "keywords": []}
