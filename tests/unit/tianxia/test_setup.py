"""Setting Tianxia up: the solo set-up (L105-125) and the Bot's (L31-39) line by line, plain games
of three and four, the opening's choices, and round 1's Setup and Income phases."""

from __future__ import annotations

import copy

import pytest

from domain.contract import Event
from domain.errors import IllegalAction, NotYourTurn
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.evolve import TianxiaEmitter, evolve
from domain.tianxia.decide import decide
from domain.tianxia.opening import choices, chooser
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.rounds import start_round
from domain.tianxia.setup import deal
from domain.tianxia.state import ACTION, LI_MU, NEUTRAL, OPENING, TianxiaState
from domain.tianxia.view import view
from tests.secrecy import leaves

RESOURCES = ("coins", "wood", "stone", "rice", "silk", "salt", "bronze")


def dealt(seats: int, seed: str = "setup", **options):
    return deal(TianxiaState(), seats, options, Rng(seed, "setup"))


def opened(seats: int, seed: str = "setup", pick=lambda legal: legal[0], **options):
    """The deal and every opening choice (the first offered, unless `pick` says otherwise): the
    events of the whole opening, and the table at the first turn of round 1."""
    events, state = dealt(seats, seed, **options)
    made = 0
    while (seat := chooser(state)) is not None:
        decision = decide(state, seat, pick(choices(state, seat)), Rng(seed, f"decision:{made}"))
        events, state, made = events + decision.events, decision.state, made + 1
    return events, state


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def folded(events: list[Event]) -> TianxiaState:
    state = TianxiaState()
    for event in events:
        state = evolve(state, event)
    return state


# --- Solo (L105-125) -------------------------------------------------------------------------

def test_one_seat_plays_solo_against_li_mu_alone():
    _, state = dealt(1)
    assert state.mode == "solo" and state.rival.kind == LI_MU and len(state.seats) == 1


def test_solo_lays_four_face_down_stacks_of_exactly_three_bonus_tiles():
    events, state = dealt(1)
    assert [len(stack) for stack in state.round_stacks] == [3, 3, 3, 3]
    made = of_type(events, "round_stacks_made")[0]
    assert made.rule == "tianxia.solo.setup.bonus-stacks" and "round_stacks" in made.secret
    assert view(state, 0)["counts"]["round_stacks"] == [3, 3, 3, 3]
    assert not leaves(made.secret) & leaves(view(state, 0)["counts"]), "face down: no seat sees which"


def test_li_mu_takes_a_colour_of_his_own_and_nine_barge_meeples_of_another_without_towers():
    events, state = dealt(1)
    prepared = of_type(events, "game_prepared")[0].data
    player, li_mu = prepared["colours"]
    assert len({player, li_mu, prepared["barge_colour"]}) == 3
    assert not set(prepared["colours"]) & set(BOARD.palace_colours), "the neutral markers' colours are the Palace's"
    assert state.rival.barge_meeples == 9 and state.rival.meeples == 9
    assert not hasattr(state.rival, "towers"), "his colour's towers stay in the box (L108)"


def test_li_mus_board_holds_his_walls_and_three_action_markers_leaving_the_fourth_space_empty():
    _, state = dealt(1)
    assert state.rival.walls == BOARD.li_mu.walls
    assert state.rival.markers == BOARD.li_mu.action_markers == BOARD.li_mu.action_spaces - 1


def test_every_marker_starts_on_each_tracks_start_li_mu_on_10_and_a_neutral_marker_on_step_4():
    _, state = dealt(1, difficulty="hard")
    for colour, steps in state.palace.items():
        assert steps[0] == [0, 1] and steps[4] == [NEUTRAL], colour
        assert sum(len(owners) for owners in steps) == 3
    assert state.rival.prestige == state.seats[0].prestige == 10


def test_at_emperor_li_mus_palace_markers_start_two_steps_up():
    _, state = dealt(1, difficulty="emperor")
    for steps in state.palace.values():
        assert steps[0] == [0] and steps[2] == [1]


def test_easy_uses_only_the_nine_basic_cards_and_the_easy_attack_deck():
    events, state = dealt(1, difficulty="easy")
    assert state.rival.basic == [f"S0{n}" for n in range(1, 10)] and state.rival.advanced == []
    assert of_type(events, "attack_deck_shuffled")[0].data["deck"] == "easy"
    assert all(BOARD.attacks[card].deck == "easy" for card in state.attack_deck)


