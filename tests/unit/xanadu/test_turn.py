"""A Xanadu turn, decision by decision: sell, construct, place workers face down, draw."""

from domain.xanadu import RULES
from domain.xanadu.cards import ALL_IDS
from domain.xanadu.state import BUILD, CONFIRM, SELL, WORKERS
from tests.unit.xanadu.builders import (
    DONE, END_SELL, END_TURN, SKIP_BUILD, UNDO, act, cover, refused, run, table, worker,
)
from tests.unit.events import only, types

# ana owns the Lumber Yard (East): passive wood; rows water / stone+clay / water+water with the stone Favor.
# bo owns the Quarry (East): rows stone+stone / water / clay with the water Favor.
HANDS = [["well-west", "quarry-west", "silk-farm-upper", "mint", "library-upper"], ["well-east", "dye-house-upper"]]
BUILDINGS = [["lumber-yard-east"], ["quarry-east"]]


def start():
    return table(hands=HANDS, buildings=BUILDINGS)


def test_only_buildings_that_can_be_paid_for_are_offered():
    _, state = act(start(), END_SELL)
    assert state.phase == BUILD
    offered = [a["card"] for a in RULES.legal_actions(state, 0) if a["type"] == "build"]
    assert "well-west" in offered, "stone + water: bo's first row and ana's first row pay for it"
    assert "mint" not in offered, "gold is nowhere to be had"
    refused(state, {"type": "build", "card": "mint"}, "xanadu.build.pay")


def test_a_building_is_paid_with_rows_covered_from_the_bottom_and_workers_from_hand_face_down():
    _, state = run(start(), END_SELL, {"type": "build", "card": "well-west"})
    assert state.phase == WORKERS and {"type": "done_covering"} not in RULES.legal_actions(state, 0)
    events, state = run(state, cover(0, 0), cover(1, 0))
    assert [e.private_to for e in events if e.type == "cover_planned"] == [0, 0], "the plan stays ana's own"
    assert {"type": "done_covering"} in RULES.legal_actions(state, 0)
    events, state = run(state, DONE, worker("quarry-west"), worker("silk-farm-upper"))
    assert state.phase == CONFIRM
    events, state = act(state, END_TURN)
    placed = only(events, "workers_placed")
    assert placed.data["covers"] == [[0, 0, 0], [1, 0, 0]] and "cards" not in placed.data, "the workers stay face down"
    assert sorted(placed.secret["cards"]) == ["quarry-west", "silk-farm-upper"]
    assert [b["card"] for b in state.buildings[0]] == ["lumber-yard-east", "well-west"]
    assert [len(b["workers"]) for b in state.buildings[0] + state.buildings[1]] == [1, 0, 1]
    seen_by_bo = RULES.view(state, 1)
    assert seen_by_bo["buildings"][1][0]["workers"] == 1 and "worker_cards" not in seen_by_bo["buildings"][1][0]
    assert len(state.hands[0]) == 5 - 1 - 2 + 1, "one card drawn after the turn"


def test_a_worker_is_a_card_of_the_hand_neither_to_be_built_nor_placed_already():
    _, state = run(start(), END_SELL, {"type": "build", "card": "well-west"}, cover(0, 0), cover(1, 0), DONE,
                   worker("quarry-west"))
    offered = [a["card"] for a in RULES.legal_actions(state, 0) if a["type"] == "worker"]
    assert offered == ["library-upper", "mint", "silk-farm-upper"]
    refused(state, worker("well-west"), "xanadu.workers.hand")  # the building to be constructed
    refused(state, worker("quarry-west"), "xanadu.workers.hand")  # a worker already
    refused(state, worker("well-east"), "xanadu.workers.hand")  # bo's card
    refused(state, {"type": "worker", "card": ["mint"]}, "xanadu.workers.hand")
    _, state = act(state, worker("mint"))
    assert state.phase == CONFIRM


def test_no_more_rows_than_cards_in_hand_the_building_aside():
    hands = [["well-west", "quarry-west", "mint"], ["well-east"]]
    _, state = run(table(hands=hands, buildings=BUILDINGS), END_SELL, {"type": "build", "card": "well-west"})
    _, state = run(state, cover(1, 0), cover(0, 0))
    assert [a for a in RULES.legal_actions(state, 0) if a["type"] == "cover"] == [], "two cards besides: two workers"
    refused(state, cover(1, 0), "xanadu.workers.hand")
    assert {"type": "done_covering"} in RULES.legal_actions(state, 0)


def test_a_favor_unlocked_this_turn_pays_at_once():
    # The Lumber Yard's third row holds the stone Favor: covering rows 1 to 3 unlocks it for ana.
    _, state = run(table(hands=[["well-west", "quarry-west", "mint", "library-upper"],
                                ["well-east"]], buildings=[["lumber-yard-east"], []]), END_SELL)
    assert RULES.view(state, 0)["buildings"][0][0]["favors"] == []
    _, state = run(state, {"type": "build", "card": "well-west"}, cover(0, 0), cover(0, 0), cover(0, 0))
    assert not RULES.view(state, 0)["plan"]["missing"], "water from the rows, stone from the Favor just unlocked"


