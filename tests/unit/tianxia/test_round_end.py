"""The end of a round and of the game: Cleanup (notes §2, L84, L140, L218-219) and the final
scoring (notes §6, L225, L227)."""

import copy
import dataclasses

import pytest

from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter, evolve
from domain.tianxia.round_end import cleanup, final_scoring, objective_scores, palace_scores
from domain.tianxia.state import NEUTRAL
from tests.unit.tianxia.tables import of_type, opened, with_palace


def folded(state, events):
    for event in events:
        state = evolve(state, event)
    return state


def cleaned(state, seed="cleanup"):
    em = TianxiaEmitter(state, Rng(seed, "decision:9"))
    cleanup(em)
    events, after = em.decision()
    assert folded(state, events) == after
    return events, after


def scored(state):
    em = TianxiaEmitter(state, None)
    final_scoring(em)
    events, after = em.decision()
    assert folded(state, events) == after
    return events, after


def end_of_round(seats=1, **options):
    state = copy.deepcopy(opened(seats, "round-end", **options))
    state.phase = "attack"
    return state


# --- Cleanup --------------------------------------------------------------------------------

def test_cleanup_boxes_the_display_brings_the_discs_back_and_sails_the_full_ships():
    state = end_of_round()
    state.discs = {**state.discs, "qi": [0, 1]}
    state.fortify_discs = [0]
    state.seats[0].discs, state.seats[0].discarded_discs, state.seats[0].passed = 0, 1, True
    full = state.ports["qi"][0]
    state.ports = {**state.ports, "qi": [{"ship": full["ship"], "crates": [0] * len(full["crates"])}, state.ports["qi"][1]]}
    crates, wave, deck_top = state.seats[0].crates, state.wave[0]["ship"], state.ship_deck[0]
    events, after = cleaned(state)
    assert after.display == [] and of_type(events, "round_cleaned")[0].data["boxed"] == state.display
    assert all(owners == [] for owners in after.discs.values()) and after.fortify_discs == []
    seat = after.seats[0]
    assert (seat.discs, seat.discarded_discs, seat.passed) == (BOARD.numbers.action_discs, 0, False)
    assert [ship["ship"] for ship in after.ports["qi"]] == [state.ports["qi"][1]["ship"], wave], "move up, the wave's joins"
    assert after.wave[0]["ship"] == deck_top and seat.crates == crates + len(full["crates"]), "the crates come home"


def test_the_turn_order_follows_the_order_of_passing_so_li_mu_passing_first_plays_first():
    state = end_of_round()
    state.next_order = [state.rival_owner, 0]
    assert cleaned(state)[1].order == [state.rival_owner, 0]
    state.next_order = [0, state.rival_owner]
    assert cleaned(state)[1].order == [0, state.rival_owner]


def test_li_mus_markers_come_back_and_every_card_returns_to_its_stack_naming_only_those_turned_up():
    state = end_of_round(difficulty="normal")
    rival = state.rival
    rival.markers, rival.turn, rival.passed = 0, 5, True
    rival.discard, rival.open, rival.deck = ["S02"], ["S07"], ["S09", "S05A"]
    events, after = cleaned(state)
    cleaned_up = of_type(events, "rival_cleaned_up")[0]
    assert cleaned_up.rule == "tianxia.limu.cleanup" and sorted(cleaned_up.data["returned"]) == ["S02", "S07"]
    assert cleaned_up.data["face_down"] == 2 and not {"S09", "S05A"} & set(str(cleaned_up.facts)), (
        "the deck's cards were never turned up: which they are stays secret (tianxia.house.advanced-draw)")
    assert (after.rival.markers, after.rival.turn, after.rival.passed) == (BOARD.li_mu.action_markers, 0, False)
    assert after.rival.open == after.rival.deck == after.rival.discard == []
    assert after.rival.basic == state.rival.basic and after.rival.advanced == state.rival.advanced, "his stacks stay whole"


def test_the_bots_discards_go_back_into_its_deck_shuffled_and_it_stays_last():
    state = end_of_round(seats=2)
    state.next_order = [1, 0]
    state.rival.discard, state.rival.open = ["B1", "B2", "B3"], []
    events, after = cleaned(state)
    assert after.order == [1, 0, state.rival_owner], "the Bot remains the last player (L62)"
    cleaned_up = of_type(events, "rival_cleaned_up")[0]
    assert cleaned_up.rule == "tianxia.bot.cleanup" and "deck" in cleaned_up.secret
    assert sorted(after.rival.deck) == sorted(state.rival.deck + ["B1", "B2", "B3"]) and after.rival.discard == []


# --- Final scoring --------------------------------------------------------------------------

