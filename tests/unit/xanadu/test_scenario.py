"""Scenarios: a sandbox Xanadu game starts from a chosen position, laid out exactly, hidden as in any
game; and a game forked at the start of a turn lays out the same table and plays on the same way."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.contract import Event
from domain.errors import IllegalAction
from domain.rng import Rng
from domain.xanadu import RULES
from domain.xanadu.cards import ALL_IDS, CARDS, DECKS, END_MARKER, FIRST_EDITION, LATEST_EDITION, name_of
from domain.xanadu.scenario import SCENARIO_EXAMPLE
from domain.xanadu.state import BUILD, CONFIRM, FOOTHOLD, OVER, SELL, SETUP, START, WORKERS
from tests.secrecy import leaves
from tests.unit.events import adopted, only, types
from tests.unit.scenario_checks import check_unnamed_cards_go_under_the_named_deck
from tests.unit.xanadu.builders import DONE, END_SELL, END_TURN, act, cover, run, worker
from tests.unit.xanadu.test_random_games import every_card

NAMES = ["ana", "bo", "cy", "di"]
EVERY_CARD = sorted(ALL_IDS)
LAYOUT = ["deck_shuffled", "hand_dealt", "hand_dealt"]


def lay_out(scenario, seed: str = "scenario", seats: int = 2, edition: int = FIRST_EDITION):
    """The scenario's events and the table they fold to from the empty table of a game of `edition`."""
    options = {"edition": edition}
    empty = RULES.new_state(seats, options)
    return adopted(RULES, empty, RULES.scenario_setup(seats, options, scenario, Rng(seed, "setup")))


def refusal(scenario, seats: int = 2) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        RULES.scenario_setup(seats, {}, scenario, Rng("refused", "setup"))
    assert error.value.rule == "xanadu.scenario" and error.value.rule in RULES.rulebook
    return error.value


def workers(state) -> list[list[list[str]]]:
    return [[b["workers"] for b in owned] for owned in state.buildings]


def test_the_example_scenario_lays_out_exactly_the_table_it_names_and_starts_that_turn():
    events, state = lay_out(SCENARIO_EXAMPLE)
    ana, bo = SCENARIO_EXAMPLE["seats"]
    assert types(events) == LAYOUT + ["buildings_laid_out", "discard_laid_out", "scores_laid_out",
                                      "end_marker_laid_out", "turn_started"]
    assert state.hands == [ana["hand"], bo["hand"]]
    assert [[b["card"] for b in owned] for owned in state.buildings] == [
        ["jade-garden", "clay-pit-west", "library-upper"], ["goldsmith", "silk-farm-upper", "bronze-foundry", "timber-hall-east"]]
    assert [[len(w) for w in owned] for owned in workers(state)] == [[0, 0, 2], [0, 0, 1, 1]]
    assert state.buildings[0][2]["workers"] == ["armory", "lumber-yard-west"]
    assert state.discard == ["well-east", "sawmill-east"] and state.deck[:2] == ["mint", "lotus-pond"]
    assert state.reshuffled and state.deck[-4] == END_MARKER and state.deck.count(END_MARKER) == 1
    assert state.scores == [19, 27]
    assert (state.phase, state.current, state.turn, state.starting) == (SELL, 0, 31, [None, None])
    assert sorted(every_card(state)) == EVERY_CARD
    assert only(events, "turn_started").data == {"seat": 0, "turn": 31}
    assert RULES.to_act(state) == 0 and RULES.outcome(state) is None


