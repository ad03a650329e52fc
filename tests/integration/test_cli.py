"""The `chronicle` command line: export, verify offline, import, replay."""

import json
import os
import subprocess
import sys

import pytest

from web.server_process import ROOT


def chronicle(*args, data, env=None):
    settings = {**os.environ, "CHRONICLE_DATA": str(data), "PYTHONPATH": str(ROOT), **(env or {})}
    settings.pop("PERSISTENCE_MODULE", None)
    return subprocess.run([sys.executable, "-m", "web.cli", *args], cwd=ROOT, env=settings,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def exported(tmp_path):
    """A finished game made in one data folder, exported to a file."""
    from services.bootstrap import build

    first = tmp_path / "first"
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(first)})
    game_id = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="cli").id
    services.store.close()
    path = tmp_path / "game.jsonl"
    done = chronicle("export", str(game_id), "-o", str(path), data=first)
    assert done.returncode == 0, done.stderr
    return game_id, path


def test_verify_accepts_an_honest_export_with_no_database(exported, tmp_path):
    _, path = exported
    done = chronicle("verify", str(path), data=tmp_path / "nowhere")
    assert done.returncode == 0 and done.stdout.startswith("verified")
    assert not (tmp_path / "nowhere").exists()  # no store was opened


def test_verify_exits_non_zero_with_the_first_problem_for_a_tampered_file(exported, tmp_path):
    _, path = exported
    lines = path.read_text().splitlines()
    row = json.loads(lines[3])
    row["event"]["data"]["count"] = 99
    lines[3] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n")
    done = chronicle("verify", str(path), data=tmp_path)
    assert done.returncode == 1 and "NOT verified: step 4" in done.stderr


def test_import_moves_a_game_to_another_store_where_it_replays(exported, tmp_path):
    game_id, path = exported
    other = tmp_path / "other"
    done = chronicle("import", str(path), data=other)
    assert done.returncode == 0 and str(game_id) in done.stdout
    replay = chronicle("replay", str(game_id), data=other)
    assert replay.returncode == 0
    assert replay.stdout.splitlines()[0].split()[0] == "1" and "[chi." in replay.stdout


def test_every_command_has_help():
    for command in ("verify", "import", "export", "replay", "projections", "serve"):
        done = subprocess.run([sys.executable, "-m", "web.cli", command, "--help"], cwd=ROOT,
                              capture_output=True, text=True)
        assert done.returncode == 0 and "usage: chronicle" in done.stdout