def test_palace_tracks_score_each_steps_value_and_5_and_2_to_the_farthest_the_neutral_marker_ranking_too():
    state = end_of_round(seats=3)
    state = with_palace(state, {"black": {0: 7, 1: 7, 2: 2}})
    scores = palace_scores(state)
    black = {owner: BOARD.palace.final[step] for owner, step in ((0, 7), (1, 7), (2, 2))}
    others = 3 * BOARD.palace.final[0]  # the three other tracks: everyone on the start, behind the neutral marker
    assert scores[0] == black[0] + 5 + others and scores[1] == black[1] + 2 + others, "seat 0 got there first"
    assert scores[2] == black[2] + others, "behind the neutral marker: no rank"
    state = with_palace(state, {"black": {0: 6, 1: 4, 2: 2}})
    scores = palace_scores(state)
    assert scores[0] == BOARD.palace.final[6] + 5 + others, "alone past the neutral marker: first"
    assert scores[1] == BOARD.palace.final[4] + others, "level with the neutral marker, which was there first"
    assert NEUTRAL not in scores


def objectives_of(state, seat, cards):
    state.seats[seat].objectives = list(cards)
    return objective_scores(state, seat)


def test_three_objectives_score_at_most_but_every_one_in_solo_except_at_emperor():
    cards = list(BOARD.objectives)[:5]
    plain = end_of_round(seats=3)
    assert len(objectives_of(plain, 0, cards)) == BOARD.numbers.objectives_scored == 3
    assert len(objectives_of(end_of_round(difficulty="hard"), 0, cards)) == 5
    assert len(objectives_of(end_of_round(difficulty="emperor"), 0, cards)) == BOARD.solo.emperor_objectives == 3


def test_an_objective_scores_its_points_for_each_thing_counted_up_to_its_cap():
    state = end_of_round(seats=3)
    soldiers = next(o for o in BOARD.objectives.values() if o.per == "soldiers")
    state.sections = {**state.sections, "longxi": dataclasses.replace(state.sections["longxi"], soldiers=[0, 0, 1])}
    [part] = objectives_of(state, 0, [soldiers.id])
    assert part == {"objective": soldiers.id, "count": 2, "points": min(2 * soldiers.points, soldiers.most)}
    state.sections = {**state.sections, "longxi": dataclasses.replace(state.sections["longxi"], soldiers=[0] * 6),
                      "yuyang": dataclasses.replace(state.sections["yuyang"], soldiers=[0] * 6)}
    assert objectives_of(state, 0, [soldiers.id])[0]["points"] == soldiers.most


def test_the_final_scoring_adds_figurines_tracks_objectives_and_leftovers_and_li_mu_his_tracks_and_figurines():
    state = end_of_round(difficulty="easy")
    state.seats[0].figurines, state.rival.figurines = ["tiger", "crane", "tiger"], ["horse"]
    state.seats[0].goods = {**state.seats[0].goods, "coins": 7, "silk": 4}
    state.seats[0].objectives = []
    events, after = scored(state)
    part = of_type(events, "game_scored")[0].data["seats"][0]
    assert part["figurines"] == BOARD.figurines.final[2], "two kinds of figurine"
    assert part["leftovers"] == sum(state.seats[0].goods.values()) // 5
    assert after.seats[0].prestige == state.seats[0].prestige + part["total"]
    rival = of_type(events, "game_scored")[0].data["rival"]
    assert rival["figurines"] == BOARD.figurines.final[1] and rival["palace"] == palace_scores(state)[state.rival_owner]
    assert of_type(events, "game_scored")[0].rule == "tianxia.limu.final"


@pytest.mark.parametrize("player, li_mu, won", [(40, 39, True), (40, 40, False), (30, 45, False)])
def test_in_solo_the_player_wins_only_with_more_prestige_than_li_mu(player, li_mu, won):
    state = end_of_round(difficulty="easy")
    palace = palace_scores(state)
    state.seats[0].objectives, state.seats[0].goods = [], dict.fromkeys(state.seats[0].goods, 0)
    state.seats[0].prestige, state.rival.prestige = player - palace[0], li_mu - palace[state.rival_owner]
    events, after = scored(state)
    ended = events[-1]
    assert ended.type == "game_ended" and ended.rule == ("tianxia.house.solo-tie" if player == li_mu else "tianxia.solo.win")
    assert (after.winners, after.beaten_by) == (([0], None) if won else ([], "li-mu"))


def test_outside_solo_equal_highest_prestige_shares_the_win_and_the_bot_scores_nothing():
    state = end_of_round(seats=2)
    for seat in state.seats:
        seat.objectives, seat.goods, seat.prestige = [], dict.fromkeys(seat.goods, 0), 20
    events, after = scored(state)
    assert of_type(events, "game_scored")[0].data["rival"] is None
    assert after.winners == [0, 1] and events[-1].rule == "tianxia.house.tie"
