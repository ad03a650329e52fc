"""The README's curl walkthrough works as printed, against a real server."""

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_prints_the_walkthrough_script_as_it_is():
    script = (ROOT / "docs/walkthrough.sh").read_text().rstrip()
    assert script in (ROOT / "README.md").read_text()


def test_the_walkthrough_plays_a_whole_game_and_replays_it(server):
    done = subprocess.run(
        ["bash", str(ROOT / "docs/walkthrough.sh")],
        env={**os.environ, "API": server}, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert '"seed": "readme-walkthrough"' in lines[-3]
    assert lines[-1].startswith('{"step": 10')
