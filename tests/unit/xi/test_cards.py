"""The catalogue: the cards the seed and the notes name, with their known values, and a loader
that refuses a card breaking the schema, naming the card and the field."""

import tomllib

import pytest

from domain.xi.cards.catalogue import CARDS, CardDataError, build
from domain.xi.language.effects import ACTIONS
from domain.xi.language.special import CODES
from domain.xi.rulebook import RULEBOOK

GOOD = """
[earth-soldier]
card = { name = "Earth Soldier", kind = "unit", type = "stone", cost = { t = 3 }, damage = 2, life = 2 }
text = "A soldier."
known = "seed L318"
"""


def load(text: str):
    return build(tomllib.loads(text))


def refusal(text: str) -> str:
    with pytest.raises(CardDataError) as caught:
        load(text)
    return str(caught.value)


def test_the_catalogue_holds_the_31_cards_the_seed_and_the_notes_name_beside_the_starters_designs():
    designed = {card.id for card in CARDS.values() if card.known.startswith("house: designed")}
    assert len(CARDS) - len(designed) == 31 and len(designed) == 66
    for name in ("Earth Moth", "Drain Fairy", "Snow Beast", "Archo, the Charismatic One", "Thesis, Odd Mage",
                 "Heat Stroke", "Flood", "Rainfall", "Everwind", "Endless Jet", "Flame Retardant", "1000 Sacrifices"):
        assert name in {card.name for card in CARDS.values()}, name


def test_the_printed_values_the_seed_gives_are_the_catalogues():
    assert CARDS["earth-moth"].cost == 2 and CARDS["earth-moth"].cost_unit == "t"
    assert (CARDS["drain-fairy"].cost_unit, CARDS["drain-fairy"].cost) == ("t", 12)
    assert (CARDS["earth-soldier"].type, CARDS["earth-soldier"].damage, CARDS["earth-soldier"].life) == ("stone", 2, 2)
    assert (CARDS["snow-beast"].type, CARDS["snow-beast"].damage, CARDS["snow-beast"].life) == ("aqua", 4, 16)
    assert (CARDS["crocodile-of-gree"].type, CARDS["crocodile-of-gree"].life) == ("aqua", 5)
    assert CARDS["passive-treeman"].life == 18
    assert (CARDS["mini-air-mystic"].cost_unit, CARDS["mini-air-mystic"].cost) == ("t", 0)
    assert CARDS["warden-of-aqua"].damage == 1 and CARDS["beast-of-pain"].life <= 22
    assert CARDS["archo"].keywords == ("untargetable",) and CARDS["bubble-fighter"].keywords == ("reduce:1",)
    assert CARDS["heat-stroke"].cost_unit == "pt" and CARDS["rainfall"].tag == "raining"


def test_every_card_says_where_its_values_come_from_and_has_its_own_rule():
    for card in CARDS.values():
        assert card.known and card.text
        assert RULEBOOK[card.rule].text.startswith(card.name)


def test_no_card_costs_0pt():
    assert min(card.cost for card in CARDS.values() if card.cost_unit == "pt") >= 1
    assert "pt = 0" in refusal(GOOD.replace("{ t = 3 }", "{ pt = 0 }"))


def test_a_good_card_loads_and_shows_its_printed_line():
    card = load(GOOD)["earth-soldier"]
    assert card.to_json()["cost"] == {"t": 3} and card.rule == "xi.card.earth-soldier"


def test_an_unknown_key_is_refused_naming_the_card_and_the_key():
    assert refusal(GOOD + 'flavour = "x"\n').startswith("earth-soldier: flavour: no such field")
    assert "earth-soldier: card.colour" in refusal(GOOD.replace("life = 2", "life = 2, colour = 1"))
    bad = GOOD + 'on_play = [ { do = "damage", to = "target:unit", amount = 2, speed = 1 } ]\n'
    assert "earth-soldier: on_play[0].speed: no such key" in refusal(bad)


def test_a_missing_field_is_refused_naming_it():
    assert refusal(GOOD.replace('known = "seed L318"\n', "")) == "earth-soldier: known: missing"
    assert "earth-soldier: card.life: missing" in refusal(GOOD.replace(", life = 2", ""))
    assert "earth-soldier: trigger[0].when: missing" in refusal(GOOD + 'trigger = [ { do = "heal", to = "self" } ]\n')


def test_a_value_of_the_wrong_type_is_refused_naming_the_field():
    assert "earth-soldier: card.damage" in refusal(GOOD.replace("damage = 2", 'damage = "two"'))
    assert "earth-soldier: card.kind" in refusal(GOOD.replace('kind = "unit"', 'kind = "creature"'))
    assert "earth-soldier: card.type" in refusal(GOOD.replace('type = "stone"', 'type = "fire"'))
    assert "earth-soldier: card.cost" in refusal(GOOD.replace("{ t = 3 }", "{ t = 3, pt = 1 }"))
    assert "earth-soldier: keywords[0]" in refusal(GOOD + 'keywords = ["flying"]\n')


def test_only_units_have_damage_and_life_and_only_statements_a_tag():
    spell = GOOD.replace('kind = "unit"', 'kind = "point"')
    assert "earth-soldier: card.damage: only a unit" in refusal(spell)
    assert "card.tag" in refusal(GOOD.replace("life = 2", 'life = 2, tag = "raining"'))


def test_effects_use_only_the_words_of_the_vocabulary():
    def effect(line: str) -> str:
        return refusal(GOOD + line + "\n")

    assert "on_play[0].do: 'explode' is not an action" in effect('on_play = [ { do = "explode", to = "self" } ]')
    assert "on_play[0].to: 'everyone' is not a selector" in effect('on_play = [ { do = "heal", to = "everyone" } ]')
    assert "is not a filter" in effect('on_play = [ { do = "heal", to = "all_units+colour:red" } ]')
    assert "is not an amount" in effect('on_play = [ { do = "heal", to = "self", amount = "lots" } ]')
    assert "static[0]: a static has exactly one of layer or list" in effect('static = [ { op = "add", to = "self" } ]')
    assert "trigger[0].when" in effect('trigger = [ { when = "dawn", do = "heal", to = "self" } ]')
    assert "until" in refusal(GOOD.replace('kind = "unit"', 'kind = "lasting"').replace(", damage = 2, life = 2", "")
                              + 'until = "never"\n')


def test_an_id_is_kebab_case():
    assert "(id)" in refusal(GOOD.replace("[earth-soldier]", "[Earth_Soldier]"))


def test_every_word_the_catalogue_uses_is_one_the_interpreter_plays():
    used = {(shape, key, dict(entry).get(key)) for card in CARDS.values()
            for shape in ("on_play", "trigger", "ability", "static") for entry in getattr(card, shape)
            for key in ("do", "when", "code") if key in dict(entry)}
    assert {word for _shape, key, word in used if key == "do"} <= set(ACTIONS)
    assert {word for _shape, key, word in used if key == "when"} <= {"turn_start", "own_turn_start", "destroyed",
                                                                       "deals_damage"}
    assert {word for _shape, key, word in used if key == "code"} <= set(CODES)
    assert all(len(card.ability) <= 1 for card in CARDS.values())  # `use` names a card, not one of its abilities
