"""Xi Cards through the service (registered in the registry; set again here so that these tests
need nothing of the rest of it): a window passed by a standing rule looks to the player who drew
exactly like one passed by hand, in every answer the service gives them; the audit re-runs both.

Two rules pass a window: a kind the seat chose to pass (draws), and the house rule of a new table
that passes the windows a seat holds no answer to (xi.house.pass-when-unable). Either pass is the
seat's own decision, marked standing in the store."""

from __future__ import annotations

import pytest

from domain.xi import RULES
from domain.xi.cards.catalogue import ALL_IDS, CARDS
from services.disputes.audit import audit_game
from tests.clocks import START, FakeClock
from tests.integration.test_standing_answers import act, everything_shown, services_playing
from tests.unit.xi.builders import DECK, OTHER_DECK

PASS_DRAWS = {"type": "set_standing", "kinds": {"draw": "pass"}}
ASK = {"type": "set_standing"}
# Two of each of fifteen cards paid in T only: a hand of it never holds an answer to a window.
NO_ANSWER = [card for card in [card for card in ALL_IDS if CARDS[card].cost_unit == "t"][:15] for _ in range(2)]
UNABLE_ON, UNABLE_OFF = ({"type": "set_standing", "pass_when_unable": on} for on in (True, False))
DRAW, END, PASS = {"type": "draw"}, {"type": "end_turn"}, {"type": "pass"}


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def xi(monkeypatch, clock):
    return services_playing(monkeypatch, clock, "xi", RULES)


def turn_with_a_draw(services, clock, created, first, standing, by_rule: bool):
    """The first player ends the turn; the second banks 3pT (a window opens on them from now on),
    ends the turn and sets `standing`; the first player draws: the second's window passes, by the
    rule at once or by hand an hour later. At noon the first player ends the turn."""
    second = 1 - first
    act(services, created.id, first, END)
    act(services, created.id, second, {"type": "bank", "pt": 3})
    act(services, created.id, second, END)
    act(services, created.id, second, standing)
    act(services, created.id, first, DRAW)
    if not by_rule:
        assert services.store.game(created.id).to_act() == second, "asked: the rule is off"
        clock.advance(hours=1)
        act(services, created.id, second, PASS)
    clock.at = START.replace(hour=12)
    act(services, created.id, first, END)


def played(services, clock, by_rule: bool):
    """Both decks brought, the coin's winner goes first and plays a turn with a draw, the second
    having set a standing rule to pass draws, or to be asked."""
    clock.at = START
    created = services.commands.create("xi", [{"name": "jack"}, {"name": "jake"}], seed="xi-twins")
    for seat, deck in enumerate((DECK, OTHER_DECK)):
        act(services, created.id, seat, {"type": "bring_deck", "cards": list(deck)})
    winner = services.store.game(created.id).to_act()
    act(services, created.id, winner, {"type": "choose_order", "first": True})
    turn_with_a_draw(services, clock, created, winner, PASS_DRAWS if by_rule else ASK, by_rule)
    return created, winner


def test_a_draw_passed_by_a_standing_rule_looks_the_same_to_the_drawer_as_one_passed_by_hand(xi, clock):
    (by_rule, first), (by_hand, _first) = played(xi, clock, by_rule=True), played(xi, clock, by_rule=False)
    rule_token, hand_token = by_rule.tokens[first]["token"], by_hand.tokens[first]["token"]
    seen = everything_shown(xi, by_rule.id, rule_token)
    assert seen == everything_shown(xi, by_hand.id, hand_token)
    # The end of the turn is asked in both games (only draws pass by the rule): the window waits.
    assert [(waiting["seat"], waiting["facts"]["kind"]) for waiting in seen["table"]["pending"]] == [
        (1 - first, "end_turn")]
    passed = [event for event in seen["events"]["events"] if event["type"] == "window_passed"]
    assert len(passed) == 1 and passed[0]["cause"] == {"seat": 1 - first, "rng": passed[0]["cause"]["rng"],
                                                       "interrupt": True}
    stored = xi.store.stored_events(by_rule.id)
    answer = next(event for event in stored[1:] if event.domain_event["type"] == "window_passed")
    assert answer.cause["standing"] is True and answer.cause["action"] == PASS
    for created in (by_rule, by_hand):
        act(xi, created.id, first, {"type": "resign"})
        assert audit_game(xi.store, created.id)["verified"]


def game_with_no_answer_for_the_second(services, clock, by_rule: bool):
    """A game where the seat going second brought a deck of T cards only."""
    clock.at = START
    created = services.commands.create("xi", [{"name": "jack"}, {"name": "jake"}], seed="xi-unable")
    # Who wins the coin depends on the seed alone: bring the T-only deck to the seat that goes second.
    probe = services.commands.create("xi", [{"name": "a"}, {"name": "b"}], seed="xi-unable")
    for seat in (0, 1):
        act(services, probe.id, seat, {"type": "bring_deck", "cards": list(DECK)})
    winner = services.store.game(probe.id).to_act()
    for seat in (0, 1):
        act(services, created.id, seat, {"type": "bring_deck", "cards": list(DECK if seat == winner else NO_ANSWER)})
    assert services.store.game(created.id).to_act() == winner
    act(services, created.id, winner, {"type": "choose_order", "first": True})
    # The second's two windows pass: the draw's, and (by the rule at once or by hand an hour later)
    # the end of the turn's.
    turn_with_a_draw(services, clock, created, winner, UNABLE_ON if by_rule else UNABLE_OFF, by_rule)
    if not by_rule:
        clock.advance(hours=1)
        act(services, created.id, 1 - winner, PASS)
    assert services.store.game(created.id).to_act() == 1 - winner, "the second player's turn"
    return created, winner


def test_a_new_xi_table_records_the_option_and_deals_every_seat_in_with_the_rule(xi, clock):
    created = xi.commands.create("xi", [{"name": "jack"}, {"name": "jake"}], seed="xi-new-table")
    assert xi.store.game(created.id).options["pass_when_unable"] is True
    for seat in (0, 1):
        standing = xi.queries.table(created.id, created.tokens[seat]["token"])["table"]["standing"]
        assert standing == {"kinds": {}, "when": [], "pass_when_unable": True}


def test_a_window_passed_because_nothing_can_answer_looks_the_same_to_the_drawer_as_one_passed_by_hand(xi, clock):
    (by_rule, first), (by_hand, _first) = (game_with_no_answer_for_the_second(xi, clock, by_rule=True),
                                           game_with_no_answer_for_the_second(xi, clock, by_rule=False))
    rule_token, hand_token = by_rule.tokens[first]["token"], by_hand.tokens[first]["token"]
    seen = everything_shown(xi, by_rule.id, rule_token)
    assert seen == everything_shown(xi, by_hand.id, hand_token)
    passed = [event for event in seen["events"]["events"] if event["type"] == "window_passed"]
    assert len(passed) == 2, "the draw's window and the end of the turn's, both passed"
    assert all(event["cause"] == {"seat": 1 - first, "rng": event["cause"]["rng"], "interrupt": True} for event in passed)
    stored = xi.store.stored_events(by_rule.id)
    answers = [event for event in stored[1:] if event.domain_event["type"] == "window_passed"]
    assert all(answer.cause["standing"] is True and answer.cause["action"] == PASS for answer in answers)
    for created in (by_rule, by_hand):
        act(xi, created.id, first, {"type": "resign"})
        assert audit_game(xi.store, created.id)["verified"]
