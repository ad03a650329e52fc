"""Set-up: Society Row of four, Daemon Princes set aside, three starting cards, the fourth slides."""

from domain.court import RULES
from domain.court.cards import CARDS
from domain.court.state import BUY, CHOOSE
from domain.rng import Rng
from tests.unit.court.builders import act, all_cards, refused, table
from tests.unit.events import adopted, types


def dealt(seed="setup", advanced=False):
    return adopted(RULES, RULES.new_state(1, {"advanced": advanced}), RULES.setup(1, {"advanced": advanced}, Rng(seed, "setup")))


def seed_with_a_daemon_in_the_first_cards():
    for n in range(200):
        events, state = dealt(f"daemon-{n}")
        if state.set_aside:
            return events, state
    raise AssertionError("no seed dealt a Daemon Prince early")


def test_four_cards_face_up_and_ten_cp_and_the_player_chooses():
    _, state = dealt()
    assert state.phase == CHOOSE and state.cp == 10 and len([c for c in state.row if c]) == 4
    assert len(all_cards(state)) == 54


def test_daemon_princes_dealt_at_set_up_are_set_aside_and_replaced():
    events, state = seed_with_a_daemon_in_the_first_cards()
    assert "daemon_set_aside" in types(events)
    assert all(not CARDS[card].is_daemon for card in state.row)
    assert all(CARDS[card].is_daemon for card in state.set_aside)


def test_three_starting_cards_are_placed_without_powers_then_the_row_is_made_up_again():
    _, state = seed_with_a_daemon_in_the_first_cards()
    aside = list(state.set_aside)
    row = list(state.row)
    for slot, space in ((0, 0), (1, 3), (2, 5)):
        events, state = act(state, {"type": "start", "slot": slot, "space": space})
    assert [state.court[s] for s in (0, 3, 5)] == [[row[0]], [row[1]], [row[2]]]
    assert state.cp == 10 and state.vp == 0, "no power acts at set-up"
    assert "daemons_shuffled_back" in types(events) and not state.set_aside
    assert set(aside) <= set(state.deck), "the Daemon Princes set aside are back in the deck"
    assert state.row[0] == row[3], "the fourth card slides next to the deck"
    assert all(state.row[1:]) and state.phase == BUY and state.turn == 1
    assert len(all_cards(state)) == 54


def test_a_starting_card_goes_to_an_empty_space():
    _, state = dealt()
    _, state = act(state, {"type": "start", "slot": 0, "space": 0})
    assert {"type": "start", "slot": 1, "space": 0} not in RULES.legal_actions(state, 0)
    refused(state, {"type": "start", "slot": 1, "space": 0}, "court.house.starting-spaces")


def test_the_advanced_game_has_a_royal_court_of_six_spaces():
    _, state = dealt(advanced=True)
    assert state.spaces == 6 and len(state.court) == 6
    assert max(a["space"] for a in RULES.legal_actions(state, 0)) == 5
    assert table(advanced=True).spaces == 6


def test_a_daemon_prince_among_the_three_cards_dealt_after_the_choice_stays_in_the_row():
    _, state = dealt("stays")
    state.deck = ["minister-sun-1", "daemon-3", *[card for card in state.deck if card not in ("minister-sun-1", "daemon-3")]]
    for slot, space in ((0, 0), (1, 1), (2, 2)):
        events, state = act(state, {"type": "start", "slot": slot, "space": space})
    drawn = [event for event in events if event.type == "card_drawn" and event.data["card"] == "daemon-3"]
    assert drawn and drawn[0].rule == "court.house.setup-daemons"
    assert "daemon-3" in state.row and state.drawn_daemons == 1


def test_the_starting_cards_are_free_so_society_row_shows_no_price_until_play_begins():
    _, state = dealt()
    assert [slot["price"] for slot in RULES.view(state, 0)["row"]] == [None] * 4
    # Once the three are placed, the row is for sale at its prices.
    for space in range(3):
        start = next(action for action in RULES.legal_actions(state, 0) if action["type"] == "start" and action["space"] == space)
        state = act(state, start)[1]
    assert state.phase == BUY
    shown = RULES.view(state, 0)["row"]
    assert all(slot["price"] is not None for slot in shown if slot["card"] and not CARDS[slot["card"]["id"]].is_daemon)