@pytest.mark.parametrize("difficulty, drawn", [("normal", 4), ("hard", 5)])
def test_normal_and_hard_draw_advanced_cards_at_random_each_replacing_its_basic_card(difficulty, drawn):
    seen = set()
    for seed in ("a", "b", "c", "d"):
        events, state = dealt(1, seed, difficulty=difficulty)
        rival = state.rival
        assert len(rival.advanced) == drawn and len(rival.basic) == 9 - drawn
        assert {RIVALS.cards[card].replaces for card in rival.advanced}.isdisjoint(rival.basic)
        assert of_type(events, "attack_deck_shuffled")[0].data["deck"] == "normal"
        prepared = of_type(events, "rival_prepared")[0]
        assert prepared.rule == f"tianxia.solo.difficulty.{difficulty}" and prepared.secret["drawn"] == sorted(rival.advanced)
        seen.add(tuple(rival.advanced))
    assert len(seen) > 1, "which Advanced cards is drawn at random"


def test_emperor_plays_s08_s09_and_the_seven_advanced_cards():
    _, state = dealt(1, difficulty="emperor")
    assert state.rival.basic == ["S08", "S09"] and len(state.rival.advanced) == 7


def test_li_mu_gets_no_coins_resources_objectives_supply_or_starting_building():
    events, state = dealt(1)
    assert [event.data["seat"] for event in of_type(events, "objectives_dealt")] == [0]
    assert [event.data["seat"] for event in of_type(events, "starting_buildings_offered")] == [0]
    assert [event.data["seat"] for event in of_type(events, "supply_taken")] == [0]
    assert not hasattr(state.rival, "goods")


def test_the_solo_player_chooses_side_a_or_b_and_keeps_one_of_two_starting_buildings():
    _, state = dealt(1)
    offer = state.seats[0].offer
    assert len(offer) == 2
    assert choices(state, 0) == [{"type": "arrangement", "choice": 0}, {"type": "arrangement", "choice": 1}]
    state = decide(state, 0, {"type": "arrangement", "choice": 1}, Rng("setup", "decision:0")).state
    assert {(a["side"], a["building"]) for a in choices(state, 0)} == {(s, b) for s in "AB" for b in offer}
    decision = decide(state, 0, {"type": "start", "side": "B", "building": offer[1]}, Rng("setup", "decision:1"))
    chosen = of_type(decision.events, "start_chosen")[0]
    assert chosen.data == {"seat": 0, "side": "B", "building": offer[1]} and chosen.secret == {"boxed": [offer[0]]}
    seat = decision.state.seats[0]
    assert seat.side == "B" and seat.starting_building == offer[1] and seat.offer == []
    assert seat.walls == len(BOARD.player_boards["B"].walls) and seat.towers == len(BOARD.player_boards["B"].towers)


def test_solo_uses_no_supply_tiles_the_player_takes_2_coins_1_stone_1_wood_1_rice():
    events, state = dealt(1)
    assert of_type(events, "supplies_offered") == [] and state.supplies == []
    assert of_type(events, "supply_taken")[0].rule == "tianxia.solo.setup.supply"
    assert {name: count for name, count in state.seats[0].goods.items() if count} == {
        "coins": 2, "stone": 1, "wood": 1, "rice": 1}


def test_the_solo_player_is_the_starting_player():
    _, state = opened(1)
    assert state.order == [0, 1] and state.phase == ACTION and state.active == 0 and state.round == 1


# --- Two players with the Bot (L31-39) ---------------------------------------------------------

def test_the_bot_is_third_in_turn_order_and_the_players_order_is_drawn():
    orders = {tuple(dealt(2, seed)[1].order) for seed in ("a", "b", "c", "d", "e", "f")}
    assert orders == {(0, 1, 2), (1, 0, 2)}


def test_the_bot_takes_a_colour_not_used_at_all_and_no_towers():
    events, state = dealt(2)
    colours = of_type(events, "game_prepared")[0].data["colours"]
    assert len(set(colours)) == 3 and not set(colours) & set(BOARD.palace_colours)
    assert state.rival.kind == "bot" and state.rival.barge_meeples == 0 and not hasattr(state.rival, "towers")
    assert (state.rival.walls, state.rival.soldiers, state.rival.meeples) == (BOARD.li_mu.walls, 8, 9)


def test_the_bots_palace_markers_start_on_each_tracks_starting_space():
    _, state = dealt(2)
    assert all(steps[0] == [0, 1, 2] for steps in state.palace.values())


def test_the_bot_lays_four_stacks_of_three_tiles_and_its_own_shuffled_deck_of_nine():
    events, state = dealt(2)
    assert [len(stack) for stack in state.round_stacks] == [3, 3, 3, 3]
    assert sorted(state.rival.deck) == sorted(card.id for card in RIVALS.deck("bot"))
    assert of_type(events, "rival_prepared")[0].rule == "tianxia.bot.setup.board"


