"""Your tournaments on the home page: when a round is paired, "Your games" shows the player's news
of it in words, by itself (the notices stream tells the page), linked to the tournament and the game."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def test_the_home_page_shows_the_round_s_game_in_words_once_it_is_paired(page, server, api):
    oli, ana = (api.http.post(f"{server}/api/players", json={"name": name}).json() for name in ("oli", "ana"))
    tournament = api.http.post(f"{server}/api/tournaments", headers=bearer(oli["key"]), json={
        "game": "chi", "format": "swiss", "rounds": 1, "clock": DAY, "rated": False,
        "bots": [{"bot": "random", "name": "robo"}]}).json()
    api.http.post(f"{server}/api/tournaments/{tournament['id']}/join", headers=bearer(ana["key"])).raise_for_status()

    page.goto(server + "/")
    page.fill("#my-games-key-input", ana["key"])
    page.click("#my-games-sign-in button")
    page.wait_for_selector("#my-games-in:not([hidden])")
    assert page.locator("#my-games-tournaments").is_hidden(), "no news before the round is paired"
    page.wait_for_function("document.querySelector('#my-games').dataset.refreshed >= '1'")

    started = api.http.post(f"{server}/api/tournaments/{tournament['id']}/start", headers=bearer(oli["key"])).json()
    [table] = started["rounds"][0]["tables"]
    news = page.locator("#my-games-tournaments li")
    news.first.wait_for()
    assert news.count() == 1
    assert news.first.inner_text().startswith("Round 1 of Chi, a Swiss by oli: your game against robo")
    links = news.first.locator("a")
    assert links.nth(0).get_attribute("href") == f"/tournaments/{tournament['id']}"
    assert links.nth(1).get_attribute("href") == f"/games/{table['game_id']}#token={ana['key']}"
