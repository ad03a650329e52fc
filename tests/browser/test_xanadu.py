"""Xanadu in the viewer: every player's buildings drawn as cards, with their values and scores as
the API gives them, and a person playing whole turns on the table alone (a card of the hand, a
building, the next row of a building; buttons only for what has no card), by mouse, by keyboard
and by tapping on a phone."""

from __future__ import annotations

import re

import pytest

from domain.xanadu.scenario import SCENARIO_EXAMPLE
from tests.browser.accessibility import serious_violations

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# The decisions without a card to click: the page offers them, and only them, as buttons.
BUTTONS = {"end_sell": "Done selling", "skip_turn": "Skip the turn", "skip_build": "Build nothing",
           "done_covering": "Done placing", "end_turn": "End the turn"}
# How ana plays: builds the most valuable building she can pay for, covers every row she may, sells
# nothing.
PREFERENCE = ("start", "build", "cover", "done_covering", "worker", "end_turn", "end_sell", "skip_build", "sell", "skip_turn")
# The page's shared frame, whose contrast is being fixed apart from the tables.
FRAME = ("footer", "header.site", "h1 small")


def xanadu_table(page) -> dict:
    return page.evaluate("""() => ({
        players: [...document.querySelectorAll('.xplayer')].map(p => ({
            buildings: [...p.querySelectorAll('.xbuildings .xcard')].map(b => b.dataset.card),
            values: [...p.querySelectorAll('.xbuildings .xcard .value')].map(v => Number(v.textContent.match(/worth (\\d+)/)[1])),
            score: Number(p.querySelector("[data-path^='scores']").textContent.match(/\\d+/)[0]),
        })),
        hand: [...document.querySelectorAll('.xhand .xcard')].map(b => b.dataset.card),
    })""")


def from_api(table: dict) -> dict:
    return {
        "players": [{"buildings": [b["card"]["id"] for b in owned], "values": [b["value"] for b in owned],
                     "score": table["scores"][seat]} for seat, owned in enumerate(table["buildings"])],
        "hand": [card["id"] for card in table["hand"] or []],
    }


def building_cards(page) -> list[list[dict]]:
    """What each building card in play shows, player by player: its rows read bottom up."""
    return page.evaluate("""() => [...document.querySelectorAll('.xplayer')].map(p =>
        [...p.querySelectorAll('.xbuildings .xcard')].map(c => {
            const words = (root, selector) => [...root.querySelectorAll(selector)].map(e => e.textContent);
            return {
                name: c.querySelector('.band').textContent,
                cost: words(c, '.cost .res'),
                passive: words(c, '.passive .res'),
                rows: [...c.querySelectorAll('.xrow[data-row]')].reverse().map(row => ({
                    harvest: words(row, '.harvest .res'), favor: row.querySelector('.favor .res')?.textContent ?? null})),
                workers: c.querySelectorAll('.worker:not(.planned)').length,
                favors: words(c, '.favor.unlocked .res'),
                marked: Number(c.querySelector('.circle.current').textContent),
            };
        }))""")


def building_cards_from_api(table: dict) -> list[list[dict]]:
    return [[{"name": b["card"]["name"], "cost": b["card"]["cost"], "passive": b["card"]["passive"],
              "rows": b["card"]["rows"], "workers": b["workers"], "favors": b["favors"], "marked": b["value"]}
             for b in owned] for owned in table["buildings"]]


