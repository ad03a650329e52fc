"""Li Mu's and the Bot's turns, rule by rule of the seed (L62-76, L135-190, the appendix L251-267)."""

import dataclasses

import pytest

from domain.errors import NotYourTurn
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.rival_turn import play_rival_turn
from domain.tianxia.rulebook import RULEBOOK
from domain.tianxia.state import NEUTRAL, Section
from tests.unit.tianxia.tables import clear_board, nomads, of_type, opened, played, rivals_turn, with_palace

REST = ["S03", "S05", "S06", "S07"]


def solo(*open_cards, deck=REST, rolls=(1,), seed="rival"):
    """Li Mu to play, `open_cards` open (the first resolved on a roll of 1), an empty wall and river."""
    state = rivals_turn(opened(1, seed, difficulty="easy"), open_cards=list(open_cards), deck=list(deck), rolls=rolls)
    clear_board(state)
    nomads(state, [4, 4, 4, 4])
    return state


def lines_of(events):
    return [event for event in events if event.type.startswith("rival_") and event.type not in (
        "rival_card_chosen", "rival_card_discarded", "rival_card_drawn")]


# --- The turn: die, card, refill, passing (L135, L176-180, L264) -------------------------------

def test_li_mu_resolves_four_cards_then_passes_on_his_fifth_turn():
    state = solo("S01", "S04", deck=["S07", "S02", "S09", "S05"], rolls=(1, 1, 1, 1))
    for turn in range(1, 5):
        state.active = state.rival_owner
        state = played(state, f"turn-{turn}").state
        assert state.rival.turn == turn and not state.rival.passed, f"S04 would pass late: roll 1 never picks it ({turn})"
    state.active = state.rival_owner
    passed = played(state, "turn-5")
    assert of_type(passed.events, "rival_passed")[0].rule == "tianxia.limu.four-cards"
    assert passed.state.rival.passed and not of_type(passed.events, "rival_card_chosen")


@pytest.mark.parametrize("turn, passes", [(1, False), (2, False), (3, True), (4, True)])
def test_a_pass_card_resolved_on_his_third_or_fourth_turn_makes_him_pass_at_its_end(turn, passes):
    state = solo("S04", "S01")  # S04 ends with the pass icon
    state.rival.turn = turn - 1
    decision = played(state)
    passed = of_type(decision.events, "rival_passed")
    assert bool(passed) == passes and decision.state.rival.passed == passes
    if passes:
        assert passed[0].rule == "tianxia.card.pass-late"
        assert decision.events.index(passed[0]) > decision.events.index(of_type(decision.events, "rival_card_discarded")[0])


def test_with_no_action_marker_left_li_mu_ignores_the_top_section():
    state = solo("S01", "S04")
    state.rival.markers = 0
    events = played(state).events
    skipped = of_type(events, "rival_line_skipped")[0]
    assert skipped.rule == "tianxia.limu.no-marker" and skipped.data["line"] == 0
    assert not of_type(events, "rival_marker_placed") and of_type(events, "rival_soldiers_placed"), "the rest is played"


def test_a_starred_top_section_is_ignored_on_his_fourth_turn_only():
    for turn, ignored in ((3, False), (4, True)):
        state = solo("S02", "S01")  # S02's top section, Zhao, is starred
        state.rival.turn = turn - 1
        events = played(state).events
        assert bool([e for e in of_type(events, "rival_line_skipped") if e.rule == "tianxia.card.fourth-turn"]) == ignored
        assert bool(of_type(events, "rival_marker_placed")) != ignored


def test_a_marker_on_the_fortify_space_is_all_that_line_does():
    state = solo("S03", "S01")
    events = played(state).events
    marker = of_type(events, "rival_marker_placed")[0]
    assert marker.rule == "tianxia.card.fortify" and marker.data["region"] is None
    assert events[2].type != "rival_advanced", "no palace step for the fortify space"
    assert played(state).state.fortify_discs == [state.rival_owner]


def test_li_mu_alternates_with_the_player_and_plays_out_his_turns_once_the_player_has_passed():
    state = solo("S01", "S05")
    assert played(state).state.active == 0
    state.seats = [dataclasses.replace(state.seats[0], passed=True)]
    after = played(state)
    began = of_type(after.events, "turn_began")[0]
    assert began.data["owner"] == state.rival_owner and began.rule == "tianxia.house.alternate"


