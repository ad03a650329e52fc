"""The board as a player sets it out: the regions and the Palace they feed, the buildings, the
river, the sea, the wall and its nomads, the tiles, the cards and the player boards. Each test is a
fact one could check on the table; the numbers that are ours are pinned here (docs/house-rules.md,
"Tianxia")."""

from collections import Counter

from domain.tianxia.board.loader import BOARD

PALACE = ("black", "white", "blue", "red")


def test_eight_regions_each_feed_one_palace_track_and_every_track_is_fed_by_two():
    assert len(BOARD.regions) == 8
    assert Counter(region.palace for region in BOARD.regions.values()) == {colour: 2 for colour in PALACE}


def test_qi_feeds_the_black_track_has_a_port_and_an_income_building_on_top_as_in_li_mus_first_turn():
    qi = BOARD.regions["qi"]
    assert qi.palace == "black" and qi.port == "qi"
    assert BOARD.sites[qi.sites[0]].kind == "income"


def test_the_seven_kingdoms_and_the_royal_domain_are_the_regions():
    names = {region.name for region in BOARD.regions.values()}
    assert names == {"Yan", "Zhao", "Han", "Wei", "Qi", "Chu", "Qin", "Zhou"}


def test_every_region_has_a_building_site_and_every_site_lies_in_its_region():
    for region in BOARD.regions.values():
        assert 1 <= len(region.sites) <= 2, region.id
        assert all(BOARD.sites[site].region == region.id for site in region.sites)
    assert sorted(site for region in BOARD.regions.values() for site in region.sites) == sorted(BOARD.sites)


def test_twelve_buildings_six_income_and_six_passive_fill_the_twelve_sites_of_their_class():
    assert len(BOARD.buildings) == 12
    assert Counter(b.kind for b in BOARD.buildings.values()) == {"income": 6, "passive": 6}
    assert Counter(site.kind for site in BOARD.sites.values()) == {"income": 6, "passive": 6}


def test_an_income_building_pays_resources_and_a_passive_one_has_an_effect_instead():
    for building in BOARD.buildings.values():
        if building.kind == "income":
            assert building.income and not building.effects, building.id
        else:
            assert building.effects and not building.income, building.id
    assert BOARD.buildings["barracks"].effects[0].pay == "rice"


def test_a_governor_costs_the_buildings_wood_plus_the_wood_printed_on_its_space():
    for site in BOARD.sites.values():
        assert site.governor_wood == (0, 1)
    assert {b.wood for b in BOARD.buildings.values()} <= {1, 2, 3}


def test_every_nomad_path_ends_at_a_wall_section_of_its_own_and_each_section_faces_one_nomad():
    assert len(BOARD.nomads) == 4
    assert sorted(nomad.attacks for nomad in BOARD.nomads.values()) == sorted(BOARD.walls)


def test_a_nomad_through_the_wall_raids_first_a_building_beneath_its_section():
    for nomad in BOARD.nomads.values():
        assert len(nomad.raids) == 3
        first = BOARD.regions[BOARD.sites[nomad.raids[0]].region]
        assert nomad.attacks in first.under, nomad.id


def test_wall_sections_run_west_to_east_with_room_for_walls_towers_and_soldiers():
    assert list(BOARD.walls) == ["longxi", "yunzhong", "yanmen", "yuyang"]
    for section in BOARD.walls.values():
        assert (section.walls, section.towers, section.soldiers) == (4, 2, 6)


def test_nomads_start_below_the_sword_tracks_end_three_spaces_from_their_wall():
    for nomad in BOARD.nomads.values():
        assert 1 <= nomad.strength <= BOARD.most_strength and nomad.path == 3


def test_the_easy_attack_deck_moves_and_strengthens_the_nomads_less_than_the_normal_one():
    easy, normal = BOARD.deck("easy"), BOARD.deck("normal")
    assert len(easy) == len(normal) == 8
    assert sum(sum(c.walk) for c in easy) < sum(sum(c.walk) for c in normal)
    assert sum(sum(c.grow) for c in easy) < sum(sum(c.grow) for c in normal)


def test_easy_solo_plays_the_easy_attack_deck_and_every_other_level_and_game_the_normal_one():
    assert [BOARD.solo.nomad_deck(level) for level in ("easy", "normal", "hard", "emperor")] == [
        "easy", "normal", "normal", "normal"]
    assert BOARD.numbers.nomad_deck == "normal"


def test_each_palace_track_has_twelve_steps_and_the_neutral_marker_on_the_fourth():
    assert list(BOARD.tracks) == list(PALACE)
    assert BOARD.palace.neutral_step == 4
    for track in BOARD.tracks.values():
        assert len(track.steps) == 13 and not track.steps[0].reward


def test_only_the_blue_track_prints_prestige_and_only_on_steps_5_and_10():
    printed = {(track.colour, step.number): step.reward["prestige"]
               for track in BOARD.tracks.values() for step in track.steps if "prestige" in step.reward}
    assert printed == {("blue", 5): 3, ("blue", 10): 6}


