"""The slow game between two players (docs/playing-over-rest.md) works as printed, against a real server."""

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_the_docs_print_the_slow_game_script_as_it_is():
    script = (ROOT / "docs/slow-game.sh").read_text().rstrip()
    assert script in (ROOT / "docs/playing-over-rest.md").read_text()


def test_two_players_find_join_and_play_a_game_from_their_inboxes(server):
    done = subprocess.run(
        ["bash", str(ROOT / "docs/slow-game.sh")],
        env={**os.environ, "API": server}, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "open games: 1, seats to take: [1]"
    assert lines[1] == "bo joins; seats: ana, bo"
    turns = [line for line in lines if ": your decision, due " in line]
    assert len(turns) >= 10 and {line.split(":")[0] for line in turns} == {"ana", "bo"}
    assert lines[-2].startswith("bo: bo resigns; ana wins")
    assert lines[-1] == '{"status":"finished","your_decision":false,"deadline":null}'
