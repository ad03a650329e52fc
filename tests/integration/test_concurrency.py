"""Two processes racing for the same version of a game: one move lands, the other is told."""


import pytest

from services.compose import build
from services.errors import StaleVersion
from tests.racing import race


def new_game_and_first_move(services, seed):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed=seed)
    game = services.store.game(created.id)
    seat = game.to_act()
    return created, game, seat, game.rules.legal_actions(game.state, seat)[0]


@pytest.fixture
def two_processes(tmp_path):
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path)}
    return build(env), build(env)


def test_two_moves_racing_for_one_version_give_one_success_and_one_stale(two_processes):
    first, second = two_processes
    created, game, seat, action = new_game_and_first_move(first, "race")
    # Both processes have loaded the game at this version before either saves.
    second.store.game(created.id)
    outcomes = race((first, second), created.id, seat, action, game.version)
    wins = [o for o in outcomes if isinstance(o, int)]
    assert len(wins) == 1 and sum(isinstance(o, StaleVersion) for o in outcomes) == 1
    # No event was lost or doubled: both processes see the winner's version.
    assert first.store.game(created.id).version == second.store.game(created.id).version == wins[0]


def test_a_move_saved_by_another_process_makes_a_cached_game_stale(two_processes):
    first, second = two_processes
    created, game, seat, action = new_game_and_first_move(first, "cache")
    second.commands.act(created.id, seat, action, game.version)
    with pytest.raises(StaleVersion):
        first.commands.act(created.id, seat, action, game.version)
