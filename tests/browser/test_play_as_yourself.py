"""Playing as yourself, as a newcomer clicks it: registering on the home page signs you in (the
header says who you are, and you can sign out), the new-game form seats you in your own seat,
rated against a bot, and the finished game is on your page with its rating change; a visitor
still starts a casual game by name; the form says what each table is and offers only what that
table can take."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

MOST_DECISIONS = 400
GAME = re.compile(r"^Game")  # the label of the game's select, whose name goes on with the game chosen


def form(page):
    return page.locator("form.new-game")


def play_out_by_clicking(page) -> int:
    """Click any legal action's button until the game is over; the decisions made."""
    made = 0
    while True:
        page.wait_for_function(
            """() => { const root = document.getElementById('viewer');
                       if (document.getElementById('status').dataset.status === 'finished') return true;
                       return document.getElementById('actions').dataset.version === root.dataset.version
                           && document.querySelectorAll('#actions button.action:not([disabled])').length > 0; }""")
        if page.locator("#status").get_attribute("data-status") == "finished":
            return made
        assert made < MOST_DECISIONS, "the game should have ended by now"
        version = page.locator("#viewer").get_attribute("data-version")
        page.locator("#actions button.action:not([disabled])").first.click()
        page.wait_for_function("v => document.getElementById('viewer').dataset.version !== v", arg=version)
        made += 1


def test_a_newcomer_registers_plays_a_rated_chi_game_against_a_bot_and_finds_it_on_their_page(page, server, api):
    page.goto(server + "/")
    header = page.locator("header.site")
    expect(header.get_by_role("link", name="Sign in")).to_be_visible()
    page.locator("#my-games").get_by_label("Your name").fill("ana")
    page.get_by_role("button", name="Become a player").click()
    expect(header).to_contain_text("Signed in as ana")

    expect(form(page).get_by_label("Your name")).to_be_hidden()
    expect(page.locator("#new-game")).to_contain_text("You play in your own seat, as ana")
    form(page).get_by_label(GAME).select_option(label="Tianxia (1 to 4 players)")
    form(page).get_by_label("Bots at the table").fill("1")
    expect(page.locator("#new-game")).to_contain_text("Not rated: Tianxia's ratings count games between players only.")
    expect(form(page).get_by_label("Rated")).to_be_hidden()

    form(page).get_by_label(GAME).select_option(label="Chi (2 players)")
    form(page).get_by_label("Against").select_option(label="the greedy bot")
    expect(form(page).get_by_label("Rated")).to_be_checked()
    expect(page.locator("#new-game")).to_contain_text("Rated: the result moves your rating at this game.")
    form(page).get_by_label("Seed").fill("as-yourself-browser")
    form(page).get_by_role("button", name="Start").click()

    page.wait_for_selector("#viewer[data-ready='true']")
    assert "#token" not in page.url, "the key stays out of the address bar"
    expect(page.locator("#seat")).to_contain_text("You hold ana's seat, as yourself")
    expect(page.locator("#seat-link")).to_have_count(0)  # no secret link: the key opens every seat of ana's
    assert play_out_by_clicking(page) > 0
    game_id = page.locator("#viewer").get_attribute("data-game-id")
    assert api.http.get(f"{server}/api/games/{game_id}/ratings").json()["rated"] is True

    header.get_by_role("link", name="ana").click()
    expect(page.get_by_role("heading", name="ana", exact=True)).to_be_visible()
    row = page.locator(f"#player-games tr[data-game='{game_id}']")
    expect(row).to_contain_text("greedy-bot (bot)")
    expect(row.locator(".result")).to_have_text(re.compile(r"^(won|lost to greedy-bot|a draw), -?\d+ to -?\d+$"))
    expect(row.locator(".rating-change")).to_have_text(re.compile(r"^(up|down) \d+\.\d, to -?\d+\.\d$"))
    expect(page.locator("#player")).to_contain_text("A rating is a cautious estimate of skill")

    row.get_by_role("link", name="Chi").click()
    expect(page.locator("#seat")).to_contain_text("You hold ana's seat, as yourself")
    page.go_back()
    header.get_by_role("button", name="Sign out").click()
    expect(header.get_by_role("link", name="Sign in")).to_be_visible()
    page.goto(server + "/")
    expect(form(page).get_by_label("Your name")).to_be_visible()


def test_a_visitor_who_is_not_signed_in_starts_a_casual_game_by_name(page, server, api):
    page.goto(server + "/")
    expect(page.locator("#new-game")).to_contain_text(
        "Not rated: sign in under Your games to play rated games as yourself.")
    expect(form(page).get_by_label("Rated")).to_be_hidden()
    form(page).get_by_label("Your name").fill("cy")
    form(page).get_by_role("button", name="Start").click()
    page.wait_for_selector("#viewer[data-ready='true']")
    expect(page.locator("#seat")).to_contain_text("You hold cy's seat")
    game = api.get(page.locator("#viewer").get_attribute("data-game-id"))
    assert [seat["player"] for seat in game["seats"]] == [None, None]


def test_the_form_says_what_each_table_is_and_offers_only_what_it_can_take(page, server):
    page.goto(server + "/")
    new_game = page.locator("#new-game")
    form(page).get_by_label(GAME).select_option(label="Tianxia (1 to 4 players)")
    form(page).get_by_label("Your name").fill("ana")
    form(page).get_by_label("Bots at the table").fill("0")
    expect(new_game).to_contain_text("Tianxia, alone against General Li Mu")
    expect(form(page).get_by_label("Against")).to_be_hidden()
    expect(form(page).get_by_label("Difficulty")).to_be_visible()
    form(page).get_by_label("Difficulty").select_option("hard")

    form(page).get_by_label("Bots at the table").fill("1")
    expect(new_game).to_contain_text("Tianxia, two players, with the Bot the rules play beside them")
    expect(form(page).get_by_label("Difficulty")).to_have_count(0)  # Li Mu's difficulty: only alone against him
    expect(form(page).get_by_label("Against")).to_be_visible()
    form(page).get_by_label("Bots at the table").fill("0")
    expect(form(page).get_by_label("Difficulty")).to_have_value("hard")

    form(page).get_by_label(GAME).select_option(label="The Court of Xiang Chi (1 player)")
    expect(new_game).to_contain_text("a solitaire")
    expect(form(page).get_by_label("Against")).to_be_hidden()
    form(page).get_by_label("Your name").fill("")
    expect(form(page).get_by_label("Played by")).to_be_visible()
    expect(form(page).get_by_label("Bots at the table")).to_have_value("1")


def test_a_signed_in_player_watches_a_game_they_have_no_seat_in_as_a_spectator(page, server, api):
    others = api.http.post(f"{server}/api/games", json={"game": "chi", "seed": "not-theirs", "seats": [
        {"name": "bo"}, {"name": "cy"}]}).json()
    page.goto(server + "/")
    page.locator("#my-games").get_by_label("Your name").fill("di")
    page.get_by_role("button", name="Become a player").click()
    expect(page.locator("header.site")).to_contain_text("Signed in as di")
    page.goto(f"{server}/games/{others['id']}")
    page.wait_for_selector("#viewer[data-ready='true']")
    expect(page.locator("#seat")).to_contain_text("Watching as a spectator.")
    expect(page.locator("#seat")).not_to_contain_text("That token")
    expect(page.locator("header.site")).to_contain_text("Signed in as di")
