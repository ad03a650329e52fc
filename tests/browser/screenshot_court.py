"""`python -m tests.browser.screenshot_court`: docs/screenshots/court.png, the Court's table
mid-game on a desktop, a card of Society Row chosen and the spaces it may go to highlighted.

A game is played over the API from a fixed seed, by the same player as the browser tests
(court_page.choose), until a Phase 1A after a few turns; then the page is opened with the
seat's token and the first card it offers is clicked.
"""

from __future__ import annotations

import sys

from tests.browser.court_page import choose
from tests.browser.shots import picture, run

SEED = "court-cards-13"
DECISIONS = 16  # then on to the next Phase 1A: a court of a few cards, Daemon Princes on both sides


def shoot(api, browser) -> None:
    answer = api.http.post(f"{api.base}/api/games", json={"game": "court", "seats": [{"name": "ana"}], "seed": SEED})
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
    page = browser.new_page(viewport={"width": 1320, "height": 900})
    page.goto(f"{api.base}/games/{game_id}#token={token}")
    page.wait_for_selector("#viewer[data-settled] #table .society .playable")
    page.locator("#table .society .playable").first.click()
    page.wait_for_selector("#table .chosen")
    picture(page, "court.png")
    page.close()


if __name__ == "__main__":
    sys.exit(run(shoot))
