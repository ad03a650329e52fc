"""Write tests/golden/events.json from the current rules: `python -m tests.golden.make`, or
`python -m tests.golden.make xi` to play again only the games named.

Run it only when a change is meant to change the events of these seeded games (a new version of
a game's rules); the golden test then pins the new ones.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.golden.games import configurations, name_of, play

PATH = Path(__file__).with_name("events.json")


def main(only: set[str]) -> None:
    """Play every configuration, or only those of the games named (the others are kept as they are)."""
    kept = json.loads(PATH.read_text()) if only else {}
    games = {}
    for config in configurations():
        if only and config["game"] not in only:
            games[name_of(config)] = kept[name_of(config)]
            continue
        games[name_of(config)] = played = play(config)
        print(f"{name_of(config)}: {len(played['events'])} events, verified {played['verified']}")
    PATH.write_text(json.dumps(games, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(set(sys.argv[1:]))