def test_bonus_tiles_wait_on_steps_3_and_7_of_every_track_two_apiece():
    for track in BOARD.tracks.values():
        assert {step.number: step.tiles for step in track.steps if step.tiles} == {3: 2, 7: 2}


def test_the_double_tower_and_the_bonus_shipping_tokens_are_on_step_8_of_white_and_red():
    tokens = {(t.colour, s.number): s.token for t in BOARD.tracks.values() for s in t.steps if s.token}
    assert tokens == {("white", 8): "double-tower", ("red", 8): "bonus-shipping"}


def test_a_marker_farther_up_a_track_never_scores_less_at_the_end():
    final = BOARD.palace.final
    assert final[0] == 0 and final[-1] == 22 and list(final) == sorted(final)


def test_four_barges_of_three_workers_carry_wood_stone_rice_and_coins():
    assert [(b.resource, b.workers) for b in BOARD.barges.values()] == [
        ("wood", 3), ("stone", 3), ("rice", 3), ("coins", 3)]


def test_three_ports_lie_in_yan_qi_and_chu_and_the_ship_deck_outlasts_the_ships_afloat():
    assert sorted(region.id for region in BOARD.regions.values() if region.port) == ["chu", "qi", "yan"]
    afloat = sum(port.ships for port in BOARD.ports.values()) + BOARD.wave_ships
    assert afloat == 7 and len(BOARD.ships) == 12


def test_every_demand_tile_names_goods_and_every_good_is_demanded_and_can_be_made():
    goods = ("silk", "salt", "bronze")
    assert {good for demand in BOARD.demands.values() for good in demand.goods} == set(goods)
    made = {region.get for region in BOARD.regions.values()}
    assert set(goods) <= made


def test_six_kinds_of_jade_figurine_four_tiles_each_in_a_pool_of_sixty_tiles():
    pool = BOARD.tile_pool()
    assert len(pool) == 60
    figurines = Counter(BOARD.tiles[tile].figurine for tile in pool if BOARD.tiles[tile].figurine)
    assert figurines == {kind: 4 for kind in ("dragon", "tiger", "horse", "crane", "tortoise", "phoenix")}


def test_the_tile_pool_covers_the_palace_steps_the_buildings_and_four_rounds_of_a_four_player_display():
    on_steps = sum(step.tiles for track in BOARD.tracks.values() for step in track.steps)
    assert on_steps + len(BOARD.sites) + 4 * (4 + 1) <= len(BOARD.tile_pool())


def test_the_round_display_holds_three_tiles_in_solo_and_with_the_bot():
    assert BOARD.solo.display_tiles == BOARD.two_player.display_tiles == 3


def test_sixteen_objective_cards_deal_four_to_each_of_four_players_and_all_score_something():
    assert len(BOARD.objectives) == 16 == 4 * BOARD.numbers.objectives_dealt
    for card in BOARD.objectives.values():
        assert card.reward and card.points <= card.most, card.id


def test_every_palace_colour_has_an_objective_for_governors_in_its_regions():
    assert {card.per for card in BOARD.objectives.values()} >= {f"governors-{colour}" for colour in PALACE}


def test_player_boards_a_and_b_build_walls_and_towers_in_ascending_order_of_stone():
    for side in ("A", "B"):
        board = BOARD.player_boards[side]
        assert list(board.walls) == sorted(board.walls) and list(board.towers) == sorted(board.towers)
        assert len(board.walls) == 5 and len(board.towers) == 2 and board.soldiers == 8


def test_side_b_trades_a_coin_of_income_for_a_prestige_each_time_its_player_passes():
    a, b = BOARD.player_boards["A"], BOARD.player_boards["B"]
    assert a.income["coins"] == b.income["coins"] + 1
    assert not a.effects and b.effects[0].on == "pass" and b.effects[0].gain == {"prestige": 1}


def test_the_solo_player_starts_with_2_coins_1_stone_1_wood_1_rice_and_chooses_from_2_starting_buildings():
    assert dict(BOARD.solo.start) == {"coins": 2, "stone": 1, "wood": 1, "rice": 1}
    assert BOARD.solo.starting_buildings_drawn == 2
    assert len(BOARD.starting_buildings) == 8 and len(BOARD.starting_supplies) == 6


def test_li_mus_three_action_markers_fill_his_board_from_the_left_leaving_the_rightmost_space():
    assert (BOARD.li_mu.action_markers, BOARD.li_mu.action_spaces) == (3, 4)
    assert BOARD.li_mu.barge_meeples == 9 and BOARD.li_mu.open_cards == 2


def test_the_bot_takes_three_turns_from_three_cards_and_starts_third():
    two = BOARD.two_player
    assert (two.bot_turns, two.bot_cards, two.bot_turn_order) == (3, 3, 3)


def test_five_piece_colours_serve_four_players_and_the_neutral_markers():
    assert len(BOARD.piece_colours) == 5
    assert not set(BOARD.piece_colours) & set(PALACE)


def test_every_player_starts_on_10_prestige_and_battles_pay_7_4_2():
    assert BOARD.numbers.start_prestige == 10
    assert BOARD.numbers.battle_prestige == (7, 4, 2)
