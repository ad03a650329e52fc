"""Sandbox tables (design 5.4): a scenario lays out a chosen table between turns, the rest dealt;
`scenario_of` writes a table back exactly, so a fork starts where its game was; and every field is
checked, the refusal naming it."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.errors import IllegalAction, RulesError
from domain.rng import Rng
from domain.rules_turns import play_due
from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.game import RULES
from domain.tianxia.state import NEUTRAL
from tests.secrecy import leaves


def laid(scenario, seats=1, seed="sandbox", **options):
    return RULES.scenario_setup(seats, options, scenario, Rng(seed, "setup"))


def refusal(scenario, seats=1) -> str:
    with pytest.raises(IllegalAction) as caught:
        laid(scenario, seats)
    assert caught.value.rule == "tianxia.scenario"
    return caught.value.reason


@pytest.mark.parametrize("seats, options", [(1, {}), (1, {"difficulty": "hard"}), (1, {"difficulty": "emperor"}),
                                            (2, {}), (4, {})])
def test_every_table_between_turns_is_laid_out_again_exactly_from_its_scenario(seats, options):
    dealt = RULES.setup(seats, options, Rng(f"forks-{seats}", "setup"))
    state, chooser, forked, decisions = dealt.state, Rng("forks", "player"), 0, 0
    while RULES.outcome(state) is None and forked < 25:
        try:
            scenario = json.loads(json.dumps(RULES.scenario_of(state)))  # as a client would send it
        except RulesError:
            scenario = None
        if scenario is not None:
            assert laid(scenario, seats, **options).state == state
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


def test_the_rounds_to_come_need_their_tiles_and_attack_cards_and_a_figurine_is_not_held_as_a_tile():
    assert refusal({"attack_deck": []}) == (
        "scenario.attack_deck: a nomad attack card for each of the 3 rounds to come, not 0")
    assert refusal({"round": 2, "round_stacks": [["rampart", "recruits", "rice-sacks"]]}) == (
        "scenario.round_stacks: a stack of bonus tiles for each of the 2 rounds to come, not 1")
    assert laid({"round": 4, "round_stacks": [], "attack_deck": []}).state.round_stacks == []
    assert refusal({"seats": [{"tiles": ["jade-dragon"]}]}).startswith("scenario.seats[0].tiles[0]: 'jade-dragon' is not one of")


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


# --- Tables the rivals could not play ------------------------------------------------------------

def play_out(state, seed: str, most: int = 3000) -> None:
    """Random decisions, the rivals' turns the rules', to the game's end."""
    chooser = Rng(seed, "player")
    for number in range(most):
        rng = Rng(seed, f"decision:{number}")
        decision = play_due(RULES, state, rng)
        if decision is None:
            if (seat := RULES.to_act(state)) is None:
                return
            decision = RULES.decide(state, seat, chooser.choice(RULES.legal_actions(state, seat)), rng)
        state = decision.state
    raise AssertionError(f"the game did not end within {most} decisions")


def test_li_mu_without_a_card_for_every_roll_is_refused_naming_the_field():
    assert refusal({"rival": {"open": []}}).startswith("scenario.rival.open: Li Mu has 2 open cards while he has cards")
    assert refusal({"rival": {"open": ["S09"], "deck": ["S01", "S02", "S03", "S04"]}}).startswith(
        "scenario.rival.open: Li Mu has 2 open cards")
    assert refusal({"rival": {"deck": []}}).startswith("scenario.rival.deck: at least 4 cards")
    assert refusal({"rival": {"turn": 2, "deck": ["S09"]}}).startswith("scenario.rival.deck: at least 2 cards")
    assert refusal({"rival": {"basic": []}}).startswith("scenario.rival.basic: round 2's deck takes")
    assert refusal({"round": 3, "rival": {"basic": ["S02", "S03", "S04", "S05", "S06"], "advanced": ["S01A"]}}).startswith(
        "scenario.rival.advanced: round 4's deck takes")
    # What he will not need: open cards once he has played his four, or passed; stacks after round 4.
    assert laid({"rival": {"turn": 4, "open": [], "deck": []}}).state.rival.deck == []
    assert laid({"rival": {"passed": True, "open": ["S09"], "deck": []}, "active": 0}).state.rival.passed
    assert laid({"round": 4, "rival": {"basic": [], "advanced": []}}).state.rival.basic == []


