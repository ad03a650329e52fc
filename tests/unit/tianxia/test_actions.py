"""A seat's turn in the Action phase (notes §4, `tianxia.house.region-order`): Region, Military,
Barge, Pass, the free actions, a reward's choices; and whole games played through the rules."""

import copy
import dataclasses

import pytest

from domain.errors import IllegalAction, NotYourTurn
from domain.rng import Rng
from domain.rules_turns import play_due
from domain.tianxia.legal import region_actions, region_open
from domain.tianxia.rewards import less
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import evolve
from domain.tianxia.game import RULES
from domain.tianxia.rulebook import RULEBOOK
from domain.tianxia.state import NEUTRAL
from tests.unit.tianxia.tables import clear_board, of_type, opened

RICH = {"coins": 20, "wood": 10, "stone": 10, "rice": 10, "silk": 3, "salt": 3, "bronze": 3}


def seat_table(seats=1, seed="actions", **goods):
    """The first seat in turn order to act in round 1, with plenty of everything (or `goods`)."""
    state = copy.deepcopy(opened(seats, seed, **({"difficulty": "easy"} if seats == 1 else {})))
    clear_board(state)
    seat = state.active
    state.seats[seat].goods = {**RICH, **goods}
    return state, seat


def act(state, seat, action, seed="act"):
    decision = RULES.decide(state, seat, action, Rng(seed, "decision:1"))
    folded = state
    for event in decision.events:
        folded = evolve(folded, event)
    assert folded == decision.state
    return decision


def until_settled(state, seat, pick=lambda legal: legal[0]):
    """Make every choice a reward owes `seat`, the first offered."""
    while any(item["seat"] == seat for item in state.owed):
        state = act(state, seat, pick(RULES.legal_actions(state, seat))).state
    return state


# --- Region ---------------------------------------------------------------------------------

def test_a_region_costs_a_disc_and_a_coin_per_disc_there_and_steps_up_its_palace_track():
    state, seat = seat_table()
    state.discs = {**state.discs, "qi": [1, 1]}
    decision = act(state, seat, {"type": "region", "region": "qi"})
    after = decision.state
    assert after.seats[seat].goods["coins"] == RICH["coins"] - 2 + BOARD.tracks["black"].steps[1].reward.get("coins", 0)
    assert after.seats[seat].discs == state.seats[seat].discs - 1 and after.discs["qi"] == [1, 1, seat]
    assert after.step_of(seat, "black") == 1
    assert after.seats[seat].goods["wood"] == RICH["wood"] + BOARD.tracks["black"].steps[1].reward["wood"]


def test_after_a_region_at_least_one_of_governor_exchange_and_ship_must_follow_each_once():
    state, seat = seat_table()
    state = act(state, seat, {"type": "region", "region": "qi"}).state
    offered = {action["type"] for action in RULES.legal_actions(state, seat)}
    assert {"governor", "exchange", "ship"} <= offered and "end" not in offered
    state = act(state, seat, {"type": "exchange", "times": 2, "get": "silk"}).state
    offered = {action["type"] for action in RULES.legal_actions(state, seat)}
    assert "exchange" not in offered and "end" in offered
    assert state.seats[seat].goods["silk"] == RICH["silk"] + 2 and state.seats[seat].goods["wood"] < RICH["wood"] + 1


def test_a_region_is_not_offered_where_nothing_could_follow():
    state, seat = seat_table(coins=0, wood=0, stone=0, rice=0, silk=0, salt=0, bronze=0)
    state.seats[seat].shipping = 0
    regions = {action.get("region") for action in RULES.legal_actions(state, seat) if action["type"] == "region"}
    assert regions == set(), "no wood for a governor, nothing to exchange, no shipping marker"


def test_a_governor_costs_the_buildings_wood_and_its_spaces_and_an_income_building_pays_at_once():
    state, seat = seat_table()
    state.sites = {**state.sites, "qi-1": dataclasses.replace(state.sites["qi-1"], building="market", tile="jade-tiger",
                                                              governors=[None, None])}
    state = act(state, seat, {"type": "region", "region": "qi"}).state
    before = copy.deepcopy(state.seats[seat])
    decision = act(state, seat, {"type": "governor", "site": "qi-1", "space": 1})
    mine = decision.state.seats[seat]
    wood = BOARD.buildings["market"].wood + BOARD.sites["qi-1"].governor_wood[1]
    assert mine.goods["wood"] == before.goods["wood"] - wood
    assert mine.goods["coins"] == before.goods["coins"] + BOARD.buildings["market"].income["coins"]
    assert decision.state.sites["qi-1"].governors == [None, seat] and mine.figurines == ["tiger"], "the tile beside it"


