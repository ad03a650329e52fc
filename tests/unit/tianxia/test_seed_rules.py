"""Every rule of the seed (the 2-player Bot, solo against Li Mu, the appendix of his card actions)
is either cited by an event that seeded games emit, or pinned by a named test.

`TESTED_BY` names, for each seed rule no event of those games cites, the tests that check what it
makes a player see: most are in the other files of this folder; those written here are the rules
nothing checked yet (the rivals' income, what their actions cost and bring, the Bot's tie between
tracks and its place in turn order, Li Mu's barge colour, the battles they fight).
"""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path

import pytest

from domain.rng import Rng
from domain.rules_turns import play_due
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.round_end import final_scoring
from domain.tianxia.rounds import start_round
from domain.tianxia.rulebook import RULEBOOK
from domain.tianxia.game import RULES
from domain.tianxia.state import Section
from domain.tianxia.board.vocabulary import RESOURCES
from tests.unit.tianxia.tables import (attack_table, attacked, clear_board, nomads, of_type, opened, played, rivals_turn,
                                       with_palace)

HERE = Path(__file__).parent
THIS = Path(__file__).name
SEED_PARTS = ("bot", "solo", "limu", "card")
SEED_RULES = tuple(rule for rule in RULEBOOK if rule.split(".")[1] in SEED_PARTS)

