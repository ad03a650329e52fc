"""The starters' designed cards (xi.house.starters) play as their text says, through the same
vocabulary as the rulebook's cards: free draws and pT gained, conditions on lasting effects,
damage boosts of one's own or everyone's units, death triggers, answers in the other player's
turn, and the Celestial cards that only Celestial and Shadow damage reach."""

from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import END, PASS, act, life, play, refused, skirmish, table, use


def damage_of(state, uid):
    return next(unit["damage"] for unit in RULES.view(state, None)["units"] if unit["uid"] == uid)


def dealt(events):
    return [(event.data["target"], event.data["amount"]) for event in events if event.type == "damage_dealt"]


def test_pearl_diver_draws_a_card_for_nothing_and_only_its_owner_sees_which():
    state = table(seats=[{"t": 4, "hand": ["pearl-diver"], "deck": ["flood", "rainfall"]}, {}])
    events, after = act(state, 0, play("pearl-diver"))
    drawn = only(events, "card_drawn")
    assert drawn.rule == "xi.card.pearl-diver" and drawn.data["cost"] == {"t": 0, "pt": 0}
    assert after.players[0].hand == ["flood"] and after.players[0].t == 0
    assert "card" not in drawn.seen_by(1)["data"] and drawn.seen_by(0)["data"]["card"] == "flood"


def test_tide_of_fortune_draws_what_is_left_and_an_empty_deck_gives_nothing():
    state = table(seats=[{"t": 5, "hand": ["tide-of-fortune"], "deck": ["flood"]}, {}])
    events, after = act(state, 0, play("tide-of-fortune"))
    assert types(events).count("card_drawn") == 1 and types(events).count("draw_missed") == 1
    assert after.players[0].hand == ["flood"] and after.players[0].deck == []


def test_pact_of_cinders_costs_4_life_and_draws_2():
    state = table(seats=[{"t": 1, "life": 10, "hand": ["pact-of-cinders"], "deck": ["scorch", "fireball"]}, {}])
    after = act(state, 0, play("pact-of-cinders"))[1]
    assert after.players[0].life == 6 and after.players[0].hand == ["scorch", "fireball"]


def test_quarry_worker_gives_1pt_and_never_past_the_cap_of_20():
    state = table(seats=[{"t": 3, "pt": 4, "hand": ["quarry-worker"]}, {}])
    events, after = act(state, 0, play("quarry-worker"))
    assert only(events, "pt_gained").data == {"seat": 0, "by": 1, "to": 5} and after.players[0].pt == 5
    capped = table(seats=[{"t": 3, "pt": 20, "hand": ["quarry-worker"]}, {}])
    events, after = act(capped, 0, play("quarry-worker"))
    assert "pt_gained" not in types(events) and after.players[0].pt == 20


def test_windmill_monk_gives_its_controller_1pt_at_the_start_of_their_own_turn_only():
    state = table(seats=[{"t": 0}, {"pt": 0}], units=[{"card": "windmill-monk", "controller": 1}])
    after = act(state, 0, END)[1]  # seat 1's turn starts
    assert after.players[1].pt == 1
    after = act(after, 1, END)[1]  # seat 0's turn: the Monk is not its controller's
    assert after.players[1].pt == 1


def test_rain_dancer_deals_2_more_damage_while_it_is_raining_whoever_made_it_rain():
    units = [{"card": "rain-dancer", "controller": 0}]
    assert damage_of(table(units=units), "u1") == 2
    assert damage_of(table(units=units, spells=[{"card": "rainfall", "controller": 1}]), "u1") == 4


def test_war_drummer_raises_its_controllers_ember_units_and_inferno_everyones():
    units = [{"card": "war-drummer", "controller": 0}, {"card": "cinder-hound", "controller": 0},
             {"card": "ember-imp", "controller": 1}, {"card": "river-sprite", "controller": 0}]
    drummed = table(units=units)
    assert [damage_of(drummed, uid) for uid in ("u1", "u2", "u3", "u4")] == [3, 5, 2, 2]
    burning = table(units=units, spells=[{"card": "inferno", "controller": 1}])
    assert [damage_of(burning, uid) for uid in ("u1", "u2", "u3", "u4")] == [5, 7, 4, 2]


def test_golem_guardian_raises_its_controllers_stone_units_by_1():
    units = [{"card": "golem-guardian", "controller": 0}, {"card": "earth-soldier", "controller": 0},
             {"card": "earth-moth", "controller": 1}]
    state = table(units=units)
    assert [damage_of(state, uid) for uid in ("u1", "u2", "u3")] == [5, 3, 1]


