"""`python -m tests.browser.screenshot_xanadu` (and `make screenshot`): docs/screenshots/xanadu.png,
a game of Xanadu, ana against the builder bot, some turns in, opened in the middle of ana's Worker
phase: buildings in play with workers on their rows, the row she plans to cover, the next ones
highlighted, her hand."""

from __future__ import annotations

import sys

from tests.browser.shots import picture, run

SEED = "xanadu-3"  # by turn 13, six buildings in play and eight workers on them
TURN = 13  # ana's turn the picture is taken in
PREFERENCE = ("start", "build", "done_covering", "cover", "worker", "end_turn", "end_sell", "skip_build", "sell", "skip_turn")


def shoot(api, browser) -> None:
    created = api.http.post(f"{api.base}/api/games", json={"game": "xanadu", "seed": SEED,
                                                          "seats": [{"name": "ana"}, {"bot": "builder"}]}).json()
    game_id, token = created["id"], created["tokens"][0]["token"]
    # ana builds what she can, covering only the rows she needs; the picture waits for her first.
    while True:
        game = api.get(game_id, token=token)
        table = game["table"]
        if table["turn"] >= TURN and table["phase"] == "workers" and table["plan"]["covers"]:
            break
        if game["status"] != "running":
            raise RuntimeError("the Xanadu game ended before the picture: choose another seed")
        legal = api.get(game_id, "/actions", token=token)["actions"]
        action = min(legal, key=lambda a: PREFERENCE.index(a["type"]))
        api.act(game_id, token, action, game["version"])
    page = browser.new_page(viewport={"width": 1320, "height": 900})
    page.goto(f"{api.base}/games/{game_id}#token={token}")
    page.wait_for_selector("#table .xrow.playable")
    picture(page, "xanadu.png")
    page.close()


if __name__ == "__main__":
    sys.exit(run(shoot))