def test_in_the_example_ana_can_build_the_summer_palace_with_her_whole_hand():
    _, state = lay_out(SCENARIO_EXAMPLE)
    _, state = act(state, END_SELL)
    assert {"type": "build", "card": "summer-palace"} in RULES.legal_actions(state, 0)
    _, state = run(state, {"type": "build", "card": "summer-palace"}, cover(0, 0), cover(0, 1), cover(1, 1), cover(1, 1), DONE,
                   *(worker(card) for card in ["well-west", "tea-house-lower", "moon-gate", "quarry-east"]))
    assert state.phase == CONFIRM
    events, state = act(state, END_TURN)
    assert only(events, "building_constructed").data == {"seat": 0, "card": "summer-palace"}
    sold = only(events, "building_autosold")
    assert sold.data["seat"] == 1 and sold.data["card"] == "silk-farm-upper" and sold.data["value"] == 4
    assert "summer-palace" in [b["card"] for b in state.buildings[0]] and state.scores == [19, 31]
    assert state.hands[0] == ["mint"], "one card drawn after the turn: the named top of the deck"


def test_every_scenario_event_cites_the_sandbox_rule_or_its_own_rule_and_has_a_replay_line():
    events, _ = lay_out(SCENARIO_EXAMPLE)
    for event in events:
        assert event.rule in RULES.rulebook
        proper = {"turn_started": "xanadu.turn.phases", "foothold_offered": "xanadu.house.foothold"}
        assert event.rule == proper.get(event.type, "xanadu.scenario"), event
        line = RULES.describe(event, NAMES)
        assert line and "\n" not in line
        if event.rule == "xanadu.scenario":
            assert "scenario" in line, line
    assert RULES.rulebook["xanadu.scenario"].section == "Sandbox"
    assert RULES.describe(events[0], NAMES).startswith("The 75 buildings are laid out as the scenario says")
    assert RULES.describe(events[1], NAMES) == "ana is dealt the scenario's hand of 5 cards"
    assert RULES.describe(only(events, "buildings_laid_out"), NAMES).startswith(
        "The buildings in play are laid out as the scenario says, workers face down: ana: the Jade Garden,"
        " the Clay Pit (West), the Library (Upper) (2 rows covered); bo: the Goldsmith")
    assert "END OF GAME marker lies among its last 10 cards" in RULES.describe(only(events, "end_marker_laid_out"), NAMES)
    # A dealt game's lines are unchanged.
    dealt = RULES.setup(2, {}, Rng("dealt", "setup")).events
    assert RULES.describe(dealt[0], NAMES) == "The 75 buildings are shuffled"
    assert RULES.describe(dealt[1], NAMES) == "ana is dealt 7 cards"


def test_the_example_scenario_is_json_and_is_the_rules_scenario_example():
    assert RULES.scenario_example == SCENARIO_EXAMPLE
    assert json.loads(json.dumps(SCENARIO_EXAMPLE)) == SCENARIO_EXAMPLE


def test_cards_the_scenario_does_not_name_go_under_the_named_deck_in_a_shuffled_order():
    scenario = {"seats": [{"hand": ["mint", "well-west"], "buildings": ["quarry-east"]}, {"buildings": ["well-east"]}],
                "deck": ["lotus-pond", "armory"]}
    named = {"mint", "well-west", "quarry-east", "well-east", "lotus-pond", "armory"}
    check_unnamed_cards_go_under_the_named_deck(lay_out, scenario, named, EVERY_CARD, every_card)


def test_worker_cards_the_scenario_does_not_name_are_unnamed_cards_taken_at_random():
    scenario = {"seats": [{"hand": ["mint"], "buildings": [{"card": "quarry-east", "covered": 2}]},
                          {"buildings": [{"card": "well-east", "covered": 1, "workers": ["armory"]}]}]}
    events, one = lay_out(scenario, "one")
    _, two = lay_out(scenario, "two")
    assert only(events, "buildings_laid_out").data == {"buildings": [[{"card": "quarry-east", "workers": 2}],
                                                                     [{"card": "well-east", "workers": 1}]]}
    for state in (one, two):
        assert len(state.buildings[0][0]["workers"]) == 2 and state.buildings[1][0]["workers"] == ["armory"]
        assert not {"mint", "quarry-east", "well-east", "armory"} & set(state.buildings[0][0]["workers"])
        assert sorted(every_card(state)) == EVERY_CARD
    assert one.buildings[0][0]["workers"] != two.buildings[0][0]["workers"]


