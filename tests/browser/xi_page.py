"""Xi Cards on the viewer page: chosen tables (scenarios, seat 0 is ana, seat 1 is bo, both
people) and the moves the browser tests and the screenshot make on them.

The scenarios name cards of the seed's own examples (domain/xi/cards/cards.toml), which stay in the
catalogue whatever is added to it; each player's deck list is one of each card of the catalogue,
a legal deck whatever decks are named.
"""

from __future__ import annotations

from playwright.sync_api import Page

from domain.xi.cards.catalogue import CARDS

SEATS = [{"name": "ana"}, {"name": "bo"}]
EVERY_CARD = list(CARDS)

# Ana's turn: an Earth Soldier and a Flame Lick in hand, her Mini Air Mystic (u2) in play facing
# bo's Snow Beast (u1); bo has no pT, so nothing ana does opens a window.
ANAS_TURN = {
    "turn": 3, "active": 0, "first": 0,
    "players": [{"t": 10, "hand": ["earth-soldier", "flame-lick"], "deck": ["rainfall"], "deck_list": EVERY_CARD,
                 "discard": ["earth-moth", "rainblast"]},
                {"hand": ["heat-stroke"], "deck_list": EVERY_CARD}],
    "units": [{"card": "snow-beast", "controller": 1, "life": 14}, {"card": "mini-air-mystic", "controller": 0}],
    "in_play": [{"card": "rainfall", "controller": 1}, {"card": "flames-of-preservation", "controller": 1, "on": 0}],
}

# Ana's turn, her Earth Soldier (u1) alone on the table: bo has no unit, so it skirmishes bo himself.
OPEN_FIELD = {
    "turn": 3, "active": 0, "first": 0,
    "players": [{"t": 10, "deck_list": EVERY_CARD}, {"deck_list": EVERY_CARD}],
    "units": [{"card": "earth-soldier", "controller": 0}],
}

# Bo's turn, his Earth Soldier (u1) facing nobody: ana holds Sidestep and 1pT, so a skirmish on
# her opens her window. Her standing rules hold one rule naming a unit long gone (u9): inert.
BOS_TURN = {
    "turn": 4, "active": 1, "first": 0,
    "players": [{"pt": 1, "hand": ["sidestep"], "deck_list": EVERY_CARD,
                 "standing": {"kinds": {}, "when": [{"on": "skirmish", "target": "u9", "play": "sidestep"}]}},
                {"t": 10, "deck_list": EVERY_CARD}],
    "units": [{"card": "earth-soldier", "controller": 1}],
}


def create(api, seed: str, scenario: dict | None = None) -> tuple[str, dict[int, str]]:
    """A game of Xi for ana and bo: its id and each seat's token."""
    body = {"game": "xi", "seats": SEATS, "seed": seed}
    if scenario is not None:
        body["scenario"] = scenario
    answer = api.http.post(f"{api.base}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["id"], {token["seat"]: token["token"] for token in created["tokens"]}


def open_seat(page: Page, server: str, game_id: str, token: str | None) -> None:
    """The game's page in a seat (or as a spectator, without a token), drawn at its last step."""
    if token is None:  # forget any seat this browser kept for the game
        page.goto(f"{server}/")
        page.evaluate("id => localStorage.removeItem(`chronicle:token:${id}`)", game_id)
    page.goto(f"{server}/games/{game_id}" + (f"#token={token}" if token else ""))
    page.wait_for_selector("#viewer[data-ready='true']")
    settled(page, page.evaluate("Number(document.getElementById('viewer').dataset.version)"))


def settled(page: Page, version: int) -> None:
    """Wait until the page shows the game at `version`, with what the seat may do there."""
    page.wait_for_function("v => document.getElementById('viewer').dataset.settled === String(v)", arg=version)


def acted(page: Page, api, game_id: str, act) -> None:
    """Do `act` (a click) that sends a move; wait until the page shows the game once it is taken."""
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        act()
    settled(page, api.get(game_id)["version"])


def key(page: Page, value: str):
    """The element of the table a player clicks for `value` ("hand:flame-lick", "unit:u1"), once
    it leads to a legal move."""
    return page.locator(f"#table [data-key='{value}'].playable").first


def highlighted(page: Page) -> set[str]:
    return set(page.locator("#table .playable").evaluate_all("es => es.map(e => e.dataset.key)"))


def unit_card(page: Page, uid: str):
    return page.locator(f"#table .xi-unit[data-card='{uid}']")

# The picture in docs/viewer.md: bo's turn 8, a full table (a statement, a spell on a unit, a lasting spell);
# bo's Earth Soldier then skirmishes ana's Snow Beast, and her window opens.
PICTURE = {
    "turn": 8, "active": 1, "first": 0,
    "players": [{"life": 31, "pt": 3, "hand": ["sidestep", "heat-stroke", "rainblast", "archo"], "deck_list": EVERY_CARD,
                 "discard": ["earth-moth", "flame-lick", "crocodile-of-gree"]},
                {"life": 26, "t": 7, "pt": 1, "hand": ["dispel", "alchemist"], "deck_list": EVERY_CARD,
                 "discard": ["rainfall", "wind-warrior"]}],
    "units": [{"card": "snow-beast", "controller": 0, "life": 12}, {"card": "bubble-fighter", "controller": 0},
              {"card": "earth-soldier", "controller": 1}, {"card": "beast-of-pain", "controller": 1, "life": 25},
              {"card": "mini-air-mystic", "controller": 1, "skirmishes": 1}],
    "in_play": [{"card": "flood", "controller": 0}, {"card": "flames-of-preservation", "controller": 1, "on": 3},
                {"card": "thousand-sacrifices", "controller": 1}],
}
PICTURE_SKIRMISH = {"type": "skirmish", "unit": "u3", "target": "u1"}
