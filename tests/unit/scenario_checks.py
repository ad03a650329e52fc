"""What every game's scenario tests check alike: where the cards a scenario does not name go."""

from __future__ import annotations

from typing import Any, Callable


def check_unnamed_cards_go_under_the_named_deck(lay_out: Callable[..., tuple[list, Any]], scenario: dict[str, Any],
                                                named: set[str], every_card: list[str],
                                                cards_of: Callable[[Any], list[str]]) -> None:
    """Laid out by two seeds, the deck starts with the cards `scenario` names for it; under them lie
    the cards it names nowhere (all but `named`), in an order each seed shuffles its own way; every
    card of the game (`every_card`, sorted) is on the table once, as `cards_of` a table finds them;
    and one seed lays the scenario out the same every time."""
    deck = scenario["deck"]
    _, one = lay_out(scenario, "one")
    _, two = lay_out(scenario, "two")
    for state in (one, two):
        assert state.deck[:len(deck)] == deck
        assert sorted(state.deck[len(deck):]) == sorted(set(every_card) - named)
        assert sorted(cards_of(state)) == every_card
    assert one.deck[len(deck):] != two.deck[len(deck):]
    assert lay_out(scenario, "one") == lay_out(scenario, "one")