def test_a_rivals_card_named_twice_or_in_the_wrong_stack_is_refused_naming_the_field():
    assert refusal({"rival": {"open": ["S08", "S09"], "deck": ["S01"] * 12}}) == "scenario.rival.deck: S01 is listed twice"
    open_cards = laid({}).state.rival.open
    assert refusal({"rival": {"deck": [open_cards[0], "S08", "S09", "S07"]}}).startswith(
        f"scenario.rival.deck: {open_cards[0]} is listed twice (also in scenario.rival.open)")
    assert refusal({"rival": {"basic": ["S01", "S01A"]}}) == "scenario.rival.basic[1]: 'S01A' is not one of " + ", ".join(
        card.id for card in RIVALS.deck("li-mu", "basic"))
    assert refusal({"rival": {"basic": ["S01", "S02", "S03", "S04", "S05", "S06"], "advanced": ["S01A", "S02A"]}}) == (
        "scenario.rival.advanced[0]: S01A replaces S01, which his Basic stack holds (tianxia.house.advanced-draw)")
    assert refusal({"rival": {"deck": ["B1"] * 12}}, seats=2) == "scenario.rival.deck: a list of 0 to 9 was expected"
    assert refusal({"rival": {"open": [], "face_down": [], "deck": ["B1", "B2", "B1"]}}, seats=2).startswith("scenario.rival.deck: B1 is listed twice")
    assert refusal({"rival": {"basic": ["B1"]}}, seats=2).startswith("scenario.rival.basic: the Bot has no stacks")


LI_MUS = [card.id for card in RIVALS.deck("li-mu")]
BOTS = [card.id for card in RIVALS.deck("bot")]


def card_lists(ids, most):
    """Lists of a rival's cards: mostly each card once, as a table has them, and sometimes not."""
    return st.one_of(st.lists(st.sampled_from(ids), max_size=most, unique=True), st.lists(st.sampled_from(ids), max_size=most))


@st.composite
def rival_fields(draw, kind: str):
    ids = LI_MUS if kind == "li-mu" else BOTS
    fields = draw(st.fixed_dictionaries({}, optional={
        "deck": card_lists(ids, 12), "discard": card_lists(ids, 6), "basic": card_lists(ids, 10),
        "advanced": card_lists(ids, 8), "turn": st.integers(0, 5), "passed": st.booleans(),
        "markers": st.integers(0, BOARD.li_mu.action_markers)}))
    if draw(st.booleans()):
        if kind == "li-mu":
            fields["open"] = draw(card_lists(ids, 3))
        else:
            fields["open"] = draw(st.lists(st.one_of(st.none(), st.sampled_from(ids)), max_size=3))
            fields["face_down"] = [card is not None and draw(st.booleans()) for card in fields["open"]]
    return fields


@settings(max_examples=120, deadline=None)
@given(difficulty=st.sampled_from(BOARD.solo.difficulties), rival=rival_fields("li-mu"), round_=st.integers(1, 4),
       rolls=st.lists(st.integers(1, 6), max_size=6), seed=st.integers(0, 999))
def test_a_solo_scenario_is_refused_naming_its_field_or_li_mu_plays_it_to_the_end(difficulty, rival, round_, rolls, seed):
    scenario = {"rival": rival, "round": round_, "rolls": rolls}
    try:
        state = laid(scenario, 1, f"any-{seed}", difficulty=difficulty).state
    except IllegalAction as refused:
        assert refused.rule == "tianxia.scenario" and refused.reason.startswith("scenario.")
        return
    play_out(state, f"any-{seed}")


@settings(max_examples=80, deadline=None)
@given(rival=rival_fields("bot"), round_=st.integers(1, 4), seed=st.integers(0, 999))
def test_a_scenario_with_the_bot_is_refused_naming_its_field_or_the_bot_plays_it_to_the_end(rival, round_, seed):
    try:
        state = laid({"rival": rival, "round": round_}, 2, f"bot-{seed}").state
    except IllegalAction as refused:
        assert refused.rule == "tianxia.scenario" and refused.reason.startswith("scenario.")
        return
    play_out(state, f"bot-{seed}")