def test_shipping_places_a_marker_then_crates_from_the_left_each_paying_its_space_and_the_demand():
    state, seat = seat_table()
    state = act(state, seat, {"type": "region", "region": "qi"}).state
    demanded = BOARD.demands[state.demands["qi"]]
    good = demanded.goods[0]
    before = copy.deepcopy(state.seats[seat])
    decision = act(state, seat, {"type": "ship", "goods": [good, good]})
    after = decision.state
    assert after.shipping["qi"] == [seat] and after.ports["qi"][0]["crates"][:2] == [seat, seat]
    top = BOARD.ships[after.ports["qi"][0]["ship"]]
    coins = sum(space.get("coins", 0) for space in top.spaces[:2]) + 2 * demanded.bonus.get("coins", 0)
    assert after.seats[seat].goods["coins"] == before.goods["coins"] + coins
    assert after.seats[seat].goods[good] == before.goods[good] - 2 and after.seats[seat].crates == before.crates - 2


# --- Military -------------------------------------------------------------------------------

def test_military_steps_up_any_track_then_fortifies_or_trains_never_both():
    state, seat = seat_table()
    state = until_settled(act(state, seat, {"type": "military", "track": "red"}).state, seat)
    assert state.step_of(seat, "red") == 1 and state.fortify_discs == [seat]
    state = act(state, seat, {"type": "soldier", "section": "yanmen"}).state
    offered = {action["type"] for action in RULES.legal_actions(state, seat)}
    assert "soldier" in offered and not {"wall", "tower"} & offered
    assert state.seats[seat].goods["rice"] == RICH["rice"] - BOARD.numbers.soldier_rice


def test_walls_are_paid_in_stone_in_the_order_the_board_prints():
    state, seat = seat_table()
    state = until_settled(act(state, seat, {"type": "military", "track": "black"}).state, seat)
    side = BOARD.player_boards[state.seats[seat].side]
    for built, section in enumerate(("longxi", "yunzhong", "longxi")):
        stone = state.seats[seat].goods["stone"]
        state = act(state, seat, {"type": "wall", "section": section}).state
        assert stone - state.seats[seat].goods["stone"] == side.walls[built]
    assert state.sections["longxi"].walls == [seat, seat]


# --- Barge ----------------------------------------------------------------------------------

def test_a_barge_costs_a_coin_and_one_per_own_worker_there_and_pays_a_resource_at_once():
    state, seat = seat_table()
    state.barges = {**state.barges, "stone-barge": [seat]}
    decision = act(state, seat, {"type": "barge", "barge": "stone-barge"})
    after = decision.state.seats[seat]
    assert after.goods["coins"] == RICH["coins"] - 2 and after.goods["stone"] == RICH["stone"] + 1
    assert decision.state.barges["stone-barge"] == [seat, seat]
    assert of_type(decision.events, "turn_began"), "a barge is the whole turn"


def test_a_worker_pushed_off_goes_to_the_merchants_who_pay_the_boards_reward_when_full():
    state, seat = seat_table(seats=3)
    other = next(s for s in range(3) if s != seat)
    board = BOARD.player_boards[state.seats[other].side]
    state.seats[other].merchants = board.merchant_spaces - 1
    state.barges = {**state.barges, "grain-barge": [NEUTRAL, NEUTRAL, other]}
    decision = act(state, seat, {"type": "barge", "barge": "grain-barge"})
    paid = of_type(decision.events, "merchants_paid")
    assert [e.data["seat"] for e in paid] == [other] and decision.state.seats[other].merchants == 0
    assert decision.state.seats[other].meeples == state.seats[other].meeples + board.merchant_spaces


def test_a_seat_out_of_meeples_puts_a_neutral_worker_on_a_barge_which_earns_no_income():
    from domain.tianxia.rounds import income

    state, seat = seat_table()
    state.seats[seat].meeples = 0
    decision = act(state, seat, {"type": "barge", "barge": "timber-barge"})
    after = decision.state
    assert after.barges["timber-barge"] == [NEUTRAL] and after.seats[seat].goods["wood"] == RICH["wood"] + 1
    assert income(after, seat).get("wood", 0) == income(state, seat).get("wood", 0), "a neutral worker earns nothing"



