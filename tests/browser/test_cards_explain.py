"""Cards that explain themselves: a Court card shows its power in a line and the rulebook's text
in full on hover (its tooltip), on the keyboard's focus and on a long press of a finger, which
only explains and never chooses the card; the free starting cards show no price; Xanadu explains
its star and its editions where they appear."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from domain.court.cards import POWERS
from tests.browser.test_court import PHONE, new_game, open_seat, scroll_width

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

ROW_CARDS = "#table .society .slot [data-card]"


def test_a_court_card_shows_its_power_in_a_line_and_the_rulebooks_text_on_hover(page, server, api):
    created = new_game(api, "explain-court")
    open_seat(page, server, created)
    row = api.get(created["id"], token=created["tokens"][0]["token"])["table"]["row"]
    for slot in row:
        card = page.locator(f"#table .society [data-card='{slot['card']['id']}']")
        power = POWERS[slot["card"]["role"]]
        expect(card.locator(".power")).to_have_text(power.line)
        expect(card.locator(".power")).to_be_visible()
        card.hover()
        assert power.text in card.get_attribute("title"), "the whole power is the card's tooltip"


def test_the_free_starting_cards_show_no_price_and_the_row_is_priced_once_play_begins(page, server, api):
    created = new_game(api, "explain-court-prices")
    open_seat(page, server, created)
    assert page.locator("#table .society .price").all_inner_texts() == ["", "", "", ""]
    assert "cost +" not in page.locator("#table .society .row").inner_text(), "no Cost Modifier to pay at set-up"
    spoken = page.locator("#table .society .row .visually-hidden").all_text_contents()
    assert len(spoken) == 4 and not any(re.search(r"\d+ CP\b", words) for words in spoken), spoken
    for space in range(3):  # the three starting cards, each by its card and then its space
        page.locator("#table .society .playable").first.click()
        page.locator(f"#table [data-key='space:{space}'].playable").click()
        expect(page.locator(f"#table [data-key='space:{space}'][data-card]")).to_have_count(1)
    expect(page.locator("#table .counters [data-path='phase']")).to_have_text("Phase 1A: buy a card")
    prices = page.locator("#table .society .price").all_inner_texts()
    assert any(price.endswith(" CP") for price in prices), prices


def test_a_court_card_reached_with_the_keyboard_shows_its_full_text(page, server, api):
    created = new_game(api, "explain-court-keys")
    open_seat(page, server, created)
    help_box = page.locator("#card-help")
    for _ in range(60):  # Tab on until a card of Society Row has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#table .society [data-card]')"):
            break
    focused = page.evaluate("document.activeElement.dataset.card")
    role = api.get(created["id"], token=created["tokens"][0]["token"])["table"]["powers"]
    card_role = next(slot["card"]["role"] for slot in api.get(created["id"])["table"]["row"] if slot["card"]["id"] == focused)
    expect(help_box).to_be_visible()
    expect(help_box).to_contain_text(role[card_role]["text"])
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == "card-help"
    page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    yield opened
    context.close()


def test_on_a_phone_a_long_press_shows_a_court_cards_full_text_and_does_not_choose_it(phone, server, api):
    created = new_game(api, "explain-court-phone")
    open_seat(phone, server, created)
    card = phone.locator(ROW_CARDS).first
    role = card.get_attribute("class").split()[2]
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = phone.context.new_cdp_session(phone)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    help_box = phone.locator("#card-help")
    expect(help_box).to_be_visible()  # after half a second held
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(help_box).to_contain_text(POWERS[role].text)
    assert phone.locator("#table .chosen").count() == 0, "a long press explains; it does not choose the card"
    popover = help_box.bounding_box()
    assert popover["x"] >= 0 and popover["x"] + popover["width"] <= PHONE["width"]
    assert scroll_width(phone) <= PHONE["width"]
    phone.locator("#table .royal-court h3").tap()  # a tap elsewhere puts it away
    expect(help_box).to_be_hidden()
    card.tap()  # a plain tap still chooses the card
    expect(phone.locator("#table .chosen")).to_have_count(1)


@pytest.mark.parametrize("edition", [None, 1])
def test_xanadus_legend_explains_the_star_and_the_deck_edition_and_each_star_has_a_tooltip(page, server, api, edition):
    created = api.create([{"name": "ana"}, {"bot": "builder"}], seed="explain-xanadu", game="xanadu",
                         options=None if edition is None else {"edition": edition})
    page.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    page.wait_for_selector("#viewer[data-settled]")
    table = api.get(created["id"], token=created["tokens"][0]["token"])["table"]
    legend = page.get_by_role("list", name="What the marks mean")
    expect(legend).to_be_visible()
    expect(legend).to_contain_text("★ Favor: unlocked by a worker on its row")
    shown_edition = legend.locator("[data-path='edition']")
    expect(shown_edition).to_contain_text(f"deck edition {table['edition']}")
    assert ("bottom row" if table["edition"] == 2 else "top row") in shown_edition.get_attribute("title")
    stars = page.locator("#table .xhand .favor:has(.star)")
    assert stars.count() > 0, "a hand of seven holds a building with a Favor"
    for star in stars.all():
        assert star.get_attribute("title").startswith("Favor: once a worker covers this row")