def test_only_the_seats_are_required_and_a_player_with_nothing_in_play_first_puts_a_building_in_play():
    events, state = lay_out({"seats": [{"hand": ["mint", "well-west"]}, {"buildings": ["well-east"]}]})
    assert types(events) == LAYOUT + ["buildings_laid_out", "turn_started", "foothold_offered"]
    assert only(events, "foothold_offered").rule == "xanadu.house.foothold"
    assert (state.phase, state.current, state.turn, state.scores, state.discard) == (FOOTHOLD, 0, 1, [0, 0], [])
    assert not state.reshuffled and END_MARKER not in state.deck and len(state.deck) == 72
    assert RULES.legal_actions(state, 0) == [{"type": "start", "card": "well-west"}], "brown first, as at set-up"


def test_the_turn_and_the_seat_to_play_follow_from_seat_0_and_the_seat_order():
    seats = [{"buildings": ["well-east"]}, {"buildings": ["well-west"]}, {"buildings": ["quarry-east"]}]
    for named, (current, turn) in [({}, (0, 1)), ({"to_play": 2}, (2, 3)), ({"turn": 8}, (1, 8)),
                                   ({"to_play": 0, "turn": 10}, (0, 10))]:
        _, state = lay_out({"seats": seats, **named}, seats=3)
        assert (state.current, state.turn, RULES.to_act(state)) == (current, turn, current), named
    assert refusal({"seats": seats, "to_play": 1, "turn": 3}, seats=3).reason.startswith(
        "scenario.turn: turn 3 is not seat 1's: seat 0 plays turn 1 and the seats follow in order, so turn 3 is seat 2's")


def test_turn_0_is_the_set_up_and_each_player_then_chooses_a_starting_building():
    hands = [list(ALL_IDS[:7]), list(ALL_IDS[30:37])]
    events, state = lay_out({"seats": [{"hand": hands[0]}, {"hand": hands[1]}], "turn": 0})
    assert types(events) == LAYOUT + ["starting_offered"]
    assert (state.phase, state.turn, state.hands, RULES.to_act(state)) == (START, 0, hands, 0)
    assert state.plan is None and len(state.deck) == 75 - 14
    dealt = RULES.setup(2, {}, Rng("dealt", "setup")).state
    assert RULES.scenario_of(dealt)["turn"] == 0 and lay_out(RULES.scenario_of(dealt))[1] == dealt


def test_the_end_marker_lies_under_as_many_cards_as_the_scenario_says_and_ends_the_game_when_drawn():
    discard = [card for card in ALL_IDS if card not in {"mint", "well-west", "well-east", "quarry-east", "lotus-pond"}]
    scenario = {"seats": [{"hand": ["mint"], "buildings": ["well-west"]}, {"buildings": ["well-east"]}],
                "deck": ["quarry-east", "lotus-pond"], "discard": discard, "end_marker": 1}
    events, state = lay_out(scenario)
    assert state.deck == ["quarry-east", END_MARKER, "lotus-pond"] and state.reshuffled
    assert only(events, "end_marker_laid_out").secret == {"under": 1}
    assert only(events, "discard_laid_out").data == {"count": len(discard)}
    assert RULES.view(state, 0)["deck_count"] == 3 and RULES.view(state, 0)["reshuffled"]
    events, over = run(state, END_SELL, DONE)  # nothing built, nothing covered: refill to 7
    assert "end_marker_drawn" in types(events) and over.phase == OVER and RULES.outcome(over) is not None
    assert only(events, "cards_drawn").private == {"cards": ["quarry-east"]}


