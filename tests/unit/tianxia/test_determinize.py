"""A Tianxia table dealt from a seat's view, for the search bot: what the seat holds and everything
shown on the board stays as it is; what it cannot see (the others' objectives and offers, the
bags and decks, Li Mu's stacks, the Bot's face-down cards) is dealt only from what it has not
seen, and differently from one deal to the next."""

import copy
from collections import Counter

import pytest

from domain import rules_turns
from domain.rng import Rng
from domain.tianxia.board.loader import BOARD
from domain.tianxia.determinize import FIGURINE_TILE
from domain.tianxia.board.rivals import RIVALS
from domain.tianxia.game import RULES
from domain.tianxia.state import OVER


def tables(seats: int, seed: str, **options):
    """Every table of a seeded random game at which a seat is to decide, with that seat."""
    state = RULES.setup(seats, options, Rng(seed, "setup")).state
    chooser = Rng(seed, "player")
    for number in range(2000):
        decision = rules_turns.play_due(RULES, state, Rng(seed, f"decision:{number}"))
        if decision is None:
            seat = RULES.to_act(state)
            if seat is None:
                return
            yield state, seat
            decision = RULES.decide(state, seat, chooser.choice(RULES.legal_actions(state, seat)),
                                    Rng(seed, f"decision:{number}"))
        state = decision.state


def some_tables(seats: int, seed: str, every: int = 9, **options):
    return [(state, seat) for number, (state, seat) in enumerate(tables(seats, seed, **options)) if number % every == 0]


def tiles_in_sight(state) -> Counter:
    shown = [tile for steps in state.step_tiles.values() for tiles in steps for tile in tiles]
    shown += [site.tile for site in state.sites.values() if site.tile] + list(state.display)
    shown += [tile for seat in state.seats for tile in seat.tiles]
    holders = [*state.seats, *([state.rival] if state.rival else [])]
    shown += [FIGURINE_TILE[figurine] for holder in holders for figurine in holder.figurines]
    return Counter(shown)


def test_a_spectator_has_no_seat_to_deal_for():
    state, _ = next(tables(2, "spectator"))
    with pytest.raises(ValueError):
        RULES.search.determinize(RULES.view(state, None), Rng("spectator", "deal"))


@pytest.mark.parametrize("seats, options", [(1, {"difficulty": "hard"}), (2, {}), (3, {})])
def test_my_objectives_and_everything_shown_stay_as_they_are(seats, options):
    for state, seat in some_tables(seats, f"stay-{seats}", **options):
        view = RULES.view(state, seat)
        dealt = RULES.search.determinize(view, Rng("stay", "deal"))
        assert RULES.view(dealt, seat) == view
        assert dealt.seats[seat].objectives == state.seats[seat].objectives
        assert dealt.seats[seat].offer == state.seats[seat].offer
        assert RULES.legal_actions(dealt, seat) == RULES.legal_actions(state, seat)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_others_objectives_and_offers_come_from_what_i_have_not_seen(seats):
    for state, seat in some_tables(seats, f"objectives-{seats}"):
        dealt = RULES.search.determinize(RULES.view(state, seat), Rng("objectives", "deal"))
        mine = set(state.seats[seat].objectives)
        others = [card for other, held in enumerate(dealt.seats) if other != seat for card in held.objectives]
        hidden = others + dealt.objective_deck
        assert not mine & set(hidden) and len(set(hidden)) == len(hidden)
        assert set(hidden) <= set(BOARD.objectives)
        kept = {held.starting_building for held in dealt.seats if held.starting_building}
        offered = [card for other, held in enumerate(dealt.seats) if other != seat for card in held.offer]
        assert not set(offered) & (set(state.seats[seat].offer) | kept)
        assert [len(held.offer) for held in dealt.seats] == [len(held.offer) for held in state.seats]