def test_selling_scores_the_lowest_uncovered_circle_and_draws_three_never_above_seven():
    hands = [["well-west", "quarry-west", "mint", "library-upper", "lotus-pond"], ["well-east"]]
    state = table(hands=hands, buildings=[[("lumber-yard-east", ["dye-house-upper", "clay-pit-east"])], ["quarry-east"]])
    events, state = act(state, {"type": "sell", "building": 0})
    sold = only(events, "building_sold")
    assert sold.data["value"] == 3 and state.scores[0] == 3, "two rows covered: the third circle"
    assert {"lumber-yard-east", "dye-house-upper", "clay-pit-east"} <= set(state.discard)
    assert {"type": "skip_turn"} not in RULES.legal_actions(state, 0)
    _, state = act(state, END_SELL)
    _, state = run(state, *([SKIP_BUILD] if state.phase == BUILD else []), DONE)
    assert len(state.hands[0]) == 5 + 2, "three to draw, but never above seven"


def test_a_turn_with_nothing_done_refills_the_hand_to_seven():
    state = table(hands=[["well-west", "quarry-west"], ["well-east"]], buildings=BUILDINGS)
    events, state = act(state, {"type": "skip_turn"})
    assert only(events, "cards_drawn").data["count"] == 5 and len(state.hands[0]) == 7


def test_undo_takes_back_the_last_step_not_yet_committed_and_is_no_bots_choice():
    _, state = run(start(), END_SELL, {"type": "build", "card": "well-west"}, cover(0, 0))
    assert {"type": "undo"} not in RULES.legal_actions(state, 0)
    assert RULES.open_actions(state, 0) == [{"type": "undo"}] and RULES.open_actions(state, 1) == []
    _, state = act(state, UNDO)
    assert state.plan["covers"] == [] and state.plan["build"] == "well-west"
    _, state = act(state, UNDO)
    assert state.phase == BUILD and state.plan["build"] is None
    assert RULES.open_actions(state, 0) == [], "the sale phase is behind: nothing left to undo"
    refused(state, UNDO, "xanadu.house.undo")


def test_five_buildings_in_play_are_the_most():
    five = ["well-west", "quarry-east", "clay-pit-west", "well-east", "sawmill-east"]
    state = table(hands=[["quarry-west", "mint"], ["dye-house-upper"]], buildings=[five, ["lumber-yard-east"]])
    events, state = act(state, END_SELL)
    assert types(events) == ["build_skipped"] and events[0].data["automatic"]
    assert state.phase == WORKERS


def test_the_first_empty_deck_brings_back_the_discard_pile_with_the_end_marker_among_its_last_ten():
    discard = [card for card in ALL_IDS if card not in {"well-west", "well-east", "lumber-yard-east", "quarry-east", "mint"}][:20]
    state = table(hands=[["well-west"], ["well-east"]], buildings=BUILDINGS, deck=["mint"], discard=discard)
    events, state = act(state, {"type": "skip_turn"})
    order = only(events, "deck_reshuffled").secret["order"]
    assert len(order) == 21 and order.index("end-of-game") >= 21 - 10, "among the last ten"
    assert sorted(card for card in order if card != "end-of-game") == sorted(discard) and state.reshuffled
    assert len(state.hands[0]) == 7 and state.phase == SELL
    assert RULES.view(state, 0)["deck_count"] == len(state.deck) and "deck" not in RULES.view(state, 0)


def test_drawing_the_end_marker_ends_the_game_and_every_building_scores():
    state = table(hands=[["well-west"], ["well-east"]], buildings=[[("lumber-yard-east", ["mint"])], ["quarry-east"]],
                  deck=["end-of-game", "quarry-west"], reshuffled=True, scores=[4, 6])
    events, state = act(state, {"type": "skip_turn"})
    assert types(events)[-3:] == ["end_marker_drawn", "buildings_scored", "game_ended"]
    outcome = RULES.outcome(state)
    assert outcome.scores == [4 + 2, 6 + 1] and outcome.winners == [1]


def test_a_building_with_every_row_covered_is_sold_by_its_owner_at_the_end_of_the_turn():
    full = ("well-west", ["dye-house-upper"])  # two rows; one covered
    state = table(hands=[["quarry-west", "mint", "library-upper"], ["well-east"]], buildings=[["lumber-yard-east"], [full]])
    events, state = run(state, END_SELL, *([SKIP_BUILD] if state.phase == BUILD else []), cover(1, 0), DONE,
                        worker("mint"), END_TURN)
    autosold = only(events, "building_autosold")
    assert autosold.data["seat"] == 1 and autosold.data["value"] == 3 and state.scores == [0, 3]
    assert only(events, "cards_drawn").data["count"] == 1, "no three-card draw for an autosale"


