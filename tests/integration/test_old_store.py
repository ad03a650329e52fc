"""A store written before the game aggregate's version 2 and the lean rules states still loads:
its snapshots (the old aggregate's shape, the old states' JSON) give the same games as folding
their events from the start, and its running games play on.

The store (tests/fixtures/store-before-lean-states.sqlite.gz) was written by the service as it
was then: tests/fixtures/make_old_store.py says how.
"""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from pathlib import Path

import pytest
from eventsourcing.application import project_aggregate

from domain.rng import Rng
from services.audit import audit_game
from services.bootstrap import build
from services.store import SNAPSHOT_INTERVAL

FIXTURE = Path(__file__).parent.parent / "fixtures" / "store-before-lean-states.sqlite.gz"


@pytest.fixture
def old_store(tmp_path):
    path = tmp_path / "events.sqlite"
    with gzip.open(FIXTURE) as packed, path.open("wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    with sqlite3.connect(path) as connection:
        ids = [row[0] for row in connection.execute(
            "SELECT originator_id FROM stored_events WHERE topic LIKE '%Game.Created' ORDER BY rowid")]
        snapshotted = {row[0] for row in connection.execute("SELECT originator_id FROM stored_snapshots")}
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path),
                      "CHRONICLE_DATA": str(tmp_path)})
    from uuid import UUID

    return services, [UUID(game_id) for game_id in ids], {UUID(game_id) for game_id in snapshotted}


def test_the_old_store_holds_snapshotted_games_of_every_kind_running_and_finished(old_store):
    services, ids, snapshotted = old_store
    games = [services.store.game(game_id) for game_id in ids]
    assert {game.game for game in games} == {"chi", "court", "xanadu"}
    assert any(game.finished for game in games) and any(not game.finished for game in games)
    assert set(ids) == snapshotted


def test_every_game_loads_from_its_old_snapshots_as_its_events_fold(old_store):
    services, ids, _ = old_store
    for game_id in ids:
        from_events = project_aggregate(None, services.store.events.get(game_id))
        loaded = services.store.game(game_id)
        assert loaded.version == from_events.version
        assert loaded.state == from_events.state and loaded.finished == from_events.finished
        assert loaded.head == from_events.head
        # A version just past a snapshot: the snapshot and the events after it.
        between = SNAPSHOT_INTERVAL + 3
        then = services.store.game(game_id, version=between)
        assert then.state == project_aggregate(None, services.store.events.get(game_id, lte=between)).state
        view = loaded.rules.view(loaded.state, None)
        assert view == from_events.rules.view(from_events.state, None)


def test_the_old_games_play_on_and_the_finished_ones_audit(old_store):
    services, ids, _ = old_store
    chooser = Rng("old-store", "playing-on")
    for game_id in ids:
        game = services.store.game(game_id)
        if game.finished:
            assert audit_game(services.store, game_id)["verified"]
            continue
        for _ in range(5):
            seat = game.to_act()
            services.commands.act(game_id, seat, chooser.choice(game.rules.legal_actions(game.state, seat)), game.version)
            game = services.store.game(game_id)
        assert game.state == project_aggregate(None, services.store.events.get(game_id)).state
