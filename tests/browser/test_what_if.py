"""What if… beside a step's decision: asking another legal action of it, reading the answer and its
table, the answers kept on the step's record, a refusal, and forking the game there to play on."""

from __future__ import annotations

import json

import pytest
import requests

from tests.browser.scenarios import NO_TARGET

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.fixture(scope="module")
def finished(server):
    """A whole game between the two Chi bots, over before the page opens."""
    from tests.browser.conftest import Api

    api = Api(server)
    created = api.create([{"bot": "greedy"}, {"bot": "random"}], seed="viewer-what-if")
    assert api.get(created["id"])["status"] == "finished"
    return {"id": created["id"], "api": api}


def decision_with_choice(api, game_id: str, first: int = 2, wanted=None) -> dict:
    """The first decision from step `first` on with another legal action that the rules answer with
    events: its explanation, and that other action."""
    for step in range(first, 200):
        decision = api.get(game_id, f"/replay/{step}")["explanation"]["decision"]
        if not decision or not decision.get("action") or decision["decided_on_version"] != step - 1:
            continue
        if wanted is not None and decision["seat"] != wanted:
            continue
        others = [action for action in decision["legal_actions"] if action != decision["action"]]
        if others:
            return {"decision": decision, "shown": step, "other": others[0]}
    raise AssertionError("no decision with a choice")


def open_what_if(page, server, game_id, step, token=None) -> None:
    """The viewer at `step` of the game (as the token's seat, or as a spectator), its what-if open."""
    page.goto(f"{server}/games/{game_id}?step={step}" + (f"#token={token}" if token else ""))
    page.wait_for_selector("#viewer[data-ready='true']")
    page.click("#what-if summary")
    page.wait_for_selector("#what-if[data-ready='true']")


def offered(page) -> list[dict]:
    return page.locator("#what-if-action option").evaluate_all(
        "os => os.map(o => ({action: JSON.parse(o.dataset.action), taken: o.dataset.taken === 'true', text: o.textContent}))")


def choose(page, action: dict) -> None:
    index = next(i for i, option in enumerate(offered(page)) if option["action"] == action)
    page.select_option("#what-if-action", index=index)


def ask(page, action: dict) -> None:
    """`action` chosen in the what-if and asked about with a click."""
    choose(page, action)
    page.click("#what-if-ask")


