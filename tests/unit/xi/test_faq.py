"""The seed's FAQ on statements, lasting spells, Thesis, Master Game Player and the start of a turn
(L389-391, L419-481), each played out on the table as a player would ask it."""

from domain.errors import IllegalAction
from domain.xi import RULES
from tests.unit.events import only, types
from tests.unit.xi.builders import END, PASS, STRIKE, act, life, play, refused, skirmish, table, use


def dealt(events):
    return [(event.data["source"], event.data["target"], event.data["amount"])
            for event in events if event.type == "damage_dealt"]


# --- Flood (L447-453) ------------------------------------------------------------------------

def test_two_floods_in_play_make_aqua_damage_x4_and_three_x8():
    # Crocodile of Gree (Aqua 3) against Passive Treeman (Stone 0/18): no cycle, only the Floods.
    units = [{"card": "crocodile-of-gree", "controller": 0}, {"card": "passive-treeman", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["flood", "flood"]}, {}], units=units)
    state = act(act(state, 0, play("flood"))[1], 0, play("flood"))[1]
    assert [card.card for card in state.in_play] == ["flood", "flood"]
    events, after = act(state, 0, skirmish("u1", "u2"))
    assert dealt(events)[0] == ("u1", "u2", 12) and life(after, "u2") == (6, 18)


def test_three_floods_make_aqua_damage_x8():
    units = [{"card": "crocodile-of-gree", "controller": 0}, {"card": "passive-treeman", "controller": 1}]
    floods = [{"card": "flood", "controller": 0}] * 3
    events, after = act(table(units=units, spells=floods), 0, skirmish("u1", "u2"))
    assert dealt(events)[0][2] == 24 and [unit.card for unit in after.units] == ["crocodile-of-gree"]


def test_flood_doubles_the_opponents_aqua_units_too():
    # A statement affects both players (L421): seat 1's Flood doubles seat 0's Snow Beast.
    units = [{"card": "snow-beast", "controller": 0}, {"card": "passive-treeman", "controller": 1}]
    events, _after = act(table(units=units, spells=[{"card": "flood", "controller": 1}]), 0, skirmish("u1", "u2"))
    assert dealt(events)[0][2] == 8


def test_warden_of_aqua_with_one_flood_deals_x8_to_an_ember_unit():
    units = [{"card": "warden-of-aqua", "controller": 0}, {"card": "beast-of-pain", "controller": 1}]
    events, after = act(table(units=units, spells=[{"card": "flood", "controller": 0}]), 0, skirmish("u1", "u2"))
    assert dealt(events)[0] == ("u1", "u2", 8) and life(after, "u2") == (14, 22)


def test_three_floods_let_warden_of_aqua_kill_a_beast_of_pain_under_flames_in_one_hit():
    units = [{"card": "warden-of-aqua", "controller": 0}, {"card": "beast-of-pain", "controller": 1}]
    state = table(seats=[{}, {"t": 10, "hand": ["flames-of-preservation"]}], units=units,
                  spells=[{"card": "flood", "controller": 0}] * 3, active=1)
    state = act(state, 1, play("flames-of-preservation", "u2"))[1]
    assert life(state, "u2") == (32, 32)
    state = act(state, 1, END)[1]
    events, after = act(state, 0, skirmish("u1", "u2"))
    assert dealt(events)[0] == ("u1", "u2", 32)
    assert types(events)[-2:] == ["unit_destroyed", "card_discarded"]  # the Flames on it goes with it
    assert after.units[0].card == "warden-of-aqua" and after.in_play[-1].card == "flood"
    assert after.players[1].discard == ["beast-of-pain", "flames-of-preservation"]


# --- Rainfall (L366, L419-421) ------------------------------------------------------------------

def test_my_rainblast_does_extra_damage_when_my_opponent_has_played_rainfall():
    units = [{"card": "beast-of-pain", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["rainblast", "rainblast"]}, {}], units=units)
    events, dry = act(state, 0, play("rainblast", "u1"))
    assert dealt(events) == [("rainblast", "u1", 6)] and life(dry, "u1") == (16, 22)  # 3 aqua x2 on ember
    raining = table(seats=[{"t": 10, "hand": ["rainblast"]}, {}], units=units,
                    spells=[{"card": "rainfall", "controller": 1}])
    assert RULES.view(raining, 0)["tags"] == ["raining"]
    events, wet = act(raining, 0, play("rainblast", "u1"))
    steps = only(events, "damage_dealt").data["steps"]
    assert [(step["step"], step["value"]) for step in steps] == [("amount", 3), ("add", 5), ("cycle", 10)]
    assert life(wet, "u1") == (12, 22) and wet.players[0].discard == ["rainblast"]


