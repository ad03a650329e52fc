"""A game's snapshot is stored in the transaction of the move that carries the game past it."""

from contextlib import contextmanager

import psycopg
import pytest
from eventsourcing.persistence import PersistenceError

from domain import clock
from domain.rng import Rng
from services.compose import build
from services.log.game import decision_rng
from services.log.store import SNAPSHOT_INTERVAL
from tests.infra import PG, postgres_database
from tests.racing import race


@contextmanager
def store_of_kind(kind, tmp_path):
    if kind == "postgres":
        with postgres_database() as env:
            services = build({**env, "CHRONICLE_DATA": str(tmp_path)})
            yield services, env
            services.store.close()
        return
    module = {"memory": "eventsourcing.popo", "sqlite": "eventsourcing.sqlite"}[kind]
    services = build({"PERSISTENCE_MODULE": module, "CHRONICLE_DATA": str(tmp_path)})
    yield services, None
    services.store.close()


def move_to_just_before_a_snapshot(services, game_id, rng):
    """Play until the next move carries the game past a multiple of SNAPSHOT_INTERVAL (a draw
    adds at least two events, so a game within one event of it crosses it); returns the game
    and that move."""
    while True:
        game = services.store.game(game_id)
        seat = game.to_act()
        assert seat is not None, "the game ended before a snapshot was due"
        legal = game.rules.legal_actions(game.state, seat)
        draws = [action for action in legal if action["type"] == "draw"]
        if draws and (game.version + 1) % SNAPSHOT_INTERVAL == 0:
            return game, seat, draws[0]
        services.commands.act(game_id, seat, rng.choice(legal), game.version)


def snapshot_versions(services, game_id):
    return [snapshot.originator_version for snapshot in services.store.snapshots.get(game_id)]


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
def test_the_move_that_carries_a_game_past_a_snapshot_point_is_stored_with_its_snapshot(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as (services, _):
        created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="snapshot-with-move")
        rng = Rng("snapshot-with-move", "chooser")
        for _ in range(2):
            game, seat, action = move_to_just_before_a_snapshot(services, created.id, rng)
            before = snapshot_versions(services, created.id)
            reply = services.commands.act(created.id, seat, action, game.version)
            assert reply["version"] > game.version + 1
            assert snapshot_versions(services, created.id) == before + [reply["version"]]


def break_the_snapshot_table(kind, services, env):
    """The snapshot table goes missing, as a damaged store might: inserting a snapshot fails."""
    if kind == "sqlite":
        with services.store.factory.datastore.transaction(commit=True) as cursor:
            cursor.execute("ALTER TABLE stored_snapshots RENAME TO stored_snapshots_away")
    else:
        with psycopg.connect(dbname=env["POSTGRES_DBNAME"], autocommit=True, **PG) as connection:
            connection.execute("ALTER TABLE chronicle_snapshots RENAME TO chronicle_snapshots_away")


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_move_whose_snapshot_cannot_be_stored_is_not_stored_either(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as (services, env):
        created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="snapshot-or-nothing")
        game, seat, action = move_to_just_before_a_snapshot(services, created.id, Rng("snapshot-or-nothing", "c"))
        stored_before = len(services.store.stored_events(created.id))
        break_the_snapshot_table(kind, services, env)
        with pytest.raises(PersistenceError):
            services.commands.act(created.id, seat, action, game.version)
        # Another process (no cache) finds the game as it was: the move is not half stored.
        elsewhere = build({**(env or {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}), "CHRONICLE_DATA": str(tmp_path)})
        assert len(elsewhere.store.stored_events(created.id)) == stored_before
        assert elsewhere.store.game(created.id).version == game.version
        elsewhere.store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_two_processes_racing_for_the_move_past_a_snapshot_point_store_one_move_and_one_snapshot(kind, tmp_path):
    with store_of_kind(kind, tmp_path) as (first, env):
        second = build({**(env or {"PERSISTENCE_MODULE": "eventsourcing.sqlite"}), "CHRONICLE_DATA": str(tmp_path)})
        created = first.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="snapshot-race")
        game, seat, action = move_to_just_before_a_snapshot(first, created.id, Rng("snapshot-race", "c"))
        second.store.game(created.id)  # both have the game at this version before either saves
        outcomes = race((first, second), created.id, seat, action, game.version)
        wins = [outcome for outcome in outcomes if isinstance(outcome, int)]
        assert len(wins) == 1 and len(outcomes) == 2, outcomes
        assert snapshot_versions(second, created.id)[-1] == wins[0]
        assert second.store.game(created.id).version == first.store.game(created.id).version == wins[0]
        second.store.close()


def test_a_postgres_store_that_would_save_moves_without_their_snapshots_refuses_to_start(tmp_path):
    with postgres_database() as env:
        with pytest.raises(ValueError, match="POSTGRES_ENABLE_DB_FUNCTIONS"):
            build({**env, "POSTGRES_ENABLE_DB_FUNCTIONS": "y", "CHRONICLE_DATA": str(tmp_path)})


def decide_in_memory(game, rng):
    """One decision recorded on the game in memory, as a long game's writer records them before saving."""
    seat = game.to_act()
    action = rng.choice(game.rules.legal_actions(game.state, seat))
    cause = {"seat": seat, "action": action, "rng": f"decision:{game.version}", "at": "2026-01-01T00:00:00Z"}
    game.record_decision(clock.decision_events(game.rules, game.state, cause, decision_rng(game.seed, game.version)),
                         cause)


def test_a_snapshot_stored_after_its_game_moved_on_holds_the_game_as_it_stood_when_taken(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="snapshot-owns")
    store, rng = services.store, Rng("snapshot-owns", "chooser")
    game = store.game(created.id)
    decide_in_memory(game, rng)
    version, table = game.version, game.state
    snapshot = store.snapshot(game)
    for _ in range(3):  # the game moves on in memory before the snapshot is stored
        decide_in_memory(game, rng)
    store.save(game)
    store.snapshots.put([snapshot])
    assert [s.originator_version for s in store.snapshots.get(created.id)] == [version]
    loaded = store.game(created.id, version=version)
    assert loaded.version == version and loaded.state == table
    assert store.game(created.id).state == game.state