def create(server, api, seed: str, scenario: dict | None = None) -> tuple[str, str]:
    body = {"game": "xanadu", "seed": seed, "seats": [{"name": "ana"}, {"bot": "builder"}]}
    if scenario is not None:
        body["scenario"] = scenario
    answer = api.http.post(f"{server}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["id"], created["tokens"][0]["token"]


def open_seat(page, server, game_id: str, token: str) -> None:
    page.goto(f"{server}/games/{game_id}#token={token}")
    page.wait_for_selector("#viewer[data-settled]")


def acted(page, api, game_id: str, act) -> None:
    """Do `act` (a click, a key, a tap) that sends a decision; wait until the page shows the table
    the game is at once it is taken (the bot's reply included) and what ana may do next."""
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        act()
    version = api.get(game_id)["version"]
    page.wait_for_function("v => document.getElementById('viewer').dataset.settled === String(v)", arg=version)


def key_of(action: dict, table: dict) -> str | None:
    """What a player clicks for `action` on the Xanadu table (None: its button): a card of the
    hand, a building to sell, the next row up of a building, past the rows planned this turn."""
    kind = action["type"]
    if kind in ("start", "build", "worker"):
        return f"hand:{action['card']}"
    if kind == "sell":
        return f"building:{table['viewer']}:{action['building']}"
    if kind == "cover":
        owner, index = action["owner"], action["building"]
        planned = table["plan"]["covers"].count([owner, index])
        return f"row:{owner}:{index}:{table['buildings'][owner][index]['workers'] + planned}"
    return None


def offered(page) -> tuple[set[str], set[str]]:
    """The cards and rows highlighted to click, and the buttons' words."""
    keys = page.locator("#table .playable").evaluate_all("es => es.map(e => e.dataset.key)")
    buttons = page.locator("#actions button.action").evaluate_all("bs => bs.map(b => b.textContent)")
    return set(keys), set(buttons)


def play_decision(page, api, game_id: str, token: str, press) -> dict:
    """Take ana's next decision through the page with `press` (given a locator), checking first
    that the page offers exactly the legal actions: their cards highlighted, buttons for the rest."""
    game = api.get(game_id, token=token)
    legal = api.get(game_id, "/actions", token=token)["actions"]
    keys = {key_of(action, game["table"]) for action in legal} - {None}
    buttons = {BUTTONS[action["type"]] for action in legal if key_of(action, game["table"]) is None}
    highlighted, shown = offered(page)
    assert highlighted == keys, "every decision with a card is offered on its card"
    assert {text.split(" (")[0] for text in shown} == buttons, "buttons only for the decisions without a card"
    worth = {card["id"]: card["values"][0] for card in game["table"]["hand"]}
    action = min(legal, key=lambda a: (PREFERENCE.index(a["type"]), -worth[a["card"]] if a["type"] == "build" else 0))
    key = key_of(action, game["table"])
    target = page.locator(f"#table [data-key='{key}'].playable") if key else page.locator("#actions button.action", has_text=BUTTONS[action["type"]])
    acted(page, api, game_id, lambda: press(target))
    return action


def play_turns(page, api, game_id: str, token: str, press, turns: int) -> list[dict]:
    """Ana's decisions through the page until `turns` of her turns have ended (or the game)."""
    first = api.get(game_id)["table"]["turn"]
    taken = []
    while api.get(game_id)["status"] == "running":
        table = api.get(game_id, token=token)["table"]
        if table["current"] == 0 and table["turn"] >= first + 2 * turns:
            break
        assert len(taken) < 40 * turns, "ana's turns should have ended by now"
        taken.append(play_decision(page, api, game_id, token, press))
    return taken


def by_keyboard(page):
    """Press on a locator as a keyboard user does: Tab until it has the focus, then Enter."""
    def press(target):
        target.wait_for()
        for _ in range(120):
            if target.evaluate("e => e === document.activeElement"):
                page.keyboard.press("Enter")
                return
            page.keyboard.press("Tab")
        raise AssertionError("Tab never reached the card or button")
    return press


def test_a_person_starts_a_building_and_plays_a_turn_by_clicking_and_the_table_matches_the_api(page, server, api):
    game_id, token = create(server, api, "browser-xanadu")
    open_seat(page, server, game_id, token)
    start = api.get(game_id, "/actions", token=token)["actions"][0]
    assert page.locator("#actions button.action").count() == 0, "a starting building is chosen on its card"
    acted(page, api, game_id, lambda: page.locator(f"#table [data-key='hand:{start['card']}'].playable").click())
    table = api.get(game_id, token=token)["table"]
    assert table["buildings"][0][0]["card"]["id"] == start["card"], "ana's starting building is in play"
    assert xanadu_table(page) == from_api(table)
    acted(page, api, game_id, lambda: page.locator("#actions button.action", has_text="Skip the turn").click())
    table = api.get(game_id, token=token)["table"]
    assert len(table["hand"]) == 7 and xanadu_table(page) == from_api(table)


def test_each_building_card_shows_its_name_cost_rows_favors_workers_and_current_value_as_the_api_gives_them(page, server, api):
    game_id, token = create(server, api, "browser-xanadu-cards", SCENARIO_EXAMPLE)
    open_seat(page, server, game_id, token)
    table = api.get(game_id, token=token)["table"]
    assert building_cards(page) == building_cards_from_api(table)
    library = page.get_by_role("group", name=re.compile(r"^ana's Library \(Upper\) \(blue\): worth 4\b"))
    assert library.locator(".worker").count() == 2, "ana's Library has two rows covered, a worker on each"
    assert "Favors unlocked: silk" in library.get_attribute("aria-label")


def test_a_building_is_sold_to_the_khan_by_clicking_it(page, server, api):
    game_id, token = create(server, api, "browser-xanadu-sell", SCENARIO_EXAMPLE)
    open_seat(page, server, game_id, token)
    library = page.get_by_role("button", name=re.compile(r"^ana's Library \(Upper\) \(blue\): worth 4\b"))
    acted(page, api, game_id, library.click)
    table = api.get(game_id, token=token)["table"]
    assert "library-upper" not in [b["card"]["id"] for b in table["buildings"][0]] and table["scores"][0] == 19 + 4
    assert page.locator("[data-path='scores[0]']").inner_text() == "23 tong bao"
    assert xanadu_table(page) == from_api(table)


def test_whole_turns_are_played_by_clicking_cards_rows_and_buttons_only_for_the_rest(page, server, api):
    game_id, token = create(server, api, "browser-xanadu-clicks", SCENARIO_EXAMPLE)
    open_seat(page, server, game_id, token)
    taken = play_turns(page, api, game_id, token, lambda target: target.click(), turns=2)
    kinds = {action["type"] for action in taken}
    assert {"build", "cover", "done_covering", "worker", "end_turn"} <= kinds, "whole turns: built, covered, placed, ended"
    table = api.get(game_id, token=token)["table"]
    assert "summer-palace" in [b["card"]["id"] for b in table["buildings"][0]], "ana built the Summer Palace on her first turn"
    assert xanadu_table(page) == from_api(table) and building_cards(page) == building_cards_from_api(table)


def test_a_whole_turn_is_played_from_the_keyboard(page, server, api):
    game_id, token = create(server, api, "browser-xanadu-keys", SCENARIO_EXAMPLE)
    open_seat(page, server, game_id, token)
    taken = play_turns(page, api, game_id, token, by_keyboard(page), turns=1)
    assert [a["type"] for a in taken][:2] == ["end_sell", "build"] and taken[-1]["type"] == "end_turn"
    table = api.get(game_id, token=token)["table"]
    assert "summer-palace" in [b["card"]["id"] for b in table["buildings"][0]]
    assert xanadu_table(page) == from_api(table)


def test_on_a_phone_the_table_fits_the_screen_and_a_turn_is_played_by_tapping(browser, server, api):
    game_id, token = create(server, api, "browser-xanadu-phone", SCENARIO_EXAMPLE)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        open_seat(page, server, game_id, token)
        width = "document.documentElement.scrollWidth"
        assert page.evaluate(width) <= 390, "no sideways scrolling"
        taken = []
        while not (taken and taken[-1]["type"] == "end_turn"):
            taken.append(play_decision(page, api, game_id, token, lambda target: target.tap()))
            assert page.evaluate(width) <= 390, f"no sideways scrolling after {taken[-1]['type']}"
        assert "summer-palace" in [b["card"]["id"] for b in api.get(game_id)["table"]["buildings"][0]]
    finally:
        context.close()


def test_the_xanadu_page_has_no_serious_accessibility_finding_in_any_phase_of_a_turn_or_replaying(page, server, api):
    """The page's shared frame (FRAME) is left out: its contrast is being fixed on its own."""
    game_id, token = create(server, api, "browser-xanadu-axe", SCENARIO_EXAMPLE)
    open_seat(page, server, game_id, token)
    checked = []
    while "confirm" not in checked:  # buildings to sell, cards to build, rows to cover, workers, the end
        phase = api.get(game_id, token=token)["table"]["phase"]
        if phase not in checked:
            assert serious_violations(page, exclude=FRAME) == [], f"in the {phase} phase"
            checked.append(phase)
        play_decision(page, api, game_id, token, lambda target: target.click())
    assert checked == ["sell", "build", "workers", "choose", "confirm"]
    page.keyboard.press("Home")  # the replay from its first step, then a step of the turn just played
    page.wait_for_function("() => document.getElementById('viewer').dataset.settled === '1'")
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('viewer').dataset.settled === '13'")
    assert page.locator("#table .changed").count() > 0, "what the step changed is marked"
    assert serious_violations(page, exclude=FRAME) == []