# --- Flames of Preservation (L471-481) -----------------------------------------------------------

def test_flames_raises_the_maximum_by_10_and_heals_10():
    state = table(seats=[{"t": 10, "hand": ["flames-of-preservation"]}, {}],
                  units=[{"card": "beast-of-pain", "controller": 0, "life": 15}])
    events, after = act(state, 0, play("flames-of-preservation", "u1"))
    assert types(events) == ["card_declared", "card_in_play", "life_changed"]
    assert only(events, "card_in_play").data["on"] == "u1" and life(after, "u1") == (25, 32)
    assert RULES.view(after, 1)["units"][0]["attached"] == ["s2"]


def test_two_flames_give_20_and_both_go_when_life_reaches_normal():
    state = table(seats=[{"t": 10, "pt": 2, "hand": ["flames-of-preservation"] * 2 + ["flame-lick"] * 2}, {}],
                  units=[{"card": "beast-of-pain", "controller": 0}])
    state = act(act(state, 0, play("flames-of-preservation", "u1"))[1], 0, play("flames-of-preservation", "u1"))[1]
    assert life(state, "u1") == (42, 42)
    state.units[0].life = 26  # hurt down to 26 of 42
    state = act(state, 0, play("flame-lick", "u1"))[1]
    assert life(state, "u1") == (24, 42) and len(state.in_play) == 2  # still above its normal 22
    events, state = act(state, 0, play("flame-lick", "u1"))
    assert [(event.data["card"], event.rule) for event in events if event.type == "card_discarded"] == [
        ("flame-lick", "xi.point.used-up"), ("flames-of-preservation", "xi.house.flames-condition"),
        ("flames-of-preservation", "xi.house.flames-condition")]
    assert life(state, "u1") == (22, 22) and state.in_play == []  # back to normal, and not below


def test_flames_stays_on_a_hurt_unit_until_it_next_loses_life():
    # 5/18 becomes 15/28; it is at or below 18, but Flames ends only on the next loss of life.
    state = table(seats=[{"t": 10, "hand": ["flames-of-preservation", "flame-lick"]}, {}],
                  units=[{"card": "passive-treeman", "controller": 1, "life": 5}])
    state = act(state, 0, play("flames-of-preservation", "u1"))[1]
    assert life(state, "u1") == (15, 28) and len(state.in_play) == 1
    state = act(state, 0, play("flame-lick", "u1"))[1]
    assert life(state, "u1") == (13, 18) and state.in_play == []


def test_a_unit_never_heals_past_its_maximum_even_with_flames():
    state = table(seats=[{"t": 10, "hand": ["flames-of-preservation"]}, {}],
                  units=[{"card": "beast-of-pain", "controller": 0, "life": 30}],
                  spells=[{"card": "flames-of-preservation", "controller": 0, "on": "u1"}])
    events, after = act(state, 0, play("flames-of-preservation", "u1"))
    assert only(events, "life_changed").data == {"target": "u1", "by": 10, "to": 40,
                                                  "cards": {"u1": "beast-of-pain"}}
    assert life(after, "u1") == (40, 42)
    after.units[0].life = 42
    events, full = act(after, 0, END)  # nothing heals a unit at its maximum
    assert life(full, "u1") == (42, 42) and "life_changed" not in types(events)


# --- Thesis, Odd Mage (L459-469) -----------------------------------------------------------------

def test_thesis_may_use_only_printed_odd_numbers_of_units_in_play():
    # Passive Treeman (6T, 0, 18) has lost 1 life: 17 is not printed, so there is no odd number, and
    # with no card to play Thesis strikes at once, for 0.
    units = [{"card": "thesis-odd-mage", "controller": 0}, {"card": "passive-treeman", "controller": 1, "life": 17}]
    state = table(units=units)
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "skirmish"] == [skirmish("u1", "u2")]
    assert dealt(act(state, 0, skirmish("u1", "u2"))[0])[0] == ("u1", "u2", 0)
    # Earth Moth (2T, 1/3) brings 1 and 3; Thesis (Wind) picks 3 as it strikes, doubled on Stone.
    state = act(table(units=[*units, {"card": "earth-moth", "controller": 1}]), 0, skirmish("u1", "u2"))[1]
    assert RULES.legal_actions(state, 0) == [{**STRIKE, "damage": 1}, {**STRIKE, "damage": 3}]
    error = refused(state, 0, {**STRIKE, "damage": 17}, IllegalAction)
    assert error.rule == "xi.house.thesis-choice" and "17" in error.reason
    events, after = act(state, 0, {**STRIKE, "damage": 3})
    assert only(events, "struck").data["damage"] == 3
    assert dealt(events)[0] == ("u1", "u2", 6) and life(after, "u2") == (11, 18)


