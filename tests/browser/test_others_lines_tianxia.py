"""Tianxia: after Li Mu's turn, and after the nomads' attack, the move list tells each of his
actions and each change of prestige in words (the region, the track, the building, the barge, the
battle and what it cost whom), and a fold hides only bookkeeping."""

from __future__ import annotations

import re

import pytest

from domain.tianxia.board import BOARD
from domain.tianxia.table_lines import BOOKKEEPING
from tests.browser.test_tianxia import create, open_seat, play_decision

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

REGIONS = [region.name for region in BOARD.regions.values()]
INTERNALS = re.compile(r"\bseat \d|tianxia\.|\b[a-z]+-\d\b|\b[a-z]+-barge\b|\b[a-z]+_[a-z_]+\b|normal-\d")


def moves_text(page) -> str:
    """What the move list shows, as a person reads it (no tooltip)."""
    return page.locator("#moves").inner_text()


def told(steps: list[dict]) -> list[dict]:
    """The steps a fold may never hide: all but bookkeeping."""
    return [step for step in steps if step["type"] not in BOOKKEEPING]


def test_li_mus_turn_reads_in_the_move_list_action_by_action_in_words(page, server, api):
    game_id, token = create(api, "others-lines-li-mu")
    open_seat(page, server, game_id, token, api)
    while (api.get(game_id, token=token)["table"]["rival"] or {}).get("turn", 0) == 0:
        play_decision(page, api, game_id, token)
    steps = api.get(game_id, "/replay?limit=500", token=token)["steps"]
    his = [step for step in steps if (step["decision"] or {}).get("rules") == "li-mu"]  # the turn the rules played
    assert his and his[0]["type"] == "rival_card_chosen", "Li Mu's turn, as the rules played it"
    titles = page.locator("#moves .turn-title").all_inner_texts()
    assert any(title.endswith("· Li Mu") for title in titles), titles
    shown = moves_text(page)
    for step in told(his):
        assert step["description"] in shown, f"hidden by a fold: {step['description']}"
    assert any(region in step["description"] for step in his for region in REGIONS), "where he went, by name"
    assert re.search(r"Li Mu rolls \d and resolves card S\d+A?", shown)
    assert not INTERNALS.search(shown), INTERNALS.search(shown)
