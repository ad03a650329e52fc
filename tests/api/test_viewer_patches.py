"""The viewer's JSON Patch (web/static/json-patch.js), run by node on what the streams send: from
a stream's first whole view, each patch applied in turn gives the view the stream sends whole
when asked (`?views=full`), for every game, as a seat and as a spectator."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from domain import registry
from services.live.streams import GameStream, Pace
from tests.playing import play_to_end

SCRIPT = Path(__file__).resolve().parents[2] / "web" / "static" / "json-patch.js"
NODE = shutil.which("node") or shutil.which("nodejs")
APPLY_ALL = """
const { apply } = require(process.argv[1]);
const { first, patches } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const views = [];
let view = first;
for (const patch of patches) { view = apply(view, patch); views.push(view); }
process.stdout.write(JSON.stringify(views));
"""


def wire(stream: GameStream) -> list[dict]:
    """Each message's data, as a client reads it off the wire."""
    return [json.loads(message.text.split("data: ", 1)[1]) for message in stream.messages()]


def whole_game_stream(services, game_id, token, whole_views):
    once = iter([0.0, 0.0, 0.0])  # a finished game's stream ends after its last event
    pace = Pace(safety=1.0, heartbeat=1e9, lifetime=1.0, clock=lambda: next(once, 2.0), wait=lambda *_: None)
    return wire(GameStream(services.news, game_id, token, 1, pace, whole_views=whole_views))


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_the_viewers_patches_give_the_views_the_stream_sends_whole(services, game):
    rules = registry.get(game)
    seats = rules.seats[0] + (1 if rules.seats[1] > rules.seats[0] else 0)
    created = services.commands.create(game, [{"name": f"p{seat}"} for seat in range(seats)], seed=f"patches-{game}")
    # The stream from the first version on, read once the game is over.
    play_to_end(services, created.id, seed=f"patches-{game}")
    for token in [None, created.tokens[0]["token"]]:
        patched = whole_game_stream(services, created.id, token, whole_views=False)
        whole = whole_game_stream(services, created.id, token, whole_views=True)
        assert [data["version"] for data in patched] == [data["version"] for data in whole]
        given = {"first": patched[0]["game"], "patches": [data["patch"] for data in patched[1:]]}
        assert any(op["op"] in ("add", "remove", "move") for patch in given["patches"] for op in patch)
        run = subprocess.run([NODE, "-e", APPLY_ALL, str(SCRIPT)], input=json.dumps(given), capture_output=True,
                             text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout) == [data["game"] for data in whole[1:]]
