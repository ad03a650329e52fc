"""Paying for a building: the rules' search finds a payment exactly when one exists.

The reference here tries every set of further covers within the budget and adds up what the
seat would then have, straight from the card data: passives, the Favors of its covered rows and
the harvest of every row covered this turn. Tables come from random games at every point of
the Construction and Workers phases.
"""

from __future__ import annotations

from collections import Counter

import pytest

from domain.rng import Rng
from domain.xanadu import RULES
from domain.xanadu.cards import CARDS
from domain.xanadu.state import BUILD, WORKERS
from domain.xanadu.table import _Rows, _rows_of, can_pay, open_covers, workers_left


def reference_resources(state, seat, covers) -> Counter:
    rows = Counter({(owner, index): len(building["workers"]) for owner, owned in enumerate(state.buildings)
                    for index, building in enumerate(owned)})
    for cover in covers:
        rows[tuple(cover)] += 1
    have: Counter = Counter()
    for index, building in enumerate(state.buildings[seat]):
        card = CARDS[building["card"]]
        have.update(card.passive)
        have.update(row.favor for row in card.rows[: rows[(seat, index)]] if row.favor)
    done: Counter = Counter()
    for owner, index in covers:
        building = state.buildings[owner][index]
        have.update(CARDS[building["card"]].rows[len(building["workers"]) + done[(owner, index)]].harvest)
        done[(owner, index)] += 1
    return have


def reference_can_pay(state, seat, cost, covers, budget) -> bool:
    """Every multiset of further covers (buildings in order, rows permitting), up to the budget."""
    buildings = [(owner, index) for owner, owned in enumerate(state.buildings) for index in range(len(owned))]
    rows_left = {}
    for owner, index in buildings:
        building = state.buildings[owner][index]
        used = len(building["workers"]) + sum(1 for cover in covers if tuple(cover) == (owner, index))
        rows_left[(owner, index)] = len(CARDS[building["card"]].rows) - used

    def tries(start, chosen, left):
        if not Counter(cost) - reference_resources(state, seat, [*covers, *chosen]):
            return True
        if left == 0:
            return False
        for position in range(start, len(buildings)):
            target = buildings[position]
            if chosen.count(target) < rows_left[target] and tries(position, [*chosen, target], left - 1):
                return True
        return False

    return tries(0, [], budget)


def tables(games: int, seats: int):
    """The tables of random games at which a building is chosen or its rows are planned."""
    for number in range(games):
        seed = f"payment-{seats}-{number}"
        state = RULES.setup(seats, {}, Rng(seed, "setup")).state
        chooser = Rng(seed, "chooser")
        for decision in range(2000):
            seat = RULES.to_act(state)
            if seat is None:
                break
            if state.phase in (BUILD, WORKERS):
                yield state, seat
            legal = RULES.legal_actions(state, seat)
            state = RULES.decide(state, seat, chooser.choice(legal), Rng(seed, f"decision:{decision}")).state


def test_a_building_is_payable_exactly_when_some_covers_within_the_budget_pay_for_it():
    checked = 0
    for state, seat in tables(games=6, seats=3):
        covers = state.plan["covers"]
        budget = len(state.hands[seat]) - 1 - len(covers)  # the budget `payable` gives, the building aside
        if budget < 0:
            continue
        for card in sorted(set(state.hands[seat]))[:4]:
            cost = CARDS[card].cost
            assert can_pay(state, seat, cost, covers, budget) == reference_can_pay(state, seat, cost, covers, budget), card
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("seats", [2, 4])
def test_a_row_may_be_covered_exactly_when_the_planned_building_stays_payable(seats):
    checked = withheld = 0
    for state, seat in tables(games=6 if seats == 2 else 3, seats=seats):
        plan = state.plan
        if state.phase != WORKERS or not plan["build"]:
            continue
        cost, covers, left = CARDS[plan["build"]].cost, plan["covers"], workers_left(state, seat, plan)
        open_rows = [(owner, index) for owner, owned in enumerate(state.buildings) for index, building in enumerate(owned)
                     if left > 0 and len(building["workers"]) + sum(1 for c in covers if tuple(c) == (owner, index))
                     < len(CARDS[building["card"]].rows)]
        expected = [row for row in open_rows if reference_can_pay(state, seat, cost, [*covers, list(row)], left - 1)]
        assert open_covers(state, seat, cost, covers, left) == expected
        checked += 1
        withheld += expected != open_rows
    assert checked > 20
    assert withheld > 5, "some tables where a row would leave the building unpaid"


def test_the_reading_after_a_turns_next_cover_is_the_reading_of_the_table_afresh():
    checked = 0
    for state, seat in tables(games=6, seats=2):
        covers = state.plan["covers"]
        if state.phase != WORKERS or not covers:
            continue
        _rows_of(state, seat, covers[:-1])  # the reading before the last cover, as the turn made it
        rows, fresh = _rows_of(state, seat, covers), _Rows(state, seat, covers)
        assert (rows.have, rows.ahead, rows.giving, rows.coverable()) == (fresh.have, fresh.ahead, fresh.giving,
                                                                          fresh.coverable())
        checked += 1
    assert checked > 20