def test_when_everyone_has_passed_the_action_phase_ends_and_the_round_with_it():
    state = solo("S01", "S05")
    state.seats = [dataclasses.replace(state.seats[0], passed=True)]
    state.next_order = [0]
    state.rival.turn = 4
    decision = played(state)
    kinds = [event.type for event in decision.events]
    assert kinds.index("actions_ended") < kinds.index("round_cleaned") < kinds.index("round_started")
    assert decision.state.round == 2 and decision.state.phase == "action"


def test_a_rivals_turn_is_refused_when_it_is_not_his():
    state = solo("S01", "S05")
    state.active = 0
    with pytest.raises(NotYourTurn):
        play_rival_turn(state, Rng("x", "decision:1"))


# --- The region section (L255, L184) --------------------------------------------------------

def with_buildings(state, **buildings):
    sites = dict(state.sites)
    for site, (building, tile) in buildings.items():
        sites[site] = dataclasses.replace(sites[site.replace("_", "-")], building=building, tile=tile,
                                          governors=[None] * len(BOARD.sites[site.replace("_", "-")].governor_wood))
    state.sites = {key.replace("_", "-"): value for key, value in sites.items()}
    return state


def test_the_governor_goes_to_the_cheapest_building_the_topmost_on_a_tie():
    state = with_buildings(solo("S05", "S01"), wei_1=("market", None), wei_2=("lumber-camp", None))
    governor = of_type(played(state).events, "rival_governor_placed")[0]
    assert governor.data["site"] == "wei-2", "lumber camp, 1 wood, is cheaper than the market, 2"
    state = with_buildings(solo("S05", "S01"), wei_1=("market", None), wei_2=("barracks", None))
    governor = of_type(played(state).events, "rival_governor_placed")[0]
    assert governor.data["site"] == "wei-1" and "the topmost" in governor.data["why"]


def test_a_tile_beside_the_building_is_claimed_if_its_figurine_is_new_to_him_else_removed():
    state = with_buildings(solo("S05", "S01"), wei_1=("market", "jade-tiger"), wei_2=("academy", None))
    claimed = of_type(played(state).events, "rival_tile_claimed")[0]
    assert claimed.rule == "tianxia.limu.governor-tile" and claimed.data["tile"] == "jade-tiger"
    state.rival.figurines = ["tiger"]
    removed = of_type(played(state).events, "rival_tile_removed")[0]
    assert removed.data["tile"] == "jade-tiger" and played(state).state.rival.figurines == ["tiger"]
    state = with_buildings(solo("S05", "S01"), wei_1=("market", "rampart"), wei_2=("academy", None))
    assert of_type(played(state).events, "rival_tile_removed")[0].data["tile"] == "rampart", "no figurine: removed"


def test_a_region_with_no_free_governor_space_still_takes_the_marker_and_the_step():
    state = with_buildings(solo("S05", "S01"), wei_1=("market", None), wei_2=("academy", None))
    for site in ("wei-1", "wei-2"):
        state.sites[site] = dataclasses.replace(state.sites[site], governors=[0] * len(state.sites[site].governors))
    events = played(state).events
    assert of_type(events, "rival_marker_placed") and of_type(events, "rival_advanced")
    skipped = of_type(events, "rival_line_skipped")[0]
    assert skipped.rule == "tianxia.house.no-room" and "no building of Wei has a free governor space" in skipped.data["why"]


# --- Soldiers and walls (L256-259, L186) ------------------------------------------------------

def test_soldiers_go_where_the_nomad_is_weakest_or_the_chieftain_closest_ties_by_the_cards_list():
    state = solo("S09", "S01")  # 1 soldier where weakest, list 3, 4, 1, 2
    nomads(state, [5, 3, 3, 6])
    placed = of_type(played(state).events, "rival_soldiers_placed")[0]
    assert placed.data["section"] == "yanmen" and "tied with Yunzhong" in placed.data["why"]
    state = solo("S05", "S01")  # 1 soldier where the chieftain is closest, list 2, 1, 3, 4
    nomads(state, [4, 4, 4, 4], distances=[1, 2, 1, 3])
    placed = of_type(played(state).events, "rival_soldiers_placed")[0]
    assert placed.rule == "tianxia.card.soldier-chieftain" and placed.data["section"] == "longxi"


def test_a_soldier_goes_in_each_section_the_card_shows():
    state = solo("S06A", "S01")
    placed = of_type(played(state).events, "rival_soldiers_placed")
    assert [(e.data["section"], e.data["count"], e.rule) for e in placed] == [
        ("yanmen", 1, "tianxia.card.soldier"), ("yuyang", 1, "tianxia.card.soldier")]


