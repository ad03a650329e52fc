"""Tianxia in the viewer: the board drawn as a picture (eight regions in their Palace colours, the
four Palace tracks with every owner's marker where the API puts it), Li Mu's board with his open
cards and his die, the seat's supply as the API gives it; a person playing the opening and a whole
turn by the buttons' words until Li Mu, played by the server, has taken his; the Bot's board in a
game of two; a region taken by clicking it on the map; the table on a phone; axe in both schemes (a
finished game's steps in words: test_words.py)."""

from __future__ import annotations

import json

import pytest
import requests

from tests.browser.accessibility import serious_violations
from tests.browser.test_screens import phone_page, sideways

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

GOODS = ("coins", "wood", "stone", "rice", "silk", "salt", "bronze")
# How ana plays: the opening's first choices, a region action and each of its follow-ups, the
# rewards' choices as they come, and the end of the action; passing last.
PREFERENCE = ("arrangement", "start", "supply", "good", "advance", "tile", "port", "soldier", "wall", "forgo", "region",
              "governor", "exchange", "ship", "end", "military", "barge", "pass")
JSON_MARKS = ("{", "}", "[", "]", '":')


def create(api, seed: str, seats: list[dict] | None = None, options: dict | None = None) -> tuple[str, str]:
    """A game of Tianxia (solo against Li Mu at Normal unless told): its id and ana's token."""
    body = {"game": "tianxia", "seats": seats or [{"name": "ana"}], "seed": seed}
    if options is not None or seats is None:
        body["options"] = options if options is not None else {"difficulty": "normal"}
    answer = api.http.post(f"{api.base}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["id"], created["tokens"][0]["token"]


def settled(page, version: int) -> None:
    """Wait until the page shows the game at `version`, with what the seat may do there."""
    page.wait_for_function("v => document.getElementById('viewer').dataset.settled === String(v)", arg=version)


def open_seat(page, server: str, game_id: str, token: str | None, api) -> None:
    """The game's page in ana's seat, or as a spectator (None: the seat this browser kept is forgotten)."""
    if token is None:
        page.goto(f"{server}/")
        page.evaluate("id => localStorage.removeItem(`chronicle:token:${id}`)", game_id)
    page.goto(f"{server}/games/{game_id}" + (f"#token={token}" if token else ""))
    page.wait_for_selector("#viewer[data-ready='true']")
    settled(page, api.get(game_id)["version"])


def buttons(page) -> list[tuple[str, dict]]:
    """The action buttons: their words and the action each takes."""
    return [(words, json.loads(action)) for words, action in page.locator("#actions button.action").evaluate_all(
        "bs => bs.map(b => [b.textContent, b.dataset.action])")]


def play_decision(page, api, game_id: str, token: str) -> dict:
    """Ana's next decision, by clicking its button: the page offers every legal action as a button in
    words, and she takes the one she prefers; then the page shows the game once it is taken (Li Mu's
    turn or the Bot's included, which the server plays at once)."""
    legal = api.get(game_id, "/actions", token=token)["actions"]
    offered = buttons(page)

    def keyed(actions):
        return sorted(json.dumps(action, sort_keys=True) for action in actions)

    assert keyed(action for _, action in offered) == keyed(legal), "every legal action, and nothing else, as a button"
    raw = [words for words, _ in offered if any(mark in words for mark in JSON_MARKS) or "type:" in words]
    assert raw == [], f"buttons in JSON: {raw}"
    action = min(legal, key=lambda a: PREFERENCE.index(a["type"]) if a["type"] in PREFERENCE else len(PREFERENCE))
    index = [each for _, each in offered].index(action)
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.locator("#actions button.action").nth(index).click()
    settled(page, api.get(game_id)["version"])
    return action


def through_the_opening(page, api, game_id: str, token: str) -> None:
    """Ana's opening by the buttons (an arrangement, a side and a building), up to her first turn."""
    while api.get(game_id, token=token)["table"]["phase"] == "opening":
        play_decision(page, api, game_id, token)


def in_view(page, selector: str) -> bool:
    """Whether the whole of the element is on the screen as it stands (nothing scrolled to it)."""
    return page.evaluate("""s => { const box = document.querySelector(s).getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth; }""",
                         selector)


def board_on_page(page) -> dict:
    """The regions (id and Palace colour, in id order), each track's markers (owner -> step) and steps."""
    board = page.evaluate("""() => ({
        regions: [...document.querySelectorAll('.tx-map .tx-region')].map(r => [r.dataset.region, r.dataset.palace]),
        tracks: Object.fromEntries([...document.querySelectorAll('.tx-map .tx-track')].map(t => [t.dataset.track,
            Object.fromEntries([...t.querySelectorAll('.tx-step')].flatMap(step =>
                [...step.querySelectorAll('.tx-marker')].map(m => [m.dataset.owner, Number(step.dataset.step)])))])),
        steps: [...document.querySelectorAll('.tx-map .tx-track')].map(t => t.querySelectorAll('.tx-step').length),
    })""")
    return board | {"regions": sorted(board["regions"])}


def board_from_api(table: dict, regions: dict) -> dict:
    return {
        "regions": sorted([region, regions[region]] for region in table["discs"]),
        "tracks": {colour: {str(owner): step for step, owners in enumerate(steps) for owner in owners}
                   for colour, steps in table["palace"].items()},
        "steps": [13] * 4,
    }


def supply_on_page(page, seat: int) -> dict:
    panel = page.locator(f".tx-seat[data-seat='{seat}']")

    def number(path: str) -> int:
        return int(panel.locator(f"[data-path='seats[{seat}].{path}']").inner_text().split()[0])

    return {"goods": {good: number(f"goods.{good}") for good in GOODS}, "prestige": number("prestige")}


def rival_on_page(page) -> dict:
    return page.evaluate("""() => {
        const panel = document.querySelector('.tx-rival');
        const die = panel.querySelector('.tx-die');
        return {
            kind: panel.dataset.rival,
            title: panel.querySelector('h2').textContent,
            open: [...panel.querySelectorAll('.tx-card')].map(c => c.classList.contains('back') ? null : c.dataset.rivalCard),
            roll: die ? (die.dataset.roll === '' ? null : Number(die.dataset.roll)) : 'no die',
            prestige: Number(panel.querySelector("[data-path='rival.prestige']").textContent.match(/\\d+/)[0]),
            deck: Number(panel.querySelector("[data-path='rival.counts.deck']").textContent.match(/\\d+/)[0]),
        };
    }""")


def rival_from_api(rival: dict) -> dict:
    names = {"li-mu": "Li Mu", "bot": "The Bot"}
    return {"kind": rival["kind"], "title": names[rival["kind"]], "open": rival["open"],
            "roll": rival["roll"] if rival["kind"] == "li-mu" else "no die", "prestige": rival["prestige"],
            "deck": rival["counts"]["deck"]}


@pytest.fixture(scope="module")
def palace_colours(server) -> dict[str, str]:
    """Each region's Palace colour, as the public catalogue gives it."""
    board = next(card for card in requests.get(f"{server}/api/rules/tianxia").json()["cards"] if card["id"] == "board")
    return {region["id"]: region["palace"] for region in board["map"]["regions"]}


def test_the_board_shows_eight_regions_and_four_tracks_with_the_markers_where_the_api_puts_them(
        page, server, api, palace_colours):
    game_id, token = create(api, "browser-tianxia-board")
    open_seat(page, server, game_id, token, api)
    through_the_opening(page, api, game_id, token)
    table = api.get(game_id, token=token)["table"]
    assert table["phase"] == "action" and len(palace_colours) == 8
    assert board_on_page(page) == board_from_api(table, palace_colours)
    ana = page.get_by_role("group", name="The black Palace track: ana on step 0", exact=False)
    assert ana.count() == 1, "the track is named with where each marker stands"
    assert supply_on_page(page, 0) == {"goods": table["seats"][0]["goods"], "prestige": table["seats"][0]["prestige"]}
    assert rival_on_page(page) == rival_from_api(table["rival"])
    assert len(table["rival"]["open"]) == 2 and None not in table["rival"]["open"], "Li Mu's two open cards, face up"
    for card in table["rival"]["open"]:
        assert page.locator(f".tx-rival .tx-card[data-rival-card='{card}'] .tx-card-top").inner_text(), "what the card does"
    legend = page.locator(".tx-legend").inner_text()
    assert "ana (you): yellow" in legend and "Li Mu: green" in legend and "neutral: grey" in legend
    assert "you" in page.locator(".tx-seat[data-seat='0'] .badge.you").inner_text()


def test_ana_plays_her_turn_by_the_buttons_and_the_table_follows_li_mus_turn(page, server, api, palace_colours):
    game_id, token = create(api, "browser-tianxia-turn")
    open_seat(page, server, game_id, token, api)
    taken = []
    while (api.get(game_id, token=token)["table"]["rival"] or {}).get("turn", 0) == 0:
        assert len(taken) < 20, "Li Mu should have played by now"
        taken.append(play_decision(page, api, game_id, token))
    kinds = [action["type"] for action in taken]
    assert kinds[:3] == ["arrangement", "start", "region"] and kinds[-1] == "end"
    table = api.get(game_id, token=token)["table"]
    rival = table["rival"]
    assert rival["turn"] == 1 and rival["roll"] in range(1, 7), "Li Mu has rolled his die and played his turn"
    assert rival_on_page(page) == rival_from_api(rival)
    die = page.locator(".tx-rival .tx-die svg")
    assert die.get_attribute("aria-label").startswith(f"Li Mu's die: he rolled {rival['roll']}")
    assert die.locator(".tx-pip").count() == rival["roll"], "the die's face shows as many pips as the roll"
    assert board_on_page(page) == board_from_api(table, palace_colours)
    assert supply_on_page(page, 0) == {"goods": table["seats"][0]["goods"], "prestige": table["seats"][0]["prestige"]}
    region = next(action["region"] for action in taken if action["type"] == "region")
    discs = page.locator(f".tx-map [data-path='discs.{region}'] .tx-piece").evaluate_all(
        "ps => ps.map(p => Number(p.dataset.owner))")
    assert discs == table["discs"][region] and 0 in discs, "ana's disc in the region she chose"
    status = page.locator(".tx-status").inner_text()
    assert "Round 1" in status and ("your turn" in status if table["active"] == 0 else "Li Mu's turn" in status)


def test_a_region_is_taken_by_clicking_it_on_the_map(page, server, api):
    game_id, token = create(api, "browser-tianxia-click")
    open_seat(page, server, game_id, token, api)
    through_the_opening(page, api, game_id, token)
    legal = api.get(game_id, "/actions", token=token)["actions"]
    regions = [action["region"] for action in legal if action["type"] == "region"]
    playable = set(page.locator("#table .playable").evaluate_all("es => es.map(e => e.dataset.key)"))
    assert {f"region:{region}" for region in regions} <= playable
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.locator(f"#table [data-key='region:{regions[0]}'].playable").click()
    settled(page, api.get(game_id)["version"])
    assert api.get(game_id, token=token)["table"]["discs"][regions[0]] == [0]
    assert page.get_by_role("button", name="End the action").count() == 0, "a follow-up first: the governor, exchange or ship"


def test_a_game_of_two_shows_the_bots_board_its_face_down_cards_as_backs(page, server, api, palace_colours):
    game_id, token = create(api, "browser-tianxia-bot", seats=[{"name": "ana"}, {"bot": "random"}])
    open_seat(page, server, game_id, token, api)
    while api.get(game_id, token=token)["table"]["phase"] == "opening":  # the random bot's choices are played at once
        assert api.get(game_id)["to_act"]["seat"] == 0
        play_decision(page, api, game_id, token)
    table = api.get(game_id, token=token)["table"]
    rival = table["rival"]
    assert table["mode"] == "bot" and rival["kind"] == "bot"
    assert rival_on_page(page) == rival_from_api(rival)
    assert None in rival["open"] and page.locator(".tx-rival .tx-card.back").count() == rival["open"].count(None)
    assert page.locator(".tx-rival .tx-die").count() == 0, "the Bot rolls no die"
    assert page.locator(".tx-seat").count() == 2
    legend = page.locator(".tx-legend").inner_text()
    assert "the Bot: purple" in legend
    assert board_on_page(page) == board_from_api(table, palace_colours)


def test_on_a_phone_the_table_fits_and_decisions_are_tapped(browser, server, api):
    game_id, token = create(api, "browser-tianxia-phone")
    with phone_page(browser) as phone:
        open_seat(phone, server, game_id, token, api)
        assert sideways(phone) == 0
        width = phone.evaluate("document.querySelector('.tx-map').getBoundingClientRect().width")
        assert 300 < width <= 390, "the board is scaled to the screen"
        for _ in range(4):  # the opening, a region and what follows it
            play_decision(phone, api, game_id, token)
            assert sideways(phone) == 0
        panels = phone.locator(".tx-panel").evaluate_all("ps => ps.map(p => p.getBoundingClientRect().left)")
        assert len({round(left) for left in panels}) == 1, "the panels are stacked"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_tianxia_table(page, server, api, scheme):
    page.emulate_media(color_scheme=scheme)
    found = {}
    game_id, token = create(api, f"browser-tianxia-axe-{scheme}")
    open_seat(page, server, game_id, token, api)
    found["the opening"] = serious_violations(page)
    while api.get(game_id, token=token)["table"]["phase"] == "opening":
        play_decision(page, api, game_id, token)
    assert page.locator("#table .tx-hit.playable").count() > 0, "regions and tracks to click"
    found["a turn, the map's places to click"] = serious_violations(page)
    page.locator("#table .tx-hit.playable").first.focus()
    found["a place of the map in focus"] = serious_violations(page)
    open_seat(page, server, game_id, None, api)
    found["a spectator"] = serious_violations(page)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => { const viewer = document.getElementById('viewer');"
                           " return viewer.dataset.settled === String(Number(viewer.dataset.version) - 1); }")
    found["a step replayed, what changed marked"] = serious_violations(page)
    assert found == {where: [] for where in found}
