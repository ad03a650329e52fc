"""What the page says when the server refuses a move: a stale table (the seat moved from another
device meanwhile), and an action the rules refuse, answered with the rule and its reason."""

from __future__ import annotations

import pytest

from tests.browser.scenarios import NO_TARGET as SCENARIO
from tests.browser.table_page import chi_table, chi_table_from_api, open_seat

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def test_a_move_on_a_table_that_moved_on_meanwhile_is_refused_and_the_page_catches_up(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-stale", scenario=SCENARIO)
    token = created["tokens"][0]["token"]
    open_seat(page, server, created)
    # The page does not hear of the other device's move until its own is sent.
    posted = []
    page.on("request", lambda request: posted.append(request.method) if request.url.endswith("/actions") else None)
    page.route(f"{server}/api/games/{created['id']}",
               lambda route: route.continue_() if "POST" in posted else route.abort())
    game = api.get(created["id"], token=token)
    api.act(created["id"], token, {"type": "draw", "slot": 0}, game["version"])  # from another device

    page.locator("#table [data-key='card:yang-blue-1'].playable").click()
    error = page.locator("#play-error")
    error.wait_for(state="visible")
    assert "moved on" in error.inner_text()
    now = api.get(created["id"])
    page.wait_for_function("v => document.getElementById('viewer').dataset.step === String(v)", arg=now["version"])
    assert chi_table(page) == chi_table_from_api(api.get(created["id"], f"/replay/{now['version']}"))
    assert api.get(created["id"], token=token)["table"]["areas"][0] == [], "the blue Yang was not played"


def test_an_action_the_rules_refuse_is_answered_with_the_rule_and_the_reason(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-refused", scenario=SCENARIO)
    forged = {"type": "play_yang", "card": "yin-blue-1"}

    def with_a_forged_action(route):
        if route.request.method != "GET":
            return route.continue_()
        answer = route.fetch()
        body = answer.json()
        body["actions"].append(forged)
        route.fulfill(response=answer, json=body)

    page.route(f"{server}/api/games/{created['id']}/actions", with_a_forged_action)
    open_seat(page, server, created)
    version = api.get(created["id"])["version"]
    page.locator("#actions button.action", has_text="Play the blue Yin").click()
    error = page.locator("#play-error")
    error.wait_for(state="visible")
    assert error.inner_text() == "Illegal action: card: the blue Yin is not a Yang card (rule chi.yang.play)"
    assert api.get(created["id"])["version"] == version, "the refused move changed nothing"