# A well-formed seat of each of two seats, to change one field at a time.
TWO = [{"hand": ["mint"], "buildings": ["well-west"]}, {"buildings": ["well-east"]}]
EVERY_OTHER = [card for card in ALL_IDS if card not in {"mint", "well-west", "well-east"}]
REFUSED = [
    ([], "scenario", "a JSON object with the fields seats"),
    ({"seats": TWO, "colour": "red"}, "scenario.colour", "no such field"),
    ({"deck": ["mint"]}, "scenario.seats", "missing"),
    ({"seats": TWO[:1]}, "scenario.seats", "a list of 2 seats, one per player of the game, seat 0 first, not 1"),
    ({"seats": TWO + [{}]}, "scenario.seats", "a list of 2 seats"),
    ({"seats": {"0": {}}}, "scenario.seats", "a list of 2 seats"),
    ({"seats": [TWO[0], ["well-east"]]}, "scenario.seats[1]", "a seat, a JSON object with the fields hand"),
    ({"seats": [{"hands": ["mint"]}, {}]}, "scenario.seats[0].hands", "no such field; a seat has hand, buildings, score"),
    ({"seats": [{"hand": "mint"}, {}]}, "scenario.seats[0].hand", "a list of card ids"),
    ({"seats": [{"hand": [7]}, {}]}, "scenario.seats[0].hand[0]", "7 is not a card id"),
    ({"seats": [{}, {"hand": ["mint", "castle"]}]}, "scenario.seats[1].hand[1]", "'castle' is not the id of a Xanadu building"),
    ({"seats": [{"hand": [END_MARKER]}, {}]}, "scenario.seats[0].hand[0]", "the END OF GAME marker, not a building"),
    ({"seats": [{"hand": list(ALL_IDS[:8])}, {}]}, "scenario.seats[0].hand", "8 cards, but a player never draws above the 7"),
    ({"seats": [{"hand": ["mint", "mint"]}, {}]}, "scenario.seats[0].hand", "mint is listed twice"),
    ({"seats": [{"hand": ["mint"]}, {"hand": ["mint"]}]}, "scenario.seats[1].hand",
     "mint is listed twice (also in scenario.seats[0].hand)"),
    ({"seats": [{"hand": ["mint"], "buildings": ["mint"]}, {}]}, "scenario.seats[0].buildings[0]",
     "mint is listed twice (also in scenario.seats[0].hand)"),
    ({"seats": [{"buildings": [{"card": "well-west", "workers": ["mint"]}]}, {}], "deck": ["mint"]}, "scenario.deck",
     "mint is listed twice (also in scenario.seats[0].buildings[0])"),
    ({"seats": TWO, "discard": ["armory"], "deck": ["armory"]}, "scenario.deck", "(also in scenario.discard)"),
    ({"seats": [{"buildings": "well-west"}, {}]}, "scenario.seats[0].buildings", "a list of buildings in play"),
    ({"seats": [{"buildings": list(ALL_IDS[:6])}, {}]}, "scenario.seats[0].buildings", "6 buildings, but a player has 5 in play at most"),
    ({"seats": [{"buildings": [3]}, {}]}, "scenario.seats[0].buildings[0]", "a building (or just its card id)"),
    ({"seats": [{"buildings": [{"covered": 1}]}, {}]}, "scenario.seats[0].buildings[0].card", "missing"),
    ({"seats": [{"buildings": [{"card": "mint", "rows": 1}]}, {}]}, "scenario.seats[0].buildings[0].rows", "no such field"),
    ({"seats": [{"buildings": [{"card": "mintt"}]}, {}]}, "scenario.seats[0].buildings[0].card", "not the id of a Xanadu building"),
    ({"seats": [{"buildings": [{"card": "mint", "covered": "1"}]}, {}]}, "scenario.seats[0].buildings[0].covered",
     "'1' is not a number of rows"),
    ({"seats": [{"buildings": [{"card": "mint", "covered": -1}]}, {}]}, "scenario.seats[0].buildings[0].covered",
     "not a number of rows"),
    ({"seats": [{}, {"buildings": ["mint", {"card": "well-west", "covered": 3}]}]}, "scenario.seats[1].buildings[1].covered",
     "the Well (West) has 2 rows, so there is no row 3 to cover"),
    ({"seats": [{}, {"buildings": [{"card": "well-west", "covered": 2}]}]}, "scenario.seats[1].buildings[0].covered",
     "a full building is sold by its owner at the end of the turn that fills it (xanadu.autosell)"),
    ({"seats": [{"buildings": [{"card": "mint", "covered": 1, "workers": ["armory", "well-west"]}]}, {}]},
     "scenario.seats[0].buildings[0].workers", "2 worker cards for 1 row covered"),
    ({"seats": [{"buildings": [{"card": "mint", "workers": "armory"}]}, {}]}, "scenario.seats[0].buildings[0].workers",
     "a list of card ids"),
    ({"seats": [{"buildings": [{"card": "mint", "covered": 1, "favors": ["jade"]}]}, {}]},
     "scenario.seats[0].buildings[0].favors", "the Mint has no jade Favor"),
    ({"seats": [{"buildings": [{"card": "mint", "favors": "jade"}]}, {}]}, "scenario.seats[0].buildings[0].favors",
     "a list of resources"),
    ({"seats": [{"score": -1}, {}]}, "scenario.seats[0].score", "not a score"),
    ({"seats": [{"score": True}, {}]}, "scenario.seats[0].score", "not a score"),
    ({"seats": TWO, "discard": "armory"}, "scenario.discard", "a list of card ids"),
    ({"seats": TWO, "deck": ["armory", "nope"]}, "scenario.deck[1]", "'nope' is not the id of a Xanadu building"),
    ({"seats": TWO, "deck": list(ALL_IDS)}, "scenario", "78 cards are named, but Xanadu has 75"),
    ({"seats": [{"buildings": [{"card": "well-west", "covered": 1}]}, {}], "discard": [c for c in ALL_IDS if c != "well-west"]},
     "scenario", "1 worker cards are not named, but only 0 cards are left"),
    ({"seats": TWO, "end_marker": 10}, "scenario.end_marker", "bottom 10 cards of the deck, so 0 to 9"),
    ({"seats": TWO, "end_marker": "3"}, "scenario.end_marker", "not a number of cards under the END OF GAME marker"),
    ({"seats": TWO, "discard": EVERY_OTHER, "end_marker": 1}, "scenario.end_marker",
     "1 cards under the END OF GAME marker, but the deck holds 0"),
    ({"seats": TWO, "to_play": 2}, "scenario.to_play", "2 is not a seat; the seats are 0 to 1"),
    ({"seats": TWO, "to_play": True}, "scenario.to_play", "not a seat"),
    ({"seats": TWO, "turn": -1}, "scenario.turn", "not a turn number"),
    ({"seats": TWO, "turn": "3"}, "scenario.turn", "not a turn number"),
    ({"seats": TWO, "to_play": 0, "turn": 2}, "scenario.turn", "turn 2 is not seat 0's"),
    ({"seats": TWO, "to_play": 1, "turn": 0}, "scenario.turn", "the set-up is turn 0"),
    ({"seats": [{"hand": ["mint"]}, {}], "turn": 0}, "scenario.seats[0].hand", "the set-up deals 7 to each player"),
    ({"seats": [{"hand": list(ALL_IDS[:7]), "buildings": ["mint"]}, {"hand": list(ALL_IDS[7:14])}], "turn": 0},
     "scenario.seats[0].buildings", "in the set-up nothing is in play yet"),
    ({"seats": [{"hand": list(ALL_IDS[:7])}, {"hand": list(ALL_IDS[7:14]), "score": 3}], "turn": 0},
     "scenario.seats[1].score", "nothing has been sold yet"),
    ({"seats": [{"hand": list(ALL_IDS[:7])}, {"hand": list(ALL_IDS[7:14])}], "turn": 0, "end_marker": 2},
     "scenario.end_marker", "the deck has not run out yet"),
]