def test_out_of_meeples_the_coin_barge_costs_more_than_it_pays_once_a_neutral_worker_is_on_it():
    state, seat = seat_table()
    state.seats[seat].meeples = 0
    state.barges["coin-barge"] = [NEUTRAL]
    coins = state.seats[seat].goods["coins"]
    after = act(state, seat, {"type": "barge", "barge": "coin-barge"}).state
    assert after.barges["coin-barge"] == [NEUTRAL, NEUTRAL]
    assert after.seats[seat].goods["coins"] == coins - 2 + 1, "2 coins (1, and 1 for the neutral worker there) for 1"


# --- Pass -----------------------------------------------------------------------------------

def test_passing_takes_the_next_turn_order_place_a_display_tile_and_buys_one_advance_per_figurine():
    state, seat = seat_table()
    state.seats[seat].figurines = ["tiger", "crane"]
    state.display = ["jade-tiger", "jade-horse", "rampart"]
    state = act(state, seat, {"type": "pass"}).state
    tiles = [action for action in RULES.legal_actions(state, seat) if action["type"] == "tile"]
    assert [t["tile"] for t in tiles] == ["jade-horse", "rampart"], "never a second figurine of a kind"
    state = act(state, seat, tiles[0]).state
    coins = state.seats[seat].goods["coins"]
    for bought in range(3):
        state = until_settled(act(state, seat, {"type": "buy_advance", "track": "white"}).state, seat)
    assert coins - state.seats[seat].goods["coins"] == sum(BOARD.figurines.pass_coins[:3])
    assert not [a for a in RULES.legal_actions(state, seat) if a["type"] == "buy_advance"], "three figurines, three advances"
    assert state.next_order == [seat] and state.seats[seat].passed


def test_passing_a_figurine_taken_on_a_palace_step_opens_one_more_advance():
    state, seat = seat_table()
    state.seats[seat].figurines, state.display = ["tiger"], ["rampart"]
    reached = state.step_of(seat, "white") + 1
    state.step_tiles = {**state.step_tiles, "white": [["jade-crane"] if step == reached else tiles
                                                      for step, tiles in enumerate(state.step_tiles["white"])]}
    state = act(state, seat, {"type": "pass"}).state
    state = act(state, seat, {"type": "tile", "tile": "rampart", "index": 0}).state
    state = act(state, seat, {"type": "buy_advance", "track": "white"}).state
    state = until_settled(state, seat, pick=lambda legal: next(a for a in legal if a.get("tile") == "jade-crane"))
    assert state.seats[seat].figurines == ["tiger", "crane"]
    assert [a for a in RULES.legal_actions(state, seat) if a["type"] == "buy_advance"], "the crane opens a second advance"


def test_board_b_and_the_academy_pay_prestige_on_passing():
    state, seat = seat_table()
    state.seats[seat].side = "B"
    prestige = state.seats[seat].prestige
    after = act(state, seat, {"type": "pass"}).state
    assert after.seats[seat].prestige == prestige + BOARD.player_boards["B"].effects[0].gain["prestige"] + sum(
        effect.gain.get("prestige", 0) for effect in BOARD.starting_buildings[state.seats[seat].starting_building].effects
        if effect.on == "pass" and effect.gain)


# --- Free actions and owed choices ----------------------------------------------------------

def test_a_disc_is_discarded_for_2_coins_and_an_objective_for_its_reward():
    state, seat = seat_table()
    after = act(state, seat, {"type": "discard_disc"}).state
    assert after.seats[seat].goods["coins"] == RICH["coins"] + 2 and after.seats[seat].discarded_discs == 1
    card = state.seats[seat].objectives[0]
    after = act(state, seat, {"type": "discard_objective", "objective": card}).state
    assert card not in after.seats[seat].objectives


def test_a_reward_that_leaves_a_choice_is_chosen_before_anything_else():
    state, seat = seat_table()
    palace = copy.deepcopy(state.palace)
    palace["blue"][0].remove(seat)
    palace["blue"][0].append(seat)
    state.palace = palace
    state = act(state, seat, {"type": "region", "region": "han"}).state  # blue step 1: a good of one's choice
    assert [action["type"] for action in RULES.legal_actions(state, seat)] == ["good"] * 3
    with pytest.raises(IllegalAction, match=r"^type: first choose the good that step 1 of the blue track gave"):
        RULES.decide(state, seat, {"type": "exchange", "times": 1, "get": "salt"}, Rng("x", "decision:1"))
    after = act(state, seat, {"type": "good", "good": "bronze"}).state
    assert after.seats[seat].goods["bronze"] == RICH["bronze"] + 1 and after.owed == []