def test_thesis_cannot_use_the_numbers_of_a_unit_that_has_left_play():
    units = [{"card": "thesis-odd-mage", "controller": 0}, {"card": "earth-moth", "controller": 1},
             {"card": "passive-treeman", "controller": 1}]
    state = table(seats=[{"t": 10, "hand": ["flame-lick", "rainfall"]}, {}], units=units)
    state = act(state, 0, play("flame-lick", "u2"))[1]  # the moth at 1 life
    state = act(act(state, 0, skirmish("u1", "u2"))[1], 0, {**STRIKE, "damage": 3})[1]
    assert [unit.card for unit in state.units] == ["thesis-odd-mage", "passive-treeman"]
    state = act(act(act(state, 0, END)[1], 1, END)[1], 0, skirmish("u1", "u3"))[1]
    assert refused(state, 0, {**STRIKE, "damage": 3}, IllegalAction).rule == "xi.house.thesis-choice"
    assert RULES.legal_actions(state, 0)[-1] == STRIKE


def test_a_defending_thesis_picks_its_damage_as_the_skirmish_strikes():
    units = [{"card": "thesis-odd-mage", "controller": 1}, {"card": "snow-beast", "controller": 0},
             {"card": "earth-moth", "controller": 1}]
    events, state = act(table(units=units), 0, skirmish("u2", "u1"))
    assert types(events) == ["skirmish_declared", "struck", "choice_asked"]
    assert RULES.to_act(state) == 1 and RULES.view(state, 0)["pending"] == [
        {"kind": "choose", "seat": 1, "source": "u1", "card": "thesis-odd-mage", "options": [1, 3],
         "resume": "strike", "attacker": "u2", "target": "u1", "chosen": {}}]
    assert RULES.legal_actions(state, 1) == [{"type": "choose", "choice": 1}, {"type": "choose", "choice": 3}]
    assert refused(state, 0, END).rule == "game.turn-order"
    events, state = act(state, 1, {"type": "choose", "choice": 3})
    assert dealt(events) == [("u2", "u1", 4), ("u1", "u2", 3)] and life(state, "u2") == (13, 16)
    assert RULES.to_act(state) == 0


# --- Master Game Player (L439-441) ---------------------------------------------------------------

def test_a_stolen_master_game_player_does_nothing_that_turn():
    units = [{"card": "master-game-player", "controller": 0}, {"card": "master-game-player", "controller": 1},
             {"card": "earth-soldier", "controller": 1}]
    state = table(seats=[{"t": 10}, {"t": 0}], units=units)
    events, state = act(state, 0, use("u1", "u2"))
    assert only(events, "effect_started").data == {"source": "master-game-player", "to": ["u2"], "where": "1",
                                                   "op": "set", "value": 0, "since": 4,
                                                   "cards": {"u2": "master-game-player"}}
    assert RULES.view(state, 1)["units"][1]["controller"] == 0
    # His now does nothing for that turn: no ability, no skirmish; and yours is used once a turn.
    error = refused(state, 0, use("u2", "u3"), IllegalAction)
    assert error.rule == "xi.house.stolen-unit" and "does nothing this turn" in error.reason
    assert refused(state, 0, skirmish("u2", "u3"), IllegalAction).rule == "xi.house.stolen-unit"
    assert refused(state, 0, use("u1", "u3"), IllegalAction).rule == "xi.card.master-game-player"
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] in ("use", "skirmish")] == [skirmish("u1", "u3")]
    events, state = act(state, 0, END)  # control lasts until the end of the taker's turn
    assert types(events)[:2] == ["turn_ended", "effect_ended"] and state.units[1].controller == 1
    assert RULES.view(state, 0)["units"][1]["controller"] == 1


