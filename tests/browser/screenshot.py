"""`make screenshot`: the pictures of the viewer in docs/screenshots/, as the README and docs/viewer.md show them.

Chi: a game of ana against the greedy bot is played over the API for a few turns (the first legal
action each time, from a fixed seed), then the page is opened with ana's token: her hand, the
legal actions as buttons and highlighted cards, the move list and what the last step changed; on
a desktop screen (`chi.png`), on a phone 390 px wide (`chi-phone.png`) and in the dark scheme
(`chi-dark.png`). Then every other game's own picture (`screenshot_<game>.py`), with the same
server and browser.
"""

from __future__ import annotations

import sys

from tests.browser import screenshot_court, screenshot_tianxia, screenshot_xanadu, screenshot_xi
from tests.browser.shots import picture, run

TURNS = 14
PREFERENCE = ("play_yang", "attack", "draw", "chi", "discard", "pass")
SCREENS = {  # file -> the browser context it is taken in
    "chi.png": {"viewport": {"width": 1320, "height": 900}},
    "chi-phone.png": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "chi-dark.png": {"viewport": {"width": 1320, "height": 900}, "color_scheme": "dark"},
}
OTHER_GAMES = (screenshot_court, screenshot_xanadu, screenshot_xi, screenshot_tianxia)


def shoot(api, browser) -> None:
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="readme-screenshot")
    token = created["tokens"][0]["token"]
    for _ in range(TURNS):
        game = api.get(created["id"], token=token)
        legal = api.get(created["id"], "/actions", token=token)["actions"]
        action = min(legal, key=lambda a: PREFERENCE.index(a["type"]))
        api.act(created["id"], token, action, game["version"])
    for name, screen in SCREENS.items():
        context = browser.new_context(**screen)
        page = context.new_page()
        page.goto(f"{api.base}/games/{created['id']}#token={token}")
        page.wait_for_selector("#actions button.action")
        page.wait_for_selector("#moves button.move[aria-current='step']")
        picture(page, name)
        context.close()


if __name__ == "__main__":
    sys.exit(run(shoot, *(game.shoot for game in OTHER_GAMES)))
