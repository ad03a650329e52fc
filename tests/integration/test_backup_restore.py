"""`chronicle backup` during play and `chronicle restore` into a fresh data folder: every game comes
back whole, at a version the original passed through, with the same chain head; every finished
game audits and its export verifies; the read models are rebuilt from the restored log."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from uuid import UUID

from domain.rng import Rng
from services.compose import build
from services.disputes.audit import audit_game, export_lines, verify_export
from tests.playing import play_to_end

BOUND = 120  # seconds a command may take on a busy machine


def chronicle(data: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CHRONICLE_DATA": str(data)}
    for name in ("PERSISTENCE_MODULE", "SQLITE_DBNAME", "CHRONICLE_BOTS"):
        env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "cli.chronicle", *args], env=env, capture_output=True, text=True,
                          timeout=BOUND)


def store_env(data: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(data)}


class Mover(threading.Thread):
    """Plays games of Xi Cards one after another, through services of its own (as another API
    process would), until stopped."""

    def __init__(self, env: dict[str, str]):
        super().__init__(daemon=True)
        self.env = env
        self.games: list = []
        self.moves = 0
        self.stop = threading.Event()
        self.moved = threading.Condition()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            services, rng = build(self.env), Rng("backup", "mover")
            while not self.stop.is_set():
                game = services.store.game(self.games[-1]) if self.games else None
                if game is None or game.to_act() is None:
                    self.games.append(services.commands.create("xi", [{"name": "ana"}, {"name": "bo"}],
                                                               seed=f"played-{len(self.games)}").id)
                    continue
                seat = game.to_act()
                services.commands.act(game.id, seat, rng.choice(game.rules.legal_actions(game.state, seat)),
                                      game.version)
                with self.moved:
                    self.moves += 1
                    self.moved.notify_all()
        except BaseException as error:  # noqa: BLE001 - reported by the test
            self.error = error

    def wait_for(self, moves: int) -> None:
        with self.moved:
            assert self.moved.wait_for(lambda: self.moves >= moves or not self.is_alive(), timeout=BOUND)
        assert self.moves >= moves, f"the mover stopped after {self.moves} moves: {self.error!r}"


def test_a_backup_made_during_play_restores_every_game_with_the_same_chain_heads(tmp_path):
    original, fresh, backup = tmp_path / "original", tmp_path / "fresh", tmp_path / "backups" / "chronicle.sqlite"
    services = build(store_env(original))
    create = services.commands.create
    finished = [create("chi", [{"name": "ana"}, {"name": "bo"}], seed="finished-chi").id,
                create("court", [{"name": "ana"}], seed="finished-court").id]
    for game_id in finished:
        play_to_end(services, game_id)
    running = create("xanadu", [{"name": "ana"}, {"name": "bo"}], seed="running").id
    mover = Mover(store_env(original))
    mover.start()
    try:
        mover.wait_for(3)
        played = mover.games[-1]
        version_before = services.store.game(played).version
        made = chronicle(original, "backup", str(backup))
        mover.wait_for(mover.moves + 2)  # play went on after the backup, too
    finally:
        mover.stop.set()
        mover.join(BOUND)
    assert made.returncode == 0, made.stderr
    assert "backed up" in made.stdout and str(backup) in made.stdout
    assert mover.error is None, mover.error

    restored = chronicle(fresh, "restore", str(backup))
    assert restored.returncode == 0, restored.stderr
    assert "rebuilt the game list" in restored.stdout
    with sqlite3.connect(fresh / "projections.sqlite") as read_models:  # rebuilt by the restore itself
        listed = {row[0] for row in read_models.execute("SELECT game_id FROM game_list")}

    restored_services = build(store_env(fresh))
    in_backup = {str(game_id) for game_id in [*finished, running, *mover.games[:mover.games.index(played) + 1]]}
    assert in_backup <= listed <= {str(game_id) for game_id in [*finished, running, *mover.games]}
    for game_id in map(UUID, listed):
        copy, now = restored_services.store.game(game_id), services.store.game(game_id)
        assert copy.version <= now.version
        assert copy.head == services.store.game(game_id, version=copy.version).head, "the same chain, to where it was"
    # The game played meanwhile: every move made before the backup began is in it.
    assert restored_services.store.game(played).version >= version_before
    for game_id in finished:
        audit = audit_game(restored_services.store, game_id)
        assert audit["verified"] and audit["head"] == services.store.game(game_id).head, audit
        assert verify_export(list(export_lines(restored_services.store, game_id))).verified


def test_restore_refuses_a_store_holding_events_unless_forced_and_backup_refuses_an_existing_file(tmp_path):
    first, second, backup = tmp_path / "first", tmp_path / "second", tmp_path / "first.backup"
    services = build(store_env(first))
    kept = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="kept").id
    other = build(store_env(second)).commands.create("chi", [{"name": "cy"}, {"name": "di"}], seed="other").id
    assert chronicle(first, "backup", str(backup)).returncode == 0

    again = chronicle(first, "backup", str(backup))
    assert again.returncode == 2 and "exists already" in again.stderr and "--force" in again.stderr
    refused = chronicle(second, "restore", str(backup))
    assert refused.returncode == 2 and "holds events already" in refused.stderr
    assert build(store_env(second)).store.game(other).version >= 1, "the store refused is untouched"

    forced = chronicle(second, "restore", str(backup), "--force")
    assert forced.returncode == 0, forced.stderr
    replaced = build(store_env(second)).store
    assert replaced.game(kept).head == services.store.game(kept).head


def test_a_file_that_is_no_backup_is_refused_and_changes_nothing(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    refused = chronicle(tmp_path / "data", "restore", str(junk))
    assert refused.returncode == 2 and "cannot be read as SQLite" in refused.stderr
    assert not (tmp_path / "data" / "events.sqlite").exists()
    missing = chronicle(tmp_path / "nothing", "backup", str(tmp_path / "b.sqlite"))
    assert missing.returncode == 2 and "no event store" in missing.stderr