# Seed rule -> the test(s) that pin it, "file.py::test_name" under tests/unit/tianxia, comma-separated.
TESTED_BY: dict[str, str] = {
    # --- 2-player mode: the Bot ---
    "tianxia.bot.deck": "test_setup.py::test_the_bot_lays_four_stacks_of_three_tiles_and_its_own_shuffled_deck_of_nine, "
                        "test_rival_cards.py::test_li_mu_has_nine_basic_and_seven_advanced_cards_and_the_bot_nine, "
                        "test_rival_turns.py::test_the_bot_turns_up_and_resolves_its_leftmost_card_every_section_top_to_bottom",
    "tianxia.bot.setup.colour": "test_setup.py::test_the_bot_takes_a_colour_not_used_at_all_and_no_towers",
    "tianxia.bot.setup.palace": "test_setup.py::test_the_bots_palace_markers_start_on_each_tracks_starting_space",
    "tianxia.bot.setup.third": "test_setup.py::test_the_bot_is_third_in_turn_order_and_the_players_order_is_drawn",
    "tianxia.bot.setup.no-choice": "test_setup.py::test_the_bot_takes_no_part_in_choosing_buildings_and_supplies",
    "tianxia.bot.competes": f"{THIS}::test_the_bot_competes_for_the_palace_ranks_but_never_scores_prestige, "
                            "test_rival_turns.py::test_the_bot_gains_no_prestige_and_removes_every_tile_it_reaches",
    "tianxia.bot.free": f"{THIS}::test_a_rival_pays_nothing_and_collects_nothing_for_his_actions",
    "tianxia.bot.ignores-effects": f"{THIS}::test_a_rival_delivering_gains_nothing_from_the_ships_spaces, "
                                   "test_rival_turns.py::test_the_bot_gains_no_prestige_and_removes_every_tile_it_reaches, "
                                   f"{THIS}::test_a_rivals_governor_in_a_watch_post_adds_nothing_to_his_defence",
    "tianxia.bot.no-pass-tile": f"{THIS}::test_the_bot_passing_takes_no_tile_from_the_round_display",
    "tianxia.bot.palace-tie": f"{THIS}::test_the_bots_ties_between_palace_tracks_go_blue_black_white_red",
    "tianxia.bot.last": f"{THIS}::test_the_bot_passing_first_is_still_last_next_round, "
                        "test_round_end.py::test_the_bots_discards_go_back_into_its_deck_shuffled_and_it_stays_last",
    "tianxia.bot.no-income": f"{THIS}::test_a_rival_gains_no_income_for_his_governors_and_barge_workers",
    "tianxia.bot.out-of-cards": f"{THIS}::test_once_out_of_cards_the_bot_is_skipped_for_the_rest_of_the_round, "
                                "test_rival_turns.py::test_with_no_card_left_on_its_board_the_bots_turn_is_skipped_for_the_round",
    "tianxia.bot.battles": f"{THIS}::test_the_bots_walls_and_soldiers_hold_the_wall_but_its_fallen_soldiers_score_nothing, "
                           "test_attack.py::test_the_bot_takes_its_place_among_the_defenders_but_gains_nothing",
    # --- Solo mode: set-up ---
    "tianxia.solo.rival": "test_setup.py::test_one_seat_plays_solo_against_li_mu_alone",
    "tianxia.solo.setup.colour":
        "test_setup.py::test_li_mu_takes_a_colour_of_his_own_and_nine_barge_meeples_of_another_without_towers",
    "tianxia.solo.setup.board":
        "test_setup.py::test_li_mus_board_holds_his_walls_and_three_action_markers_leaving_the_fourth_space_empty",
    "tianxia.solo.setup.markers":
        "test_setup.py::test_every_marker_starts_on_each_tracks_start_li_mu_on_10_and_a_neutral_marker_on_step_4",
    "tianxia.solo.setup.second-colour":
        "test_setup.py::test_li_mu_takes_a_colour_of_his_own_and_nine_barge_meeples_of_another_without_towers, "
        f"{THIS}::test_li_mus_second_colour_goes_only_on_the_barges",
    "tianxia.solo.setup.nothing": "test_setup.py::test_li_mu_gets_no_coins_resources_objectives_supply_or_starting_building",
    "tianxia.solo.setup.player-board":
        "test_setup.py::test_the_solo_player_chooses_side_a_or_b_and_keeps_one_of_two_starting_buildings",
    "tianxia.solo.first": "test_setup.py::test_the_solo_player_is_the_starting_player",
    # --- Solo mode: Li Mu's play ---
    "tianxia.limu.competes": f"{THIS}::test_li_mu_scores_battle_places_and_fallen_soldiers_as_the_player_does, "
                             "test_round_end.py::test_the_final_scoring_adds_figurines_tracks_objectives_and_leftovers_and_"
                             "li_mu_his_tracks_and_figurines",
    "tianxia.limu.card-per-turn": "test_worked_example.py::test_li_mus_first_turn_is_the_seeds_example, "
                                  "test_worked_example.py::test_each_face_of_the_die_picks_its_card",
    "tianxia.limu.free": f"{THIS}::test_a_rival_pays_nothing_and_collects_nothing_for_his_actions",
    "tianxia.limu.first-player": "test_rival_turns.py::test_li_mu_passing_before_the_player_is_first_in_the_next_round, "
                                 "test_round_end.py::test_the_turn_order_follows_the_order_of_passing_so_li_mu_passing_"
                                 "first_plays_first",
    "tianxia.limu.ignores-effects": f"{THIS}::test_a_rival_delivering_gains_nothing_from_the_ships_spaces, "
                                    f"{THIS}::test_li_mu_gains_nothing_from_a_passive_building_his_governor_holds, "
                                    "test_rival_turns.py::test_a_tile_beside_the_building_is_claimed_if_its_figurine_is_"
                                    "new_to_him_else_removed, "
                                    f"{THIS}::test_a_rivals_governor_in_a_watch_post_adds_nothing_to_his_defence",
    "tianxia.limu.figurines": "test_rival_turns.py::test_a_tile_beside_the_building_is_claimed_if_its_figurine_is_new_to_"
                              "him_else_removed, "
                              "test_rival_turns.py::test_reaching_a_step_with_tiles_li_mu_takes_a_new_figurine_else_removes_"
                              "the_leftmost, "
                              "test_rival_turns.py::test_passing_li_mu_takes_a_display_tile_with_a_new_figurine_then_"
                              "advances_once_per_figurine",
    "tianxia.limu.palace-tie": "test_rival_turns.py::test_ties_between_tracks_go_blue_black_white_red",
    "tianxia.solo.zero-prestige": "test_attack.py::test_in_solo_a_player_brought_to_0_prestige_loses_at_once",
    "tianxia.limu.no-income": f"{THIS}::test_a_rival_gains_no_income_for_his_governors_and_barge_workers",
    "tianxia.limu.as-much": f"{THIS}::test_li_mu_does_as_much_of_a_line_as_his_pieces_allow_and_goes_on_with_the_card, "
                            "test_rival_turns.py::test_soldiers_that_do_not_fit_go_to_the_next_section_down_the_list, "
                            "test_rival_turns.py::test_a_region_with_no_free_governor_space_still_takes_the_marker_and_"
                            "the_step",
    "tianxia.limu.barge-colour": f"{THIS}::test_li_mus_second_colour_goes_only_on_the_barges, "
                                 "test_rival_turns.py::test_a_worker_goes_leftmost_on_the_barge_shown_pushing_off_a_third_"
                                 "worker",
    "tianxia.limu.battle-prestige": f"{THIS}::test_li_mu_scores_battle_places_and_fallen_soldiers_as_the_player_does",
    "tianxia.limu.no-excess": "test_attack.py::test_strength_past_the_last_building_costs_each_player_coins_then_3_prestige_"
                              "but_never_li_mu",
    "tianxia.solo.objective-limit":
        "test_round_end.py::test_three_objectives_score_at_most_but_every_one_in_solo_except_at_emperor",
    # --- The appendix ---
    "tianxia.card.fourth-turn": "test_rival_turns.py::test_a_starred_top_section_is_ignored_on_his_fourth_turn_only",
}