def test_ash_bomber_destroyed_deals_2_ember_to_each_opposing_unit():
    units = [{"card": "ash-bomber", "controller": 0}, {"card": "snow-beast", "controller": 1},
             {"card": "gust-sprite", "controller": 1}, {"card": "ember-imp", "controller": 0}]
    state = table(seats=[{"t": 10}, {"pt": 0}], units=units)
    events, after = act(state, 0, skirmish("u1", "u2"))  # no card in hand: the strike follows at once
    assert ("u3", 4) in dealt(events) and ("u2", 2) in dealt(events)  # Ember on Wind doubles: the Sprite falls
    assert [unit.card for unit in after.units] == ["snow-beast", "ember-imp"] and life(after, "u2") == (11, 16)


def test_storm_crow_draws_a_card_when_it_hits_a_player_not_a_unit():
    state = table(seats=[{"t": 10, "deck": ["gale"]}, {"pt": 0}], units=[{"card": "storm-crow", "controller": 0}])
    events, after = act(state, 0, skirmish("u1", 1))
    assert after.players[1].life == 35 and after.players[0].hand == ["gale"]
    guarded = table(seats=[{"t": 10, "deck": ["gale"]}, {"pt": 0}],
                    units=[{"card": "storm-crow", "controller": 0}, {"card": "boulder-wall", "controller": 1}])
    events, after = act(guarded, 0, skirmish("u1", "u2"))
    assert after.players[0].hand == [] and "card_drawn" not in types(events)


def test_flame_dancer_burns_a_player_as_it_enters_and_soul_siphon_drains_one():
    state = table(seats=[{"t": 10, "hand": ["flame-dancer", "soul-siphon"], "life": 30}, {"pt": 0}])
    after = act(state, 0, play("flame-dancer", 1))[1]
    assert after.players[1].life == 38 and [unit.card for unit in after.units] == ["flame-dancer"]
    after = act(after, 0, play("soul-siphon", 1))[1]
    assert after.players[1].life == 35 and after.players[0].life == 33


def test_earthquake_hits_every_unit_and_player_and_cyclone_every_unit_their_players_own_too():
    units = [{"card": "granite-guard", "controller": 0}, {"card": "river-sprite", "controller": 1}]
    events, after = act(table(seats=[{"t": 6, "hand": ["earthquake"]}, {"pt": 0}], units=units), 0, play("earthquake"))
    # reduce 1 on the Guard; Stone doubles on Aqua; players have no type
    assert dealt(events) == [("u1", 2), ("u2", 6), (1, 3), (0, 3)]
    assert [unit.card for unit in after.units] == ["granite-guard"] and [p.life for p in after.players] == [37, 37]
    events, after = act(table(seats=[{"t": 5, "hand": ["cyclone"]}, {"pt": 0}], units=units), 0, play("cyclone"))
    assert dealt(events) == [("u1", 2), ("u2", 2)]  # the Guard's 1 off first, then Wind doubles on Stone


def test_stone_skin_answers_a_skirmish_taking_3_off_before_the_cycle_doubles():
    units = [{"card": "water-elemental", "controller": 0}, {"card": "earth-soldier", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 1, "hand": ["stone-skin"]}], units=units)
    state = act(state, 0, skirmish("u1", "u2"))[1]
    assert play("stone-skin", "u2") in RULES.legal_actions(state, 1)
    events, after = act(state, 1, play("stone-skin", "u2"))  # then the attacker, with no card, strikes
    assert dealt(events) == [("u2", 0), ("u1", 4)] and life(after, "u2") == (2, 2)  # 3 - 3 (Aqua on Stone)


def test_crag_sentinel_hardens_itself_for_1pt_in_answer_to_a_skirmish():
    units = [{"card": "firebrand", "controller": 0}, {"card": "crag-sentinel", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 1}], units=units)
    state = act(state, 0, skirmish("u1", "u2"))[1]
    assert RULES.legal_actions(state, 1) == [PASS, use("u2")]  # no card in hand: its pT ability opens the window
    events, after = act(state, 1, use("u2"))
    assert ("u2", 4) in dealt(events) and after.players[1].pt == 0


def test_undertow_returns_an_attacker_to_its_owners_hand_and_the_skirmish_deals_nothing():
    units = [{"card": "magma-titan", "controller": 0}, {"card": "river-sprite", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["undertow"]}], units=units)
    state = act(state, 0, skirmish("u1", "u2"))[1]
    events, after = act(state, 1, play("undertow", "u1"))
    assert "card_returned" in types(events) and after.players[0].hand == ["magma-titan"]
    assert "skirmish_cancelled" in types(events) and not dealt(events) and life(after, "u2") == (2, 2)


