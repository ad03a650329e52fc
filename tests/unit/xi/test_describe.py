"""The replay's lines: one per event, from public facts only, so never naming a hidden card."""

from domain.rng import Rng
from domain.xi import RULES
from domain.xi.cards import CARDS
from tests.unit.xi.builders import DECK, OTHER_DECK, act, prepared

NAMES = ["Jack", "Jake"]


def test_every_event_of_an_opening_has_a_line_that_names_no_card():
    state, lines = prepared("lines"), []
    for seat, deck in enumerate((DECK, OTHER_DECK)):
        events, state = act(state, seat, {"type": "bring_deck", "cards": deck}, "lines")
        lines += [RULES.describe(event, NAMES) for event in events]
    for action in ({"type": "choose_order", "first": True}, {"type": "draw"}, {"type": "bank", "pt": 1},
                   {"type": "end_turn"}):
        decision = RULES.decide(state, RULES.to_act(state), action, Rng("lines"))
        state = decision.state
        lines += [RULES.describe(event, NAMES) for event in decision.events]
    assert "Jack brings a deck of 30 cards" in lines
    assert any(line.startswith("Turn 1: ") and line.endswith("has 6T") for line in lines)
    assert any("pays 3T and draws a card" in line for line in lines)
    assert all("_" not in line for line in lines)
    names = {card.name for card in CARDS.values()}
    assert not [line for line in lines if any(name in line for name in names)]