@pytest.mark.parametrize(("scenario", "field", "why"), REFUSED, ids=[f"{n}-{case[1]}" for n, case in enumerate(REFUSED)])
def test_a_bad_scenario_is_refused_naming_the_field_and_why(scenario, field, why):
    error = refusal(scenario)
    assert error.reason.startswith(f"{field}: "), error.reason
    assert why in error.reason, error.reason


def test_the_number_of_seats_comes_from_the_game():
    seats = [{"buildings": [card]} for card in ("well-east", "well-west", "quarry-east", "mint")]
    assert refusal({"seats": seats}, seats=3).reason == (
        "scenario.seats: a list of 3 seats, one per player of the game, seat 0 first, not 4")
    for count in (2, 3, 4, 5, 6):
        seats = [{"buildings": [card]} for card in ALL_IDS[:count]]
        _, state = lay_out({"seats": seats}, seats=count)
        assert state.seats == count and len(state.hands) == count and sorted(every_card(state)) == EVERY_CARD


def favor_cases():
    """Every building with a Favor, at each number of covered rows it may have."""
    for card in CARDS.values():
        rows = [row.favor for row in card.rows]
        if any(rows):
            for covered in range(len(rows)):
                yield card.id, covered, [favor for favor in rows[:covered] if favor], rows


