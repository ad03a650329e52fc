"""Bot accounts in the browser: a newcomer makes theirs one from "Your games", after a confirmation;
the server's refusal once they have a game; the "bot" badge on the leaderboard and the player's
page after a rated game against a built-in bot."""

from __future__ import annotations

import time

import pytest

from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def register_on_the_page(page, server, name):
    page.goto(server + "/")
    page.fill("#my-games-name", name)
    page.click("#my-games-register button")
    page.wait_for_selector("#my-games-in:not([hidden])")
    return page.locator("#my-games-key").inner_text(), page.locator("#my-games-id").inner_text()


def test_a_newcomer_makes_their_account_a_bot_account_after_confirming(page, server, api):
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    key, _ = register_on_the_page(page, server, "robo")
    page.click("#bot-account summary")
    assert "cannot be undone" in page.locator("#bot-account-offer").inner_text()
    page.get_by_role("button", name="Make this a bot account").click()
    assert page.locator("#bot-account-confirm").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "it fits a phone's width"
    assert api.http.get(f"{server}/api/players/me", headers=bearer(key)).json()["bot"] is False, "not before confirming"
    assert serious_violations(page) == []
    page.get_by_role("button", name="Yes, make it a bot account").click()
    page.wait_for_selector("#bot-account-is:not([hidden])")
    assert not page.locator("#bot-account-offer").is_visible()
    assert api.http.get(f"{server}/api/players/me", headers=bearer(key)).json()["bot"] is True
    page.reload()
    page.wait_for_selector("#my-games-in:not([hidden])")
    page.click("#bot-account summary")
    assert page.locator("#bot-account-is").is_visible(), "the page remembers it"


def test_the_switch_is_refused_with_the_servers_words_once_the_player_has_a_game(page, server, api):
    key, ana = register_on_the_page(page, server, "ana")
    api.http.post(f"{server}/api/games", headers=bearer(key), json={
        "game": "chi", "seed": "bot-refused", "seats": [{"player": ana}, {"bot": "random"}]}).raise_for_status()
    page.click("#bot-account summary")
    page.get_by_role("button", name="Make this a bot account").click()
    page.get_by_role("button", name="Yes, make it a bot account").click()
    page.wait_for_selector("#bot-account-error:not([hidden])")
    assert "ana sits in a game already" in page.locator("#bot-account-error").inner_text()
    assert api.http.get(f"{server}/api/players/me", headers=bearer(key)).json()["bot"] is False


def test_the_leaderboard_and_the_players_page_mark_a_bot_account_after_its_rated_game(page, server, api):
    robo = api.http.post(f"{server}/api/players", json={"name": "robo"}).json()
    api.http.post(f"{server}/api/players/me/bot", headers=bearer(robo["key"])).raise_for_status()
    created = api.create([{"open": True, "player": robo["id"]}, {"bot": "greedy"}], seed="bot-board")
    api.http.post(f"{server}/api/games/{created['id']}/seats/0/join", headers=bearer(robo["key"])).raise_for_status()
    game = api.get(created["id"])
    api.act(created["id"], robo["key"], {"type": "resign"}, game["version"])
    deadline = time.monotonic() + 60  # bounds a failure only
    while not api.http.get(f"{server}/api/games/{created['id']}/ratings").json()["seats"]:
        assert time.monotonic() < deadline, "the game was never rated"
        time.sleep(0.1)

    page.goto(server + "/leaderboards/chi")
    row = page.locator(f"#leaderboard tr[data-rater='player:{robo['id']}']")
    assert row.locator(".badge.bot").inner_text() == "bot"
    assert page.locator("#leaderboard tr[data-rater^='bot:greedy']").count() == 1, "beside the built-in bot"
    row.locator("a").click()
    page.wait_for_selector("#player h1 .badge.bot")
    assert page.locator("#bot-account-words").is_visible()
    page.goto(f"{server}/games/{created['id']}")
    assert page.locator(".game-head h1 .badge.bot").inner_text() == "bot"


def test_a_bot_accounts_browser_starts_games_by_a_name_not_in_its_seat(page, server, api):
    register_on_the_page(page, server, "robo")
    page.click("#bot-account summary")
    page.get_by_role("button", name="Make this a bot account").click()
    page.get_by_role("button", name="Yes, make it a bot account").click()
    page.wait_for_selector("#bot-account-is:not([hidden])")
    assert page.locator("#name-choice").is_visible() and not page.locator("#playing-as").is_visible()
