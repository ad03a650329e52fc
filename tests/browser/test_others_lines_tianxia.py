"""Tianxia: after Li Mu's turn, and after the nomads' attack, the move list tells each of his
actions and each change of prestige in words (the region, the track, the building, the barge, the
battle and what it cost whom), and a fold hides only bookkeeping."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from domain.tianxia.board.loader import BOARD
from domain.tianxia.events import EVENTS
from tests.browser.test_tianxia import create, open_seat, play_decision

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

REGIONS = [region.name for region in BOARD.regions.values()]
INTERNALS = re.compile(r"\bseat \d|tianxia\.|\b[a-z]+-\d\b|\b[a-z]+-barge\b|\b[a-z]+_[a-z_]+\b|normal-\d")


def moves_text(page, last: str) -> str:
    """What the move list shows, as a person reads it (no tooltip), once it shows `last`."""
    expect(page.locator("#moves")).to_contain_text(last)
    return page.locator("#moves").inner_text()


def told(steps: list[dict]) -> list[dict]:
    """The steps a fold may never hide: all but bookkeeping."""
    return [step for step in steps if step["type"] not in EVENTS.bookkeeping]


def test_li_mus_turn_reads_in_the_move_list_action_by_action_in_words(page, server, api):
    game_id, token = create(api, "others-lines-li-mu")
    open_seat(page, server, game_id, token, api)
    while (api.get(game_id, token=token)["table"]["rival"] or {}).get("turn", 0) == 0:
        play_decision(page, api, game_id, token)
    steps = api.get(game_id, "/replay?limit=500", token=token)["steps"]
    his = [step for step in steps if (step["decision"] or {}).get("rules") == "li-mu"]  # the turn the rules played
    assert his and his[0]["type"] == "rival_card_chosen", "Li Mu's turn, as the rules played it"
    shown = moves_text(page, told(his)[-1]["description"])
    titles = page.locator("#moves .turn-title").all_inner_texts()
    assert any(title.endswith("· Li Mu") for title in titles), titles
    for step in told(his):
        assert step["description"] in shown, f"hidden by a fold: {step['description']}"
    assert any(region in step["description"] for step in his for region in REGIONS), "where he went, by name"
    assert re.search(r"Li Mu rolls \d and resolves card S\d+A?", shown)
    assert not INTERNALS.search(shown), INTERNALS.search(shown)
    open_seat(page, server, game_id, token, api)  # ana comes back: she reads his turn first
    since = page.locator("#since")
    since.wait_for()
    for step in told(his):
        assert step["description"] in since.inner_text(), f"not in Since your last move: {step['description']}"


GOODS_NONE = {"coins": 0, "wood": 0, "stone": 0, "rice": 0, "silk": 0, "salt": 0, "bronze": 0}
# Round 1, Li Mu has passed, his governor in Qin's first building; the Yuezhi, strength 12, at the
# wall of Longxi that nobody defends; ana has no coin. When she passes, the attack follows.
NOMADS_AT_THE_WALL = {"round": 1, "rival": {"passed": True}, "seats": [{"prestige": 10, "goods": GOODS_NONE}],
                      "nomads": {"yuezhi": {"strength": 12, "distance": 0}}, "sites": {"qin-1": {"governors": [1, None]}},
                      "rolls": [3]}


def take(page, api, game_id: str, token: str, kind: str) -> None:
    """Click the first button of the decision bar that takes an action of this kind."""
    offered = page.locator("#actions button.action").evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.action).type)")
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.locator("#actions button.action").nth(offered.index(kind)).click()
    page.wait_for_function("v => document.getElementById('viewer').dataset.settled === String(v)",
                           arg=api.get(game_id)["version"])


def test_the_nomads_attack_tells_each_loss_of_prestige_with_its_reason_and_no_fold_hides_one(page, server, api):
    answer = api.http.post(f"{api.base}/api/games", json={"game": "tianxia", "seats": [{"name": "ana"}], "seed": "nomads",
                                                          "options": {"difficulty": "normal"}, "scenario": NOMADS_AT_THE_WALL})
    assert answer.status_code == 201, answer.text
    game_id, token = answer.json()["id"], answer.json()["tokens"][0]["token"]
    open_seat(page, server, game_id, token, api)
    before = api.get(game_id)["version"]
    take(page, api, game_id, token, "pass")
    take(page, api, game_id, token, "tile")
    take(page, api, game_id, token, "end")
    steps = api.get(game_id, f"/replay?after={before}&limit=500", token=token)["steps"]
    assert "prestige_lost" in [step["type"] for step in steps], "the attack cost ana prestige"
    shown = moves_text(page, told(steps)[-1]["description"])
    for step in told(steps):
        assert step["description"] in shown, f"hidden by a fold: {step['description']}"
    assert "Yuezhi attacks Longxi with strength 12: nobody defends" in shown
    assert re.search(r"The nomads raid the [A-Z][\w' ]+ in Qin; Li Mu's governor goes home", shown)
    raided = re.search(r"ana loses 3 prestige \(prestige (\d+) to (\d+)\): Li Mu's governor was raided in the [A-Z]", shown)
    assert raided and int(raided.group(1)) - int(raided.group(2)) == 3
    assert re.search(rf"ana has no coins to pay for the \d+ strength left\nana loses {raided.group(2)} prestige "
                     rf"\(prestige {raided.group(2)} to 0\): \d+ strength left past the last building", shown)
    assert "Li Mu wins (the player reached 0 prestige)" in shown
    assert not INTERNALS.search(shown), INTERNALS.search(shown)
