"""Playing in the viewer with a seat's token: starting a game from the list, clicking cards and
buttons for the legal actions, and a live game updating by itself."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.scenarios import ATTACK, NO_TARGET
from tests.browser.table_page import chi_table, chi_table_from_api, open_seat
from tests.paging import every_page

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

PREFERENCE = ("play_yang", "attack", "chi", "discard", "draw", "pass")
MOST_DECISIONS = 400


def clicks_for(action: dict) -> list[str]:
    """The cards a player clicks for an action, as the Chi table names them (none: its button)."""
    if action["type"] == "draw":
        return [f"row:{action['slot']}"]
    if action["type"] == "attack":
        return [f"card:{action['card']}", f"card:{action['target']}"]
    if action["type"] == "pass":
        return []
    return [f"card:{action['card']}"]


def wait_for_my_decision_or_the_end(page, after_version: int) -> bool:
    """Wait until the page has moved past `after_version` and is settled (its last step drawn, no
    other on its way): True when it is the seat's decision again (its actions drawn), False when
    the game is over. On a timeout, says what the page shows instead."""
    try:
        page.wait_for_function(
            """v => { const root = document.getElementById('viewer');
                      if (Number(root.dataset.version) <= v || root.dataset.settled !== root.dataset.version) return false;
                      if (document.getElementById('status').dataset.status === 'finished') return true;
                      return document.getElementById('actions').dataset.version === root.dataset.version
                          && document.querySelectorAll('#actions button.action').length > 0; }""",
            arg=after_version,
        )
    except PlaywrightTimeout:
        shown = page.evaluate("""() => { const root = document.getElementById('viewer');
            return `version ${root.dataset.version}, settled at ${root.dataset.settled}, actions of `
                + `${document.getElementById('actions').dataset.version}: "${document.getElementById('status').innerText}" `
                + `"${document.getElementById('play-hint').innerText}" "${document.getElementById('play-error').innerText}"`; }""")
        raise AssertionError(f"the page never moved past version {after_version} to a decision or the end: {shown}") from None
    return page.locator("#status").get_attribute("data-status") != "finished"


def legal_on_page(page) -> list[dict]:
    return [json.loads(raw) for raw in page.locator("#actions button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")]


def take(page, action: dict) -> None:
    """Take `action` the way a player does: click its cards in turn, or its button."""
    keys = clicks_for(action)
    if not keys:
        page.locator("#actions button.action", has_text="Pass").click()
        return
    for key in keys:
        page.locator(f"#table [data-key='{key}'].playable").click()


def test_a_whole_game_against_a_bot_is_started_from_the_list_and_played_by_clicking(page, server, api):
    page.goto(server + "/")
    page.fill("#name", "ana")
    page.select_option("#bot", "greedy")
    page.fill("#bots", "1")
    page.fill("#seed", "browser-whole-game")
    page.click("#start")
    page.wait_for_selector("#viewer[data-ready='true']")
    assert "#token" not in page.url, "the seat's token stays out of the address bar"
    assert "You hold ana's seat" in page.locator("#seat").inner_text()
    game_id = page.locator("#viewer").get_attribute("data-game-id")

    version = 0
    made = []
    while wait_for_my_decision_or_the_end(page, version):
        assert len(made) < MOST_DECISIONS, "the game should have ended by now"
        version = int(page.locator("#viewer").get_attribute("data-version"))
        legal = legal_on_page(page)
        action = min(legal, key=lambda a: PREFERENCE.index(a["type"]))
        take(page, action)
        made.append(action)

    game = api.get(game_id)
    assert game["status"] == "finished"
    assert "Finished" in page.locator("#status").inner_text()
    # Every decision of ana's in the log is one the page made, in order.
    _, events = every_page(lambda link: api.http.get(api.base + link).json(), f"/api/games/{game_id}/events", "events")
    decisions = []
    for event in events:
        cause = event.get("cause") or {}
        if cause.get("seat") == 0 and "actor" not in cause and (not decisions or decisions[-1][0] != cause["rng"]):
            decisions.append((cause["rng"], cause["action"]))
    assert [action for _, action in decisions] == made
    assert {action["type"] for action in made} >= {"draw", "play_yang"}


def test_a_card_with_no_legal_use_cannot_be_played_and_a_legal_one_can(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-no-target", scenario=NO_TARGET)
    open_seat(page, server, created)
    version = api.get(created["id"])["version"]
    yin = page.locator("#table [data-key='card:yin-blue-1']")
    assert "playable" not in yin.get_attribute("class")
    yin.click()
    page.wait_for_timeout(300)
    assert api.get(created["id"])["version"] == version, "clicking a Yin with nothing to attack changes nothing"
    assert "chosen" not in yin.get_attribute("class")

    page.locator("#table [data-key='card:yang-blue-1'].playable").click()
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)
    game = api.get(created["id"], token=created["tokens"][0]["token"])
    assert [card["id"] for stack in game["table"]["areas"][0] for card in stack] == ["yang-blue-1"]
    assert "bo to decide" in page.locator("#status").inner_text()
    assert page.locator("#actions button.action").count() == 0


def test_an_attack_is_the_yin_then_the_yang_it_attacks_and_a_stacked_pair_is_not_offered(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-attack", scenario=ATTACK)
    open_seat(page, server, created)
    version = api.get(created["id"])["version"]
    page.locator("#table [data-key='card:yin-red-2'].playable").click()
    target = page.locator("#table [data-key='card:yang-red-1']")
    assert "playable" in target.get_attribute("class")
    assert "chosen" in page.locator("#table [data-key='card:yin-red-2']").get_attribute("class")
    for stacked in ("yang-orange-1", "yang-orange-2"):
        assert "playable" not in page.locator(f"#table [data-key='card:{stacked}']").get_attribute("class")
    assert page.locator("#actions button.action").all_inner_texts() == ["Attack the red Yang (3) with the red Yin"]
    target.click()
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)
    assert "bo to decide" in page.locator("#status").inner_text()
    assert "ana attacks bo's red Yang (3) with the red Yin" in page.locator(".conflict").inner_text()


def test_a_live_game_shows_each_new_move_without_reloading(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "random"}], seed="browser-live")
    token = created["tokens"][0]["token"]
    page.goto(f"{server}/games/{created['id']}")  # a spectator
    page.wait_for_selector("#viewer[data-ready='true']")
    assert page.locator("#live").is_visible()
    page.evaluate("window.stillTheSamePage = true")
    game = api.get(created["id"], token=token)
    if game["to_act"]["seat"] != 0:
        pytest.fail("the bot moves within the creating request; ana should be to act")
    action = api.get(created["id"], "/actions", token=token)["actions"][0]
    api.act(created["id"], token, action, game["version"])
    now = api.get(created["id"])["version"]  # ana's move, and the bot's answer to it
    assert now > game["version"]
    page.wait_for_function("v => document.getElementById('viewer').dataset.step === String(v)", arg=now)
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.url.endswith(f"?step={now}")
    assert chi_table(page) == chi_table_from_api(api.get(created["id"], f"/replay/{now}"))
    assert page.locator(".player[data-seat='0'] .hand [data-card]").count() == 0, "a spectator sees no hand"


def test_a_token_of_no_seat_of_the_game_is_dropped_and_the_page_watches(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "random"}], seed="browser-wrong-token")
    page.goto(f"{server}/games/{created['id']}#token=not-a-seat-of-this-game")
    page.wait_for_selector("#viewer[data-ready='true']")
    assert "holds no seat" in page.locator("#seat").inner_text()
    assert page.locator("#play-panel").is_hidden()


def test_a_seat_resigns_from_the_page_after_saying_yes_and_the_other_player_wins(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-resign", scenario=NO_TARGET)
    open_seat(page, server, created)
    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    page.click("#open-actions button:has-text('Resign')")
    page.wait_for_timeout(300)
    assert questions and api.get(created["id"])["status"] == "running", "saying no changes nothing"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#open-actions button:has-text('Resign')")
    page.wait_for_selector("#status[data-status='finished']")
    assert "bo won" in page.locator("#status").inner_text()
    assert api.get(created["id"])["outcome"]["winners"] == [1]


def test_a_past_step_cannot_be_played_on_and_the_last_step_offers_the_actions_again(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-back", scenario=NO_TARGET)
    open_seat(page, server, created)
    offered = page.locator("#actions button.action").count()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#to-last")
    assert page.locator("#table .playable").count() == 0
    page.click("#to-last")
    page.wait_for_function("n => document.querySelectorAll('#actions button.action').length === n", arg=offered)
    assert page.locator("#table [data-key='card:yang-blue-1']").get_attribute("class").split().count("playable") == 1


def test_a_game_with_a_clock_shows_when_the_decision_is_due(page, server, api):
    answer = api.http.post(f"{server}/api/games", json={"game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}],
                                                        "seed": "browser-clock", "scenario": NO_TARGET,
                                                        "clock": {"per_decision": "PT6H"}})
    created = answer.json()
    open_seat(page, server, created)
    deadline = page.locator("#deadline")
    assert deadline.get_attribute("data-deadline") == api.get(created["id"])["deadline"]
    text = deadline.inner_text()
    assert text.startswith("Due ") and ("(in 5 h 59 min)" in text or "(in 6 h)" in text), text
    assert text.endswith("then the seat forfeits.")


def test_a_yang_played_by_mistake_is_taken_back_from_the_page(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-takeback", scenario=NO_TARGET)
    open_seat(page, server, created)
    version = api.get(created["id"])["version"]
    page.locator("#table [data-key='card:yang-blue-1'].playable").click()
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=version)
    played = api.get(created["id"])["version"]
    page.click("#open-actions button:has-text('Take back your last move')")
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.settled) > v", arg=played)
    assert page.locator("#description").inner_text().startswith("ana takes back their last decision")
    assert page.locator(".player[data-seat='0'] .hand [data-card='yang-blue-1']").count() == 1
    assert page.locator("#actions button.action").count() > 0, "ana's decision again"


def test_a_seat_plays_its_turns_from_the_keyboard_alone_the_focus_kept_at_play(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="browser-keyboard")
    open_seat(page, server, created)
    for key in ("Enter", " ", "Enter"):  # each turn: Tab to a highlighted card of the row, Enter (or Space) draws it
        version = int(page.locator("#viewer").get_attribute("data-version"))
        for _ in range(80):
            page.keyboard.press("Tab")
            focused = page.evaluate("(() => { const e = document.activeElement; "
                                    "return e && e.matches('#table .playable') ? e.dataset.key : null; })()")
            if focused and focused.startswith("row:"):
                break
        else:
            raise AssertionError("no highlighted card of the row could be reached with Tab")
        assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
        name = page.evaluate("document.activeElement.querySelector('.visually-hidden').textContent")
        assert name.startswith(("the ", "a Chi")), name  # "the red Yang (3)": the card's name, read out
        page.keyboard.press(key)
        assert wait_for_my_decision_or_the_end(page, version)
        assert page.evaluate("document.activeElement.closest('#table, #actions') !== null"), \
            "after the move the focus is still at play, not back at the top of the page"
    drawn = [event for event in api.get(created["id"], "/events?limit=500")["events"] if event["type"] == "card_drawn"]
    assert len([event for event in drawn if event["data"].get("seat") == 0]) >= 3
