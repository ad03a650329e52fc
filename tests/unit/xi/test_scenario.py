"""Scenarios (domain/xi/scenario.py): a chosen table in place of a deal. It lays out what it says,
hides from each seat what a deal hides, writes back exactly (a window under way included, so a
fork can start inside it), and a bad one is refused naming the field."""

import copy

import pytest

from domain.errors import IllegalAction
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards.decks import NAMED
from tests.unit.events import adopted, types
from tests.unit.xi.builders import PASS, act, play, table
from tests.unit.xi.test_random_games import play as random_game

EXAMPLE = RULES.scenario_example


def laid_out(scenario, seats=2, seed="scenario"):
    return adopted(RULES, RULES.new_state(seats, {}), RULES.scenario_setup(seats, {}, scenario, Rng(seed)))


def test_the_example_lays_out_jakes_window_on_a_skirmish_and_he_may_answer_with_heat_stroke():
    """What the scenario is for: "what if Jake had answered with Heat Stroke?"."""
    events, state = laid_out(EXAMPLE)
    assert types(events) == ["seat_laid_out", "seat_laid_out", "table_laid_out"]
    assert RULES.to_act(state) == 1 and RULES.pending(state)[-1].rule == "xi.skirmish.react"
    assert RULES.legal_actions(state, 1) == [PASS, play("heat-stroke")]
    seen = RULES.view(state, None)
    assert [unit["life"] for unit in seen["units"]] == [12, 16] and seen["units"][0]["max_life"] == 32
    assert seen["players"][0]["discard"] == ["river-sprite"] and seen["players"][0]["deck_size"] == 45
    answered, after = act(state, 1, play("heat-stroke"))
    assert "skirmish_cancelled" in types(answered) and after.units[0].life == 12  # what if he had?
    struck = act(act(state, 1, PASS)[1], 0, {"type": "strike"})[0]
    assert [event.data["amount"] for event in struck if event.type == "damage_dealt"] == [16, 7]  # 4x2x2; 7


def test_the_named_top_of_a_deck_is_on_top_and_the_rest_of_its_list_is_shuffled_under_it():
    one, two = laid_out(EXAMPLE, seed="one")[1], laid_out(EXAMPLE, seed="two")[1]
    assert one.players[0].deck[0] == two.players[0].deck[0] == "rainfall"
    assert one.players[0].deck != two.players[0].deck and sorted(one.players[0].deck) == sorted(two.players[0].deck)
    assert one.players[0].deck_list == list(NAMED["aqua"])


def test_each_seat_is_shown_its_own_hand_deck_list_and_standing_rules_and_nobody_the_deck_order():
    events, state = laid_out(EXAMPLE)
    for seat, event in enumerate(events[:2]):
        assert event.private_to == seat and set(event.private) == {"hand", "deck_list", "standing"}
        assert event.secret.keys() == {"deck"} and "hand" not in event.seen_by(1 - seat)["data"]
    assert RULES.view(state, 1)["hand"] == ["heat-stroke"] and RULES.view(state, 1)["standing"] is None
    assert RULES.view(state, 0)["standing"]["kinds"] == {"draw": "pass"} and "hands" not in RULES.view(state, 1)


def test_a_table_written_back_lays_out_the_same_table():
    state = laid_out(EXAMPLE)[1]
    again = laid_out(RULES.scenario_of(state), seed="other")[1]
    assert again == state and RULES.scenario_of(again) == RULES.scenario_of(state)


def test_tables_of_random_games_of_two_to_four_write_back_exactly_windows_included():
    written = {"window": 0, "skirmish": 0, "refused": 0}

    def round_trip(state, seat, action, rng):
        if state.phase != "play":
            return
        try:
            scenario = RULES.scenario_of(state)
        except IllegalAction as refused:
            assert refused.rule == "xi.scenario" and "choice" in refused.reason
            written["refused"] += 1
            return
        again = laid_out(copy.deepcopy(scenario), seats=state.seats, seed=f"rt-{state.turn}")[1]
        assert again == state
        for step in state.pending:
            written[step.kind] += 1

    for seats, seed in ((2, 2), (3, 11), (4, 12)):
        random_game(seed, resign_one_in=10**9, seats=seats, watch=round_trip)
    assert written["window"] > 20 and written["skirmish"] > 10 and written["refused"] > 0, written


def test_a_fork_cannot_start_while_a_choice_is_asked_nor_before_the_decks_are_in():
    units = [{"card": "earth-moth", "controller": 0}, {"card": "earth-soldier", "controller": 0}]
    state = table(seats=[{}, {"t": 10}], units=units, spells=[{"card": "collective-rage", "controller": 0}],
                  active=1)
    state = act(state, 1, {"type": "end_turn"})[1]  # Collective Rage asks its controller for a target
    assert state.pending[-1].kind == "choose"
    with pytest.raises(IllegalAction, match="choice is asked"):
        RULES.scenario_of(state)
    with pytest.raises(IllegalAction, match="decks are still being brought"):
        RULES.scenario_of(RULES.setup(2, {}, Rng("x")).state)