def test_a_stolen_unit_leaves_its_owner_open_to_a_direct_skirmish():
    units = [{"card": "master-game-player", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    state = act(table(seats=[{"t": 10}, {}], units=units), 0, use("u1", "u2"))[1]
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "skirmish"] == [skirmish("u1", 1)]
    assert act(state, 0, skirmish("u1", 1))[1].players[1].life == 38


def test_master_game_player_is_used_in_its_controllers_turn_only():
    units = [{"card": "master-game-player", "controller": 1}, {"card": "snow-beast", "controller": 0}]
    state = table(seats=[{"t": 10}, {"pt": 10}], units=units)
    assert refused(state, 1, use("u1", "u2")).rule == "xi.time.own-turn"


# --- The start of a turn (L389-391) --------------------------------------------------------------

def test_safety_in_numbers_heals_before_collective_rage_hits_on_timmys_turn():
    # Timmy (seat 0) has Safety in Numbers and a Snow Beast at 2 life; Terry (seat 1) has Collective
    # Rage and two units. It is the start of Timmy's turn: Timmy heals first (2 + 1 = 3), then Terry
    # chooses a unit for 2 ember damage, and the Snow Beast lives on at 1.
    units = [{"card": "snow-beast", "controller": 0, "life": 2}, {"card": "earth-moth", "controller": 1},
             {"card": "earth-soldier", "controller": 1}]
    spells = [{"card": "collective-rage", "controller": 1}, {"card": "safety-in-numbers", "controller": 0}]
    state = table(units=units, spells=spells, active=1)
    events, state = act(state, 1, END)
    assert types(events) == ["turn_ended", "turn_started", "life_changed", "choice_asked"]
    assert only(events, "life_changed").rule == "xi.card.safety-in-numbers" and life(state, "u1") == (3, 16)
    assert RULES.to_act(state) == 1 and state.active == 0  # Terry chooses, in Timmy's turn
    assert [a["choice"] for a in RULES.legal_actions(state, 1)] == ["u1", "u2", "u3"]
    events, state = act(state, 1, {"type": "choose", "choice": "u1"})
    assert dealt(events) == [("s4", "u1", 2)] and only(events, "damage_dealt").rule == "xi.card.collective-rage"
    assert life(state, "u1") == (1, 16) and RULES.to_act(state) == 0


def test_start_of_turn_effects_fire_in_the_opponents_turn_too():
    # "Each turn" includes the opponent's (L399-401); a single legal target is taken without asking.
    state = table(units=[{"card": "earth-moth", "controller": 0, "life": 1}],
                  spells=[{"card": "safety-in-numbers", "controller": 0}])
    events, state = act(state, 0, END)
    assert types(events) == ["turn_ended", "turn_started", "life_changed"] and life(state, "u1") == (2, 3)


# --- Responses in a skirmish (L435-437, L483-501) ----------------------------------------------------

def test_heat_stroke_cast_after_a_skirmish_is_declared_stops_it():
    # L487-489: Heat Stroke stops the skirmish of a non-ember unit; none skirmishes for the rest of the turn.
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "earth-moth", "controller": 0},
             {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["heat-stroke"]}], units=units)
    events, state = act(state, 0, skirmish("u1", "u3"))
    assert types(events) == ["skirmish_declared", "window_opened"] and RULES.to_act(state) == 1
    assert RULES.pending(state)[-1].rule == "xi.skirmish.react"
    events, state = act(state, 1, play("heat-stroke"))
    cancelled = only(events, "skirmish_cancelled")
    assert cancelled.rule == "xi.card.heat-stroke" and cancelled.data["by"] == "heat-stroke"
    assert "damage_dealt" not in types(events) and life(state, "u3") == (16, 16)
    assert RULES.to_act(state) == 0 and state.pending == []
    assert refused(state, 0, skirmish("u2", "u3"), IllegalAction).rule == "xi.card.heat-stroke"


def test_heat_stroke_does_not_stop_an_ember_units_skirmish_already_declared():
    units = [{"card": "beast-of-pain", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 2, "hand": ["heat-stroke"]}], units=units)
    state = act(state, 0, skirmish("u1", "u2"))[1]
    events, state = act(state, 1, play("heat-stroke"))
    assert "skirmish_cancelled" not in types(events) and types(events)[-3:] == ["struck", "damage_dealt", "damage_dealt"]
    assert only(events, "effect_started").data["to"] == ["u2"]  # the snow beast: not ember


