"""The leaderboards in the browser: from the header to a game's board, from a player's name to
their page with its rating chart; both pages pass the accessibility checks."""

from __future__ import annotations

import time

import pytest

from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def rated(api, game_id: str) -> None:
    """Wait until the server's read models have rated the game (they catch up off the request path)."""
    deadline = time.monotonic() + 60  # bounds a failure only
    while not api.http.get(f"{api.base}/api/games/{game_id}/ratings").json()["seats"]:
        assert time.monotonic() < deadline, "the game was never rated"
        time.sleep(0.1)


def test_from_the_header_to_the_leaderboard_to_a_players_chart(page, server, api):
    ana = api.http.post(f"{server}/api/players", json={"name": "ana"}).json()
    created = api.http.post(f"{server}/api/games", json={"game": "chi", "seed": "board-browser", "seats": [
        {"player": ana["id"]}, {"bot": "greedy"}]}, headers={"Authorization": f"Bearer {ana['key']}"}).json()
    game = api.get(created["id"])
    if game["status"] == "running":
        api.act(created["id"], ana["key"], {"type": "resign"}, game["version"])
    rated(api, created["id"])

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