# --- Tables ------------------------------------------------------------------------------------

def solo(*open_cards, deck=("S03", "S05", "S06", "S07"), seed="seed-rules"):
    """Li Mu to play his first turn, `open_cards` open (the first resolved: the die shows 1), an
    empty wall and river, every nomad of strength 4."""
    state = rivals_turn(opened(1, seed, difficulty="easy"), open_cards=list(open_cards), deck=list(deck), rolls=(1,))
    clear_board(state)
    nomads(state, [4, 4, 4, 4])
    return state


def bot(*open_cards, seed="seed-rules"):
    """The Bot to play its first turn, `open_cards` on its board face up, an empty wall and river."""
    state = rivals_turn(opened(2, seed), open_cards=list(open_cards))
    clear_board(state)
    nomads(state, [4, 4, 4, 4])
    return state


def battle_table(seats, strengths, distances, seed="seed-rules"):
    """The Attack phase on an empty wall, no governor anywhere."""
    return attack_table(seats, strengths, distances, seed, **({"difficulty": "easy"} if seats == 1 else {}))


def moved(state, track, owner, step):
    """`owner`'s marker put on `step` of `track`."""
    return with_palace(state, {track: {owner: step}})


def prestige(state, owner):
    return state.rival.prestige if owner == state.rival_owner else state.seats[owner].prestige


def steps(state, owner):
    return {track: state.step_of(owner, track) for track in BOARD.tracks}


def playout(seats, options, seed, bot_name):
    """A whole game, the seats played by `bot_name` and the rival by the rules: every rule its events
    cite (the set-up's included), and the last table."""
    player = RULES.bots[bot_name]
    dealt = RULES.setup(seats, options, Rng(seed, "setup"))
    cited, state = {event.rule for event in dealt.events}, dealt.state
    for number in range(3000):
        rng = Rng(seed, f"decision:{number}")
        decision = play_due(RULES, state, rng)
        if decision is None:
            seat = RULES.to_act(state)
            if seat is None:
                break
            action = player.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), Rng(seed, f"bot:{number}"))
            decision = RULES.decide(state, seat, action, rng)
        cited |= {event.rule for event in decision.events}
        state = decision.state
    assert RULES.outcome(state) is not None, f"{seed} did not end"
    return cited, state


# --- The rivals' resources: none, and no income (L51, L70, L139, L172) ---------------------------

@pytest.mark.parametrize("seats", [1, 2])
def test_a_rival_pays_nothing_and_collects_nothing_for_his_actions(seats):
    # S05 and B6 both open with Wei: a marker there, a step on the red track, a governor in a building.
    state = solo("S05", "S01") if seats == 1 else bot("B6", "B1")
    owner = state.rival_owner
    state.discs = {**state.discs, "wei": [0, 0, 0]}
    for seat in state.seats:
        seat.goods = dict.fromkeys(seat.goods, 0)
    decision = played(state)
    after = decision.state
    assert after.discs["wei"] == [0, 0, 0, owner], "a fourth disc in Wei would cost a player 3 coins"
    assert of_type(decision.events, "rival_governor_placed"), "a governor would cost a player wood"
    assert after.step_of(owner, "red") >= 1, "the red track's step 1 rewards a player"
    assert after.seats == state.seats, "nobody paid for him, and nobody was paid"
    shown = RULES.view(after, 0)["rival"]
    assert not set(shown) & {"goods", *RESOURCES}, "he holds no coins, resources or goods"


