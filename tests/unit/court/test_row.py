"""Society Row: prices by distance from the deck, sliding towards the far end, refills."""

from domain.court import RULES
from domain.court.flow import Emitter, refill
from domain.court.table import price
from tests.unit.court.builders import act, buy, refused, table
from tests.unit.events import only

ROW = ["poet-sun-1", "minister-moon-2", "courtesan-earth-3", "general-sun-1"]


def test_a_card_costs_its_distance_from_the_deck_plus_its_cost_modifier():
    assert [price(slot, card) for slot, card in enumerate(ROW)] == [0 + 1, 1 + 1, 2 + 1, 3 + 0]
    view = RULES.view(table(row=ROW), 0)
    assert [slot["price"] for slot in view["row"]] == [1, 2, 3, 3]


def test_buying_slides_the_cards_left_of_the_gap_right_and_draws_next_to_the_deck():
    state = table(row=ROW, deck=["courtesan-sun-1", "courtesan-moon-1"])
    events, after = act(state, buy(2, 0))
    assert only(events, "card_bought").data["price"] == 3 and after.cp == 7
    assert after.row[:4] != state.row
    assert after.row == ["courtesan-sun-1", "poet-sun-1", "minister-moon-2", "general-sun-1"]
    assert after.court[0] == ["courtesan-earth-3"]


def test_a_daemon_prince_or_a_card_beyond_the_treasury_cannot_be_bought():
    state = table(row=["daemon-1", "poet-sun-3", "minister-moon-2", "general-sun-1"], cp=2)
    refused(state, buy(0, 0), "court.power.daemon")
    refused(state, buy(1, 0), "court.phase-1a.buy")
    assert all(action.get("slot") != 0 for action in RULES.legal_actions(state, 0) if action["type"] == "buy")


def test_two_gaps_are_filled_one_after_the_other_each_card_entering_next_to_the_deck():
    em = Emitter(table(row=[None, None, "poet-sun-1", "general-sun-1"], deck=["minister-sun-1", "minister-moon-1"]), None)
    refill(em)
    assert em.state.row == ["minister-moon-1", "minister-sun-1", "poet-sun-1", "general-sun-1"]


def test_an_empty_deck_leaves_the_gap_in_the_row():
    state = table(row=ROW, deck=[], rest=False)
    events, after = act(state, buy(3, 0))
    assert after.row[0] is None and only(events, "row_left_short").rule == "court.house.empty-deck"


def test_each_legal_list_holds_actions_of_its_own_that_a_caller_may_change():
    state = table(row=ROW, cp=10)
    first = RULES.legal_actions(state, 0)
    assert buy(0, 0) in first and buy(3, 7) in first
    for action in first:  # a client or bot that edits what it was given
        action["slot"] = 99
    again = RULES.legal_actions(state, 0)
    assert buy(0, 0) in again and buy(3, 7) in again
    assert not any(action.get("slot") == 99 for action in again)
    small = table(row=ROW, cp=10, advanced=True)
    assert buy(0, 5) in RULES.legal_actions(small, 0) and buy(0, 6) not in RULES.legal_actions(small, 0)