def test_the_bot_takes_no_part_in_choosing_buildings_and_supplies():
    _, state = dealt(2)
    assert all(choice["seat"] in (0, 1) for choice in state.choices)
    first, second = [owner for owner in state.order if owner != 2]
    assert [(c["kind"], c["seat"]) for c in state.choices] == [
        ("arrangement", first), ("start", first), ("start", second), ("supply", second), ("supply", first)]
    assert len(state.supplies) == 3


def test_in_setup_the_bot_draws_three_cards_face_down_and_turns_the_second_up():
    _, state = opened(2)
    rival = state.rival
    assert len(rival.open) == 3 and rival.face_down == [True, False, True] and len(rival.deck) == 6
    shown = view(state, 0)["rival"]
    assert shown["open"] == [None, rival.open[1], None] and shown["face_down"] == [True, False, True]


# --- Three and four players ------------------------------------------------------------------

@pytest.mark.parametrize("seats", [3, 4])
def test_plain_games_have_no_rival_and_a_display_of_one_more_tile_than_the_players(seats):
    _, state = opened(seats)
    assert state.rival is None and state.mode == "plain" and sorted(state.order) == list(range(seats))
    assert len(state.display) == seats + 1 and all(len(stack) == seats + 1 for stack in state.round_stacks)
    assert all(seat.supply is not None for seat in state.seats), "each seat took a supply"


# --- The opening's choices -------------------------------------------------------------------

def test_the_first_player_chooses_the_building_arrangement_and_the_sites_take_it():
    events, state = dealt(3)
    first = state.order[0]
    decision = decide(state, first, {"type": "arrangement", "choice": 0}, Rng("x", "decision:0"))
    assert all(decision.state.sites[site].building == building for site, building in state.arrangements[0].items())
    assert {site for site in BOARD.sites} == set(state.arrangements[0])
    kinds = {site: BOARD.sites[site].kind for site in BOARD.sites}
    assert all(BOARD.buildings[building].kind == kinds[site] for site, building in state.arrangements[0].items())


def test_a_choice_out_of_turn_or_not_offered_is_refused_naming_the_field_and_changes_nothing():
    _, state = dealt(2)
    first, second = [owner for owner in state.order if owner != 2]
    before = copy.deepcopy(state)
    with pytest.raises(NotYourTurn):
        decide(state, second, {"type": "arrangement", "choice": 0}, Rng("x", "decision:0"))
    with pytest.raises(IllegalAction, match=r"^choice: 2 is not one of the arrangements dealt"):
        decide(state, first, {"type": "arrangement", "choice": 2}, Rng("x", "decision:0"))
    state = decide(state, first, {"type": "arrangement", "choice": 0}, Rng("x", "decision:0")).state
    with pytest.raises(IllegalAction, match=r"^building: 'drill-yard-x' is not one of the starting buildings you drew"):
        decide(state, first, {"type": "start", "side": "A", "building": "drill-yard-x"}, Rng("x", "decision:1"))
    with pytest.raises(IllegalAction, match=r"^side: 'C' is not a side"):
        decide(state, first, {"type": "start", "side": "C", "building": state.seats[first].offer[0]}, Rng("x", "d"))
    assert dealt(2)[1] == before


def test_supplies_are_chosen_in_reverse_turn_order_from_those_offered():
    _, state = opened(2, pick=lambda legal: legal[-1])
    taken = [seat.supply for seat in state.seats]
    assert None not in taken and len(set(taken)) == 2


# --- Round 1: Setup and Income ---------------------------------------------------------------

def test_round_1_reveals_an_attack_card_that_grows_and_walks_every_nomad():
    events, state = opened(1)
    revealed = of_type(events, "attack_revealed")[0]
    card = BOARD.attacks[revealed.data["card"]]
    for index, nomad in enumerate(BOARD.nomads.values()):
        assert state.nomads[nomad.id].strength == min(BOARD.most_strength, nomad.strength + card.grow[index])
        assert state.nomads[nomad.id].distance == max(0, nomad.path - card.walk[index])
    assert len(state.attack_deck) == len(BOARD.deck("normal")) - 1 and state.attack == card.id


def test_li_mus_round_1_deck_at_normal_is_5_basic_and_1_advanced_with_two_cards_turned_up():
    events, state = opened(1, difficulty="normal")
    made = of_type(events, "rival_deck_made")[0]
    assert (made.data["basic"], made.data["advanced"]) == (5, 1) and made.rule == "tianxia.limu.round-deck"
    deck = made.secret["deck"]
    assert sum(RIVALS.cards[card].level == "advanced" for card in deck) == 1 and len(deck) == 6
    assert state.rival.open == deck[:2] and state.rival.deck == deck[2:]
    assert of_type(events, "rival_cards_turned")[0].data["open"] == deck[:2]
    assert view(state, 0)["rival"]["counts"]["deck"] == 4 and "deck" not in view(state, 0)["rival"]


