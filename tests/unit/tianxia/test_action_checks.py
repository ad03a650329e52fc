"""The legal list and the checks agree: in random games, every action the list offers passes the
check, and every near miss (a listed action with one field changed, or a type out of its place)
is refused naming a rule of the rulebook; some refusals across the phases, with the rule they cite."""

import copy

import pytest

from domain.errors import IllegalAction, NotYourTurn
from domain.rng import Rng
from domain.rules_turns import play_due
from domain.tianxia.board.loader import BOARD
from domain.tianxia.decide import FORM, check
from domain.tianxia.rulebook import RULEBOOK
from domain.tianxia.game import RULES
from tests.unit.tianxia.tables import clear_board, opened

RICH = {"coins": 20, "wood": 10, "stone": 10, "rice": 10, "silk": 3, "salt": 3, "bronze": 3}


def refusal(state, seat, action):
    """The rule `check` cites refusing `action`, or None when it passes."""
    try:
        check(state, seat, action)
    except IllegalAction as refused:
        return refused.rule
    return None


def near_misses(offered):
    """Actions close to those offered: each with one field's value swapped for another type's or
    another action's, and every type with the fields of its form but values of a listed one."""
    values = {}
    for action in offered:
        for field, value in action.items():
            if field != "type":
                values.setdefault(field, []).append(value)
    found = []
    for action in offered:
        for field in action:
            if field == "type":
                continue
            for value in {repr(value): value for value in values[field] + [None, "nowhere", 99]}.values():
                found.append({**action, field: value})
    for kind, fields in FORM.fields.items():
        if kind in ("resign", "arrangement", "start", "supply"):
            continue
        found.append({"type": kind, **{field: (values.get(field) or [None])[0] for field in fields
                                       if field not in FORM.optional.get(kind, ())}})
    return found


@pytest.mark.parametrize("seats, options", [(1, {"difficulty": "easy"}), (2, {}), (3, {})])
def test_every_listed_action_passes_the_check_and_every_near_miss_is_refused_citing_a_rule(seats, options):
    seed = f"checks-{seats}"
    dealt = RULES.setup(seats, options, Rng(seed, "setup"))
    state, chooser, decisions, checked = dealt.state, Rng(seed, "player"), 0, 0
    while RULES.outcome(state) is None:
        rng = Rng(seed, f"decision:{decisions}")
        decision = play_due(RULES, state, rng)
        if decision is None:
            seat = RULES.to_act(state)
            offered = RULES.legal_actions(state, seat)
            for action in offered:
                assert refusal(state, seat, action) is None, action
            for action in near_misses(offered):
                rule = refusal(state, seat, action)
                assert (rule is None) == (action in offered), (action, rule)
                assert rule is None or rule in RULEBOOK, rule
                checked += 1
            decision = RULES.decide(state, seat, chooser.choice(offered), rng)
        state, decisions = decision.state, decisions + 1
    assert checked > 1000


def seat_table(seats=1, **goods):
    state = copy.deepcopy(opened(seats, "checks", **({"difficulty": "easy"} if seats == 1 else {})))
    clear_board(state)
    seat = state.active
    state.seats[seat].goods = {**RICH, **goods}
    return state, seat


def decided(state, seat, action):
    return RULES.decide(state, seat, action, Rng("checks", "decision:1")).state


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as caught:
        RULES.decide(state, seat, action, Rng("checks", "decision:1"))
    return caught.value.rule, str(caught.value)


def test_refusals_name_the_rule_broken_in_every_part_of_the_turn():
    state, seat = seat_table()
    assert refused(state, seat, {"type": "region", "region": "shu"})[0] == "tianxia.action.region"
    assert refused(state, seat, {"type": "wall", "section": "liaodong"})[0] == "tianxia.action.fortify"
    assert refused(state, seat, {"type": "governor", "site": "x", "space": 0})[0] == "tianxia.action.governor"
    assert refused(state, seat, {"type": "end"})[0] == "tianxia.house.region-order"
    assert refused(state, seat, {"type": "good", "good": "silk"})[0] == "tianxia.house.region-order"
    assert refused(state, seat, {"type": "buy_advance", "track": "blue"})[0] == "tianxia.house.pass-advances"
    assert refused(state, seat, {"type": "region", "region": "han", "extra": 1}) == (
        "tianxia.action.turns", "extra: a region action has no such field")

    poor = copy.deepcopy(state)
    poor.seats[seat].goods = {**RICH, "coins": 0}
    poor.discs = {**poor.discs, "han": [NEUTRAL_DISC]}
    rule, why = refused(poor, seat, {"type": "region", "region": "han"})
    assert rule == "tianxia.action.region" and why.startswith("coins: a disc on han (1 there already) costs 1")
    no_discs = copy.deepcopy(state)
    no_discs.seats[seat].discs = 0
    assert refused(no_discs, seat, {"type": "military", "track": "blue"}) == (
        "tianxia.action.military", "type: you have no action disc left for a Military action")
    assert refused(no_discs, seat, {"type": "discard_disc"})[0] == "tianxia.free.discard-disc"

    military = decided(state, seat, {"type": "military", "track": "red"})
    while military.owed:
        military = decided(military, seat, RULES.legal_actions(military, seat)[0])
    section = next(iter(BOARD.walls))
    fortified = decided(military, seat, {"type": "wall", "section": section})
    assert refused(fortified, seat, {"type": "soldier", "section": section}) == (
        "tianxia.action.military", "type: this Military action is to fortify: no soldier in it")
    assert refused(fortified, seat, {"type": "barge", "barge": next(iter(BOARD.barges))})[0] == "tianxia.action.turns"

    passed = decided(state, seat, {"type": "pass"})
    if passed.active == seat and passed.acting is not None:
        assert refused(passed, seat, {"type": "discard_disc"})[0] == "tianxia.action.pass"


def test_a_seat_whose_turn_it_is_not_is_told_so_before_anything_about_its_action():
    state, seat = seat_table(seats=2)
    other = next(s for s in range(2) if s != seat)
    with pytest.raises(NotYourTurn):
        check(state, other, {"type": "no-such-thing", "x": 1})


NEUTRAL_DISC = 9  # a disc of no seat's, so that a region costs a coin
