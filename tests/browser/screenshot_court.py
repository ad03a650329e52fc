"""`python -m tests.browser.screenshot_court`: docs/screenshots/court.png, the Court's table
mid-game on a desktop, a card of Society Row chosen and the spaces it may go to highlighted.

A game is played over the API from a fixed seed, by the same player as the browser tests
(court_page.choose), until a Phase 1A after a few turns; then the page is opened with the
seat's token and the first card it offers is clicked.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import BROWSERS, Api
from tests.browser.court_page import choose
from web.server_process import ROOT, running_server

SEED = "court-cards-13"
DECISIONS = 16  # then on to the next Phase 1A: a court of a few cards, Daemon Princes on both sides


def main() -> int:
    target = ROOT / "docs" / "screenshots" / "court.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as base:
        api = Api(base)
        answer = api.http.post(f"{base}/api/games", json={"game": "court", "seats": [{"name": "ana"}], "seed": SEED})
        created = answer.json()
        game_id, token = created["id"], created["tokens"][0]["token"]
        decision = 0
        while True:
            game = api.get(game_id, token=token)
            if decision >= DECISIONS and game["table"]["phase"] == "buy":
                break
            legal = api.get(game_id, "/actions", token=token)["actions"]
            api.act(game_id, token, choose(legal, decision), game["version"])
            decision += 1
        executable = next(path for path in map(shutil.which, BROWSERS) if path)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1320, "height": 900})
            page.goto(f"{base}/games/{game_id}#token={token}")
            page.wait_for_selector("#viewer[data-settled] #table .society .playable")
            page.locator("#table .society .playable").first.click()
            page.wait_for_selector("#table .chosen")
            page.screenshot(path=str(target), full_page=True)
            browser.close()
    print(f"wrote {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