def test_the_favors_a_scenario_lists_are_exactly_those_its_covered_rows_unlock():
    for card, covered, unlocked, rows in favor_cases():
        building = {"card": card, "covered": covered, "favors": unlocked}
        _, state = lay_out({"seats": [{"buildings": [building]}, {"buildings": ["mint"]}]})
        assert len(state.buildings[0][0]["workers"]) == covered
        assert RULES.view(state, 1)["buildings"][0][0]["favors"] == unlocked
        later = next(((n, favor) for n, favor in enumerate(rows) if favor and n >= covered), None)
        if later:  # a Favor unlocked whose row is not covered
            n, favor = later
            error = refusal({"seats": [{"buildings": [{**building, "favors": unlocked + [favor]}]}, {}]})
            assert error.reason.startswith("scenario.seats[0].buildings[0].favors: ")
            assert f"Favor of {name_of(card)} is on row " in error.reason and "which is not covered" in error.reason
            assert f"({covered} row{'s' if covered != 1 else ''} covered)" in error.reason
        if unlocked:  # a covered row's Favor left out
            error = refusal({"seats": [{"buildings": [{**building, "favors": unlocked[1:]}]}, {}]})
            assert error.reason.startswith("scenario.seats[0].buildings[0].favors: ") and "list it" in error.reason


def test_a_scenario_checks_favors_against_the_edition_of_the_deck_the_game_plays():
    newest = DECKS[LATEST_EDITION]
    card = next(c for c in newest.values() if c.rows[0].favor and len(c.rows) > 1 and not CARDS[c.id].rows[0].favor)
    building = {"card": card.id, "covered": 1, "favors": [card.rows[0].favor]}
    _, state = lay_out({"seats": [{"buildings": [building]}, {"buildings": ["mint"]}]}, edition=LATEST_EDITION)
    assert RULES.view(state, 0)["buildings"][0][0]["favors"] == [card.rows[0].favor]
    assert RULES.scenario_of(state)["seats"][0]["buildings"][0]["favors"] == [card.rows[0].favor]
    with pytest.raises(IllegalAction, match="has no .* Favor|which is not covered"):
        RULES.scenario_setup(2, {"edition": FIRST_EDITION}, {"seats": [{"buildings": [building]}, {}]}, Rng("x", "setup"))


def test_in_a_scenario_game_a_seat_sees_its_own_hand_but_not_the_other_hands_the_workers_nor_the_deck_order():
    events, state = lay_out(SCENARIO_EXAMPLE)
    hands = state.hands
    hidden_workers = {card for owned in workers(state) for mine in owned for card in mine}
    for seat in (0, 1):
        view = RULES.view(state, seat)
        assert [card["id"] for card in view["hand"]] == hands[seat] and "hands" not in view and "deck" not in view
        assert all("worker_cards" not in b for owned in view["buildings"] for b in owned)
        seen = leaves(view) | leaves([event.seen_by(seat) for event in events])
        assert not set(hands[1 - seat]) & seen, "a seat learned a card of another hand"
        assert not set(state.deck) & seen, "a seat learned a card of the deck, named or not"
        assert not hidden_workers & seen, "a seat learned a worker card"
        assert not set(state.discard) & seen, "a seat learned which cards are discarded (workers among them)"
        dealt = [event for event in events if event.type == "hand_dealt"]
        assert dealt[seat].seen_by(seat)["data"]["cards"] == hands[seat]
        assert dealt[1 - seat].seen_by(seat)["hidden"] == ["cards"]
    spectator = leaves(RULES.view(state, None)) | leaves([event.seen_by(None) for event in events])
    assert not set(hands[0] + hands[1] + state.deck + state.discard) & spectator and not hidden_workers & spectator
    assert events[0].seen_by(0)["hidden"] == ["order"]
    assert only(events, "buildings_laid_out").seen_by(1)["hidden"] == ["workers"]
    assert only(events, "end_marker_laid_out").seen_by(None)["hidden"] == ["under"]
    for event in events:
        # The replay line is read from the public data only.
        assert RULES.describe(event, NAMES) == RULES.describe(Event(event.type, event.rule, event.data), NAMES)