def test_soldiers_that_do_not_fit_go_to_the_next_section_down_the_list():
    state = solo("S01A", "S01")  # 3 soldiers where strongest, list 4, 3, 2, 1
    nomads(state, [4, 4, 4, 9])
    state.sections["yuyang"] = Section(soldiers=[0] * (BOARD.walls["yuyang"].soldiers - 1))
    placed = of_type(played(state).events, "rival_soldiers_placed")
    assert [(e.data["section"], e.data["count"]) for e in placed] == [("yuyang", 1), ("yanmen", 2)]


def test_a_wall_goes_where_fewest_walls_stand_ties_by_the_cards_list():
    state = solo("S07", "S01")  # wall fewest, list 4, 3, 2, 1
    state.sections["yuyang"] = Section(walls=[0])
    wall = of_type(played(state).events, "rival_wall_placed")[0]
    assert wall.data["section"] == "yanmen" and wall.rule == "tianxia.card.wall"
    assert "the fewest walls stand (0), tied with Yunzhong, Longxi" in wall.data["why"]


def test_a_wall_and_a_soldier_go_in_one_section_or_the_next_on_the_list_where_both_fit():
    state = solo("S03", "S01")  # wall with soldier where strongest, list 3, 2, 4, 1
    nomads(state, [4, 4, 9, 4])
    state.sections["yanmen"] = Section(walls=[0] * BOARD.walls["yanmen"].walls)  # a soldier would fit, a wall not
    wall = of_type(played(state).events, "rival_wall_placed")[0]
    assert wall.rule == "tianxia.limu.wall-and-soldier" and wall.data["with_soldier"]
    assert wall.data["section"] == "yunzhong" and "Yanmen had no room" in wall.data["why"]
    after = played(state).state
    assert after.sections["yunzhong"].walls == [after.rival_owner] == after.sections["yunzhong"].soldiers


# --- Barges (L261-262, L143, L188) ---------------------------------------------------------------

def test_a_worker_goes_leftmost_on_the_barge_shown_pushing_off_a_third_worker():
    state = solo("S04", "S01")  # worker on barge 3, the grain barge
    state.barges["grain-barge"] = [0, NEUTRAL, 0]
    decision = played(state)
    placed = of_type(decision.events, "rival_worker_placed")[0]
    assert placed.data["barge"] == "grain-barge" and placed.data["pushed"] == 0
    assert decision.state.barges["grain-barge"] == [state.rival_owner, 0, NEUTRAL]
    assert decision.state.seats[0].merchants == state.seats[0].merchants + 1, "the player's worker goes to the merchants"
    assert decision.state.rival.barge_meeples == state.rival.barge_meeples - 1, "his second colour, for the barges"


def test_li_mu_gains_3_prestige_when_his_worker_is_pushed_off_a_barge():
    state = solo("S04", "S01")
    owner = state.rival_owner
    state.barges["grain-barge"] = [0, NEUTRAL, owner]
    decision = played(state)
    gained = [e for e in of_type(decision.events, "rival_prestige_gained") if e.rule == "tianxia.limu.pushed-off"]
    assert [e.data["points"] for e in gained] == [3]
    assert decision.state.rival.barge_meeples == state.rival.barge_meeples, "placed one, got one back"


def test_a_worker_goes_on_the_barge_with_fewest_of_his_ties_by_the_cards_list():
    state = solo("S05", "S01")  # workers fewest, list 4, 3, 2, 1
    owner = state.rival_owner
    state.barges.update({"coin-barge": [owner], "grain-barge": [owner], "stone-barge": [0, 0]})
    placed = of_type(played(state).events, "rival_worker_placed")[0]
    assert placed.rule == "tianxia.card.worker-fewest" and placed.data["barge"] == "stone-barge"
    assert "tied with timber-barge" in placed.data["why"]


# --- Deliveries (L263) ------------------------------------------------------------------------

def test_deliveries_fill_the_top_ship_from_the_side_shown_then_the_next_ship_then_a_shipping_marker():
    state = solo("S04", "S01")  # 2 deliveries in Chu from the right
    ships = [{"ship": ship["ship"], "crates": [None] * len(ship["crates"])} for ship in state.ports["chu"]]
    ships[0]["crates"] = [0] * (len(ships[0]["crates"]) - 1) + [None]
    state.ports["chu"] = ships
    decision = played(state)
    delivered = [(e.data["ship"], e.data["space"]) for e in of_type(decision.events, "rival_delivered")]
    last_of_next = len(ships[1]["crates"]) - 1
    assert delivered == [(0, len(ships[0]["crates"]) - 1), (1, last_of_next)]
    assert of_type(decision.events, "rival_shipping_marker_placed")[0].data["port"] == "chu"


