"""The same seeds give the same events, the same chain and the same audit verdict as the golden
file: whatever changes inside the rules engine, what a game records may not."""

from __future__ import annotations

import json

import pytest

from tests.golden.games import configurations, name_of, play
from tests.golden.make import PATH

GOLDEN = json.loads(PATH.read_text())
CONFIGURATIONS = list(configurations())


def test_the_golden_file_covers_every_configuration():
    assert sorted(GOLDEN) == sorted(name_of(config) for config in CONFIGURATIONS)


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=name_of)
def test_a_seeded_game_records_the_golden_events(config):
    golden = GOLDEN[name_of(config)]
    played = play(config)
    for version, (wanted, got) in enumerate(zip(golden["events"], played["events"]), start=2):
        assert got == wanted, f"the event of version {version} differs from the golden file's"
    assert len(played["events"]) == len(golden["events"])
    assert played["head"] == golden["head"]
    assert played["verified"] is True and golden["verified"] is True
