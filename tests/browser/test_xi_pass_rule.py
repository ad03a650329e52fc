"""Xi Cards' windows without needless clicks: at a new table a player holding nothing that can
answer (cards, but none paid in pT) has every window of a bot's turn passed for them, by the
standing rule the table starts with, and never clicks Pass; the switch on the table turns it off,
and then the next bot turn waits on their Pass. The player's own plate says "your turn"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.xi_page import EVERY_CARD, open_seat, settled

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# The bot's turn: ana holds two cards paid in T and has 2pT, so a window opens on her at each of
# the bot's declarations (its end of turn at least), and nothing in her hand can answer it.
BOTS_TURN = {
    "turn": 4, "active": 1, "first": 0,
    "players": [{"pt": 2, "hand": ["earth-soldier", "flame-lick"], "deck": ["rainfall", "earth-moth", "snow-beast"],
                 "deck_list": EVERY_CARD},
                {"t": 10, "hand": ["earth-moth", "flame-lick"], "deck": ["snow-beast", "rainfall"], "deck_list": EVERY_CARD}],
    "units": [{"card": "earth-soldier", "controller": 1}],
}


def create(api, seed: str) -> tuple[str, str]:
    created = api.create([{"name": "ana"}, {"bot": "general"}], seed=seed, scenario=BOTS_TURN, game="xi")
    return created["id"], created["tokens"][0]["token"]


def windows_passed_by(api, game_id: str, token: str, seat: int) -> int:
    events = api.get(game_id, "/events", token=token)["events"]
    return sum(event["type"] == "window_passed" and event["data"]["seat"] == seat for event in events)


def test_a_bot_turn_whose_windows_ana_cannot_answer_passes_without_a_click_and_her_plate_says_your_turn(page, server, api):
    game_id, token = create(api, "xi-pass-rule-on")
    open_seat(page, server, game_id, token)
    switch = page.get_by_label("Pass my windows when I hold nothing that can answer")
    expect(switch).to_be_checked()  # on by default at a new table
    game = api.get(game_id, token=token)
    assert game["to_act"]["seat"] == 0 and game["table"]["active"] == 0, "the bot's turn went by: ana's turn"
    assert windows_passed_by(api, game_id, token, 0) >= 1, "at least the bot's end of turn opened her window"
    expect(page.locator("#table .xi-status")).to_contain_text("your turn")
    own_plate = page.locator("#table .xi-player", has=page.locator(".badge.you")).locator(".xi-plate")
    expect(own_plate.locator(".badge.turn")).to_have_text("your turn")
    assert page.get_by_role("region", name="Your window").count() == 0


def test_with_the_switch_off_the_bots_next_turn_waits_on_anas_pass(page, server, api):
    game_id, token = create(api, "xi-pass-rule-off")
    open_seat(page, server, game_id, token)
    switch = page.get_by_label("Pass my windows when I hold nothing that can answer")
    version = api.get(game_id)["version"]
    switch.uncheck()
    settled(page, version + 1)
    assert api.get(game_id, token=token)["table"]["standing"]["pass_when_unable"] is False
    expect(page.get_by_label("Pass my windows when I hold nothing that can answer")).not_to_be_checked()
    before = windows_passed_by(api, game_id, token, 0)
    page.get_by_role("button", name="End the turn").click()  # the bot's turn follows, and its first window waits
    window = page.get_by_role("region", name="Your window")
    expect(window).to_be_visible()
    game = api.get(game_id, token=token)
    assert game["to_act"]["seat"] == 0 and game["table"]["active"] == 1
    assert windows_passed_by(api, game_id, token, 0) == before
    opponent_plate = page.locator("#table .xi-player", has_not=page.locator(".badge.you")).locator(".xi-plate")
    expect(opponent_plate.locator(".badge.turn")).to_have_text("their turn")
