"""The pages on any screen and in either colour scheme: a phone 390 px wide plays Chi by tapping
without scrolling sideways, and axe-core finds nothing serious on the game list or on a table,
playing or replaying, in the light scheme or the dark one the system asks for."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page

from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


@contextmanager
def phone_page(browser) -> Iterator[Page]:
    """A page on a phone 390 px wide that the test taps, its waits bounded at 10 s; closed after."""
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.set_default_timeout(10_000)
        yield phone
    finally:
        context.close()


def sideways(page) -> int:
    """How far the page reaches past the screen's width, in CSS pixels (0: it fits)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_a_phone_plays_chi_by_tapping_and_nothing_scrolls_sideways(phone, server, api):
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="phone-chi")
    phone.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    phone.wait_for_selector("#actions button.action")
    assert sideways(phone) == 0
    for _ in range(3):  # ana draws from the row by tapping a highlighted card, the bot answers
        version = int(phone.locator("#viewer").get_attribute("data-version"))
        playable = "#table .row [data-key^='row:'].playable"
        left, right = phone.evaluate(  # read at once: the table may be drawn again meanwhile
            "s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.right]; }", playable)
        assert left >= 0 and right <= 390, "the card is on the screen"
        phone.locator(playable).first.tap()
        phone.wait_for_function(
            "v => Number(document.getElementById('viewer').dataset.version) > v"
            " && document.querySelectorAll('#actions button.action').length > 0"
            " && document.getElementById('actions').dataset.version === document.getElementById('viewer').dataset.version",
            arg=version)
        assert sideways(phone) == 0
    assert api.get(created["id"])["version"] > version


def test_the_game_list_fits_a_phone(phone, server, api):
    api.create([{"bot": "greedy"}, {"bot": "random"}], seed="phone-list")
    phone.goto(server + "/")
    phone.wait_for_selector("table.games")
    assert sideways(phone) == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_list_and_the_tables(page, server, api, scheme):
    page.emulate_media(color_scheme=scheme)
    finished = api.create([{"bot": "greedy"}, {"bot": "random"}], seed=f"axe-finished-{scheme}")
    found = {}
    for game, seats in (("chi", [{"name": "ana"}, {"bot": "random"}]), ("court", [{"name": "ana"}]),
                        ("xanadu", [{"name": "ana"}, {"bot": "builder"}]), ("xi", [{"name": "ana"}, {"bot": "random"}])):
        created = api.http.post(f"{server}/api/games", json={"game": game, "seats": seats, "seed": f"axe-{scheme}"}).json()
        page.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
        page.wait_for_selector("#viewer[data-ready='true']")
        page.wait_for_selector("#moves button.move[aria-current='step']")
        found[f"{game}, playing"] = serious_violations(page)
    page.goto(f"{server}/games/{finished['id']}?step=20")
    page.wait_for_selector("#viewer[data-ready='true']")
    page.click("#decision details.legal summary")
    found["chi, replaying"] = serious_violations(page)
    page.goto(server + "/")
    found["the game list"] = serious_violations(page)
    assert found == {where: [] for where in found}


def test_the_page_follows_the_systems_dark_scheme(page, server, api):
    created = api.create([{"bot": "greedy"}, {"bot": "random"}], seed="dark-scheme")
    background = "getComputedStyle(document.body).backgroundColor"
    for scheme, dark in (("light", False), ("dark", True)):
        page.emulate_media(color_scheme=scheme)
        page.goto(f"{server}/games/{created['id']}")
        page.wait_for_selector("#viewer[data-ready='true']")
        red, green, blue = (int(part) for part in page.evaluate(
            f"{background} === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.documentElement).backgroundColor : {background}"
        ).removeprefix("rgb(").rstrip(")").split(", ")[:3])
        assert (red + green + blue < 3 * 128) == dark, f"{scheme}: the page is rgb({red}, {green}, {blue})"
