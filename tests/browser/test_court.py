"""The Court of Xiang Chi in the viewer: its table step by step against the API, and a person
laying out the starting cards and buying, by clicking."""

from __future__ import annotations

import pytest

from tests.browser.table_page import number, wait_for_step

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def court_table(page) -> dict:
    """What the page shows of a Court table, in the API's terms."""
    stat = lambda path: number(page.locator(f".counters [data-path='{path}']").inner_text())  # noqa: E731
    return {
        "cp": stat("cp"),
        "vp": stat("vp"),
        "turn": stat("turn"),
        "row": page.locator(".society .slot").evaluate_all(
            "slots => slots.map(s => s.querySelector('[data-card]')?.dataset.card ?? null)"),
        "prices": page.locator(".society .price").all_inner_texts(),
        "tops": page.locator(".royal-court .space").evaluate_all(
            "spaces => spaces.map(s => s.querySelector(':scope > [data-card]')?.dataset.card ?? null)"),
        "deck_count": number(page.locator("[data-path='deck_count']").inner_text()),
    }


def court_table_from_api(table: dict) -> dict:
    def price(slot):
        if slot["card"] and slot["card"]["role"] == "daemon":
            return "not for sale"
        return "" if slot["price"] is None else f"{slot['price']} CP"

    return {
        "cp": table["cp"], "vp": table["vp"], "turn": table["turn"],
        "row": [slot["card"]["id"] if slot["card"] else None for slot in table["row"]],
        "prices": [price(slot) for slot in table["row"]],
        "tops": [top["id"] if top else None for top in table["tops"]],
        "deck_count": table["deck_count"],
    }


def test_a_game_the_autoplayer_played_shows_its_table_at_every_chosen_step(page, server, api):
    created = api.http.post(f"{server}/api/games", json={"game": "court", "seats": [{"bot": "autoplayer"}],
                                                         "seed": "browser-court"}).json()
    last = api.get(created["id"])["version"]
    for step in (8, 20, last // 2, last):
        page.goto(f"{server}/games/{created['id']}?step={step}")
        page.wait_for_selector("#viewer[data-ready='true']")
        table = api.get(created["id"], f"/replay/{step}")["table"]["table"]
        assert court_table(page) == court_table_from_api(table), f"step {step}"
    assert "Finished. Score" in page.locator("#status").inner_text()
    page.keyboard.press("Home")
    wait_for_step(page, 1)


def test_a_person_lays_out_the_starting_cards_and_buys_a_card_by_clicking(page, server, api):
    created = api.http.post(f"{server}/api/games", json={"game": "court", "seats": [{"name": "ana"}],
                                                         "seed": "browser-court-play"}).json()
    token = created["tokens"][0]["token"]
    page.goto(f"{server}/games/{created['id']}#token={token}")
    page.wait_for_selector("#actions button.action")
    row = api.get(created["id"], token=token)["table"]["row"]
    for slot, space in ((0, 0), (1, 4), (2, 7)):
        version = api.get(created["id"])["version"]
        page.locator(f"#table [data-key='row:{slot}'].playable").click()
        page.locator(f"#table [data-key='space:{space}'].playable").click()
        page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)
    table = api.get(created["id"], token=token)["table"]
    assert [table["tops"][space]["id"] for space in (0, 4, 7)] == [row[slot]["card"]["id"] for slot in (0, 1, 2)]
    assert table["phase"] == "buy" and table["turn"] == 1 and table["cp"] == 10
    affordable = next(slot for slot in table["row"] if slot["price"] is not None and slot["price"] <= 10)
    version = api.get(created["id"])["version"]
    page.locator(f"#table [data-key='row:{affordable['slot']}'].playable").click()
    page.locator("#table [data-key='space:1'].playable").click()
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)
    after = api.get(created["id"], token=token)["table"]
    assert after["tops"][1]["id"] == affordable["card"]["id"]
    assert court_table(page) == court_table_from_api(after)