def test_the_scenario_of_a_table_is_a_copy_that_changing_does_not_change_the_table():
    _, state = lay_out(SCENARIO_EXAMPLE)
    before = copy.deepcopy(state)
    scenario = RULES.scenario_of(state)
    assert scenario["end_marker"] == 3 and len(scenario["deck"]) == len(state.deck) - 1
    scenario["seats"][0]["hand"].append("mint")
    scenario["seats"][0]["buildings"][2]["workers"].append("mint")
    scenario["deck"][0] = "armory"
    assert state == before
    example = copy.deepcopy(SCENARIO_EXAMPLE)
    lay_out(example)
    assert example == SCENARIO_EXAMPLE


def test_a_fork_must_start_at_the_beginning_of_a_turn():
    _, start = lay_out(SCENARIO_EXAMPLE)
    _, sold = act(start, {"type": "sell", "building": 0})
    _, building = run(start, END_SELL, {"type": "build", "card": "summer-palace"})
    _, covering = act(building, cover(0, 0))
    dealt = RULES.setup(2, {}, Rng("dealt", "setup")).state
    _, chosen = act(dealt, RULES.legal_actions(dealt, 0)[0])
    over = copy.deepcopy(start)
    over.phase = OVER
    for state, why in [
        (RULES.new_state(2, {}), "the cards have not been dealt yet"),
        (chosen, "seat 0 has chosen a starting building, which stays secret until every player has"),
        (sold, "seat 0's turn 31 is under way: it has sold a building this turn"),
        (run(start, END_SELL)[1], "seat 0's turn 31 is under way: its plan"),
        (building, "is private until it ends the turn"),
        (covering, "is private until it ends the turn"),
        (over, "the game is over"),
    ]:
        assert state.phase in (SETUP, START, SELL, BUILD, WORKERS, OVER)
        with pytest.raises(IllegalAction) as error:
            RULES.scenario_of(state)
        assert error.value.rule == "xanadu.scenario"
        assert error.value.reason.startswith("a fork must start at the beginning of a turn (or of the set-up), and here ")
        assert why in error.value.reason, error.value.reason


def forkable(state) -> bool:
    try:
        RULES.scenario_of(state)
    except IllegalAction:
        return False
    return True


def fork(state, seed: str = "fork"):
    """The table laid out from `scenario_of(state)` (through JSON, as the service stores it)."""
    scenario = json.loads(json.dumps(RULES.scenario_of(state)))
    return lay_out(scenario, seed, seats=state.seats, edition=state.edition)


def play_on(state, seed: str, decisions: int) -> list:
    """Up to `decisions` seeded random decisions from `state`: every decision's events and table."""
    chooser, steps = Rng(seed, "chooser"), []
    for n in range(decisions):
        seat = RULES.to_act(state)
        if seat is None:
            break
        decision = RULES.decide(state, seat, chooser.choice(RULES.legal_actions(state, seat)), Rng(seed, f"decision:{n}"))
        state = decision.state
        steps.append((decision.events, state))
    return steps