def test_a_full_port_still_takes_li_mus_shipping_marker():
    state = solo("S01", "S04")
    state.ports["qi"] = [{"ship": ship["ship"], "crates": [0] * len(ship["crates"])} for ship in state.ports["qi"]]
    decision = played(state)
    assert not of_type(decision.events, "rival_delivered")
    skipped = [e for e in of_type(decision.events, "rival_line_skipped") if e.rule == "tianxia.house.deliver-full"]
    assert skipped and decision.state.shipping["qi"] == [state.rival_owner]


# --- The Palace (L182, L265-266) ------------------------------------------------------------

def test_li_mu_takes_only_the_blue_tracks_printed_prestige_on_steps_5_and_10():
    state = solo("S02", "S01")  # advance blue
    with_palace(state, {"blue": {state.rival_owner: 4}})
    decision = played(state)
    gained = of_type(decision.events, "rival_prestige_gained")
    assert [(e.rule, e.data["points"]) for e in gained] == [("tianxia.limu.blue-prestige", 3)]
    assert decision.state.rival.prestige == state.rival.prestige + 3


def test_reaching_a_step_with_tiles_li_mu_takes_a_new_figurine_else_removes_the_leftmost():
    state = solo("S01", "S04")  # his white advance is his last line
    with_palace(state, {"white": {state.rival_owner: 2}})
    state.step_tiles = {**state.step_tiles, "white": [list(t) for t in state.step_tiles["white"]]}
    state.step_tiles["white"][3] = ["rampart", "jade-horse"]
    claimed = of_type(played(state).events, "rival_tile_claimed")
    assert [(e.data["tile"], e.data["index"], e.rule) for e in claimed] == [("jade-horse", 1, "tianxia.limu.palace-tiles")]
    state.rival.figurines = ["horse"]
    removed = [e for e in of_type(played(state).events, "rival_tile_removed") if e.rule == "tianxia.limu.palace-tiles"]
    assert [(e.data["tile"], e.data["index"]) for e in removed] == [("rampart", 0)]


def test_ties_between_tracks_go_blue_black_white_red():
    state = solo("S03", "S01")  # advance least is its last line
    advanced = of_type(played(state).events, "rival_advanced")[-1]
    assert advanced.rule == "tianxia.card.advance-least" and advanced.data["track"] == "blue"
    assert "the priority blue, black, white, red" in advanced.data["why"]
    with_palace(state, {track: {state.rival_owner: 1} for track in ("blue", "black")})
    assert of_type(played(state).events, "rival_advanced")[-1].data["track"] == "white"


def test_a_marker_at_the_top_of_a_track_advances_no_further():
    state = solo("S02", "S01")
    with_palace(state, {"blue": {state.rival_owner: BOARD.palace.steps}})
    skipped = [e for e in of_type(played(state).events, "rival_line_skipped") if e.rule == "tianxia.house.palace-top"]
    assert skipped and "top of the blue track" in skipped[0].data["why"]


def test_a_prestige_line_counts_what_he_has_on_the_board_when_it_resolves():
    state = solo("S08", "S01")  # a wall with a soldier, then 1 prestige per wall
    owner = state.rival_owner
    state.sections["longxi"] = Section(walls=[owner, 0])
    gained = [e for e in of_type(played(state).events, "rival_prestige_gained") if e.rule == "tianxia.card.prestige"]
    assert [e.data["points"] for e in gained] == [2], "his wall on Longxi and the one this card placed"


# --- Passing (L140, L190) ---------------------------------------------------------------------

def test_passing_li_mu_takes_a_display_tile_with_a_new_figurine_then_advances_once_per_figurine():
    state = solo("S01", "S04")
    state.rival.turn, state.rival.figurines = 4, ["tiger"]
    state.display = ["rampart", "jade-tiger", "jade-crane"]
    decision = played(state)
    claimed = of_type(decision.events, "rival_tile_claimed")[0]
    assert claimed.rule == "tianxia.limu.pass" and claimed.data["tile"] == "jade-crane"
    advances = [e for e in of_type(decision.events, "rival_advanced") if e.rule == "tianxia.limu.pass"]
    assert [e.data["track"] for e in advances] == ["blue", "black"], "two figurines: his lowest track, again after each"
    assert decision.state.display == ["rampart", "jade-tiger"]