def test_dust_devil_slips_back_to_hand_for_1pt_in_the_other_players_turn():
    units = [{"card": "firebrand", "controller": 0}, {"card": "dust-devil", "controller": 1}]
    state = act(table(seats=[{"t": 10}, {"pt": 1}], units=units), 0, skirmish("u1", "u2"))[1]
    after = act(state, 1, use("u2"))[1]
    assert after.players[1].hand == ["dust-devil"] and not any(unit.uid == "u2" for unit in after.units)


def test_a_unit_under_fools_errand_cannot_skirmish_until_the_turn_ends():
    units = [{"card": "firebrand", "controller": 0}, {"card": "river-sprite", "controller": 1}]
    state = table(seats=[{"t": 10, "pt": 1, "hand": ["fools-errand", "rock-throw"]}, {"pt": 0}], units=units)
    state = act(state, 0, play("fools-errand", "u1"))[1]
    assert refused(state, 0, skirmish("u1", "u2")).rule == "xi.card.fools-errand"
    assert not [action for action in RULES.legal_actions(state, 0) if action["type"] == "skirmish"]


def test_mirage_makes_a_unit_untargetable_for_skirmishes_so_its_player_may_be_skirmished():
    units = [{"card": "gust-sprite", "controller": 0}, {"card": "earth-moth", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 0}], units=units, spells=[{"card": "mirage", "controller": 1, "on": "u2"}])
    assert [action["target"] for action in RULES.legal_actions(state, 0) if action["type"] == "skirmish"] == [1]


def test_fortify_raises_a_units_maximum_by_6_and_heals_it_6():
    state = table(seats=[{"t": 3, "hand": ["fortify"]}, {"pt": 0}],
                  units=[{"card": "living-rock", "controller": 0, "life": 4}])
    assert life(act(state, 0, play("fortify", "u1"))[1], "u1") == (10, 14)


def test_ironbark_treant_heals_itself_4_once_a_turn_never_past_its_maximum():
    state = table(seats=[{"t": 10}, {"pt": 0}], units=[{"card": "ironbark-treant", "controller": 0, "life": 10}])
    after = act(state, 0, use("u1"))[1]
    assert life(after, "u1") == (11, 11) and after.players[0].t == 8
    assert refused(after, 0, use("u1")).rule == "xi.card.ironbark-treant"  # its limit


def test_blazing_charge_and_tailwind_last_until_the_end_of_the_turn():
    units = [{"card": "gust-sprite", "controller": 0}]
    state = table(seats=[{"t": 10, "hand": ["blazing-charge", "tailwind"]}, {"pt": 0}], units=units)
    state = act(act(state, 0, play("blazing-charge", "u1"))[1], 0, play("tailwind", "u1"))[1]
    assert damage_of(state, "u1") == 8
    assert damage_of(act(state, 0, END)[1], "u1") == 3


def test_mountain_stronghold_hardens_every_stone_unit_and_no_other():
    units = [{"card": "earth-soldier", "controller": 1}, {"card": "river-sprite", "controller": 1}]
    seen = {unit["uid"]: unit["keywords"] for unit in RULES.view(
        table(units=units, spells=[{"card": "mountain-stronghold", "controller": 0}]), None)["units"]}
    assert seen == {"u1": ["reduce:1"], "u2": []}


def test_the_celestial_guardian_takes_no_elemental_damage_but_star_lance_and_deaths_embrace_reach_it():
    units = [{"card": "celestial-guardian", "controller": 1}]
    hand = ["rock-throw", "star-lance", "deaths-embrace"]
    state = table(seats=[{"t": 10, "pt": 10, "hand": hand}, {"pt": 0}], units=units)
    assert dealt(act(state, 0, play("rock-throw", "u1"))[0]) == [("u1", 0)]
    events, after = act(state, 0, play("star-lance", "u1"))
    assert dealt(events) == [("u1", 4)] and life(after, "u1") == (4, 8)
    after = act(state, 0, play("deaths-embrace", "u1"))[1]
    assert after.units == [] and after.players[1].discard == ["celestial-guardian"]


def test_blessing_of_heaven_gains_7_life_up_to_the_cap_of_99():
    state = table(seats=[{"t": 10, "life": 95, "hand": ["blessing-of-heaven"]}, {"pt": 0}])
    assert act(state, 0, play("blessing-of-heaven"))[1].players[0].life == 99
