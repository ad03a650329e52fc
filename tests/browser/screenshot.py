"""`make screenshot`: the pictures of the viewer the docs show, each at a mid-game step.

docs/viewer.png: a game of Chi, ana against the greedy bot, played over the API for a few turns
(the first legal action each time, from a fixed seed), then opened with ana's token: her hand, the
legal actions as buttons and highlighted cards, and what the last step changed.

docs/screenshots/xanadu.png: a game of Xanadu, ana against the builder bot, some turns in, opened
in the middle of ana's Worker phase: buildings in play with workers on their rows, the row she
plans to cover, the next ones highlighted, her hand.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import BROWSERS, Api
from web.server_process import ROOT, running_server

TURNS = 14
PREFERENCE = ("play_yang", "attack", "draw", "chi", "discard", "pass")
XANADU_SEED = "xanadu-3"  # by turn 13, six buildings in play and eight workers on them
XANADU_TURN = 13  # ana's turn the picture is taken in
XANADU_PREFERENCE = ("start", "build", "done_covering", "cover", "worker", "end_turn", "end_sell", "skip_build", "sell", "skip_turn")


def chi(api: Api, browser) -> Path:
    target = ROOT / "docs" / "viewer.png"
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="readme-screenshot")
    token = created["tokens"][0]["token"]
    for _ in range(TURNS):
        game = api.get(created["id"], token=token)
        legal = api.get(created["id"], "/actions", token=token)["actions"]
        action = min(legal, key=lambda a: PREFERENCE.index(a["type"]))
        api.act(created["id"], token, action, game["version"])
    page = browser.new_page(viewport={"width": 1320, "height": 900})
    page.goto(f"{api.base}/games/{created['id']}#token={token}")
    page.wait_for_selector("#actions button.action")
    page.screenshot(path=str(target), full_page=True)
    page.close()
    return target


def xanadu(api: Api, browser) -> Path:
    target = ROOT / "docs" / "screenshots" / "xanadu.png"
    answer = api.http.post(f"{api.base}/api/games", json={"game": "xanadu", "seed": XANADU_SEED,
                                                          "seats": [{"name": "ana"}, {"bot": "builder"}]})
    created = answer.json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    # ana builds what she can, covering only the rows she needs; the picture waits for her first.
    while True:
        game = api.get(game_id, token=token)
        table = game["table"]
        if table["turn"] >= XANADU_TURN and table["phase"] == "workers" and table["plan"]["covers"]:
            break
        if game["status"] != "running":
            raise RuntimeError("the Xanadu game ended before the picture: choose another seed")
        legal = api.get(game_id, "/actions", token=token)["actions"]
        action = min(legal, key=lambda a: XANADU_PREFERENCE.index(a["type"]))
        api.act(game_id, token, action, game["version"])
    page = browser.new_page(viewport={"width": 1320, "height": 900})
    page.goto(f"{api.base}/games/{game_id}#token={token}")
    page.wait_for_selector("#table .xrow.playable")
    target.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(target), full_page=True)
    page.close()
    return target


def main() -> int:
    executable = next(path for path in map(shutil.which, BROWSERS) if path)
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for shoot in (chi, xanadu):
            print(f"wrote {shoot(Api(base), browser).relative_to(ROOT)}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
