"""A seat's legal actions wanted twice at one version (the stream's news of the rival's move, then
the player pressing End, or a move's own catch-up): a card the player chooses meanwhile stays
chosen, and its attack is taken.

The answers of GET /actions are held back here, so that the second ask is made while the first is
on its way, as on a busy machine; a late answer once undid the choice, and the click on the
attacked card then did nothing.
"""

from __future__ import annotations

import pytest

from tests.browser.scenarios import ATTACK

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# bo to play first: ana's decision, with her red Yin, comes once he has drawn.
BO_FIRST = {**ATTACK, "to_play": 1}


def settled_again(page, release) -> None:
    """Let `release` answer, and wait until the page has drawn what it brings."""
    page.evaluate("delete document.getElementById('viewer').dataset.settled")
    release()
    page.wait_for_selector("#viewer[data-settled]", state="attached")


def test_a_yin_chosen_while_the_actions_are_asked_again_stays_chosen_and_attacks(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-asked-twice", scenario=BO_FIRST)
    game_id, ana, bo = created["id"], created["tokens"][0]["token"], created["tokens"][1]["token"]
    page.goto(f"{server}/games/{game_id}#token={ana}")
    page.wait_for_selector("#viewer[data-settled]", state="attached")
    assert "bo to decide" in page.locator("#status").inner_text()

    held = []
    holding = [True]

    def actions(route):
        if route.request.method == "GET" and holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route(f"{server}/api/games/{game_id}/actions", actions)
    before = api.get(game_id, token=bo)
    with page.expect_request(f"{server}/api/games/{game_id}/actions"):
        api.act(game_id, bo, {"type": "draw", "slot": 0}, before["version"])  # the stream tells the page
    assert api.get(game_id)["to_act"]["seat"] == 0
    page.keyboard.press("End")  # the last step again: the actions are wanted once more
    page.evaluate("0")  # the key's handling is done

    settled_again(page, held.pop(0).continue_)
    yin = page.locator("#table [data-key='card:yin-red-2']")
    page.locator("#table [data-key='card:yin-red-2'].playable").click()
    assert "chosen" in yin.get_attribute("class").split()
    holding[0] = False
    while held:  # whatever the page is still waiting for arrives after the choice
        settled_again(page, held.pop(0).continue_)

    assert "chosen" in yin.get_attribute("class").split(), "the Yin stays chosen"
    assert page.locator("#actions button.action").all_inner_texts() == ["Attack the red Yang (3) with the red Yin"]
    version = api.get(game_id)["version"]
    page.locator("#table [data-key='card:yang-red-1'].playable").click()
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)
    assert "ana attacks bo's red Yang (3) with the red Yin" in page.locator(".conflict").inner_text()
