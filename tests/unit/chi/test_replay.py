"""Replaying a game's events rebuilds it exactly; an event that does not fit the table is refused."""

import pytest

from domain.chi import RULES
from domain.contract import Event
from tests.unit.chi.builders import fold
from tests.unit.chi.playouts import play_out


def test_replaying_a_games_events_from_the_empty_table_gives_the_same_state():
    game = play_out("replay")
    assert fold(RULES.new_state(2, {}), game.events) == game.state


def test_an_event_that_does_not_fit_the_table_is_refused():
    game = play_out("tamper")
    dealt = next(i for i, event in enumerate(game.events) if event.type == "hand_dealt")
    forged = Event("hand_dealt", "chi.setup.deal", {"seat": 0, "count": 3}, {"cards": ["chi-1", "chi-2", "chi-3"]}, 0)
    with pytest.raises(ValueError):
        fold(RULES.new_state(2, {}), game.events[:dealt] + [forged])


def test_an_unknown_event_is_refused():
    with pytest.raises(ValueError):
        RULES.evolve(RULES.new_state(2, {}), Event("card_stolen", "chi.turn.one-action"))
