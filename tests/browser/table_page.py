"""Reading the Chi table off the viewer page, in the terms the API uses."""

from __future__ import annotations

import re

from playwright.sync_api import Page


def step_on_show(page: Page) -> int:
    return int(page.locator("#step-number").inner_text())


def wait_for_step(page: Page, step: int) -> None:
    """Wait until the page shows `step`, table drawn."""
    page.wait_for_function("n => document.getElementById('viewer').dataset.step === String(n)", arg=step)


def number(text: str) -> int:
    return int(re.search(r"\d+", text).group())


def chi_table(page: Page) -> dict:
    """What the page shows of the table, seat by seat."""
    seats = {}
    for seat in (0, 1):
        player = page.locator(f".player[data-seat='{seat}']")
        seats[seat] = {
            "stacks": number(player.locator(f"[data-path='stacks[{seat}]']").inner_text()),
            "points": number(player.locator(f"[data-path='scores[{seat}]']").inner_text()),
            "hand_size": number(player.locator(f"[data-path='hand_sizes[{seat}]']").inner_text()),
            "area": player.locator(".area [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)"),
        }
    return {
        "deck_count": number(page.locator("[data-path='deck_count']").inner_text()),
        "row": page.locator(".row .slot").evaluate_all(
            "slots => slots.map(s => s.querySelector('[data-card]')?.dataset.card ?? null)"
        ),
        "discard": number(page.locator(".pile.discard .label").inner_text()),
        "seats": seats,
        "description": page.locator("#description").inner_text(),
        "rule": page.locator("#rule-id").inner_text(),
    }


def chi_table_from_api(step: dict) -> dict:
    """The same facts from a replay step of the API."""
    table = step["table"]["table"]
    over = table["phase"] == "over"
    return {
        "deck_count": table["deck_count"],
        "row": [card["id"] if card else None for card in table["row"]],
        "discard": len(table["discard"]),
        "seats": {
            seat: {
                "stacks": table["stacks"][seat],
                "points": table["scores"][seat] if over else table["points_in_play"][seat],
                "hand_size": table["hand_sizes"][seat],
                "area": [card["id"] for stack in table["areas"][seat] for card in stack],
            }
            for seat in (0, 1)
        },
        "description": step["description"],
        "rule": step["rule"]["id"],
    }


def open_seat(page: Page, server: str, created: dict) -> None:
    """Open a game with its first seat's token, as the link its creator was given; wait for the actions."""
    page.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    page.wait_for_selector("#actions button.action")
