"""`python -m tests.browser.screenshot_xi` (and `make screenshot`): docs/screenshots/xi.png and
xi-phone.png, the Xi table in ana's seat as her window opens: bo's Earth Soldier skirmishes her
Snow Beast, under a Flood; the words of the window with Pass and her pT answers, both sides' units
as cards (a Flames of Preservation on bo's Beast of Pain), her hand. The table is laid out by a
scenario (tests/browser/xi_page.PICTURE), then bo's skirmish is played over the API."""

from __future__ import annotations

import sys

from tests.browser.shots import picture, run
from tests.browser.xi_page import PICTURE, PICTURE_SKIRMISH, create, open_seat

SCREENS = {  # file -> the browser context it is taken in
    "xi.png": {"viewport": {"width": 1320, "height": 900}},
    "xi-phone.png": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


def shoot(api, browser) -> None:
    game_id, tokens = create(api, "readme-xi", PICTURE)
    api.act(game_id, tokens[1], PICTURE_SKIRMISH, api.get(game_id)["version"])
    for name, screen in SCREENS.items():
        context = browser.new_context(**screen)
        page = context.new_page()
        open_seat(page, api.base, game_id, tokens[0])
        page.wait_for_selector("#table [data-key='window:pass'].playable")
        picture(page, name)
        context.close()


if __name__ == "__main__":
    sys.exit(run(shoot))
