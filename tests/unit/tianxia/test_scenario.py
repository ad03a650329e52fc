"""Sandbox tables (design 5.4): a scenario lays out a chosen table between turns, the rest dealt;
`scenario_of` writes a table back exactly, so a fork starts where its game was; and every field is
checked, the refusal naming it."""

import json

import pytest

from domain.errors import IllegalAction, RulesError
from domain.rng import Rng
from domain.rules_turns import play_due
from domain.tianxia.rules import RULES
from domain.tianxia.state import NEUTRAL
from tests.secrecy import leaves


def laid(scenario, seats=1, seed="sandbox", **options):
    return RULES.scenario_setup(seats, options, scenario, Rng(seed, "setup"))


def refusal(scenario, seats=1) -> str:
    with pytest.raises(IllegalAction) as caught:
        laid(scenario, seats)
    assert caught.value.rule == "tianxia.scenario"
    return caught.value.reason


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_table_between_turns_is_laid_out_again_exactly_from_its_scenario(seats):
    dealt = RULES.setup(seats, {}, Rng(f"forks-{seats}", "setup"))
    state, chooser, forked, decisions = dealt.state, Rng("forks", "player"), 0, 0
    while RULES.outcome(state) is None and forked < 25:
        try:
            scenario = json.loads(json.dumps(RULES.scenario_of(state)))  # as a client would send it
        except RulesError:
            scenario = None
        if scenario is not None:
            assert laid(scenario, seats).state == state
            forked += 1
        rng = Rng("forks", f"decision:{decisions}")
        decision = play_due(RULES, state, rng)
        if decision is None:
            seat = RULES.to_act(state)
            decision = RULES.decide(state, seat, chooser.choice(RULES.legal_actions(state, seat)), rng)
        state, decisions = decision.state, decisions + 1
    assert forked == 25


def test_a_table_in_the_middle_of_a_turn_or_the_opening_has_no_scenario_and_says_why():
    dealt = RULES.setup(1, {}, Rng("mid", "setup"))
    with pytest.raises(IllegalAction, match=r"^scenario\.phase: .*the opening's choices are made in a deal"):
        RULES.scenario_of(dealt.state)


def test_what_a_scenario_does_not_name_is_dealt_and_its_rolls_fix_li_mus_die():
    scenario = {"nomads": {"xiongnu": {"strength": 7}}, "active": 1, "rolls": [6, 1]}
    state = laid(scenario).state
    assert state.nomads["xiongnu"].strength == 7 and state.nomads["yuezhi"].strength >= 1
    assert state.round == 1 and state.phase == "action" and RULES.rules_turn(state) == "li-mu"
    deck_top = state.rival.deck[0]
    turn = RULES.play_rules_turn(state, Rng("sandbox", "decision:2"))
    chosen = turn.events[0]
    assert (chosen.data["roll"], chosen.data["card"]) == (6, deck_top) and turn.state.rolls == [1]


def test_a_field_the_scenario_does_not_know_or_a_wrong_value_is_refused_naming_it():
    assert refusal({"weather": "rain"}).startswith("scenario.weather: no such field")
    assert refusal({"round": 5}) == "scenario.round: 5 is not a whole number from 1 to 4"
    assert refusal({"seats": [{"prestige": -1}]}).startswith("scenario.seats[0]: prestige: -1 is not a whole number")
    assert refusal({"seats": [{"figurines": ["tiger", "tiger"]}]}) == (
        "scenario.seats[0].figurines: never two of a kind (tianxia.figurine.one-each)")
    assert refusal({"sites": {"qi-1": {"building": "academy"}}}).startswith(
        "scenario.sites.qi-1.building: 'academy' is not one of"), "a passive building on an income site"


def test_a_table_breaking_a_count_of_the_board_is_refused():
    too_many = {wall: {"walls": [0] * 5, "towers": [], "soldiers": []} for wall in ("longxi", "yunzhong", "yanmen", "yuyang")}
    assert refusal({"sections": too_many}) == "scenario.sections.longxi.walls: a list of 0 to 4 was expected"
    palace = RULES.scenario_of(laid({}).state)["palace"]
    palace["blue"][5].append(0)
    assert refusal({"palace": palace}) == "scenario.palace.blue: each owner's marker and the neutral marker, once each"
    assert refusal({"barges": {"timber-barge": [0, 0, 0, 0], "stone-barge": [], "grain-barge": [], "coin-barge": []}}) == (
        "scenario.barges.timber-barge: a list of 0 to 3 was expected")


def test_it_cannot_be_the_turn_of_someone_who_has_passed():
    assert refusal({"seats": [{"passed": True}], "active": 0}) == "scenario.active: owner 0 has passed; it cannot be their turn"


def test_laying_out_a_scenario_shows_each_seat_its_own_objectives_and_no_deck_order():
    decision = laid({}, seats=2)
    table = decision.events[0]
    assert table.type == "table_laid" and "table" in table.secret and set(table.data) >= {"round", "order", "active"}
    for seat in (0, 1):
        mine = [event for event in decision.events if event.private_to == seat]
        assert [event.type for event in mine] == ["seat_laid"]
        assert mine[0].private["objectives"] == decision.state.seats[seat].objectives
    public = leaves(RULES.view(decision.state, None))
    assert not set(decision.state.objective_deck) & leaves(dict(table.data)) and not leaves(dict(table.data)) - public - {
        "solo", "bot"} - {str(owner) for owner in decision.state.order}


def test_the_example_scenario_is_laid_out():
    state = laid(RULES.scenario_example).state
    assert [state.nomads[n].strength for n in ("yuezhi", "loufan", "xiongnu", "donghu")] == [3, 4, 5, 5]
    assert state.rolls == [3] and NEUTRAL in state.palace["black"][4]