def test_another_legal_action_is_asked_and_its_events_and_table_are_shown(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    found = decision_with_choice(api, game_id)
    decision, other = found["decision"], found["other"]
    open_what_if(page, server, game_id, found["shown"])

    options = offered(page)
    assert [option["action"] for option in options] == decision["legal_actions"], "the decision's legal actions, no other"
    assert [option["action"] for option in options if option["taken"]] == [decision["action"]]
    assert next(option["text"] for option in options if option["taken"]).endswith("(taken)")
    assert not any("{" in option["text"] for option in options), "each action in words"

    choose(page, other)
    page.focus("#what-if-ask")  # pressed from the keyboard
    page.keyboard.press("Enter")
    page.wait_for_selector("#what-if-events li")

    told = requests.post(f"{server}/api/games/{game_id}/what-if", json={"step": decision["decided_on_version"], "action": other}).json()
    assert told["number"] == 1, "the page's question is the one on record: asked again, the same answer"
    assert page.locator("#what-if-events li").all_inner_texts() == [event["description"] for event in told["events"]]
    assert "the action taken" in page.locator(".what-if-question").inner_text()
    assert page.locator("#what-if-table .chi-table").count() == 1, "the table after it, by the game's own script"
    assert page.locator("#what-if-table [data-key]").count() == 0, "nothing to click on a table that never was"
    after = told["table"]
    shown_row = page.locator("#what-if-table .row .slot").evaluate_all(
        "slots => slots.map(s => s.querySelector('[data-card]')?.dataset.card ?? null)")
    assert shown_row == [card["id"] if card else None for card in after["row"]]
    assert page.locator("#what-ifs li").count() == 1, "the answer joins the step's record at once"


def test_asked_what_ifs_stay_on_the_steps_record_and_a_refusal_shows_its_rule(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    found = decision_with_choice(api, game_id, first=20)
    decision, other = found["decision"], found["other"]
    url = f"{server}/api/games/{game_id}/what-if"
    step = decision["decided_on_version"]
    open_what_if(page, server, game_id, found["shown"])
    ask(page, other)
    page.wait_for_selector("#what-if-answer:not([hidden])")
    refused = requests.post(url, json={"step": step, "action": {"type": "fly"}}).json()
    assert refused["legal"] is False

    page.reload()
    page.wait_for_selector("#viewer[data-ready='true']")
    lines = page.locator("#what-ifs li")
    lines.nth(1).wait_for()
    assert lines.count() == 2
    assert "legal" in lines.nth(0).inner_text() and "{" not in lines.nth(0).inner_text().split("—")[0]
    assert f"refused by {refused['refused']['rule']['id']}" in lines.nth(1).inner_text()
    assert page.locator("#what-if-answer").is_hidden()

    lines.nth(1).locator("button.show-what-if").click()
    shown = page.locator("#what-if-refused")
    assert refused["refused"]["reason"] in shown.inner_text()
    assert refused["refused"]["rule"]["id"] in shown.inner_text()
    assert page.locator("#what-if-table").count() == 0

    page.click("#forward")  # another decision: its own record, and the answer goes
    page.wait_for_function("n => document.getElementById('viewer').dataset.step === String(n)", arg=found["shown"] + 1)
    later = api.get(game_id, f"/replay/{found['shown'] + 1}")["explanation"]["decision"]
    if later["decided_on_version"] != step:
        assert page.locator("#what-if-answer").is_hidden()


def test_a_refused_request_is_said_in_words(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    found = decision_with_choice(api, game_id, first=30)
    open_what_if(page, server, game_id, found["shown"])
    problem = {"type": "about:blank", "title": "Too many what-ifs", "status": 400, "detail": "the record holds no more"}
    page.route("**/what-if", lambda route: route.fulfill(status=400, content_type="application/problem+json", body=json.dumps(problem)))
    page.click("#what-if-ask")
    error = page.locator("#what-if-error")
    error.wait_for()
    assert "the record holds no more" in error.inner_text() and error.get_attribute("role") == "alert"


def test_fork_here_opens_the_sandbox_where_the_seat_plays_the_other_action(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "greedy"}], seed="viewer-what-if-fork")
    game_id, token = created["id"], created["tokens"][0]["token"]
    for _ in range(6):  # ana makes a few moves, then resigns: the game is over
        game = api.get(game_id, token=token)
        if game["to_act"] and game["to_act"]["seat"] == 0:
            action = api.get(game_id, "/actions", token=token)["actions"][0]
            api.act(game_id, token, action, game["version"])
    api.act(game_id, token, {"type": "resign"}, api.get(game_id)["version"])
    assert api.get(game_id)["status"] == "finished"
    found = decision_with_choice(api, game_id, wanted=0)
    other = found["other"]

    open_what_if(page, server, game_id, found["shown"])
    ask(page, other)
    page.click("#what-if-fork")
    page.wait_for_url(lambda url: game_id not in url and "/games/" in url)
    page.wait_for_selector("#viewer[data-ready='true']")
    assert not page.locator("#sandbox").is_hidden()
    assert "You hold ana's seat" in page.locator("#seat").inner_text()
    page.wait_for_selector("#actions button.action")
    fork_id = page.locator("#viewer").get_attribute("data-game-id")
    actions = [json.loads(raw) for raw in page.locator("#actions button.action").evaluate_all("bs => bs.map(b => b.dataset.action)")]
    assert other in actions, "the other action is open to the seat in the fork"
    version = int(page.locator("#viewer").get_attribute("data-version"))
    page.locator("#actions button.action").nth(actions.index(other)).click()
    page.wait_for_function("v => Number(document.getElementById('viewer').dataset.version) > v", arg=version)
    seat_token = page.evaluate("id => localStorage.getItem(`chronicle:token:${id}`)", fork_id)
    fork_replay = api.get(fork_id, f"/replay/{version + 1}", token=seat_token)
    assert fork_replay["explanation"]["decision"]["action"] == other


def test_in_a_running_game_a_seat_asks_about_its_own_decision_and_a_spectator_is_told_it_is_hidden(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="viewer-what-if-running", scenario=NO_TARGET)
    game_id, token = created["id"], created["tokens"][0]["token"]
    version = api.get(game_id)["version"]
    played = {"type": "play_yang", "card": "yang-blue-1"}
    assert played in api.get(game_id, "/actions", token=token)["actions"]
    api.act(game_id, token, played, version)

    open_what_if(page, server, game_id, version + 1, token=token)
    assert [option["action"] for option in offered(page) if option["taken"]] == [played]
    draw = next(option["action"] for option in offered(page) if option["action"]["type"] == "draw")
    ask(page, draw)
    page.wait_for_selector("#what-if-withheld")
    assert "hidden" in page.locator("#what-if-withheld").inner_text()
    assert page.locator("#what-if-fork").count() == 0, "a running game is forked once it is over"
    assert page.locator("#what-if-table").count() == 0

    spectator = page.context.browser.new_context().new_page()
    spectator.goto(f"{server}/games/{game_id}?step={version + 1}")
    spectator.wait_for_selector("#viewer[data-ready='true']")
    assert spectator.locator("#what-if").count() == 0
    assert "shown to its seat" in spectator.locator("#decision").inner_text()
    assert spectator.locator("#what-ifs").count() == 0, "a seat's what-ifs are its own until the end"
    spectator.context.close()
