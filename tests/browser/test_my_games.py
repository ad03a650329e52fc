"""Your games on the home page: becoming a player there, the games awaiting your decision first,
and the list following your games by itself from your notices, without reloading."""

from __future__ import annotations

import pytest

from domain import registry
from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def act_first(api, game_id: str, key: str) -> None:
    game = api.get(game_id, token=key)
    action = api.get(game_id, "/actions", token=key)["actions"][0]
    api.act(game_id, key, action, game["version"])


def status_of(page, game_id: str) -> str:
    return page.locator(f"#my-games-list tr[data-game='{game_id}'] td.status").inner_text()


def test_a_player_registers_on_the_home_page_and_the_list_follows_their_games(page, server, api):
    page.goto(server + "/")
    page.fill("#my-games-name", "ana")
    page.click("#my-games-register button")
    page.wait_for_selector("#my-games-in:not([hidden])")
    key, ana = page.locator("#my-games-key").inner_text(), page.locator("#my-games-id").inner_text()
    assert api.http.get(f"{server}/api/players/me", headers=bearer(key)).json()["name"] == "ana"
    assert page.locator("#my-games-list .empty").is_visible()
    page.evaluate("window.stillTheSamePage = true")

    bo = api.http.post(f"{server}/api/players", json={"name": "bo"}).json()
    created = api.http.post(f"{server}/api/games", headers=bearer(key), json={
        "game": "chi", "seed": "my-games", "seats": [{"player": ana}, {"open": True, "player": bo["id"]}]}).json()
    api.http.post(f"{server}/api/games/{created['id']}/seats/1/join", headers=bearer(bo["key"])).raise_for_status()
    if api.get(created["id"])["to_act"]["name"] == "ana":
        act_first(api, created["id"], key)  # now bo's: the page is told either way
    page.wait_for_selector(f"#my-games-list tr[data-game='{created['id']}']")
    page.wait_for_function("id => document.querySelector(`#my-games-list tr[data-game='${id}'] td.status`)"
                           ".textContent === 'bo to decide'", arg=created["id"])

    act_first(api, created["id"], bo["key"])  # bo moves: ana's decision, told by her notices
    page.wait_for_function("id => document.querySelector(`#my-games-list tr[data-game='${id}'] td.status`)"
                           ".textContent === 'your decision'", arg=created["id"])
    assert page.title().startswith("(1) ")
    assert "1 awaiting your decision" in page.locator("#my-games-count").inner_text()
    link = page.locator(f"#my-games-list tr[data-game='{created['id']}'] a").get_attribute("href")
    assert link == f"/games/{created['id']}#token={key}"

    act_first(api, created["id"], key)  # ana moves from another client: the list says so
    page.wait_for_function("id => document.querySelector(`#my-games-list tr[data-game='${id}'] td.status`)"
                           ".textContent === 'bo to decide'", arg=created["id"])
    assert not page.title().startswith("(")
    assert page.evaluate("window.stillTheSamePage") is True
    assert serious_violations(page) == []


def test_the_key_is_kept_in_the_browser_and_forgotten_on_request(page, server, api):
    player = api.http.post(f"{server}/api/players", json={"name": "cy"}).json()
    page.goto(server + "/")
    page.fill("#my-games-key-input", "not-a-key")
    page.click("#my-games-sign-in button")
    page.wait_for_selector("#my-games-error:not([hidden])")
    assert page.locator("#my-games-error").inner_text() == "That key belongs to no player."
    page.fill("#my-games-key-input", player["key"])
    page.click("#my-games-sign-in button")
    page.wait_for_selector("#my-games-in:not([hidden])")
    assert page.locator("#my-games-who").inner_text() == "cy"
    assert page.locator("#my-games-who a").get_attribute("href") == f"/players/{player['id']}", "their ratings page"
    assert page.locator("#my-games-key-shown").is_hidden(), "a key given by the player is not shown back"
    page.reload()
    page.wait_for_selector("#my-games-in:not([hidden])")
    page.click("#my-games-forget")
    assert page.evaluate("localStorage.getItem('chronicle:player-key')") is None
    page.reload()
    page.wait_for_selector("#my-games-out:not([hidden])")


def test_a_sandbox_game_is_marked_so_in_your_games(page, server, api):
    ana, bo = (api.http.post(f"{server}/api/players", json={"name": name}).json() for name in ("ana", "bo"))
    games = {}
    for kind, extra in (("real", {}), ("sandbox", {"scenario": registry.get("chi").scenario_example})):
        created = api.http.post(f"{server}/api/games", headers=bearer(ana["key"]), json={
            "game": "chi", "seed": f"my-{kind}", "seats": [{"player": ana["id"]}, {"open": True, "player": bo["id"]}],
            **extra}).json()
        api.http.post(f"{server}/api/games/{created['id']}/seats/1/join", headers=bearer(bo["key"])).raise_for_status()
        games[kind] = created["id"]
    page.goto(server + "/")
    page.evaluate("key => localStorage.setItem('chronicle:player-key', key)", ana["key"])
    page.reload()
    for game_id in games.values():
        page.wait_for_selector(f"#my-games-list tr[data-game='{game_id}']")
    assert page.locator(f"#my-games-list tr[data-game='{games['sandbox']}'] .badge.sandbox").inner_text() == "sandbox"
    assert page.locator(f"#my-games-list tr[data-game='{games['real']}'] .badge").count() == 0