def test_passing_a_figurine_li_mu_takes_on_a_palace_step_counts_at_once_as_a_players_would():
    state = solo("S01", "S04")
    state.rival.turn, state.rival.figurines, state.display = 4, ["tiger"], ["rampart"]
    reached = state.step_of(state.rival_owner, "blue") + 1  # his lowest track, blue first on a tie
    state.step_tiles = {**state.step_tiles, "blue": [["jade-crane"] if step == reached else tiles
                                                     for step, tiles in enumerate(state.step_tiles["blue"])]}
    decision = played(state)
    claimed = of_type(decision.events, "rival_tile_claimed")
    assert [(e.data["tile"], e.data["where"]) for e in claimed] == [("jade-crane", {"track": "blue", "step": reached})]
    advances = [e.data["track"] for e in of_type(decision.events, "rival_advanced") if e.rule == "tianxia.limu.pass"]
    assert advances == ["blue", "black"], "the crane taken on his first advance gives him a second (L190)"
    assert decision.state.rival.figurines == ["tiger", "crane"]


def test_passing_with_no_new_figurine_on_display_he_removes_the_leftmost_tile():
    state = solo("S01", "S04")
    state.rival.turn, state.display = 4, ["rampart", "jade-tiger"]
    state.rival.figurines = ["tiger"]
    removed = of_type(played(state).events, "rival_tile_removed")[0]
    assert removed.data["tile"] == "rampart" and removed.rule == "tianxia.limu.pass"


def test_li_mu_passing_before_the_player_is_first_in_the_next_round():
    state = solo("S01", "S04")
    state.rival.turn = 4
    after = played(state).state
    assert after.next_order == [state.rival_owner] and after.rival.passed


# --- The Bot (L53-55, L62-76) -----------------------------------------------------------------

def bot_table(*open_cards, seed="bot"):
    state = rivals_turn(opened(2, seed), open_cards=list(open_cards))
    state.rival.face_down = [True, False, True][:len(open_cards)]
    clear_board(state)
    nomads(state, [4, 4, 4, 4])
    return state


def test_the_bot_turns_up_and_resolves_its_leftmost_card_every_section_top_to_bottom():
    state = bot_table("B5", "B1", "B2")
    decision = played(state)
    chosen = decision.events[0]
    assert chosen.rule == "tianxia.bot.leftmost" and chosen.data["card"] == "B5" and chosen.data["roll"] is None
    assert [e.type for e in lines_of(decision.events)][:4] == [
        "rival_marker_placed", "rival_advanced", "rival_governor_placed", "rival_tile_removed"]
    assert decision.state.rival.open == ["B1", "B2"] and decision.state.rival.face_down == [False, True]


def test_the_bot_passes_after_its_third_turn_keeping_its_last_place_and_taking_no_tile():
    state = bot_table("B4", "B1", "B2")
    state.rival.turn = 2
    decision = played(state)
    passed = of_type(decision.events, "rival_passed")[0]
    assert passed.rule == "tianxia.bot.three-turns"
    assert not of_type(decision.events, "rival_tile_claimed") and decision.state.next_order == []


def test_the_bot_gains_no_prestige_and_removes_every_tile_it_reaches():
    state = bot_table("B5", "B1")  # B5: Qin, then a blue advance
    with_palace(state, {"blue": {state.rival_owner: 4}})
    decision = played(state)
    assert not of_type(decision.events, "rival_prestige_gained") and decision.state.rival.prestige == state.rival.prestige
    assert not of_type(decision.events, "rival_tile_claimed") and decision.state.rival.figurines == []


def test_with_no_card_left_on_its_board_the_bots_turn_is_skipped_for_the_round():
    state = bot_table()
    state.rival.turn = 1
    decision = played(state)
    assert of_type(decision.events, "rival_passed")[0].rule == "tianxia.bot.out-of-cards"


# --- Every event --------------------------------------------------------------------------------

def test_every_event_of_a_rivals_turn_cites_a_rule_of_the_index_and_says_why():
    for state in (solo("S01", "S04"), solo("S08", "S03"), bot_table("B7", "B3", "B6")):
        for _ in range(6):
            if state.phase != "action" or state.rival.passed:
                break
            state.active = state.rival_owner
            decision = played(state)
            for event in decision.events:
                assert event.rule in RULEBOOK, event.rule
                if event.type in ("rival_soldiers_placed", "rival_wall_placed", "rival_worker_placed",
                                  "rival_governor_placed", "rival_line_skipped", "rival_card_chosen", "rival_passed"):
                    assert event.data["why"], event.type
            state = decision.state
