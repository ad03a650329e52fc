"""The leaderboards in the browser: from the header to a game's board, from a player's name to
their page with its rating chart; both pages pass the accessibility checks."""

from __future__ import annotations

import pytest

from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def test_from_the_header_to_the_leaderboard_to_a_players_chart(page, server, api):
    api.rated_player("board-browser")

    page.goto(server + "/")
    page.click("header.site >> text=Leaderboards")
    page.wait_for_selector("#leaderboard table.leaderboard")
    names = page.locator("#leaderboard tbody tr td:first-child").all_inner_texts()
    assert any(name.startswith("ana") for name in names) and any(name.startswith("greedy-bot, version 1") for name in names)
    assert serious_violations(page) == []

    page.click("#leaderboard tbody >> text=ana")
    page.wait_for_selector("#player svg.rating-chart")
    assert page.locator("#player h1").inner_text() == "ana"
    assert page.locator("#player svg.rating-chart circle").count() == 1
    assert serious_violations(page) == []