def test_a_player_with_no_building_in_play_first_puts_one_in_play_from_hand():
    state = table(hands=[["well-west"], ["well-east", "quarry-west", "silk-farm-upper"]], buildings=[["lumber-yard-east"], []])
    events, state = act(state, {"type": "skip_turn"})
    assert types(events)[-2:] == ["turn_started", "foothold_offered"]
    assert RULES.legal_actions(state, 1) == [{"type": "start", "card": "quarry-west"}, {"type": "start", "card": "well-east"}]
    events, state = act(state, {"type": "start", "card": "well-east"})
    assert only(events, "foothold_placed").rule == "xanadu.house.foothold" and state.phase == SELL
    assert [b["card"] for b in state.buildings[1]] == ["well-east"]


def test_starting_buildings_are_chosen_in_secret_and_shown_together():
    from domain.rng import Rng

    state = RULES.setup(3, {}, Rng("start", "setup")).state
    assert [len(hand) for hand in state.hands] == [7, 7, 7]
    for seat in range(3):
        offered = RULES.legal_actions(state, seat)
        colours = {RULES_CARD(a["card"]).colour for a in offered}
        assert len(colours) == 1 and colours <= {"brown", "blue", "yellow"}
        events, state = act(state, offered[0])
        assert events[0].private_to == seat and "card" not in events[0].data
    assert types(events)[-2:] == ["starting_revealed", "turn_started"]
    assert all(len(owned) == 1 for owned in state.buildings)


def test_between_the_last_starting_choice_and_the_reveal_nobody_is_to_decide():
    from domain.rng import Rng

    state = RULES.setup(2, {}, Rng("start", "setup")).state
    _, state = act(state, RULES.legal_actions(state, 0)[0])
    chosen = RULES.decide(state, 1, RULES.legal_actions(state, 1)[0], Rng("start", "decide")).events[0]
    between = RULES.evolve(state, chosen)  # a replay step: the choice made, not yet revealed
    assert RULES.to_act(between) is None and RULES.outcome(between) is None
    assert all(RULES.view(between, seat)["started"] == [True, True] for seat in (None, 0, 1))


def test_once_a_turn_is_committed_its_plan_no_longer_points_at_buildings_sold_after_it():
    from domain.rng import Rng

    full = ("well-west", ["dye-house-upper"])  # two rows; one covered: the cover below completes it
    state = table(hands=[["quarry-west", "mint", "library-upper"], ["well-east"]], buildings=[["lumber-yard-east"], [full]])
    _, before_end = run(state, END_SELL, *([SKIP_BUILD] if state.phase == BUILD else []), cover(1, 0), DONE, worker("mint"))
    step = before_end
    for event in RULES.decide(before_end, 0, END_TURN, Rng("test", "decide")).events:
        step = RULES.evolve(step, event)
        # Every step of the commit shows the turn's player a table, the autosale's included.
        assert RULES.view(step, 0).get("plan", {"missing": []})["missing"] == []
        if event.type == "workers_placed":
            assert step.plan["covers"] == [] and step.plan["workers"] == []
    assert [b["card"] for b in step.buildings[1]] == []


def RULES_CARD(card_id):
    from domain.xanadu.cards import CARDS

    return CARDS[card_id]




def test_without_a_brown_building_in_hand_the_start_is_blue_and_without_blue_yellow():
    from domain.xanadu.actions import startable

    blue = table(hands=[["silk-farm-upper", "mint", "lotus-pond"], ["well-east"]], buildings=[[], []])
    assert startable(blue, 0) == ["silk-farm-upper"]
    yellow = table(hands=[["mint", "lotus-pond"], ["well-east"]], buildings=[[], []])
    assert startable(yellow, 0) == ["mint"]


def test_rows_are_covered_from_the_bottom_of_buildings_in_play_only():
    _, state = run(start(), END_SELL, {"type": "build", "card": "well-west"}, cover(0, 0))
    plan_view = RULES.view(state, 0)["plan"]
    assert plan_view["covers"] == [[0, 0]]
    covers = [a for a in RULES.legal_actions(state, 0) if a["type"] == "cover"]
    assert all(a["owner"] in (0, 1) and a["building"] < len(state.buildings[a["owner"]]) for a in covers)
    assert "well-west" not in [b["card"] for owned in state.buildings for b in owned], "the building is not in play yet"
    events, state = run(state, cover(0, 0), cover(1, 0), DONE, worker("quarry-west"), worker("silk-farm-upper"),
                        worker("mint"), END_TURN)
    assert only(events, "workers_placed").data["covers"] == [[0, 0, 0], [0, 0, 1], [1, 0, 0]], "bottom row first"


def test_skip_turn_is_a_whole_passed_turn_so_not_after_a_sale():
    state = table(hands=[["well-west"], ["well-east"]], buildings=[["lumber-yard-east", "quarry-east"], ["clay-pit-west"]])
    assert {"type": "skip_turn"} in RULES.legal_actions(state, 0)
    _, state = act(state, {"type": "sell", "building": 1})
    refused(state, {"type": "skip_turn"}, "xanadu.house.skip-turn")


def test_a_hand_with_no_brown_blue_or_yellow_building_starts_with_any_of_its_buildings():
    from domain.xanadu.actions import startable

    state = table(hands=[["lotus-pond", "summer-palace"], ["well-east"]], buildings=[[], []])
    assert startable(state, 0) == ["lotus-pond", "summer-palace"]
