"""The move list beside the replay rail: the game as turns and decisions, the decision on show
marked, and moving by decision and by turn with the buttons and the keyboard."""

from __future__ import annotations

import pytest

from tests.browser.table_page import wait_for_step

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.fixture(scope="module")
def finished(server):
    """A whole game between the two Chi bots, over before the page opens, and its list of steps."""
    from tests.browser.conftest import Api

    api = Api(server)
    created = api.create([{"bot": "greedy"}, {"bot": "random"}], seed="viewer-moves")
    steps = api.get(created["id"], "/replay?limit=500")["steps"]
    return {"id": created["id"], "api": api, "steps": steps}


def decisions_of(steps: list[dict]) -> list[list[dict]]:
    """The steps grouped as the API names their decisions (the opening's steps apart)."""
    groups: list[list[dict]] = []
    for step in steps:
        key = step["decision"] and step["decision"]["decided_on"]
        if groups and (groups[-1][0]["decision"] and groups[-1][0]["decision"]["decided_on"]) == key:
            groups[-1].append(step)
        else:
            groups.append([step])
    return groups


def open_at(page, server, game_id, step):
    page.goto(f"{server}/games/{game_id}?step={step}")
    page.wait_for_selector("#viewer[data-ready='true']")
    page.wait_for_selector(f"#moves[data-step='{step}']")


def marked(page) -> dict:
    return page.locator("#moves button.move[aria-current='step']").evaluate(
        "b => ({first: Number(b.dataset.first), last: Number(b.dataset.last), text: b.textContent})")


def test_the_list_shows_turns_and_decisions_and_marks_the_one_on_show(page, server, finished):
    steps = finished["steps"]
    groups = [group for group in decisions_of(steps) if group[0]["decision"]]
    several = next(group for group in groups if len(group) > 1)  # a decision of several events
    middle = several[1]["step"]
    open_at(page, server, finished["id"], middle)
    assert marked(page)["first"] == several[0]["step"] and marked(page)["last"] == several[-1]["step"]
    told = [step for step in several if not step["bookkeeping"]] or several[:1]
    assert marked(page)["text"].startswith(told[0]["description"])
    folded = len(several) - len(told)
    assert (f"and {folded} more step" in marked(page)["text"]) == bool(folded)
    for step in told:  # each step but bookkeeping has its own line
        assert step["description"] in marked(page)["text"]

    turn = next(step for step in steps if step["step"] == several[0]["step"] - 1)["turn"]  # the turn it was taken in
    name = finished["api"].get(finished["id"])["seats"][turn["seat"]]["name"]
    titles = page.locator("#moves .turn-title").all_inner_texts()
    assert titles[0] == "Opening"
    mine = page.locator("#moves li.turn", has=page.locator("button.move[aria-current='step']"))
    assert mine.locator(".turn-title").inner_text() == f"Turn {turn['number']} · {name}"
    entries = page.locator("#moves button.move")
    assert entries.count() == len(decisions_of(steps)), "one entry a decision"

    page.locator("#moves button.move").nth(5).click()  # an entry shows the table after its decision
    expected = int(entries.nth(5).get_attribute("data-last"))
    wait_for_step(page, expected)
    assert marked(page)["last"] == expected


def test_the_buttons_and_keys_move_by_decision_and_by_turn(page, server, finished):
    steps = finished["steps"]
    ends = [group[-1]["step"] for group in decisions_of(steps) if group[0]["decision"]]
    start = ends[10]
    open_at(page, server, finished["id"], start)

    page.click("#next-decision")
    wait_for_step(page, ends[11])
    page.keyboard.press("ArrowDown")
    wait_for_step(page, ends[12])
    page.keyboard.press("ArrowUp")
    wait_for_step(page, ends[11])
    page.click("#previous-decision")
    wait_for_step(page, ends[10])

    by_step = {step["step"]: step for step in steps}
    now = by_step[ends[10]]["turn"]["number"]
    next_turn_starts = min(step["step"] for step in steps if step["turn"]["number"] > now)
    page.click("#next-turn")
    wait_for_step(page, next_turn_starts)
    page.keyboard.press("PageDown")
    after = min(step["step"] for step in steps if step["turn"]["number"] > by_step[next_turn_starts]["turn"]["number"])
    wait_for_step(page, after)
    page.keyboard.press("PageUp")  # at a turn's first step: the start of the turn before
    wait_for_step(page, next_turn_starts)


def test_a_live_games_list_grows_with_each_move(page, server, api):
    created = api.create([{"name": "ana"}, {"bot": "random"}], seed="browser-moves-live")
    token = created["tokens"][0]["token"]
    page.goto(f"{server}/games/{created['id']}")  # a spectator, following the game
    page.wait_for_selector("#viewer[data-ready='true']")
    game = api.get(created["id"], token=token)
    action = api.get(created["id"], "/actions", token=token)["actions"][0]
    api.act(created["id"], token, action, game["version"])
    now = api.get(created["id"])["version"]  # ana's move, and the bot's answer
    page.wait_for_selector(f"#moves[data-step='{now}']")
    assert int(page.locator("#moves button.move").last.get_attribute("data-last")) == now
    assert marked(page)["last"] == now