def test_1000_sacrifices_may_be_used_after_a_skirmish_is_declared_and_resolves_before_the_damage():
    # L485: the ability comes before the damage, which is simultaneous: a unit cannot deal its damage
    # and then give away the lives it is losing; killed by its own player first, it deals none.
    units = [{"card": "earth-soldier", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    spells = [{"card": "thousand-sacrifices", "controller": 0}]
    state = table(seats=[{"t": 10, "life": 30}, {}], units=units, spells=spells)
    state = act(state, 0, skirmish("u1", "u2"))[1]
    assert RULES.legal_actions(state, 0) == [use("s3", "u1"), STRIKE]
    assert refused(state, 0, END, IllegalAction).rule == "xi.house.skirmish-step"
    events, state = act(state, 0, use("s3", "u1"))
    assert types(events) == ["ability_declared", "life_changed", "life_changed", "unit_destroyed", "skirmish_cancelled"]
    assert only(events, "skirmish_cancelled").rule == "xi.house.skirmish-gone"
    assert state.players[0].life == 32 and life(state, "u2") == (16, 16) and state.pending == []


def test_1000_sacrifices_cannot_be_used_in_the_opponents_turn_even_in_a_window():
    units = [{"card": "earth-moth", "controller": 1}, {"card": "snow-beast", "controller": 0}]
    state = table(seats=[{"t": 10}, {"t": 10, "pt": 5, "hand": ["rainfall"]}], units=units,
                  spells=[{"card": "thousand-sacrifices", "controller": 1}])
    state = act(state, 0, skirmish("u2", "u1"))[1]
    assert RULES.legal_actions(state, 1) == [PASS]
    error = refused(state, 1, use("s3", "u1"), IllegalAction)
    assert error.rule == "xi.time.own-turn" and "T is spent in your own turn only" in error.reason


def test_alchemist_used_after_a_skirmish_is_declared_can_be_answered_with_a_cancel():
    # L499-501: there is no time to use the ability where the opponent cannot answer; their
    # "Cancel a Skirmish" (Sidestep) answers the Alchemist, whose ability still resolves.
    units = [{"card": "alchemist", "controller": 0}, {"card": "earth-soldier", "controller": 0},
             {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 3, "hand": ["sidestep", "earth-moth"]}], units=units)
    state = act(act(state, 0, skirmish("u2", "u3"))[1], 1, PASS)[1]  # the skirmish's window: Jake waits
    assert RULES.to_act(state) == 0 and state.pending[-1].kind == "skirmish"
    events, state = act(state, 0, use("u1", "u3", "wind"))
    assert types(events) == ["ability_declared", "window_opened"] and RULES.to_act(state) == 1
    assert RULES.legal_actions(state, 1) == [PASS, play("sidestep")]
    events, state = act(state, 1, play("sidestep"))
    assert types(events) == ["card_declared", "skirmish_cancelled", "card_discarded", "effect_started"]
    assert RULES.view(state, 1)["units"][2]["type"] == "wind" and life(state, "u3") == (16, 16)
    assert state.pending == [] and RULES.to_act(state) == 0


def test_any_number_of_moves_may_come_before_the_damage_and_none_during_it():
    # L501: the Alchemist's ability twice, then the strike; damage is dealt at once, and Jake, who
    # has pT and a card, gets no window between the strike and the damage.
    units = [{"card": "alchemist", "controller": 0}, {"card": "earth-soldier", "controller": 0},
             {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10}, {"pt": 1, "hand": ["earth-moth"]}], units=units)
    state = act(act(state, 0, skirmish("u2", "u3"))[1], 1, PASS)[1]
    for element in ("ember", "aqua"):
        state = act(act(state, 0, use("u1", "u3", element))[1], 1, PASS)[1]
    assert state.players[0].t == 6 and state.pending[-1].kind == "skirmish"
    events, state = act(state, 0, STRIKE)
    assert types(events) == ["struck", "damage_dealt", "damage_dealt", "unit_destroyed"]
    assert dealt(events)[0] == ("u2", "u3", 4)  # Stone on a unit made Aqua: doubled


def test_wind_warrior_returned_after_declaring_deals_no_damage():
    # L437: "Yes, you can return it after declaring a skirmish ... it would deal no damage."
    units = [{"card": "wind-warrior", "controller": 0}, {"card": "snow-beast", "controller": 1}]
    state = table(seats=[{"t": 10}, {}], units=units)
    state = act(state, 0, skirmish("u1", "u2"))[1]
    events, state = act(state, 0, use("u1"))
    assert types(events) == ["ability_declared", "card_returned", "skirmish_cancelled"]
    assert "damage_dealt" not in types(events) and life(state, "u2") == (16, 16)
    assert state.players[0].hand == ["wind-warrior"]
    assert RULES.to_act(state) == 0 and state.pending == []
