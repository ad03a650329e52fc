"""The Court of Xiang Chi in the viewer: its table step by step against the API, and a person
playing it by its cards alone (a card of Society Row, then its space in the court), with a mouse,
from the keyboard and on a phone; the page read as words, and axe-core's check of it."""

from __future__ import annotations

import re

import pytest

from domain.court.cards import name_of
from tests.browser.accessibility import AXE, SERIOUS
from tests.browser.court_page import (
    PREFERENCE, WORDS, Player, choose, court_table, court_table_from_api, keys_of, offered, wait_for_decision_or_end,
)
from tests.browser.table_page import wait_for_step

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

MOST_DECISIONS = 200  # a Court game ends long before: four Daemon Princes, or all nine drawn
PHONE = {"width": 390, "height": 844}
# The site's header and footer and the title's seat names are shared by every page and are being
# given their own colours elsewhere: the Court's check leaves them out.
SHARED = {"exclude": [["footer"], ["header.site"], ["h1 small"]]}


def new_game(api, seed: str) -> dict:
    answer = api.http.post(f"{api.base}/api/games", json={"game": "court", "seats": [{"name": "ana"}], "seed": seed})
    assert answer.status_code == 201, answer.text
    return answer.json()


def open_seat(page, server: str, created: dict) -> None:
    page.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    page.wait_for_selector("#viewer[data-settled]")


