"""The new-game form at `/` in the browser: the bots offered follow the chosen game at once, the
number of bots stays within its seats, and the game starts; without JavaScript the form's own
button asks the server for the chosen game's bots."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def offered_bots(page) -> list[str]:
    return page.locator("#bot option").evaluate_all("options => options.map(o => o.value)")


def bots_bounds(page) -> tuple[str, str]:
    field = page.locator("#bots")
    return field.get_attribute("min"), field.get_attribute("max")


def test_choosing_xanadu_offers_its_bots_only_and_starts_a_game_against_them(page, server, api):
    page.goto(server + "/")
    assert offered_bots(page) == ["greedy", "random", "search"]
    assert page.locator("#choose-game").is_hidden(), "with JavaScript the form follows the select itself"
    page.select_option("#game", "xanadu")
    assert offered_bots(page) == ["builder", "random", "search"]
    assert page.locator("#bot").input_value() == "builder"
    assert bots_bounds(page) == ("2", "6")  # nobody named yet: bots only
    page.fill("#name", "ana")
    assert bots_bounds(page) == ("1", "5")
    page.fill("#bots", "2")
    page.fill("#seed", "browser-new-xanadu")
    page.click("#start")
    page.wait_for_selector("#viewer[data-ready='true']")
    game = api.get(page.locator("#viewer").get_attribute("data-game-id"))
    assert game["game"] == "xanadu"
    assert [(seat["name"], seat["bot"]) for seat in game["seats"]] == [
        ("ana", None), ("builder-bot", "builder"), ("builder-bot (2)", "builder")]
    assert "You hold ana's seat" in page.locator("#seat").inner_text()


def test_the_court_takes_a_person_alone_and_the_form_says_so(page, server):
    page.goto(server + "/")
    page.select_option("#game", "court")
    assert offered_bots(page) == ["autoplayer", "random", "search"]
    page.fill("#name", "ana")
    assert bots_bounds(page) == ("0", "0") and page.locator("#bots").input_value() == "0"
    page.fill("#name", "")
    assert bots_bounds(page) == ("1", "1") and page.locator("#bots").input_value() == "1"


def test_without_javascript_the_server_shows_the_chosen_games_bots_and_the_game_starts(browser, server, api):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(server + "/")
        page.select_option("#game", "xanadu")
        assert offered_bots(page) == ["greedy", "random", "search"], "without JavaScript nothing changes until asked"
        page.fill("#name", "ana")
        page.click("#choose-game")
        page.wait_for_url(re.compile(r".*\?game=xanadu.*"))
        assert offered_bots(page) == ["builder", "random", "search"]
        assert page.locator("#name").input_value() == "ana"
        page.fill("#bots", "1")
        page.press("#seed", "Enter")  # Enter starts the game, as the Start button does
        page.wait_for_url(re.compile(r".*/games/[0-9a-f-]{36}#token=.*"))
        game_id = re.search(r"/games/([0-9a-f-]{36})", page.url).group(1)
        game = api.get(game_id)
        assert game["game"] == "xanadu" and [seat["bot"] for seat in game["seats"]] == [None, "builder"]
    finally:
        context.close()


def test_the_strength_is_offered_for_the_search_bot_only_and_the_game_starts_with_it(page, server, api):
    page.goto(server + "/")
    assert page.locator("#strength").is_hidden(), "the greedy bot, chosen by default, has no strength"
    page.select_option("#bot", "search")
    assert page.locator("#strength").is_visible()
    levels = page.locator("#strength option").evaluate_all("options => options.map(o => o.value)")
    assert levels == ["", "1", "2", "3", "4", "5"]
    page.select_option("#strength", "2")
    page.select_option("#bot", "random")
    assert page.locator("#strength").is_hidden()
    page.select_option("#bot", "search")
    assert page.locator("#strength").input_value() == "2", "the level chosen is kept while the bot changes"
    page.fill("#name", "ana")
    page.fill("#seed", "browser-strength")
    page.click("#start")
    page.wait_for_selector("#viewer[data-ready='true']")
    game = api.get(page.locator("#viewer").get_attribute("data-game-id"))
    assert [(seat["bot"], seat.get("strength")) for seat in game["seats"]] == [(None, None), ("search", 2)]
