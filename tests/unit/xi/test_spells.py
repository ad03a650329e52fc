"""Point spells: played from your hand in your own turn for their cost, on the target their card
names; they take effect and go to their owner's discard pile. A spell that cannot be played is
refused naming the rule, and the table is left as it was."""

import copy

from domain.errors import IllegalAction, NotYourTurn
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import act, life, play, refused, skirmish, table

CROCODILE = [{"card": "crocodile-of-gree", "controller": 1}]


def test_flame_lick_deals_2_ember_to_the_crocodile_and_goes_to_the_discard_pile():
    # L338: the crocodile (Aqua, 5 life) takes 2 ember damage, and the spell is placed in the discard pile.
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=CROCODILE)
    events, after = act(state, 0, play("flame-lick", "u1"))
    assert types(events) == ["card_declared", "damage_dealt", "card_discarded"]
    assert only(events, "card_declared").data == {"seat": 0, "card": "flame-lick", "paid": {"t": 2, "pt": 0},
                                                  "target": "u1", "cards": {"u1": "crocodile-of-gree"}}
    assert only(events, "damage_dealt").data["type"] == "ember" and life(after, "u1") == (3, 5)
    assert only(events, "card_discarded").rule == "xi.point.used-up"
    assert after.players[0].hand == [] and after.players[0].discard == ["flame-lick"] and after.players[0].t == 8


def test_flame_lick_cannot_target_a_player():
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=CROCODILE)
    error = refused(state, 0, play("flame-lick", 1), IllegalAction)
    assert error.rule == "xi.house.targets" and error.reason.startswith("target: 1 is not one Flame Lick may target")
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "play"] == [play("flame-lick", "u1")]


def test_a_spell_may_target_your_own_unit_and_archo():
    # Archo cannot be targeted *for a skirmish* (L423); a spell may name any unit.
    units = [{"card": "earth-moth", "controller": 0}, {"card": "archo", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=units)
    assert [a["target"] for a in RULES.legal_actions(state, 0) if a["type"] == "play"] == ["u1", "u2"]


def test_a_spell_without_enough_t_is_refused_naming_the_rule_and_changes_nothing():
    state = table(seats=[{"t": 1, "pt": 0, "hand": ["rainblast"]}, {}], units=CROCODILE)
    before = copy.deepcopy(state)
    error = refused(state, 0, play("rainblast", "u1"), IllegalAction)
    assert error.rule == "xi.time.pt-as-t" and error.reason == "card: Rainblast costs 3T; you have 1T and 0pT"
    assert state == before and not [a for a in RULES.legal_actions(state, 0) if a["type"] == "play"]


def test_a_spell_that_needs_a_target_is_refused_without_one_or_with_one_not_in_play():
    state = table(seats=[{"t": 10, "hand": ["flame-lick", "rainfall"]}, {}], units=CROCODILE)
    assert refused(state, 0, play("flame-lick"), IllegalAction).reason == "target: Flame Lick needs a target (unit)"
    assert refused(state, 0, play("flame-lick", "u9"), IllegalAction).rule == "xi.house.targets"
    assert refused(state, 0, play("rainfall", "u1"), IllegalAction).reason == "target: Rainfall takes no target"


def test_a_spell_with_no_unit_to_target_is_not_listed():
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}])
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "play"] == []


def test_spells_are_played_in_your_own_turn():
    state = table(seats=[{}, {"t": 10, "pt": 5, "hand": ["flame-lick", "heat-stroke"]}], units=CROCODILE)
    assert refused(state, 1, play("flame-lick", "u1"), NotYourTurn).rule == "xi.time.own-turn"
    error = refused(state, 1, play("heat-stroke"), NotYourTurn)  # a pT card: only in a window of Jake's
    assert error.rule == "xi.response.one" and "only in answer to a declaration, in a window of yours" in error.reason


def test_a_pt_card_may_be_played_in_your_own_turn_paid_with_pt_only():
    # L413: a pT cost is paid with pT, at any time including your own turn.
    units = [{"card": "earth-moth", "controller": 0}, {"card": "beast-of-pain", "controller": 0},
             {"card": "earth-soldier", "controller": 1}]
    state = table(seats=[{"t": 10, "pt": 2, "hand": ["heat-stroke"]}, {}], units=units)
    events, after = act(state, 0, play("heat-stroke"))
    assert only(events, "card_declared").data["paid"] == {"t": 0, "pt": 2}
    assert only(events, "effect_started").data["to"] == ["u1", "u3"]  # every non-ember unit
    error = refused(after, 0, skirmish("u1", "u3"), IllegalAction)
    assert error.rule == "xi.card.heat-stroke" and "cannot skirmish this turn" in error.reason
    assert [a for a in RULES.legal_actions(after, 0) if a["type"] == "skirmish"] == [skirmish("u2", "u3")]
    state.players[0].pt = 1
    assert refused(state, 0, play("heat-stroke"), IllegalAction).rule == "xi.time.pt-cost"


def test_a_card_that_only_answers_a_declaration_is_not_played_on_its_own():
    state = table(seats=[{"t": 10, "pt": 5, "hand": ["dispel", "sidestep"]}, {}])
    error = refused(state, 0, play("dispel"), IllegalAction)
    assert error.rule == "xi.response.one" and error.reason.startswith("card: Dispel answers")
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "play"] == []


def test_a_play_reads_as_a_sentence():
    state = table(seats=[{"t": 10, "hand": ["rainblast"]}, {}], units=CROCODILE)
    lines = [RULES.describe(event, ["Jack", "Jake"]) for event in act(state, 0, play("rainblast", "u1"))[0]]
    assert lines == ["Jack pays 3T and plays Rainblast on Crocodile of Gree (u1)",
                     "Rainblast deals 3 aqua damage to Crocodile of Gree (u1)",
                     "Rainblast goes to Jack's discard pile"]