def test_an_action_out_of_turn_or_not_open_is_refused_naming_the_field():
    state, seat = seat_table(seats=2)
    other = next(s for s in range(2) if s != seat)
    with pytest.raises(NotYourTurn):
        RULES.decide(state, other, {"type": "pass"}, Rng("x", "decision:1"))
    with pytest.raises(IllegalAction, match=r"^region: 'shu' is not a region \(one of yan, "):
        RULES.decide(state, seat, {"type": "region", "region": "shu"}, Rng("x", "decision:1"))


@pytest.mark.parametrize("seats, winners, beaten_by", [(1, [], "li-mu"), (3, "others", None)])
def test_a_seat_that_resigns_ends_the_game_the_others_share_the_win_and_in_solo_li_mu_wins(seats, winners, beaten_by):
    state, seat = seat_table(seats=seats)
    outcome = RULES.outcome(act(state, seat, {"type": "resign"}).state)
    expected = [s for s in range(seats) if s != seat] if winners == "others" else winners
    assert outcome.winners == expected and outcome.beaten_by == beaten_by
    assert outcome.is_tie == (len(expected) > 1), "a shared win is shown as a tie, as in every game"


# --- Whole games ----------------------------------------------------------------------------

def played_out(seats, seed, **options):
    """A random game through the rules; each decision's table checked against its events folded."""
    dealt = RULES.setup(seats, options, Rng(seed, "setup"))
    state, chooser, decisions, turns = dealt.state, Rng(seed, "player"), 0, [RULES.turn(dealt.state)]
    names = [f"p{seat}" for seat in range(seats)]
    while RULES.outcome(state) is None:
        rng = Rng(seed, f"decision:{decisions}")
        decision = play_due(RULES, state, rng)
        if decision is None:
            seat = RULES.to_act(state)
            decision = RULES.decide(state, seat, chooser.choice(RULES.legal_actions(state, seat)), rng)
        folded = state
        for event in decision.events:
            assert event.rule in RULEBOOK, event.rule
            assert RULES.describe(event, names)
            folded = evolve(folded, event)
            turns.append(RULES.turn(folded))
        assert folded == decision.state
        state, decisions = decision.state, decisions + 1
        assert decisions < 2000
    assert all(after.number >= before.number for before, after in zip(turns, turns[1:])), "turns only go forward"
    return state, decisions


@pytest.mark.parametrize("seats, options", [(1, {"difficulty": "easy"}), (1, {"difficulty": "emperor"}), (2, {}),
                                            (3, {}), (4, {})])
def test_random_games_of_every_mode_play_through_four_rounds_to_an_outcome(seats, options):
    state, decisions = played_out(seats, f"whole-{seats}-{options}", **options)
    outcome = RULES.outcome(state)
    assert state.round == BOARD.numbers.rounds and outcome.reason == "the fourth round was scored"
    assert (outcome.beaten_by is None) == bool(outcome.winners)
    if seats == 1:
        assert state.rival.turn == 0 or state.rival.passed


def test_every_event_the_rules_can_record_has_a_line_in_the_replay():
    from domain.tianxia import describe
    from domain.tianxia.events import EVENTS

    LINES = {name: line for name, line in vars(describe).items() if callable(line)}  # describe's lines by name
    rival_lines = {kind for kind in EVENTS.types if kind.startswith("rival_")}
    assert set(EVENTS.types) - rival_lines <= set(LINES), sorted(set(EVENTS.types) - rival_lines - set(LINES))
    assert all(EVENTS.kinds[kind].line is LINES[kind] for kind in set(EVENTS.types) - rival_lines)


def test_a_region_is_offered_exactly_when_its_action_could_go_on_to_something():
    for game in range(6):
        state = RULES.setup(1 + game % 4, {}, Rng(f"open-{game}", "setup")).state
        for decision in range(3000):
            played = play_due(RULES, state, Rng(f"open-{game}", f"d{decision}"))
            if played is None:
                seat = RULES.to_act(state)
                if seat is None:
                    break
                cut = less(state, seat, "governor")
                for region in BOARD.regions:
                    paid = len(state.discs[region])
                    assert region_open(state, seat, region, paid, cut) == any(
                        region_actions(state, seat, {"region": region, "done": []}, paid, cut)), region
                legal = RULES.legal_actions(state, seat)
                played = RULES.decide(state, seat, Rng(f"open-{game}", f"c{decision}").choice(legal),
                                      Rng(f"open-{game}", f"d{decision}"))
            state = played.state
