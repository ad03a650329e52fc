"""Chi's row slots are counted alike everywhere: the button that draws a card and the line the
move list gives the draw name the same card in the same slot, counted from 1 at the left."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_page import open_seat

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.mark.parametrize("pick", [0, -1])
def test_a_draw_buttons_card_and_slot_are_the_move_lists(page, server, api, pick):
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed=f"chi-slots-{pick}")
    open_seat(page, server, created)
    buttons = page.locator("#actions button.action", has_text=re.compile(r"^Draw "))
    button = buttons.nth(pick if pick >= 0 else buttons.count() - 1)
    words = re.fullmatch(r"Draw (.+) \(slot (\d)\)", button.inner_text())
    assert words, button.inner_text()
    card, slot = words.groups()
    row_card = page.locator(f"#table .row .slot[data-slot='{int(slot) - 1}'] [data-card]")
    assert row_card.get_attribute("title") == card, "the slot the button names holds the card it names"
    button.click()
    expect(page.locator("#moves")).to_contain_text(f"ana draws {card} (slot {slot}) from the row")
