"""What the first screen holds: on a phone (390 x 844) a Chi player sees the table, their own hand
and every button of their decision without scrolling, before and after a move; on a wide screen
(1280 x 800) a finished game's result sits beside the table, which stays in view while the
replay is stepped."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_screens import sideways

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}

BOXES = """() => {
  const box = (element) => { const r = element.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const own = document.querySelector('#table .player:has(.badge.you) .hand');
  return {own_hand: box(own), buttons: [...document.querySelectorAll('#actions button')].map(box),
          table: box(document.getElementById('table')), scrolled: window.scrollY};
}"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    yield opened
    context.close()


def assert_first_screen(page) -> None:
    seen = page.evaluate(BOXES)
    assert seen["scrolled"] == 0
    assert 0 <= seen["own_hand"]["top"] and seen["own_hand"]["bottom"] <= PHONE["height"], seen["own_hand"]
    assert seen["buttons"], "the decision has its buttons"
    for button in seen["buttons"]:
        assert 0 <= button["top"] and button["bottom"] <= PHONE["height"], button
        assert button["right"] <= PHONE["width"], button
    assert sideways(page) == 0


def test_on_a_phone_chis_hand_and_the_decision_buttons_are_on_the_first_screen(phone, server, api):
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="first-screen-chi")
    phone.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    phone.wait_for_selector("#actions button.action")
    assert_first_screen(phone)
    version = int(phone.locator("#viewer").get_attribute("data-version"))
    phone.locator("#table .row [data-key^='row:'].playable").first.tap()  # ana draws; the bot answers
    phone.wait_for_function(
        "v => Number(document.getElementById('viewer').dataset.version) > v"
        " && document.querySelectorAll('#actions button.action').length > 0"
        " && document.getElementById('actions').dataset.version === document.getElementById('viewer').dataset.version",
        arg=version)
    phone.evaluate("window.scrollTo(0, 0)")
    assert_first_screen(phone)
    expect(phone.locator(".controls")).to_be_visible()  # the replay's controls are still on the page, after the board


@pytest.mark.parametrize("game, seats", [("chi", [{"bot": "greedy"}, {"bot": "random"}]), ("court", [{"bot": "autoplayer"}])])
def test_on_a_wide_screen_a_finished_games_table_stays_in_view_while_its_replay_is_stepped(browser, server, api, game, seats):
    created = api.create(seats, seed=f"first-screen-{game}", game=game)
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    try:
        page.goto(f"{server}/games/{created['id']}")
        page.wait_for_selector("#viewer[data-ready='true']")
        result = page.locator("#result")
        expect(result).to_be_visible()
        last = int(page.locator("#step-count").inner_text())
        for step in range(last - 1, last - 4, -1):  # back through the last moves, with the step button
            page.click("#back")
            expect(page.locator("#step-number")).to_have_text(str(step))
            table, beside = page.locator("#table").bounding_box(), result.bounding_box()
            assert page.evaluate("window.scrollY") == 0
            assert table["y"] < WIDE["height"] / 4, "the table starts near the top of the screen"
            shown = min(table["y"] + table["height"], WIDE["height"]) - table["y"]
            assert shown > WIDE["height"] / 2, "most of the screen's height shows the table"
            assert beside["x"] >= table["x"] + table["width"], "the result sits beside the table"
            assert beside["y"] < WIDE["height"] / 4, "and is in view as well"
    finally:
        context.close()
