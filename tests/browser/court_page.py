"""Reading the Court table off the viewer page, and playing it as a person does: by clicking
(tapping, or reaching from the keyboard) a card of Society Row, then its space in the court."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page

from tests.browser.table_page import number

# The rarer decisions first, so that one game takes every kind; see `choose`.
PREFERENCE = ("exchange", "tax_for_cp", "tax_for_vp", "fight", "buy", "start", "skip", "decline")
# The words of each decision's button, where it has one (a decision with no card, or two
# decisions on the same cards: a Tax Collector's discard for VP or for CP).
WORDS = {
    "skip": r"^Buy nothing \(Phase 1B\)$",
    "decline": r"^(No fight|Let the power go)$",
    "tax_for_vp": r"^Discard the .+ for \d+ VP$",
    "tax_for_cp": r"^Discard the .+ for \d+ CP \(to the Daemon Princes\)$",
    "exchange": r"^Exchange the Courtesan of space \d for the .+\)$",
    "buy": r"^Buy the .+, to space \d$",
}
MOST_TABS = 80  # more Tab presses than the page has places to stop at


def court_table(page: Page) -> dict:
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


def keys_of(action: dict) -> list[str]:
    """What a player clicks for an action, in order, as the table names it (none: a button)."""
    kind = action["type"]
    if kind in ("start", "buy", "exchange"):
        return [f"row:{action['slot']}", f"space:{action['space']}"]
    if kind in ("tax_for_vp", "tax_for_cp"):
        return [f"space:{action['space']}"]
    if kind == "fight":
        return [f"row:{action['slot']}"]
    return []


def choose(legal: list[dict], decision: int) -> dict:
    """A player who tries everything: every third decision lets the offer go when it can (buy
    nothing, no fight), else the rarest kind of decision open, a different one each time."""
    plain = [action for action in legal if action["type"] in ("skip", "decline")]
    if plain and decision % 3 == 0:
        return plain[0]
    kind = min((action["type"] for action in legal), key=PREFERENCE.index)
    kind = "tax" if kind.startswith("tax") else kind
    of_kind = [action for action in legal if action["type"].startswith(kind)]
    return of_kind[decision * 7 % len(of_kind)]


def wait_for_decision_or_end(page: Page, after_version: int) -> bool:
    """Wait until the page has moved past `after_version`, drawn the last step and the seat's
    actions: True while the game runs, False once it is over."""
    page.wait_for_function(
        """v => { const root = document.getElementById('viewer');
                  if (Number(root.dataset.version) <= v || root.dataset.settled !== root.dataset.version) return false;
                  return document.getElementById('status').dataset.status === 'finished'
                      || document.getElementById('actions').dataset.version === root.dataset.version; }""",
        arg=after_version,
    )
    return page.locator("#status").get_attribute("data-status") != "finished"


def offered(page: Page) -> dict:
    """What the page offers: the keys of the highlighted cards, the words of the buttons."""
    return {
        "cards": set(page.locator("#table .playable").evaluate_all("cards => cards.map(c => c.dataset.key)")),
        "buttons": page.locator("#actions button.action").all_inner_texts(),
    }


class Player:
    """A person at the page, who points with a mouse ("click"), a finger ("tap") or reaches each
    card and button with Tab and takes it with Enter ("keyboard")."""

    def __init__(self, page: Page, by: str):
        self.page = page
        self.by = by

    def press(self, target: Locator) -> None:
        if self.by == "click":
            target.click()
        elif self.by == "tap":
            target.tap()
        else:
            self.tab_to(target)
            self.page.keyboard.press("Enter")

    def tab_to(self, target: Locator) -> None:
        """Press Tab until `target` has the focus; in the table, Tab stops only at what can be played."""
        target.wait_for()
        for _ in range(MOST_TABS):
            if target.evaluate("element => element === document.activeElement"):
                return
            self.page.keyboard.press("Tab")
            # A redraw under the focus parks it on the table itself (tabindex -1, which Tab never
            # reaches): only an element Tab can reach is a stop to judge.
            stray = self.page.evaluate("""() => { const e = document.activeElement;
                return e.closest('#table') && !e.matches('.playable, summary, [tabindex="-1"]')
                    ? e.outerHTML.slice(0, 120) : null; }""")
            assert stray is None, f"Tab stopped in the table at something that cannot be played: {stray}"
        raise AssertionError(f"{MOST_TABS} presses of Tab never reached {target}")

    def take(self, action: dict, legal: list[dict]) -> None:
        """Take `action`: its cards in turn, then its button if those cards leave a choice."""
        keys = keys_of(action)
        for key in keys:
            self.press(self.page.locator(f"#table [data-key='{key}'].playable"))
        if len([other for other in legal if keys_of(other) == keys]) > 1 or not keys:
            self.press(self.page.locator("#actions").get_by_role("button", name=re.compile(WORDS[action["type"]])))