@pytest.mark.parametrize("seats", [1, 2])
def test_a_rival_gains_no_income_for_his_governors_and_barge_workers(seats):
    state = copy.deepcopy(opened(seats, "seed-rules", **({"difficulty": "easy"} if seats == 1 else {})))
    owner = state.rival_owner
    bare = copy.deepcopy(state)
    for site_id, site in state.sites.items():
        if BOARD.sites[site_id].kind == "income":  # a seat's governor there would earn its income
            state.sites[site_id] = dataclasses.replace(site, governors=[owner] + [None] * (len(site.governors) - 1))
    state.barges = {barge: [owner] for barge in state.barges}  # a seat's worker there would earn a resource

    def incomes(table):
        em = TianxiaEmitter(table, Rng("seed-rules", "decision:9"))
        start_round(em)
        events = em.events
        return [(event.data["seat"], event.data["gain"]) for event in of_type(events, "income_paid")]

    paid = incomes(state)
    assert [seat for seat, _ in paid] == list(range(seats)), "each seat is paid, the rival never"
    assert paid == incomes(bare), "his governors and workers pay nobody anything"


# --- The Bot (L47, L55-56, L62, L76, L80) ------------------------------------------------------

def test_the_bot_competes_for_the_palace_ranks_but_never_scores_prestige():
    state = copy.deepcopy(opened(2, "seed-rules"))
    state.phase = "attack"
    the_bot = state.rival_owner
    moved(state, "black", 0, 7)

    def scored(table):
        em = TianxiaEmitter(table, None)
        final_scoring(em)
        events, after = em.decision()
        return of_type(events, "game_scored")[0].data, after

    alone, _ = scored(state)
    behind, after = scored(moved(copy.deepcopy(state), "black", the_bot, 8))
    ranks = BOARD.palace.ranks
    assert alone["seats"][0]["palace"] - behind["seats"][0]["palace"] == ranks[0] - ranks[1], (
        "the Bot ahead on black takes the first rank from seat 0")
    assert behind["rival"] is None and after.rival.prestige == state.rival.prestige
    _, end = playout(2, {}, "seed-rules-bot-competes", "random")
    assert end.rival.prestige == BOARD.numbers.start_prestige, "a whole game, and not a point for the Bot"
    assert any(end.step_of(end.rival_owner, track) for track in BOARD.tracks), "though it climbed the Palace"


@pytest.mark.parametrize("way", ["three-turns", "out-of-cards"])
def test_the_bot_passing_takes_no_tile_from_the_round_display(way):
    state = bot("B4", "B1", "B2") if way == "three-turns" else bot()
    state.rival.turn = 2 if way == "three-turns" else 1
    state.display = ["rampart", "jade-tiger", "jade-crane"]
    decision = played(state)
    assert of_type(decision.events, "rival_passed")[0].rule == f"tianxia.bot.{way}"
    assert not of_type(decision.events, "rival_tile_claimed") and not of_type(decision.events, "rival_tile_removed")
    assert decision.state.display == state.display and decision.state.rival.figurines == []


@pytest.mark.parametrize("standing, track", [
    ({}, "blue"),
    ({"blue": 1}, "white"),
    ({"blue": 1, "white": 1}, "red"),
    ({"blue": 1, "white": 1, "red": 1}, "blue"),
    ({"blue": 2, "white": 1, "red": 1}, "black"),
])
def test_the_bots_ties_between_palace_tracks_go_blue_black_white_red(standing, track):
    state = bot("B1", "B2")  # B1: Qi (a step on black), a soldier, then a step on the track it has advanced least
    for colour, step in standing.items():
        moved(state, colour, state.rival_owner, step)
    least = of_type(played(state).events, "rival_advanced")[-1]
    assert least.rule == "tianxia.card.advance-least" and least.data["track"] == track


def test_the_bot_passing_first_is_still_last_next_round():
    state = bot("B4", "B1", "B2")
    the_bot = state.rival_owner
    state.rival.turn = 2
    decision = played(state)  # its third turn: it passes before either seat
    state, events = decision.state, list(decision.events)
    assert state.rival.passed and RULES.to_act(state) == state.order[0]
    for number in range(40):
        if state.round != 1:
            break
        seat = RULES.to_act(state)
        legal = RULES.legal_actions(state, seat)
        action = next((a for kind in ("pass", "tile", "end") for a in legal if a["type"] == kind), legal[0])
        decision = RULES.decide(state, seat, action, Rng("seed-rules", f"decision:{number}"))
        state, events = decision.state, events + decision.events
    passes = [event.data["seat"] for event in of_type(events, "seat_passed")]
    assert state.round == 2 and sorted(passes) == [0, 1]
    assert state.order == [*passes, the_bot], "the seats in the order they passed, the Bot last"