@pytest.mark.parametrize("seats, options", [(1, {"difficulty": "normal"}), (3, {})])
def test_the_bags_and_decks_hold_only_pieces_out_of_sight(seats, options):
    for state, seat in some_tables(seats, f"bags-{seats}", **options):
        dealt = RULES.search.determinize(RULES.view(state, seat), Rng("bags", "deal"))
        bagged = Counter(dealt.tile_bag) + Counter(tile for stack in dealt.round_stacks for tile in stack)
        assert not bagged - (Counter(BOARD.tile_pool()) - tiles_in_sight(state))
        assert [len(stack) for stack in dealt.round_stacks] == [len(stack) for stack in state.round_stacks]
        afloat = {ship["ship"] for ships in state.ports.values() for ship in ships} | {ship["ship"] for ship in state.wave}
        assert not afloat & set(dealt.ship_deck) and len(dealt.ship_deck) == len(state.ship_deck)
        assert state.attack not in dealt.attack_deck and len(dealt.attack_deck) == len(state.attack_deck)


def test_li_mus_stacks_keep_the_advanced_cards_in_sight_and_his_deck_only_what_is_not():
    level = RIVALS.levels["hard"]
    checked = 0
    for state, seat in some_tables(1, "li-mu", every=3, difficulty="hard"):
        rival = state.rival
        dealt = RULES.search.determinize(RULES.view(state, seat), Rng("li-mu", f"deal-{checked}")).rival
        checked += 1
        in_sight = [card for card in [*rival.open, *rival.discard] if card]
        assert set(in_sight) <= set(dealt.basic) | set(dealt.advanced)
        assert set(level.advanced) <= set(dealt.advanced)
        assert (len(dealt.basic), len(dealt.advanced)) == (len(rival.basic), len(rival.advanced))
        replaced = {RIVALS.cards[card].replaces for card in dealt.advanced if card not in level.advanced}
        assert not replaced & set(dealt.basic)
        assert len(dealt.deck) == len(rival.deck) and not set(dealt.deck) & set(in_sight)
        assert set(dealt.deck) <= set(dealt.basic) | set(dealt.advanced)
    assert checked > 10


def test_the_bots_face_down_cards_come_from_those_neither_face_up_nor_discarded():
    checked = 0
    for state, seat in some_tables(2, "the-bot", every=3):
        rival = state.rival
        if not any(rival.face_down):
            continue
        dealt = RULES.search.determinize(RULES.view(state, seat), Rng("the-bot", f"deal-{checked}")).rival
        checked += 1
        up = [card for card, down in zip(rival.open, rival.face_down) if not down]
        hidden = [card for card, down in zip(dealt.open, dealt.face_down) if down] + dealt.deck
        assert Counter(up + rival.discard + hidden) == Counter(card.id for card in RIVALS.deck("bot"))
    assert checked > 5


def test_two_deals_from_one_view_differ_in_what_the_seat_cannot_see():
    state, seat = some_tables(3, "differ")[5]
    view = RULES.view(state, seat)
    one, other = (RULES.search.determinize(view, Rng("differ", f"deal-{deal}")) for deal in (1, 2))
    assert RULES.view(one, None, reveal=True) != RULES.view(other, None, reveal=True)
    assert RULES.view(one, seat) == RULES.view(other, seat) == view


def test_a_search_rewards_the_lead_over_li_mu_not_the_score_alone():
    state, _ = some_tables(1, "rewards", every=3, difficulty="hard")[10]
    ahead = RULES.search.rewards(state)[0]
    state = copy.deepcopy(state)
    state.rival.prestige += 100
    behind = RULES.search.rewards(state)[0]
    assert 0 <= behind < 0.5 and behind < ahead <= 1


def test_a_finished_game_is_rewarded_by_its_final_prestige():
    state = RULES.setup(1, {"difficulty": "easy"}, Rng("finished", "setup")).state
    for number in range(2000):
        decision = rules_turns.play_due(RULES, state, Rng("finished", f"decision:{number}"))
        if decision is None:
            if (seat := RULES.to_act(state)) is None:
                break
            decision = RULES.decide(state, seat, RULES.bots["steward"].choose(
                RULES.view(state, seat), RULES.legal_actions(state, seat), Rng("finished", f"bot:{number}")),
                Rng("finished", f"decision:{number}"))
        state = decision.state
    assert state.phase == OVER
    reward = RULES.search.rewards(state)[0]
    assert (reward > 0.5) == (state.seats[0].prestige > state.rival.prestige)