def play(page, api, created: dict, player: Player, most: int = MOST_DECISIONS) -> list[str]:
    """Play up to `most` decisions as `player`, checking before each that the page shows the
    table the API holds, highlights the first card of every card decision and offers a button
    only for each decision that has no card. The kinds of decision taken, in order; the page
    shows the decision after them (or the end) when it returns."""
    game_id, token = created["id"], created["tokens"][0]["token"]
    taken: list[str] = []
    version = 0
    while wait_for_decision_or_end(page, version) and len(taken) < most:
        assert len(taken) < MOST_DECISIONS, "the game should have ended by now"
        game = api.get(game_id, token=token)
        version = game["version"]
        legal = api.get(game_id, "/actions", token=token)["actions"]
        assert court_table(page) == court_table_from_api(game["table"]), f"decision {len(taken)}"
        shown = offered(page)
        assert shown["cards"] == {keys_of(action)[0] for action in legal if keys_of(action)}
        buttons = [action for action in legal if not keys_of(action)]
        assert len(shown["buttons"]) == len(buttons), shown["buttons"]
        assert all(re.match(WORDS[action["type"]], words) for action, words in zip(buttons, shown["buttons"])), shown["buttons"]
        action = choose(legal, len(taken))
        player.take(action, legal)
        taken.append(action["type"])
    return taken


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page, the shared header and footer aside."""
    found = AXE.run(page, context=SHARED).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
            for v in found if v["impact"] in SERIOUS]


@pytest.fixture
def phone(browser):
    """A page on a phone: 390 px wide, touch."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"the page raised: {errors}"


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_a_game_the_autoplayer_played_shows_its_table_at_every_chosen_step(page, server, api):
    created = api.http.post(f"{server}/api/games", json={"game": "court", "seats": [{"bot": "autoplayer"}],
                                                         "seed": "browser-court"}).json()
    last = api.get(created["id"])["version"]
    for step in (8, 20, last // 2, last):
        page.goto(f"{server}/games/{created['id']}?step={step}")
        page.wait_for_selector("#viewer[data-ready='true']")
        table = api.get(created["id"], f"/replay/{step}")["table"]["table"]
        assert court_table(page) == court_table_from_api(table), f"step {step}"
    assert re.match(r"Finished\. .+ scored -?\d+ and earned the title ", page.locator("#status").inner_text())
    page.keyboard.press("Home")
    wait_for_step(page, 1)


def test_a_person_lays_out_the_starting_cards_and_buys_a_card_by_clicking(page, server, api):
    created = api.http.post(f"{server}/api/games", json={"game": "court", "seats": [{"name": "ana"}],
                                                         "seed": "browser-court-play"}).json()
    token = created["tokens"][0]["token"]
    page.goto(f"{server}/games/{created['id']}#token={token}")
    page.wait_for_selector("#table .playable")
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


def test_a_whole_game_is_played_by_clicking_cards_and_spaces_alone(page, server, api):
    created = new_game(api, "court-cards-13")
    open_seat(page, server, created)
    taken = play(page, api, created, Player(page, "click"))
    assert re.match(r"Finished\. .+ scored -?\d+ and earned the title ", page.locator("#status").inner_text())
    assert set(taken) == set(PREFERENCE), f"every kind of decision was taken: {sorted(set(taken))}"


def test_a_whole_game_is_played_from_the_keyboard_with_tab_and_enter(page, server, api):
    created = new_game(api, "court-cards-5")
    open_seat(page, server, created)
    taken = play(page, api, created, Player(page, "keyboard"))
    assert re.match(r"Finished\. .+ scored -?\d+ and earned the title ", page.locator("#status").inner_text())
    assert {"start", "buy", "exchange", "tax_for_cp", "skip", "decline"} <= set(taken), sorted(set(taken))


def test_after_a_move_from_the_keyboard_the_focus_stays_in_the_table(page, server, api):
    """The table is drawn anew under the focus: the focus (and a screen reader's place) stays in
    it rather than falling back to the page, and the next Tab reaches a highlighted card."""
    created = new_game(api, "court-cards-13")
    open_seat(page, server, created)
    play(page, api, created, Player(page, "keyboard"), most=1)
    assert page.evaluate("document.activeElement.closest('#table') !== null")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('#table .playable')")


def test_on_a_phone_the_table_fits_the_screen_and_is_played_by_tapping(phone, server, api):
    created = new_game(api, "court-cards-13")
    open_seat(phone, server, created)
    assert scroll_width(phone) <= PHONE["width"]
    taken = play(phone, api, created, Player(phone, "tap"), most=8)
    assert len(taken) == 8 and taken[:3] == ["start"] * 3 and len(set(taken)) > 3, taken
    assert scroll_width(phone) <= PHONE["width"]

    finished = api.http.post(f"{server}/api/games", json={"game": "court", "seats": [{"bot": "autoplayer"}],
                                                          "seed": "browser-court"}).json()
    phone.goto(f"{server}/games/{finished['id']}")
    phone.wait_for_selector("#viewer[data-settled]")
    for covered in phone.locator(".covered summary").all():
        covered.tap()  # the cards each space covers, laid out under it
    assert phone.locator(".covered[open]").count() > 0
    assert scroll_width(phone) <= PHONE["width"]


def test_each_card_and_button_is_named_in_words(page, server, api):
    """What a screen reader says of each card: its name as the rules word it, where it lies and
    what it costs; the highlighted ones are buttons of those names."""
    created = new_game(api, "court-cards-13")
    open_seat(page, server, created)
    play(page, api, created, Player(page, "click"), most=3)  # the three starting cards
    table = api.get(created["id"], token=created["tokens"][0]["token"])["table"]
    assert table["phase"] == "buy"
    playable = set(page.locator("#table .playable").evaluate_all("cards => cards.map(c => c.dataset.key)"))
    assert any(key.startswith("row:") for key in playable)
    for slot in table["row"]:
        price = "not for sale" if slot["card"]["role"] == "daemon" else f"{slot['price']} CP"
        words = f"{name_of(slot['card']['id'])}, Society Row slot {slot['slot'] + 1}, {price}"
        card = page.locator(f".society [data-card='{slot['card']['id']}']")
        assert card.text_content().startswith(words)
        if f"row:{slot['slot']}" in playable:
            assert page.get_by_role("button", name=words, exact=True).get_attribute("data-key") == f"row:{slot['slot']}"
    assert page.locator("#actions button.action").all_inner_texts() == ["Buy nothing (Phase 1B)"]

    page.locator("#table .society .playable").first.click()
    names = [f"{name_of(top['id'])}, on space {space + 1}" if top else f"space {space + 1}: empty"
             for space, top in enumerate(table["tops"])]
    assert [page.get_by_role("button", name=name, exact=True).get_attribute("data-key") for name in names] \
        == [f"space:{space}" for space in range(table["spaces"])]
    assert page.locator("#table [role=button]").count() == table["spaces"]
    assert page.locator("#actions button").all_inner_texts() == ["choose again"]


def test_axe_finds_nothing_serious_while_playing_or_replaying(page, server, api):
    created = new_game(api, "court-cards-5")
    open_seat(page, server, created)
    assert serious_violations(page) == []
    page.locator("#table .playable").first.click()  # a card chosen, the spaces it may go to highlighted
    assert page.locator("#table .chosen").count() == 1
    assert serious_violations(page) == []

    finished = api.http.post(f"{server}/api/games", json={"game": "court", "seats": [{"bot": "autoplayer"}],
                                                          "seed": "browser-court"}).json()
    last = api.get(finished["id"])["version"]
    for step in (10, last // 2, last):
        page.goto(f"{server}/games/{finished['id']}?step={step}")
        page.wait_for_selector("#viewer[data-settled]")
        for covered in page.locator(".covered summary").all():
            covered.click()
        assert serious_violations(page) == [], f"step {step}"
