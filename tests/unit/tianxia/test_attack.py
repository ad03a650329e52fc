"""The Attack phase (notes §5) with the rivals' special cases (L80, L148, L206)."""

import dataclasses

from domain.tianxia.board.loader import BOARD
from domain.tianxia.state import Section
from tests.unit.tianxia.tables import attack_table, attacked, of_type


def table(seats=1, strengths=(4, 4, 4, 4), distances=(3, 3, 3, 3), seed="attack", **options):
    return attack_table(seats, strengths, distances, seed, **options)


def test_a_battle_is_fought_only_where_the_chieftain_has_reached_its_wall_section():
    state = table(distances=(1, 0, 2, 3))
    events, _ = attacked(state)
    assert [event.data["section"] for event in of_type(events, "battle_fought")] == ["yunzhong"]


def test_defence_ranks_the_defenders_7_4_2_ties_to_the_leftmost_soldier_then_the_leftmost_wall():
    state = table(seats=3, strengths=(6, 4, 4, 4), distances=(0, 3, 3, 3))
    # Seat 0: 2 walls (2). Seat 1: a soldier and a wall (2), its soldier leftmost. Seat 2: a tower (2).
    state.sections["longxi"] = Section(walls=[0, 1, 0], towers=[2], soldiers=[1])
    events, after = attacked(state)
    places = of_type(events, "battle_fought")[0].data["places"]
    assert [(p["owner"], p["defence"], p["points"]) for p in places] == [(1, 2, 7), (0, 2, 4), (2, 2, 2)]
    assert [after.seats[seat].prestige - state.seats[seat].prestige for seat in range(3)] == [4, 7 + 1, 2], (
        "seat 1's soldier fell too, the last strength point")


def test_towers_and_walls_lower_the_strength_and_soldiers_fall_from_the_left_each_scoring_1():
    state = table(strengths=(6, 4, 4, 4), distances=(0, 3, 3, 3))
    owner = state.rival_owner
    state.sections["longxi"] = Section(walls=[0], towers=[owner], soldiers=[owner, 0, 0, owner])
    events, after = attacked(state)
    assert of_type(events, "strength_lowered")[0].data == {"section": "longxi", "by": 3, "strength": 3}
    fallen = of_type(events, "soldier_fallen")
    assert [(e.data["owner"], e.data["strength"]) for e in fallen] == [(owner, 2), (0, 1), (0, 0)]
    assert after.sections["longxi"].soldiers == [owner], "the rest stand"
    assert not of_type(events, "building_raided"), "the strength was spent: no raid"


def test_strength_left_raids_the_path_in_order_sending_governors_home():
    state = table(strengths=(9, 4, 4, 4), distances=(0, 3, 3, 3))
    state.sites["qin-1"] = dataclasses.replace(state.sites["qin-1"], governors=[0, None], tile=None)
    meeples = state.seats[0].meeples
    events, after = attacked(state)
    raided = of_type(events, "building_raided")
    assert [e.data["site"] for e in raided] == list(BOARD.nomads["yuezhi"].raids)[:len(raided)]
    assert raided[0].data["governors"] == [0] and after.sites["qin-1"].raided == 1
    assert after.sites["qin-1"].governors == [None, None] and after.seats[0].meeples == meeples + 1
    assert after.sites["qin-1"].tile == raided[0].data["refill"] is not None, "its empty tile space is refilled"
    assert raided[0].data["strength"] == 9 - BOARD.sites["qin-1"].raid


def test_a_raided_building_of_li_mus_costs_the_player_3_prestige():
    state = table(strengths=(9, 4, 4, 4), distances=(0, 3, 3, 3))
    state.sites["qin-1"] = dataclasses.replace(state.sites["qin-1"], governors=[state.rival_owner, None])
    events, after = attacked(state)
    lost = [e for e in of_type(events, "prestige_lost") if e.rule == "tianxia.limu.raided"]
    assert [(e.data["seat"], e.data["points"]) for e in lost] == [(0, 3)]


def test_strength_past_the_last_building_costs_each_player_coins_then_3_prestige_but_never_li_mu():
    state = table(strengths=(20, 4, 4, 4), distances=(0, 3, 3, 3))
    state.seats[0].goods = {**state.seats[0].goods, "coins": 2}
    left = 20 - sum(BOARD.sites[site].raid for site in BOARD.nomads["yuezhi"].raids)
    events, after = attacked(state)
    paid = of_type(events, "excess_paid")
    assert [(e.data["seat"], e.data["coins"]) for e in paid] == [(0, 2)]
    lost = [e for e in of_type(events, "prestige_lost") if e.rule == "tianxia.attack.excess"]
    assert [e.data["points"] for e in lost] == [min(state.seats[0].prestige, (left - 2) * 3)]
    assert after.rival.prestige == state.rival.prestige, "Li Mu loses nothing for the excess (L206)"


def test_in_solo_a_player_brought_to_0_prestige_loses_at_once():
    state = table(strengths=(20, 4, 4, 4), distances=(0, 3, 3, 3))
    state.seats[0].goods = {**state.seats[0].goods, "coins": 0}
    events, after = attacked(state)
    ended = of_type(events, "game_ended")[0]
    assert ended.rule == "tianxia.solo.zero-prestige" and after.phase == "over" and after.seats[0].prestige == 0
    assert events[-1] == ended, "nothing follows"


def test_a_battle_won_gives_its_first_defender_1_prestige_per_governor_on_the_path():
    state = table(strengths=(2, 4, 4, 4), distances=(0, 3, 3, 3))
    state.sections["longxi"] = Section(soldiers=[0, 0])
    for site in BOARD.nomads["yuezhi"].raids[:2]:
        state.sites[site] = dataclasses.replace(state.sites[site], governors=[state.rival_owner, None])
    events, after = attacked(state)
    won = of_type(events, "battle_won")[0]
    assert won.data == {"section": "longxi", "owner": 0, "points": 2, "rival": "li-mu"} and after.seats[0].battles_won == 1
    assert after.seats[0].prestige == state.seats[0].prestige + 7 + 2 + 2, "first place, two soldiers, two governors"


def test_the_bot_takes_its_place_among_the_defenders_but_gains_nothing():
    state = table(seats=2, strengths=(20, 4, 4, 4), distances=(0, 3, 3, 3))
    bot = state.rival_owner
    state.sections["longxi"] = Section(walls=[bot, bot], soldiers=[0])
    events, after = attacked(state)
    places = of_type(events, "battle_fought")[0].data["places"]
    assert [(p["owner"], p["points"]) for p in places] == [(bot, 0), (0, 4)]
    assert not hasattr(after.rival, "goods") and after.rival.prestige == state.rival.prestige


def test_after_its_battle_a_nomad_starts_over():
    state = table(strengths=(9, 4, 4, 4), distances=(0, 3, 3, 3))
    _, after = attacked(state)
    assert (after.nomads["yuezhi"].strength, after.nomads["yuezhi"].distance) == (
        BOARD.nomads["yuezhi"].strength, BOARD.nomads["yuezhi"].path)
