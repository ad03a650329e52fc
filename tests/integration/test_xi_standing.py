"""Xi Cards through the service (registered in the registry; set again here so that these tests
need nothing of the rest of it): a draw's window passed by a standing rule looks to the player who drew
exactly like one passed by hand, in every answer the service gives them; the audit re-runs both."""

from __future__ import annotations

import pytest

from domain.xi import RULES
from services.disputes.audit import audit_game
from tests.clocks import START, FakeClock
from tests.integration.test_standing_answers import act, everything_shown, services_playing
from tests.unit.xi.builders import DECK, OTHER_DECK

PASS_DRAWS = {"type": "set_standing", "kinds": {"draw": "pass"}}
ASK = {"type": "set_standing"}
DRAW, END, PASS = {"type": "draw"}, {"type": "end_turn"}, {"type": "pass"}


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def xi(monkeypatch, clock):
    return services_playing(monkeypatch, clock, "xi", RULES)


def played(services, clock, by_rule: bool):
    """Both decks brought, the coin's winner goes first; the first player ends the turn, the
    second banks 3pT and ends theirs, sets a standing rule (to pass draws, or to be asked) and the
    first player draws: the second's window passes, by the rule at once or by hand an hour later."""
    clock.at = START
    created = services.commands.create("xi", [{"name": "jack"}, {"name": "jake"}], seed="xi-twins")
    for seat, deck in enumerate((DECK, OTHER_DECK)):
        act(services, created.id, seat, {"type": "bring_deck", "cards": list(deck)})
    winner = services.store.game(created.id).to_act()
    act(services, created.id, winner, {"type": "choose_order", "first": True})
    first, second = winner, 1 - winner
    act(services, created.id, first, END)
    act(services, created.id, second, {"type": "bank", "pt": 3})
    act(services, created.id, second, END)
    act(services, created.id, second, PASS_DRAWS if by_rule else ASK)
    act(services, created.id, first, DRAW)
    if not by_rule:
        assert services.store.game(created.id).to_act() == second
        clock.advance(hours=1)
        act(services, created.id, second, PASS)
    clock.at = START.replace(hour=12)
    act(services, created.id, first, END)
    return created, first


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
