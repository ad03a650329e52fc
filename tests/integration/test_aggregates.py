"""Loading an aggregate by its id: what is there and of the kind asked for, else the caller's own error."""

from uuid import uuid4

import pytest

from services.errors import NotFound
from services.log.aggregates import loaded, required
from services.players.players import Player, PlayerNotFound
from services.tournaments.records import Tournament


def test_an_aggregate_is_found_by_its_id_only_as_the_kind_it_is(services):
    repository = services.store.repository
    player_id = services.commands.players.register("ana")["id"]
    assert loaded(repository, player_id, Player).name == "ana"
    assert required(repository, player_id, Player, NotFound("no player")).name == "ana"
    assert loaded(repository, player_id, Tournament) is None, "a player's id names no tournament"


@pytest.mark.parametrize("asked", ["not-a-uuid", "", "5f0c2a8e-4d1b-4c3e-9a7f-2b6d8e1f0a93"], ids=["not-a-uuid", "empty", "unknown-uuid"])
def test_an_id_that_names_nothing_raises_the_callers_own_error(services, asked):
    with pytest.raises(NotFound, match="there is no tournament"):
        required(services.store.repository, asked, Tournament, NotFound(f"there is no tournament {asked}", "id"))


def test_each_resource_says_what_it_did_not_find(services):
    commands = services.commands
    player_id = commands.players.register("ana")["id"]
    with pytest.raises(NotFound, match=f"there is no tournament {player_id}"):
        commands.tournaments.get(player_id)
    with pytest.raises(NotFound, match="there is no challenge nonsense"):
        commands.challenges.get("nonsense")
    with pytest.raises(PlayerNotFound, match="there is no player") as error:
        commands.players.get(str(uuid4()), "opponent")
    assert error.value.field == "opponent"
    assert commands.tournaments.of_game(uuid4()) is None and commands.tournaments.of_player(player_id) == []
