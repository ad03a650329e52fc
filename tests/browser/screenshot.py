"""`make screenshot`: docs/viewer.png, the viewer at a mid-game step, as the README shows it.

A game of ana against the greedy bot is played over the API for a few turns (the first legal
action each time, from a fixed seed), then the page is opened with ana's token: her hand, the
legal actions as buttons and highlighted cards, and what the last step changed.
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


def main() -> int:
    target = ROOT / "docs" / "viewer.png"
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as base:
        api = Api(base)
        created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="readme-screenshot")
        token = created["tokens"][0]["token"]
        for _ in range(TURNS):
            game = api.get(created["id"], token=token)
            legal = api.get(created["id"], "/actions", token=token)["actions"]
            action = min(legal, key=lambda a: PREFERENCE.index(a["type"]))
            api.act(created["id"], token, action, game["version"])
        executable = next(path for path in map(shutil.which, BROWSERS) if path)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1320, "height": 900})
            page.goto(f"{base}/games/{created['id']}#token={token}")
            page.wait_for_selector("#actions button.action")
            page.screenshot(path=str(target), full_page=True)
            browser.close()
    print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