@pytest.mark.parametrize(("seats", "seed", "edition"), [(seats, f"fork-{seats}-{n}", (FIRST_EDITION, LATEST_EDITION)[n % 2])
                                                       for seats in (2, 3, 4) for n in range(6)])
def test_forking_a_random_game_wherever_a_fork_is_allowed_lays_out_the_same_table_and_plays_on_the_same_way(
        seats, seed, edition):
    state = RULES.setup(seats, {"edition": edition}, Rng(seed, "setup")).state
    played = play_on(state, seed, 5000)
    assert RULES.outcome(played[-1][1]) is not None, "the game ended"
    tables = [state] + [table for _, table in played]
    starts = [table for table in tables if forkable(table)]
    assert starts[0] is state, "the set-up deal can be forked"
    assert len(starts) > 30
    for number, table in enumerate(starts):
        events, forked = fork(table)
        assert forked == table, f"fork {number} of {seed} lays out another table"
        assert not {"building_autosold", "cards_drawn", "deck_reshuffled"} & set(types(events))
        for viewer in (*range(seats), None):
            assert RULES.view(forked, viewer) == RULES.view(table, viewer)
            assert RULES.view(forked, viewer, reveal=True) == RULES.view(table, viewer, reveal=True)
        if number % 8 == 0:  # played on with the same seeds, the original and the fork go the same way
            assert play_on(forked, f"{seed}-on-{number}", 400) == play_on(table, f"{seed}-on-{number}", 400)


def test_a_fork_where_a_player_must_first_put_a_building_in_play_offers_it_again():
    found = []
    for n in range(40):
        state = RULES.setup(2, {}, Rng(f"foothold-{n}", "setup")).state
        found += [table for _, table in play_on(state, f"foothold-{n}", 5000) if table.phase == FOOTHOLD]
        if len(found) >= 3:
            break
    assert found, "some random game has a player with nothing in play"
    for table in found:
        events, forked = fork(table)
        assert types(events)[-2:] == ["turn_started", "foothold_offered"] and forked == table



# Scenarios shaped like the format, with a wrong leaf here and there, to reach every check.
CARD = st.sampled_from([card.id for card in CARDS.values() if card.colour in ("brown", "magenta")] + ["x", END_MARKER])
ODD = st.none() | st.booleans() | st.integers(-2, 12) | st.text(max_size=3) | st.lists(st.integers(0, 2), max_size=2)
BUILDING = CARD | st.fixed_dictionaries({"card": CARD}, optional={
    "covered": st.integers(-1, 5) | ODD, "workers": st.lists(CARD, max_size=3) | ODD,
    "favors": st.lists(st.sampled_from(["jade", "bronze", "stone", "water", "clay", "wood"]), max_size=2) | ODD})
SEAT = st.fixed_dictionaries({}, optional={"hand": st.lists(CARD, max_size=4) | ODD,
                                           "buildings": st.lists(BUILDING, max_size=3) | ODD,
                                           "score": st.integers(-1, 40) | ODD})
SCENARIO = st.fixed_dictionaries({"seats": st.lists(SEAT, min_size=2, max_size=4)}, optional={
    "deck": st.lists(CARD, max_size=4) | ODD, "discard": st.lists(CARD, max_size=4) | ODD,
    "end_marker": st.integers(-1, 10) | ODD, "to_play": st.integers(-1, 4) | ODD, "turn": st.integers(-1, 9) | ODD})


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=SCENARIO | ODD | st.dictionaries(st.text(max_size=4), ODD, max_size=2))
def test_any_json_either_lays_out_a_table_with_every_card_once_or_is_refused_naming_a_field(scenario):
    seats = len(scenario["seats"]) if isinstance(scenario, dict) and isinstance(scenario.get("seats"), list) else 2
    try:
        events, state = lay_out(scenario, seats=max(seats, 2))
    except IllegalAction as error:
        assert error.rule == "xanadu.scenario" and error.reason.startswith("scenario"), error.reason
        return
    assert sorted(every_card(state)) == EVERY_CARD and RULES.to_act(state) is not None
    assert fork(state)[1] == state, "the table's own scenario lays it out again"
