"""A store written before the games shared one formal contract and the service was grouped by
concern still loads, replays, audits, verifies, rebuilds its read models and plays on, and shows
what it showed then.

The store (tests/fixtures/store-before-one-contract.sqlite.gz) and its guide (the .json beside it:
each game's kind, its seats' tokens, and digests of what the old code showed) were written by the
service as it was then: tests/fixtures/make_store_before_one_contract.py says how. Everything here
goes through what stays fixed across a reshaping: the HTTP API, the command line's `verify`, the
read models. Each game's replay, as every seat and a spectator read it, is held to the digest of
what the old code showed; each finished game's audit and export to the old ones.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from services.compose import build
from tests.fixtures.replay_digests import replay_digest
from web.app import create_app
from cli.chronicle import main as chronicle

FIXTURES = Path(__file__).parent.parent / "fixtures"
STORE = FIXTURES / "store-before-one-contract.sqlite.gz"
GUIDE = json.loads((FIXTURES / "store-before-one-contract.json").read_text())
GAMES = ("chi", "court", "xanadu", "xi", "tianxia")
SNAPSHOT_EVERY = 20  # the store's snapshot interval when the file was written


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


@pytest.fixture
def old_store(tmp_path):
    """The old store copied to a data folder of its own, and the API over it."""
    path = tmp_path / "events.sqlite"
    with gzip.open(STORE) as packed, path.open("wb") as unpacked:
        shutil.copyfileobj(packed, unpacked)
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path),
                      "CHRONICLE_DATA": str(tmp_path)})
    app = create_app(services=services)
    yield path, app
    services.store.close()


def test_the_store_holds_a_finished_and_a_running_game_of_every_game_and_sandboxes(old_store):
    path, app = old_store
    client = app.test_client()
    for kind in ("finished", "running"):
        assert {entry["game"] for entry in GUIDE if entry["kind"] == kind} == set(GAMES)
    for entry in GUIDE:
        table = client.get(f"/api/games/{entry['id']}")
        assert table.status_code == 200, table.json
        assert table.json["game"] == entry["game"] and table.json["status"] == entry["kind"]
        assert table.json["sandbox"] == ("sandbox" in entry)
    assert {entry.get("sandbox") for entry in GUIDE} == {None, "scenario", "fork"}
    with sqlite3.connect(path) as connection:
        versions = dict(connection.execute("SELECT originator_id, MAX(originator_version) FROM stored_events "
                                           "GROUP BY originator_id"))
        snapshotted = {row[0] for row in connection.execute("SELECT DISTINCT originator_id FROM stored_snapshots")}
        taken_back = connection.execute("SELECT COUNT(*) FROM stored_events WHERE "
                                        "CAST(state AS TEXT) LIKE '%\"type\":\"taken_back\"%'").fetchone()[0]
    long_games = {entry["id"].replace("-", "") for entry in GUIDE
                  if versions[entry["id"].replace("-", "")] > SNAPSHOT_EVERY}
    assert len(long_games) >= len(GAMES) * 2 and long_games <= snapshotted
    assert taken_back >= 2


@pytest.mark.parametrize("entry", GUIDE, ids=lambda entry: "-".join(
    [entry["game"], entry["kind"], entry.get("sandbox", ""), "players" if "seating" in entry else ""]).strip("-"))
def test_every_step_of_the_game_replays_as_every_seat_and_as_a_spectator_as_it_did(old_store, entry):
    _, app = old_store
    client = app.test_client()
    for viewer, token in [*entry["tokens"].items(), ("spectator", None)]:
        version = client.get(f"/api/games/{entry['id']}", headers=bearer(token)).json["version"]
        steps, path = [], f"/api/games/{entry['id']}/replay?limit=100"
        while path:
            page = client.get(path, headers=bearer(token))
            assert page.status_code == 200, page.json
            steps += [step["step"] for step in page.json["steps"]]
            path = page.json["next"]
        assert steps == list(range(1, version + 1))
        # Every step (its line, event, rule, table, explanation) as the old code showed it to this viewer.
        assert replay_digest(client, entry["id"], token) == entry["replay_sha256"][viewer], viewer


def test_the_finished_games_audit_and_their_exports_verify_offline(old_store, tmp_path, capsys):
    _, app = old_store
    client = app.test_client()
    finished = [entry for entry in GUIDE if entry["kind"] == "finished"]
    for entry in finished:
        audit = client.get(f"/api/games/{entry['id']}/audit")
        assert audit.status_code == 200 and audit.json["verified"], audit.json
        assert audit.json == entry["audit"]  # the same checks, steps and head as the old code's audit
        export = client.get(f"/api/games/{entry['id']}/export")
        assert export.status_code == 200
        assert hashlib.sha256(export.get_data()).hexdigest() == entry["export_sha256"]  # byte for byte
        path = tmp_path / f"{entry['id']}.jsonl"
        path.write_bytes(export.get_data())
        capsys.readouterr()
        assert chronicle(["verify", str(path)]) == 0, capsys.readouterr().err
        assert capsys.readouterr().out.startswith(f"verified: {audit.json['steps']} steps")


def test_the_read_models_rebuild_from_the_old_store(old_store):
    _, app = old_store
    client = app.test_client()
    assert app.extensions["chronicle"].game_list.rebuild() > 0
    listed, path = [], "/api/games?limit=100"
    while path:
        page = client.get(path)
        assert page.status_code == 200, page.json
        listed += page.json["games"]
        path = page.json["next"]
    assert {row["id"] for row in listed} >= {entry["id"] for entry in GUIDE}
    results = client.get("/api/results?limit=100").json["results"]
    assert {entry["id"] for entry in GUIDE if entry["kind"] == "finished"} <= {row["id"] for row in results}


def test_each_running_game_takes_its_next_legal_move(old_store):
    _, app = old_store
    client = app.test_client()
    for entry in (entry for entry in GUIDE if entry["kind"] == "running"):
        before = client.get(f"/api/games/{entry['id']}").json
        seat = before["to_act"]["seat"]
        token = entry["tokens"][str(seat)]
        offered = client.get(f"/api/games/{entry['id']}/actions", headers=bearer(token)).json
        assert offered["seat"] == seat and offered["actions"], offered
        moved = client.post(f"/api/games/{entry['id']}/actions", headers=bearer(token),
                            json={"action": offered["actions"][0], "expected_version": before["version"]})
        assert moved.status_code == 200, (entry["game"], moved.json)
        after = client.get(f"/api/games/{entry['id']}").json
        assert after["version"] > before["version"]


def test_the_old_dispute_and_the_old_answer_to_a_keyed_move_are_still_kept(old_store):
    _, app = old_store
    client = app.test_client()
    [entry] = [entry for entry in GUIDE if "idempotent_move" in entry]
    disputes = client.get(f"/api/games/{entry['id']}/disputes", headers=bearer(entry["tokens"]["0"]))
    assert disputes.status_code == 200, disputes.json
    assert [(dispute["step"], dispute["seat"]) for dispute in disputes.json["disputes"]] == [(9, 0)]
    move = entry["idempotent_move"]
    before = client.get(f"/api/games/{entry['id']}").json["version"]
    retried = client.post(f"/api/games/{entry['id']}/actions",
                          headers={**bearer(entry["tokens"][str(move["seat"])]), "Idempotency-Key": move["key"]},
                          json={"action": move["action"], "expected_version": move["expected_version"]})
    assert retried.status_code == 200, retried.json
    assert retried.json["version"] > move["expected_version"]
    assert client.get(f"/api/games/{entry['id']}").json["version"] == before  # answered again, not played again
