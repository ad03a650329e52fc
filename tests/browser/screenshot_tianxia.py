"""`python -m tests.browser.screenshot_tianxia` (and `make screenshot`): docs/screenshots/tianxia.png,
the Tianxia table in ana's seat, solo against Li Mu at Normal: the board as a picture (the nomads
walking towards the wall, the regions with their buildings, governors and discs, the ports with
their ships and crates, the barges, the Palace tracks with every marker), Li Mu's open cards and
his last roll, ana's supply and her next decisions as buttons. The game is played over the API from
a fixed seed, ana taking the decision she prefers each time, until Li Mu has played two turns."""

from __future__ import annotations

import sys

from tests.browser.shots import picture, run

SCREENS = {"tianxia.png": {"viewport": {"width": 1320, "height": 900}}}  # file -> the browser context it is taken in
# Ana's preference: the opening's first choices, a region and all its follow-ups, the rewards' choices.
PREFERENCE = ("arrangement", "start", "good", "advance", "tile", "port", "soldier", "wall", "forgo", "region", "governor",
              "exchange", "ship", "end", "military", "barge", "pass")
LI_MUS_TURNS = 2
MOST_DECISIONS = 60


def shoot(api, browser) -> None:
    answer = api.http.post(f"{api.base}/api/games", json={"game": "tianxia", "seats": [{"name": "ana"}],
                                                          "options": {"difficulty": "normal"}, "seed": "readme-tianxia"})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    for _ in range(MOST_DECISIONS):
        game = api.get(game_id, token=token)
        if game["table"]["rival"]["turn"] >= LI_MUS_TURNS or game["status"] != "running":
            break
        legal = api.get(game_id, "/actions", token=token)["actions"]
        action = min(legal, key=lambda a: PREFERENCE.index(a["type"]) if a["type"] in PREFERENCE else len(PREFERENCE))
        api.act(game_id, token, action, game["version"])
    for name, screen in SCREENS.items():
        context = browser.new_context(**screen)
        page = context.new_page()
        page.goto(f"{api.base}/games/{game_id}#token={token}")
        page.wait_for_selector("#viewer[data-ready='true']")
        page.wait_for_function("v => document.getElementById('viewer').dataset.settled === String(v)",
                               arg=api.get(game_id)["version"])
        page.wait_for_selector("#moves button.move[aria-current='step']")
        picture(page, name)
        context.close()


if __name__ == "__main__":
    sys.exit(run(shoot))