def test_once_out_of_cards_the_bot_is_skipped_for_the_rest_of_the_round():
    state = bot()  # no card left on its board
    state.rival.turn = 1
    for seat in state.seats:
        seat.goods = {**seat.goods, "coins": 20}
    decision = played(state)
    state, events = decision.state, list(decision.events)
    assert of_type(events, "rival_passed")[0].rule == "tianxia.bot.out-of-cards"
    for number in range(6):  # three turns each on the barges: the turn never comes back to the Bot
        assert play_due(RULES, state, Rng("seed-rules", f"due:{number}")) is None
        seat = RULES.to_act(state)
        assert seat in (0, 1) and state.active == seat
        barge = next(action for action in RULES.legal_actions(state, seat) if action["type"] == "barge")
        decision = RULES.decide(state, seat, barge, Rng("seed-rules", f"decision:{number}"))
        state, events = decision.state, events + decision.events
    assert state.round == 1 and state.phase == "action"
    assert not of_type(events, "rival_card_chosen") and len(of_type(events, "rival_passed")) == 1


def test_the_bots_walls_and_soldiers_hold_the_wall_but_its_fallen_soldiers_score_nothing():
    state = battle_table(2, strengths=(3, 4, 4, 4), distances=(0, 3, 3, 3))
    the_bot = state.rival_owner
    state.sections["longxi"] = Section(walls=[the_bot], soldiers=[the_bot, 0])
    events, after = attacked(state)
    assert of_type(events, "strength_lowered")[0].data["by"] == 1, "its wall lowers the strength"
    fallen = [(event.data["owner"], event.data["points"]) for event in of_type(events, "soldier_fallen")]
    assert fallen == [(the_bot, 0), (0, 1)], "its soldier falls first, for nothing"
    assert not of_type(events, "building_raided"), "together they spent the strength: the battle is won"
    places = of_type(events, "battle_fought")[0].data["places"]
    assert [(place["owner"], place["points"]) for place in places] == [(the_bot, 0), (0, 4)]
    assert after.rival.prestige == state.rival.prestige
    assert after.seats[0].prestige == state.seats[0].prestige + 4 + 1


# --- Li Mu (L133, L141, L178, L188, L206) ------------------------------------------------------

def test_li_mu_scores_battle_places_and_fallen_soldiers_as_the_player_does():
    gains = {}
    for first in (1, 0):  # Li Mu (owner 1) holding the wall, then the player in the very same way
        second = 1 - first
        state = battle_table(1, strengths=(4, 4, 4, 4), distances=(0, 3, 3, 3))
        state.sections["longxi"] = Section(walls=[first, first, second], soldiers=[first, second])
        state.sites["qin-1"] = dataclasses.replace(state.sites["qin-1"], governors=[second, None])
        events, after = attacked(state)
        assert not of_type(events, "building_raided")
        gains[first] = (prestige(after, first) - prestige(state, first), prestige(after, second) - prestige(state, second))
    assert gains[1] == gains[0] == (7 + 1 + 1, 4), "first place, his fallen soldier, the governor on the path"


def test_li_mus_second_colour_goes_only_on_the_barges():
    state = solo("S08", "S01")  # S08: Qin (a governor), a wall with a soldier, a worker on barge 1, ...
    owner = state.rival_owner
    after = played(state).state
    assert after.barges["timber-barge"] == [owner]
    assert after.rival.barge_meeples == state.rival.barge_meeples - 1, "the worker is of his second colour"
    assert after.rival.meeples == state.rival.meeples - 1, "the governor is of his own"
    state.rival.barge_meeples = 0
    decision = played(state)
    assert decision.state.barges["timber-barge"] == [], "out of his second colour, none of his own goes on a barge"
    assert decision.state.rival.meeples == state.rival.meeples - 1
    skipped = [event for event in of_type(decision.events, "rival_line_skipped") if event.data["line"] == 2]
    assert skipped and "no worker left for the barges" in skipped[0].data["why"]


def test_li_mu_does_as_much_of_a_line_as_his_pieces_allow_and_goes_on_with_the_card():
    state = solo("S01A", "S01")  # 3 soldiers where strongest, 2 deliveries in Qi, white, then his least track
    nomads(state, [4, 4, 4, 9])
    state.rival.soldiers = 1
    decision = played(state)
    placed = [(event.data["section"], event.data["count"]) for event in of_type(decision.events, "rival_soldiers_placed")]
    assert placed == [("yuyang", 1)], "the one soldier he has left"
    assert len(of_type(decision.events, "rival_delivered")) == 2
    assert [event.data["track"] for event in of_type(decision.events, "rival_advanced")] == ["black", "white", "blue"]


