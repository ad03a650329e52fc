"""Xi Cards: after the other side's turn, the move list tells each of its actions in words (the
spell and its target, the attacker and its target, the damage and whose life fell, a unit
destroyed), units named as the table names them ("Snow Beast (2)" where two share a name), and a
fold hides only bookkeeping."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from domain.xi.events import EVENTS
from tests.browser.xi_page import EVERY_CARD, create, open_seat

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

IDS = re.compile(r"\b[us]\d+\b")

# Bo's turn: his two Snow Beasts (u1, u3) face ana's Cinder Hound (u2); he holds a Flame Lick and
# ana holds nothing, so no window opens.
BOS_ATTACK = {
    "turn": 4, "active": 1, "first": 0,
    "players": [{"deck_list": EVERY_CARD}, {"t": 10, "hand": ["flame-lick"], "deck_list": EVERY_CARD + ["snow-beast"]}],
    "units": [{"card": "snow-beast", "controller": 1}, {"card": "cinder-hound", "controller": 0},
              {"card": "snow-beast", "controller": 1}],
}
BOS_MOVES = [{"type": "play", "card": "flame-lick", "target": "u2"}, {"type": "skirmish", "unit": "u3", "target": "u2"},
             {"type": "skirmish", "unit": "u1", "target": 0}, {"type": "end_turn"}]


def bo_plays_his_turn(api, game_id: str, token: str) -> None:
    """Bo's turn, taken in his own seat (the precondition: what ana's page then tells is the test)."""
    for move in BOS_MOVES:
        api.act(game_id, token, move, api.get(game_id)["version"])


def test_after_bos_turn_the_move_list_names_each_of_his_actions_as_the_table_names_his_units(page, server, api):
    game_id, tokens = create(api, "others-lines-xi", BOS_ATTACK)
    before = api.get(game_id)["version"]
    bo_plays_his_turn(api, game_id, tokens[1])
    open_seat(page, server, game_id, tokens[0])
    expect(page.locator("#moves")).to_contain_text("bo ends the turn")
    shown = page.locator("#moves").inner_text()
    for line in ("bo pays 2T and plays Flame Lick on Cinder Hound",
                 "Flame Lick deals 2 ember damage to Cinder Hound: life 4 to 2",
                 "Snow Beast (2) skirmishes Cinder Hound", "Cinder Hound is destroyed",
                 "Snow Beast (1) skirmishes ana", "Snow Beast (1) deals 4 aqua damage to ana: life 40 to 36"):
        assert line in shown, f"not in the move list: {line}"
    steps = api.get(game_id, f"/replay?after={before}&limit=500", token=tokens[0])["steps"]
    for step in steps:
        if step["type"] not in EVENTS.bookkeeping:
            assert step["description"] in shown, f"hidden by a fold: {step['description']}"
    assert not IDS.search(shown), IDS.search(shown)
    for number in (1, 2):  # the table numbers them as the lines do
        expect(page.get_by_role("group", name=re.compile(rf"^bo's Snow Beast \({number}\): "))).to_have_count(1)
