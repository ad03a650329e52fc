"""Challenges on the home page: two players, each in a browser of their own, register there; one
challenges the other by name, the other accepts from "Your games", and both play a few turns."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_playing import PREFERENCE, legal_on_page, take

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

TURNS = 6


@pytest.fixture
def two_browsers(browser):
    """Two people, each with a browser context of their own (their own storage): bo on a phone."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}),
                browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)]
    pages, errors = [], []
    for context in contexts:
        opened = context.new_page()
        # Generous: the other player's page hears by itself, and the machine may be busy.
        opened.set_default_timeout(30_000)
        opened.on("pageerror", lambda error: errors.append(str(error)))
        pages.append(opened)
    yield pages
    for context in contexts:
        context.close()
    assert not errors, f"a page raised: {errors}"


def register(page, server, name):
    page.goto(server + "/")
    page.fill("#my-games-name", name)
    page.get_by_role("button", name="Become a player").click()
    page.wait_for_selector("#challenges:not([hidden])")


def version_of(page) -> int:
    return int(page.locator("#viewer").get_attribute("data-version"))


def wait_until_settled_past(page, version: int) -> int:
    """Wait until the page shows a version after `version`, its last step drawn and settled; that version."""
    page.wait_for_function("""v => { const root = document.getElementById('viewer');
        return Number(root.dataset.version) > v && root.dataset.settled === root.dataset.version; }""", arg=version)
    return version_of(page)


def test_a_player_challenges_another_by_name_who_accepts_from_your_games_and_both_play(two_browsers, server):
    ana, bo = two_browsers
    register(ana, server, "ana")
    register(bo, server, "bo")

    ana.fill("#challenge-name", "Bo")
    ana.select_option("#challenge-game", label="Chi")
    ana.get_by_role("button", name="Challenge", exact=True).click()
    mine = ana.locator("#challenges-outgoing li.challenge")
    mine.filter(has_text="You challenged bo").wait_for()
    assert "Chi · 1 day per move · rated" in mine.inner_text()

    # bo's page hears of it by itself (his notice stream), without reloading.
    incoming = bo.locator("#challenges-incoming li.challenge", has_text="ana challenges you")
    incoming.wait_for()
    assert "Chi" in incoming.inner_text() and "1 day per move" in incoming.inner_text()
    panel = bo.locator("#challenges")
    assert panel.evaluate("p => p.scrollWidth <= p.clientWidth"), "the challenges fit a phone"
    incoming.get_by_role("button", name="Accept").click()
    bo.wait_for_selector("#viewer[data-ready='true']")
    assert "You hold bo's seat" in bo.locator("#seat").inner_text()
    game_id = bo.locator("#viewer").get_attribute("data-game-id")

    answered = ana.locator("#challenges-recent li.challenge", has_text="bo accepted your challenge to Chi")
    answered.wait_for()
    answered.get_by_role("link", name="open the game").click()
    ana.wait_for_selector("#viewer[data-ready='true']")
    assert ana.locator("#viewer").get_attribute("data-game-id") == game_id
    assert "You hold ana's seat" in ana.locator("#seat").inner_text()

    made = {"ana": 0, "bo": 0}
    shown = wait_until_settled_past(ana, 0)
    assert wait_until_settled_past(bo, shown - 1) == shown
    for _ in range(TURNS):
        # Both tables show the same moment: one says "Your decision.", the other names who decides.
        if ana.locator("#status").inner_text() == "Your decision.":
            deciding, other, name = ana, bo, "ana"
        else:
            deciding, other, name = bo, ana, "bo"
        assert other.locator("#status").inner_text() == f"{name} to decide."
        legal = legal_on_page(deciding)
        take(deciding, min(legal, key=lambda action: PREFERENCE.index(action["type"])))
        made[name] += 1
        # The mover's page shows the game after the move; the other's follows it by itself.
        shown = wait_until_settled_past(deciding, shown)
        assert wait_until_settled_past(other, shown - 1) == shown
    assert made["ana"] and made["bo"], f"both played: {made}"


def test_a_challenge_from_a_players_page_is_declined_with_a_reason_and_an_offer_to_anyone_is_joined(two_browsers,
                                                                                                      server):
    ana, cy = two_browsers
    register(ana, server, "ana")
    ana_id = ana.locator("#my-games-id").inner_text()
    register(cy, server, "cy")

    cy.goto(f"{server}/players/{ana_id}")
    cy.get_by_role("link", name="Challenge ana to a game").click()
    cy.wait_for_selector("#challenges:not([hidden])")
    expect(cy.locator("#challenge-name")).to_have_value("ana")  # filled once the page has read her name
    cy.get_by_role("region", name="Challenges").get_by_label("Rated").uncheck()
    cy.get_by_role("button", name="Challenge", exact=True).click()
    cy.locator("#challenges-outgoing li", has_text="You challenged ana").filter(has_text="casual").wait_for()

    incoming = ana.locator("#challenges-incoming li.challenge", has_text="cy challenges you")
    incoming.wait_for()
    assert "casual" in incoming.inner_text()
    incoming.get_by_label("Why you decline cy's challenge").fill("busy this week")
    incoming.get_by_role("button", name="Decline").click()
    ana.locator("#challenges-incoming li.challenge").wait_for(state="detached")

    cy.locator("#challenges-recent li", has_text="ana declined your challenge to Chi: “busy this week”").wait_for()
    assert cy.locator("#challenges-outgoing li").count() == 0

    cy.get_by_role("button", name="Offer to anyone").click()
    cy.locator("#challenges-outgoing li", has_text="You offered to anyone").wait_for()
    ana.reload()
    offer = ana.locator("#challenges-open li.challenge", has_text="cy offers")
    offer.get_by_role("button", name="Join").click()
    ana.wait_for_selector("#viewer[data-ready='true']")
    assert "You hold ana's seat" in ana.locator("#seat").inner_text()
    cy.locator("#challenges-recent li", has_text="ana accepted your challenge to Chi").wait_for()
    assert cy.locator("#challenges-outgoing li").count() == 0
