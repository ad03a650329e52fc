"""Scenarios: a Court sandbox game starts from a chosen position, laid out exactly, hidden as in any
game; and the table at any decision of a game is a scenario that lays it out again (a fork)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.contract import Event
from domain.court import RULES
from domain.court.cards import ALL_IDS
from domain.court.scenario import SCENARIO_EXAMPLE
from domain.court.state import BUY, CHOOSE, FIGHT, POWER
from domain.errors import IllegalAction
from domain.rng import Rng
from tests.secrecy import leaves
from tests.unit.court.builders import DECLINE, SKIP, act, all_cards
from tests.unit.events import adopted, only, types
from tests.unit.scenario_checks import check_unnamed_cards_go_under_the_named_deck

LAYOUT = ["deck_shuffled", "row_laid_out", "court_laid_out", "piles_laid_out", "scenario_started"]
ROW = ["minister-sun-1", "poet-moon-1", "general-earth-1", "courtesan-sun-1"]
COURT = [["general-sun-1"], ["tax-collector-moon-1"], ["poet-earth-1"]]
EVERY_CARD = sorted(ALL_IDS)


def lay_out(scenario, seed: str = "scenario", options=None):
    """The scenario's events and the table they fold to from the game's empty table."""
    options = options or {}
    decision = RULES.scenario_setup(1, options, scenario, Rng(seed, "setup"))
    return adopted(RULES, RULES.new_state(1, options), decision)


def refusal(scenario, seats: int = 1, options=None) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        RULES.scenario_setup(seats, options or {}, scenario, Rng("refused", "setup"))
    assert error.value.rule == "court.scenario" and error.value.rule in RULES.rulebook
    return error.value


def test_the_example_lays_out_the_rulebooks_three_clan_generals_and_plays_as_the_rulebook_says():
    events, state = lay_out(SCENARIO_EXAMPLE)
    example = SCENARIO_EXAMPLE
    assert types(events) == LAYOUT
    assert state.row == example["row"] and state.court == example["court"] and state.placed_on == example["placed_on"]
    assert (state.discard, state.daemon_court, state.defeated) == (example["discard"], example["daemon_court"],
                                                                   example["defeated"])
    assert (state.phase, state.turn, state.cp, state.vp, state.drawn_daemons) == (BUY, 9, 6, 14, 4)
    assert sorted(all_cards(state)) == EVERY_CARD and len(state.deck) == 54 - 4 - 6 - 2 - 1 - 2
    assert state.deck[:2] == example["deck"]
    # "If the player has 3 or more Generals [...] representing each of the three clan icons, +2"
    assert RULES.view(state, 0)["generals_strength"] == 3 + 2 + 3 + 2
    assert {"type": "exchange", "space": 3, "slot": 1} in RULES.legal_actions(state, 0)
    events, exchanged = act(state, {"type": "exchange", "space": 3, "slot": 1})
    assert only(events, "minister_paid").data["cp"] == 1 and exchanged.court[3] == ["minister-sun-2"]
    _, phase_2 = act(exchanged, SKIP)
    assert phase_2.row == ["general-moon-2", "courtesan-moon-2", "daemon-8", "daemon-4"] and phase_2.cp == 6 + 1 + 2
    assert phase_2.phase == FIGHT and RULES.legal_actions(phase_2, 0) == [
        {"type": "fight", "slot": 2, "pay": 2}, {"type": "fight", "slot": 3, "pay": 0}, DECLINE]


def test_every_scenario_event_cites_the_sandbox_rule_and_has_a_replay_line_saying_so():
    events, _ = lay_out(SCENARIO_EXAMPLE)
    lines = [RULES.describe(event, ["ana"]) for event in events]
    assert all(event.rule == "court.scenario" for event in events)
    assert all(line and "\n" not in line for line in lines)
    assert lines[0].startswith("The 54 cards are laid out as the scenario says")
    assert all("as the scenario says" in line for line in lines[:3])
    assert lines[2].endswith("space 3: the Earth General (2 VP, strength 3) on the Earth Minister (1 VP); "
                             "space 4: the Sun Courtesan (2 VP); space 5: the Moon Tax Collector (1 VP)")
    assert lines[3].startswith("The scenario's piles are laid out: discard pile: the Earth Courtesan (1 VP)")
    assert lines[4] == "The scenario starts on turn 9 in Phase 1A, with 6 CP, 14 VP and 4 Daemon Princes drawn"
    # A dealt game's shuffle keeps its own line.
    assert RULES.describe(Event("deck_shuffled", "court.setup.shuffle", {"count": 54}), ["ana"]).startswith(
        "The 54 cards are shuffled")


def test_the_example_scenario_is_json_and_is_the_rules_scenario_example():
    assert RULES.scenario_example == SCENARIO_EXAMPLE
    assert json.loads(json.dumps(SCENARIO_EXAMPLE)) == SCENARIO_EXAMPLE


def test_cards_the_scenario_does_not_name_go_under_the_named_deck_in_a_shuffled_order():
    scenario = {"row": ROW, "court": COURT, "deck": ["daemon-9", "poet-sun-1"]}
    named = {*ROW, *(card for stack in COURT for card in stack), "daemon-9", "poet-sun-1"}
    check_unnamed_cards_go_under_the_named_deck(lay_out, scenario, named, EVERY_CARD, all_cards)


def test_only_the_row_is_required_and_the_rest_defaults_to_turn_1_with_10_cp():
    events, state = lay_out({"row": ROW, "court": COURT})
    assert "piles_laid_out" not in types(events)
    assert (state.phase, state.turn, state.cp, state.vp, state.exchanged, state.pending) == (BUY, 1, 10, 0, False, None)
    assert state.spaces == 8 and state.placed_on == [0] * 8 and state.court == COURT + [[]] * 5
    assert refusal({}).reason.startswith("scenario.row: missing")


def test_the_advanced_option_is_the_default_and_a_scenario_naming_it_must_agree_with_the_game():
    _, state = lay_out({"row": ROW, "court": COURT}, options={"advanced": True})
    assert state.spaces == 6 and len(state.court) == 6
    # A scenario that says so is an Advanced Game on a table created without the option (a fork).
    _, state = lay_out({"row": ROW, "court": COURT, "advanced": True})
    assert state.spaces == 6 and len(state.placed_on) == 6
    _, state = lay_out({"row": ROW, "court": COURT, "advanced": False}, options={"advanced": False})
    assert state.spaces == 8
    reason = refusal({"row": ROW, "court": COURT, "advanced": True}, options={"advanced": False}).reason
    assert reason.startswith("scenario.advanced: true, but the game's option advanced is false")


def test_a_scenario_may_start_while_the_starting_cards_are_chosen_with_princes_set_aside():
    scenario = {"phase": CHOOSE, "row": [None, "poet-moon-1", None, "courtesan-sun-1"],
                "court": [["general-sun-1"], [], ["minister-earth-1"]], "set_aside": ["daemon-2", "daemon-7"]}
    events, state = lay_out(scenario)
    assert (state.phase, state.turn, state.cp, state.set_aside) == (CHOOSE, 0, 10, ["daemon-2", "daemon-7"])
    assert "set aside: Daemon Prince 2" in RULES.describe(only(events, "piles_laid_out"), ["ana"])
    events, after = act(state, {"type": "start", "slot": 1, "space": 1})
    assert only(events, "daemons_shuffled_back").data["count"] == 2 and after.phase == BUY and after.turn == 1
    assert after.set_aside == [] and sorted(all_cards(after)) == EVERY_CARD


def test_a_scenario_may_start_with_a_tax_collectors_power_waiting_for_its_decision():
    scenario = {"phase": POWER, "turn": 4, "cp": 3, "row": ROW[1:] + ["minister-moon-1"],
                "court": [["tax-collector-moon-1"], ["poet-moon-2"], ["general-sun-1"]],
                "placed_on": [4, 2, 0, 0, 0, 0, 0, 0], "pending": {"power": "tax", "space": 0, "then": FIGHT}}
    _, state = lay_out(scenario)
    assert state.pending == {"power": "tax", "space": 0, "then": FIGHT, "refill_after": False}
    assert RULES.legal_actions(state, 0) == [{"type": "tax_for_vp", "space": 1}, {"type": "tax_for_cp", "space": 1},
                                             DECLINE]


def test_after_a_courtesans_exchange_slot_0_waits_empty_until_the_power_is_done():
    scenario = {"phase": POWER, "turn": 5, "exchanged": True, "row": [None] + ROW[1:],
                "court": [["tax-collector-moon-1"], ["poet-moon-2"]], "discard": ["courtesan-moon-1"],
                "placed_on": [5, 2, 0, 0, 0, 0, 0, 0], "pending": {"power": "tax", "space": 0, "then": BUY},
                "deck": ["minister-sun-3"]}
    _, state = lay_out(scenario)
    assert state.pending["refill_after"] is True and state.row[0] is None
    events, after = act(state, DECLINE)
    assert types(events) == ["power_declined", "card_drawn"] and after.row[0] == "minister-sun-3"
    assert after.phase == BUY and after.exchanged


BASE = {"row": ROW, "court": COURT}
TAX_WAITS = {"phase": POWER, "turn": 4, "row": ROW[1:] + ["minister-moon-1"],
             "court": [["tax-collector-moon-1"], ["poet-moon-2"]], "placed_on": [4] + [0] * 7,
             "pending": {"power": "tax", "space": 0, "then": FIGHT}}
CHOOSING = {"phase": CHOOSE, "row": ROW}
REFUSED = [
    ([], "scenario", "a JSON object"),
    ({**BASE, "colour": "red"}, "scenario.colour", "no such field"),
    ({"court": COURT}, "scenario.row", "missing"),
    ({**BASE, "row": ROW[:3]}, "scenario.row", "a list of the 4 slots"),
    ({**BASE, "row": ROW[:3] + [7]}, "scenario.row[3]", "is not a card id or null"),
    ({**BASE, "row": ROW[:3] + ["general-fire-1"]}, "scenario.row[3]", "'general-fire-1' is not the id of a Court card"),
    ({**BASE, "row": ROW[:3] + ROW[:1]}, "scenario.row", "minister-sun-1 is listed twice"),
    ({**BASE, "court": [["minister-sun-1"]]}, "scenario.court[0]", "listed twice (also in scenario.row)"),
    ({**BASE, "discard": ["poet-sun-1"], "deck": ["poet-sun-1"]}, "scenario.deck", "(also in scenario.discard)"),
    ({**BASE, "deck": list(ALL_IDS)}, "scenario", "61 cards are named, but the Court has 54"),
    ({**BASE, "court": "general-sun-1"}, "scenario.court", "a list of spaces"),
    ({**BASE, "court": ["general-sun-1"]}, "scenario.court[0]", "a list of card ids"),
    ({**BASE, "court": COURT + [[]] * 6}, "scenario.court", "9 spaces; the Royal Court of the game has 8"),
    ({**BASE, "advanced": True, "court": COURT + [[]] * 4}, "scenario.court", "the Advanced Game has 6"),
    ({**BASE, "advanced": "yes"}, "scenario.advanced", "true or false"),
    ({**BASE, "court": [["daemon-1"]]}, "scenario.court[0]", "daemon-1 cannot be there"),
    ({**BASE, "discard": ["daemon-1"]}, "scenario.discard", "stays in Society Row until defeated"),
    ({**BASE, "daemon_court": ["daemon-1"]}, "scenario.daemon_court", "daemon-1 cannot be there"),
    ({**BASE, "defeated": ["poet-sun-1"]}, "scenario.defeated", "only Daemon Princes are defeated or set aside"),
    ({**BASE, "set_aside": ["daemon-1"]}, "scenario.set_aside", "shuffled back into the deck"),
    ({**BASE, "deck": "daemon-1"}, "scenario.deck", "a list of card ids"),
    ({**BASE, "cp": -1}, "scenario.cp", "-1 is not a number of CP"),
    ({**BASE, "cp": "7"}, "scenario.cp", "not a number of CP"),
    ({**BASE, "vp": True}, "scenario.vp", "not a number of VP"),
    ({**BASE, "turn": 0}, "scenario.turn", "turn 0 is the choice of the starting cards"),
    ({**BASE, "turn": 2.5}, "scenario.turn", "not a turn number"),
    ({**BASE, "phase": "over"}, "scenario.phase", "'over' is not a phase a game can start in"),
    ({**BASE, "exchanged": "yes"}, "scenario.exchanged", "true or false"),
    ({**BASE, "placed_on": [0, 0]}, "scenario.placed_on", "a list of 8 turn numbers"),
    ({**BASE, "turn": 9, "placed_on": [9] + [0] * 7}, "scenario.placed_on[0]", "turn 9 starts"),
    ({**BASE, "court": []}, "scenario.court", "empty, but the 3 starting cards were placed"),
    ({**BASE, "row": ROW[:1] + [None] + ROW[2:]}, "scenario.row[1]", "an empty slot away from the deck"),
    ({**BASE, "row": [None] + ROW[1:]}, "scenario.row[0]", "empty while the deck holds cards"),
    ({**BASE, "row": ["daemon-1", "daemon-2", "daemon-3", "daemon-4"]}, "scenario", "4 Daemon Princes stand"),
    ({**BASE, "row": ["daemon-1"] + ROW[1:], "defeated": [f"daemon-{n}" for n in range(2, 10)]}, "scenario",
     "all 9 Daemon Princes have been drawn"),
    ({**BASE, "phase": FIGHT, "cp": 0, "row": ["daemon-9"] + ROW[1:]}, "scenario.phase", "defeat no Daemon Prince"),
    ({**BASE, "pending": {"power": "tax", "space": 1, "then": FIGHT}}, "scenario.pending", "only in phase power"),
    ({**BASE, "phase": POWER}, "scenario.pending", "missing"),
    ({**TAX_WAITS, "pending": {"power": "tax", "space": 0}}, "scenario.pending", "exactly the fields"),
    ({**TAX_WAITS, "pending": {"power": "poet", "space": 0, "then": FIGHT}}, "scenario.pending.power", "'poet'"),
    ({**TAX_WAITS, "pending": {"power": "tax", "space": 8, "then": FIGHT}}, "scenario.pending.space", "not a space"),
    ({**TAX_WAITS, "pending": {"power": "tax", "space": 0, "then": "end"}}, "scenario.pending.then", "'end'"),
    ({**TAX_WAITS, "pending": {"power": "fight", "space": 0, "then": FIGHT}}, "scenario.pending.space", "not a general"),
    ({**TAX_WAITS, "placed_on": [3] + [0] * 7}, "scenario.pending.space", "its card came on turn 3"),
    ({**TAX_WAITS, "court": [["tax-collector-moon-1"], ["poet-sun-2"]]}, "scenario.pending", "nothing to discard"),
    ({**TAX_WAITS, "row": [None] + ROW[1:], "pending": {"power": "tax", "space": 0, "then": BUY}},
     "scenario.pending.then", "exchanged is true"),
    ({**TAX_WAITS, "exchanged": True, "pending": {"power": "tax", "space": 0, "then": BUY}}, "scenario.row[0]",
     "slot 0 is empty"),
    ({**CHOOSING, "cp": 7}, "scenario.cp", "7 while the starting cards are chosen"),
    ({**CHOOSING, "turn": 2}, "scenario.turn", "2 while the starting cards are chosen"),
    ({**CHOOSING, "row": ["daemon-1"] + ROW[1:]}, "scenario.row[0]", "a Daemon Prince dealt at set-up is set aside"),
    ({**CHOOSING, "court": [["poet-sun-1", "poet-sun-2"]]}, "scenario.court[0]", "each starting card takes an empty"),
    ({**CHOOSING, "court": [["poet-sun-1"], ["poet-sun-2"], ["poet-sun-3"]]}, "scenario.court", "3 starting cards"),
    ({**CHOOSING, "court": [["poet-sun-1"]]}, "scenario.row", "4 cards, but 3 of the 4 dealt are left"),
    ({**CHOOSING, "set_aside": ["poet-sun-1"]}, "scenario.set_aside", "only Daemon Princes"),
]


@pytest.mark.parametrize(("scenario", "field", "why"), REFUSED, ids=[f"{n}-{case[1]}" for n, case in enumerate(REFUSED)])
def test_a_bad_scenario_is_refused_naming_the_field_and_why(scenario, field, why):
    error = refusal(scenario)
    assert error.reason.startswith(f"{field}: "), error.reason
    assert why in error.reason, error.reason


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from([*ROW, "daemon-1", "buy", "tax"]),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["power", "space", "then"]), inner),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(changes=st.dictionaries(st.sampled_from(["row", "court", "placed_on", "deck", "defeated", "cp", "phase", "turn",
                                                "exchanged", "pending", "advanced"]), JSON, max_size=3))
def test_any_json_in_any_field_is_laid_out_or_refused_by_the_sandbox_rule(changes):
    try:
        _, state = lay_out({**TAX_WAITS, **changes})
    except IllegalAction as error:
        assert error.rule == "court.scenario" and error.reason.startswith("scenario")
    else:
        assert sorted(all_cards(state)) == EVERY_CARD


def test_a_scenario_is_for_one_player():
    assert refusal(BASE, seats=2).reason.startswith("scenario: The Court of Xiang Chi is for 1 player")


def test_in_a_scenario_game_the_player_and_a_spectator_see_the_table_but_not_the_deck():
    events, state = lay_out(SCENARIO_EXAMPLE)
    for viewer in (0, None):
        view = RULES.view(state, viewer)
        assert "deck" not in view and view["deck_count"] == len(state.deck)
        seen = leaves(view) | leaves([event.seen_by(viewer) for event in events])
        assert not set(state.deck) & seen, "the viewer learned a card of the deck"
        assert set(SCENARIO_EXAMPLE["row"]) <= seen
    assert events[0].seen_by(0)["hidden"] == ["order"]
    for event in events:
        # The replay line is read from the public data only.
        assert RULES.describe(event, ["ana"]) == RULES.describe(Event(event.type, event.rule, event.data), ["ana"])


def test_a_fork_starts_where_a_decision_is_to_be_taken():
    # Phase 1B draws a fourth Prince that no one can defeat: the game ends after Phase 3.
    _, last_turn = lay_out({**BASE, "row": ["daemon-7", "daemon-8", "daemon-9", "poet-sun-1"], "cp": 0, "deck": ["daemon-6"]})
    events, over = act(last_turn, SKIP)
    assert only(events, "game_ended").data["reason"] == "four-daemons"
    for state, why in [(RULES.new_state(1, {}), "not been dealt"), (over, "over")]:
        with pytest.raises(IllegalAction) as error:
            RULES.scenario_of(state)
        assert error.value.rule == "court.scenario" and "a fork starts where a decision is to be taken" in error.value.reason
        assert why in error.value.reason


def check_fork(state) -> None:
    """scenario_of then scenario_setup gives back an equal table, its view and its decisions."""
    scenario = json.loads(json.dumps(RULES.scenario_of(state)))
    _, forked = lay_out(scenario, "fork")
    assert forked == state
    assert RULES.view(forked, 0, reveal=True) == RULES.view(state, 0, reveal=True)
    assert RULES.legal_actions(forked, 0) == RULES.legal_actions(state, 0)


def play(seed: str, advanced: bool, steps: int, autoplayer: bool, on_state) -> None:
    """A game of `seed` played for up to `steps` decisions, `on_state` called at each one."""
    options = {"advanced": advanced}
    _, state = adopted(RULES, RULES.new_state(1, options), RULES.setup(1, options, Rng(seed, "setup")))
    bot = RULES.bots["autoplayer" if autoplayer else "random"]
    for step in range(steps):
        if RULES.to_act(state) is None:
            return
        on_state(state)
        legal = RULES.legal_actions(state, 0)
        action = bot.choose(RULES.view(state, 0), legal, Rng(seed, f"bot:{step}"))
        _, state = adopted(RULES, state, RULES.decide(state, 0, action, Rng(seed, f"decision:{step}")))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), advanced=st.booleans(), steps=st.integers(1, 400),
       autoplayer=st.booleans())
def test_forking_a_random_game_at_any_decision_lays_out_an_equal_table(seed, advanced, steps, autoplayer):
    play(f"fork-{seed}", advanced, steps, autoplayer, check_fork)


def test_forks_are_taken_in_every_phase_and_play_on_exactly_like_the_original():
    decisions = []
    for n in range(12):
        play(f"fork-and-play-{n}", n % 2 == 0, 400, True, decisions.append)
    kinds = {(state.phase, state.pending and state.pending["then"]) for state in decisions}
    assert {(CHOOSE, None), (BUY, None), (FIGHT, None), (POWER, FIGHT), (POWER, BUY)} <= kinds
    for state in decisions[::7]:
        _, forked = lay_out(RULES.scenario_of(state), "fork")
        for action in RULES.legal_actions(state, 0):
            decided = RULES.decide(state, 0, action, Rng("same", "decide"))
            assert RULES.decide(forked, 0, action, Rng("same", "decide")) == decided


def test_the_scenario_of_a_table_is_a_copy_that_changing_does_not_change_the_table():
    _, state = lay_out(SCENARIO_EXAMPLE)
    before = copy.deepcopy(state)
    scenario = RULES.scenario_of(state)
    assert scenario["deck"] == state.deck and scenario["advanced"] is False
    scenario["court"][0].append("poet-sun-1")
    scenario["row"][0] = None
    scenario["defeated"].append("daemon-9")
    assert state == before
    example = copy.deepcopy(SCENARIO_EXAMPLE)
    lay_out(example)
    assert example == SCENARIO_EXAMPLE