def test_income_pays_the_board_and_the_starting_building_and_li_mu_gains_none():
    events, state = opened(1)
    seat = state.seats[0]
    expected = {"coins": 2, "stone": 1, "wood": 1, "rice": 1}  # the solo start
    for amounts in (BOARD.player_boards[seat.side].income, BOARD.starting_buildings[seat.starting_building].income):
        for name, count in amounts.items():
            expected[name] = expected.get(name, 0) + count
    assert {name: count for name, count in seat.goods.items() if count} == expected
    assert [event.data["seat"] for event in of_type(events, "income_paid")] == [0]


def test_a_neutral_worker_joins_every_barge_at_the_end_of_income():
    events, state = opened(1)
    assert all(workers == [NEUTRAL] for workers in state.barges.values())
    added = of_type(events, "neutral_worker_added")
    assert [event.data["barge"] for event in added] == list(BOARD.barges)
    assert events.index(added[0]) > max(events.index(event) for event in of_type(events, "income_paid"))


def test_a_neutral_worker_pushing_li_mus_worker_off_a_barge_gives_him_3_prestige():
    _, state = opened(1)
    state = copy.deepcopy(state)
    state.barges = {**state.barges, "coin-barge": [0, NEUTRAL, 1]}
    state.round_stacks = state.round_stacks or [[]]
    em = TianxiaEmitter(state, Rng("push", "decision:9"))
    start_round(em)
    events, after = em.decision()
    assert after.barges["coin-barge"] == [NEUTRAL, 0, NEUTRAL]
    gained = of_type(events, "rival_prestige_gained")
    assert [(event.rule, event.data["points"]) for event in gained] == [("tianxia.limu.pushed-off", 3)]
    assert after.rival.prestige == state.rival.prestige + 3
    assert after.seats[0].goods["coins"] - state.seats[0].goods["coins"] >= 1, "ana's worker on the coin barge paid"


# --- The table the events lay out, and who sees what -----------------------------------------

@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_the_opening_folds_to_the_table_it_hands_over_and_never_changes_an_earlier_one(seats):
    events, state = opened(seats)
    assert folded(events) == state
    tables = [TianxiaState()]
    for event in events:
        tables.append(evolve(tables[-1], event))
    snapshot = copy.deepcopy(tables[len(tables) // 2])
    evolve(tables[len(tables) // 2], events[len(tables) // 2])
    assert tables[len(tables) // 2] == snapshot


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_no_seat_sees_another_seats_objectives_or_offer_nor_any_deck_or_bag_order(seats):
    events, state = dealt(seats)
    secret = set()
    for event in events:
        secret |= leaves(dict(event.secret))
    for seat in range(seats):
        shown = leaves(view(state, seat))
        others = set()
        for event in events:
            if event.private_to is not None and event.private_to != seat:
                others |= leaves(dict(event.private))
        mine = leaves(view(state, seat)["seats"][seat])
        assert not (others - mine) & shown, "another seat's objectives or offer"
        # A tile id may lie face up elsewhere too: only ids shown nowhere but in a secret list are secret.
        public = leaves(view(state, None))
        assert not (secret - public) & shown
    spectator = view(state, None)
    assert all("objectives" not in seat and "offer" not in seat for seat in spectator["seats"])
    assert "hidden" not in spectator and "deck" not in (spectator["rival"] or {})
    assert view(state, None, reveal=True)["hidden"]["objective_deck"] == state.objective_deck


def test_every_event_of_the_opening_cites_a_rule_of_the_index():
    from domain.tianxia.rulebook import RULEBOOK

    for seats in (1, 2, 3):
        events, _ = opened(seats)
        assert {event.rule for event in events} <= set(RULEBOOK)


def test_the_opening_lays_out_every_site_tile_ship_and_barge_of_the_board():
    _, state = opened(4)
    assert set(state.sites) == set(BOARD.sites) and all(site.tile for site in state.sites.values())
    assert all(site.building for site in state.sites.values())
    assert {port: len(ships) for port, ships in state.ports.items()} == {p: s.ships for p, s in BOARD.ports.items()}
    assert len(state.wave) == BOARD.wave_ships and set(state.demands) == set(BOARD.ports)
    for colour, track in BOARD.tracks.items():
        assert [len(tiles) for tiles in state.step_tiles[colour]] == [step.tiles for step in track.steps]
    total = (len(state.tile_bag) + sum(len(s) for s in state.round_stacks) + len(state.display)
             + sum(len(t) for steps in state.step_tiles.values() for t in steps) + len(state.sites))
    assert total == len(BOARD.tile_pool()), "every tile is somewhere, once"
    assert all(state.seats[seat].goods.keys() == set(RESOURCES) for seat in range(4))


def test_a_game_is_in_its_opening_until_the_last_choice_is_made():
    _, state = dealt(3)
    assert state.phase == OPENING and state.round == 0