def changed(path, value):
    """The example with one field changed (None deletes it)."""
    scenario = copy.deepcopy(EXAMPLE)
    *parents, last = path
    holder = scenario
    for key in parents:
        holder = holder[key]
    if value is None:
        del holder[last]
    else:
        holder[last] = value
    return scenario


REFUSALS = [
    (("colour",), "blue", "scenario.colour: no such field"),
    (("players",), [{}], "scenario.players: a list of 2 seats"),
    (("players", 0, "life"), 100, "scenario.players[0].life: 100 is not the life of a player in the game"),
    (("players", 0, "pt"), 21, "scenario.players[0].pt: 21 is not pT"),
    (("players", 1, "t"), 3, "scenario.players[1].t: T is only the active player's"),
    (("players", 0, "hand"), ["black-lotus"], "scenario.players[0].hand[0]: 'black-lotus' is not the id of a Xi card"),
    (("players", 0, "hand"), ["rainblast"] * 4, "scenario.players[0].deck_list: the seat's cards hold 4 of rainblast"),
    (("players", 0, "deck_list"), "sampler", "scenario.players[0].deck_list: 'sampler' is not a named deck"),
    (("players", 0, "deck_list"), ["flood"] * 4, "scenario.players[0].deck_list: the seat's deck, a deck holds 30"),
    (("players", 0, "standing"), {"kinds": {"draw": "maybe"}}, "scenario.players[0].standing.kinds.draw: 'maybe'"),
    (("active",), 2, "scenario.active: 2 is not a seat"),
    (("turn",), 401, "scenario.turn: 401 is not a turn"),
    (("units", 0, "card"), "flood", "scenario.units[0].card: Flood is a statement, not a unit"),
    (("units", 0, "life"), 0, "scenario.units[0].life: 0 is not a unit's life"),
    (("units", 0, "controller"), 5, "scenario.units[0].controller: 5 is not a seat"),
    (("in_play", 1, "on"), 7, "scenario.in_play[1].on: Flames of Preservation is cast on a unit"),
    (("in_play", 0, "on"), 0, "scenario.in_play[0].on: Flood is not cast on a unit"),
    (("pending",), [{"kind": "choose", "seat": 1}], "scenario.pending: at most a skirmish under way"),
    (("pending", 0, "attacker"), "u1", "scenario.pending[0].attacker: 'u1' is not a unit in play that has used its skirmish"),
    (("pending", 1, "seat"), 0, "scenario.pending[1].seat: a window waits on another seat than the declarer"),
    (("pending", 1, "on", "kind"), "shout", "scenario.pending[1].on.kind: 'shout' is not a kind of declaration"),
    (("pending", 1, "on", "target"), "u9", "scenario.pending[1].on: a window on a skirmish answers the skirmish under way"),
    (("quiet_turns",), 6, "scenario.quiet_turns: 6 is not a count of quiet turns below the draw"),
    (("effects",), [{"source": "alchemist", "to": ["u1"], "where": "2", "op": "set", "value": "mud", "since": 9}],
     "scenario.effects[0].value: 'mud' is not a type"),
]


@pytest.mark.parametrize("path, value, reason", REFUSALS, ids=[".".join(map(str, r[0])) for r in REFUSALS])
def test_a_bad_scenario_is_refused_naming_the_field(path, value, reason):
    with pytest.raises(IllegalAction) as refused:
        RULES.scenario_setup(2, {}, changed(path, value), Rng("bad"))
    assert refused.value.rule == "xi.scenario" and refused.value.reason.startswith(reason), refused.value.reason


def test_a_scenario_for_three_lays_out_a_player_out_of_the_game():
    scenario = {"players": [{"t": 10, "deck_list": "aqua"}, {"deck_list": "aqua"},
                            {"out": True, "discard": ["flood"], "deck_list": "aqua"}]}
    state = laid_out(scenario, seats=3)[1]
    assert state.players[2].out and RULES.to_act(state) == 0
    state = act(state, 0, {"type": "end_turn"})[1]
    assert state.active == 1
    with pytest.raises(IllegalAction, match=r"scenario.units\[0\].owner: seat 2 is out of the game"):
        RULES.scenario_setup(3, {}, {"players": [{"deck_list": "aqua"}, {"deck_list": "aqua"},
                                                 {"out": True, "deck_list": "aqua"}],
                                     "units": [{"card": "earth-moth", "controller": 0, "owner": 2}]}, Rng("x"))


def test_a_skirmish_declared_in_a_scenario_strikes_as_in_a_game():
    scenario = {"players": [{"t": 5, "deck_list": "stone"}, {"deck_list": "aqua"}],
                "units": [{"card": "earth-soldier", "controller": 0, "skirmishes": 1},
                          {"card": "snow-beast", "controller": 1}],
                "pending": [{"kind": "skirmish", "seat": 0, "attacker": "u1", "target": "u2"}]}
    state = laid_out(scenario)[1]
    assert RULES.legal_actions(state, 0)[-1] == {"type": "strike"}
    events, state = act(state, 0, {"type": "strike"})
    assert [unit.card for unit in state.units] == ["snow-beast"] and state.units[0].life == 12
