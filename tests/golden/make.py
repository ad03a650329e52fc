"""Write tests/golden/events.json from the current rules: `python -m tests.golden.make`.

Run it only when a change is meant to change the events of these seeded games (a new version of
a game's rules); the golden test then pins the new ones.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.golden.games import configurations, name_of, play

PATH = Path(__file__).with_name("events.json")


def main() -> None:
    games = {}
    for config in configurations():
        games[name_of(config)] = played = play(config)
        print(f"{name_of(config)}: {len(played['events'])} events, verified {played['verified']}")
    PATH.write_text(json.dumps(games, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