@pytest.mark.parametrize("seats, card, port, spaces, climbed", [
    (1, "S04", "chu", [2, 1], {"blue": 1, "red": 1}),  # Chu (blue), 2 deliveries in Chu from the right, red
    (2, "B6", "yan", [2], {"red": 2}),  # Wei (red), 1 delivery in Yan from the right, red
])
def test_a_rival_delivering_gains_nothing_from_the_ships_spaces(seats, card, port, spaces, climbed):
    state = solo(card, "S01") if seats == 1 else bot(card, "B1")
    owner = state.rival_owner
    ship = "river-junk"  # spaces from the right: an advance, 2 prestige, 2 coins
    assert [dict(space) for space in BOARD.ships[ship].spaces][1:] == [{"prestige": 2}, {"advance": 1}]
    state.ports = {**state.ports, port: [{"ship": ship, "crates": [None] * 3}, *state.ports[port][1:]]}
    decision = played(state)
    delivered = [(event.data["ship"], event.data["space"]) for event in of_type(decision.events, "rival_delivered")]
    assert delivered == [(0, space) for space in spaces], "on the advance, then on the 2 prestige"
    assert decision.state.rival.prestige == state.rival.prestige
    assert steps(decision.state, owner) == {track: climbed.get(track, 0) for track in BOARD.tracks}, (
        "the card's steps and no more")


def test_li_mu_gains_nothing_from_a_passive_building_his_governor_holds():
    state = solo("S01", "S04")
    academy = BOARD.buildings["academy"]
    assert [effect.gain for effect in academy.effects if effect.on == "pass"] == [{"prestige": 2}], "for a player"
    state.sites["zhou-1"] = dataclasses.replace(state.sites["zhou-1"], building="academy",
                                                governors=[state.rival_owner, None])
    state.rival.turn, state.display = 4, []  # his fifth turn: he passes, with no tile to take
    decision = played(state)
    assert decision.state.rival.passed and decision.state.rival.prestige == state.rival.prestige


@pytest.mark.parametrize("seats", [1, 2])
def test_a_rivals_governor_in_a_watch_post_adds_nothing_to_his_defence(seats):
    state = battle_table(seats, strengths=(4, 4, 4, 1), distances=(3, 3, 3, 0))
    rival = state.rival_owner
    state.sites["zhou-1"] = dataclasses.replace(state.sites["zhou-1"], building="watch-post", governors=[rival, None])
    state.sections["yuyang"] = Section(walls=[rival, 0, 0])
    events, after = attacked(state)
    places = of_type(events, "battle_fought")[0].data["places"]
    assert [(place["owner"], place["defence"]) for place in places] == [(0, 2), (rival, 1)]
    assert after.seats[0].prestige == state.seats[0].prestige + 7


# --- Every seed rule cited or pinned ------------------------------------------------------------

SAMPLE = [(1, {"difficulty": level}) for level in BOARD.solo.difficulties] + [(2, {}), (3, {})]


def named_tests(value: str) -> list[tuple[str, str]]:
    return [tuple(ref.strip().split("::")) for ref in value.split(",")]


def test_every_rule_of_the_seed_is_cited_by_an_event_or_pinned_by_a_named_test():
    cited: set[str] = set()
    for bot_name in ("random", "steward"):
        for seats, options in SAMPLE:
            cited |= playout(seats, options, f"seed-rules-{bot_name}-{seats}-{options.get('difficulty')}", bot_name)[0]
    assert cited <= set(RULEBOOK)
    unpinned = [rule for rule in SEED_RULES if rule not in cited and rule not in TESTED_BY]
    assert not unpinned, f"no event of the sample cites these, and TESTED_BY names no test for them: {unpinned}"
    assert not set(TESTED_BY) - set(SEED_RULES), f"not rules of the seed: {sorted(set(TESTED_BY) - set(SEED_RULES))}"
    for rule, value in TESTED_BY.items():
        for file_name, test_name in named_tests(value):
            path = HERE / file_name
            assert path.is_file(), f"{rule}: {file_name} is not a file of {HERE}"
            assert re.search(rf"^def {re.escape(test_name)}\(", path.read_text(), re.MULTILINE), (
                f"{rule}: {file_name} has no test {test_name}")
