"""What the others did, told on the page: after the other side's turn the move list names each of
its actions in words (the building and the row, the card and its target, the points it cost), a
fold hides only bookkeeping (a refill, a turn passing, a shuffle), and a player who comes back
reads "Since your last move" first, each change to their own score with the rule that made it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import test_court, test_xanadu
from tests.browser.court_page import Player
from tests.fixtures.chi_conflict import RED_YIN_AGAINST_A_LONE_RED_YANG

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def move_entries(page) -> list[dict]:
    page.wait_for_selector("#moves button.move")
    return page.locator("#moves button.move").evaluate_all("""bs => bs.map(b => ({
        first: Number(b.dataset.first), last: Number(b.dataset.last), folded: Number(b.dataset.folded || 0),
        text: b.innerText}))""")


def assert_folds_hide_only_bookkeeping(page, steps: dict[int, dict]) -> None:
    """Every step but bookkeeping has its line in its decision's entry; only bookkeeping is folded
    (a decision of bookkeeping alone shows its first line)."""
    for entry in move_entries(page):
        caused = [steps[n] for n in range(entry["first"], entry["last"] + 1)]
        told = [step for step in caused if not step["bookkeeping"]] or caused[:1]
        assert entry["folded"] == len(caused) - len(told), entry
        for step in told:
            assert step["description"] in entry["text"], (step, entry)


def steps_as(api, game_id: str, token: str) -> dict[int, dict]:
    return {step["step"]: step for step in api.get(game_id, "/replay?limit=500", token=token)["steps"]}


def others_lines(steps: dict[int, dict], seat: int) -> list[str]:
    """The lines of every decision not `seat`'s own (a bot's, a rival's), bookkeeping left out."""
    return [step["description"] for step in steps.values()
            if step["decision"] and step["decision"]["seat"] != seat and not step["bookkeeping"]]


def test_xanadu_after_the_bots_turn_the_move_list_says_where_each_worker_went(page, server, api):
    game_id, token = test_xanadu.create(server, api, "others-xanadu")
    test_xanadu.open_seat(page, server, game_id, token)
    test_xanadu.play_turns(page, api, game_id, token, lambda target: target.click(), turns=3)
    steps = steps_as(api, game_id, token)
    bots = others_lines(steps, 0)
    assert bots, "the bot has played"
    for line in bots:  # the move list catches up with the bot's last steps as they stream in
        expect(page.locator("#moves")).to_contain_text(line)
    placed = [line for line in bots if " places " in line]
    assert placed and all(re.search(r"row \d of (ana|builder-bot)'s [A-Z]", line) for line in placed), placed
    assert_folds_hide_only_bookkeeping(page, steps)


def test_the_court_tells_what_each_power_and_the_daemon_princes_took_and_what_it_cost(page, server, api):
    created = test_court.new_game(api, "others-court")
    test_court.open_seat(page, server, created)
    test_court.play(page, api, created, Player(page, "click"), most=25)
    steps = steps_as(api, created["id"], created["tokens"][0]["token"])
    told = [step["description"] for step in steps.values() if step["decision"] and not step["bookkeeping"]]
    for line in told:  # the move list catches up with the rules' last steps as they stream in
        expect(page.locator("#moves")).to_contain_text(line)
    assert any(re.search(r"\(treasury \d+ -> \d+ CP\)", line) for line in told), "a purchase or income, with the treasury"
    assert_folds_hide_only_bookkeeping(page, steps)


def test_chi_a_player_who_comes_back_reads_since_your_last_move_with_the_rule_of_each_change(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="others-chi", scenario=RED_YIN_AGAINST_A_LONE_RED_YANG)
    game_id, (ana, bo) = created["id"], (token["token"] for token in created["tokens"])
    page.goto(f"{server}/games/{game_id}#token={ana}")
    page.wait_for_selector("#actions button.action, #table .playable")
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.locator("#table [data-key='row:0'].playable").click()  # ana draws from the row
    # bo's turn, taken elsewhere (the precondition, not what is tested): he attacks ana's red Yang.
    api.act(game_id, bo, {"type": "attack", "card": "yin-red-1", "target": "yang-red-1"}, api.get(game_id)["version"])

    page.goto(f"{server}/games/{game_id}")  # ana comes back
    panel = page.locator("#since")
    panel.wait_for()
    lines = panel.locator("li").all_inner_texts()
    assert lines[0].startswith("bo attacks ana's red Yang (3) with the red Yin")
    assert any("ana's red Yang (3) is destroyed" in line for line in lines)
    assert any(line.startswith("bo draws a card from the deck") for line in lines), "bo's card is not named to ana"
    score = panel.locator("li.since-change", has_text="Your score: 9 -> 6")
    assert score.count() == 1
    rule = score.locator("button.rule-link")
    section = next(r["section"] for r in api.http.get(f"{server}/api/rules/chi").json()["rules"]
                   if r["id"] == "chi.conflict.resolve")
    assert rule.inner_text() == f"rule: {section}", "the rule in words, never its id"
    assert page.locator("#since").bounding_box()["y"] < page.locator("#table").bounding_box()["y"], "read first"
    page.set_viewport_size({"width": 390, "height": 844})  # and on a phone, without scrolling sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 800})

    steps = steps_as(api, game_id, ana)
    resolved = next(n for n, step in steps.items() if step["type"] == "conflict_resolved")
    rule.click()  # the rule panel shows the step of the change, and its rule
    page.wait_for_selector(f"#viewer[data-settled='{resolved}']")
    assert page.locator("#rule-text").inner_text().startswith("The last to play a card wins")
    changes = page.locator("#changes").inner_text()  # what changed, in sentences
    assert "Your points in play: 6 → 3" in changes and "ana's red Yang (3) is destroyed" in changes

    page.locator("#last").click()  # the newest table marks what changed since ana's last move
    page.wait_for_selector(f"#viewer[data-settled='{api.get(game_id)['version']}']")
    assert page.locator("#table .since-move").count() > 0
    for line in others_lines(steps, 0):
        expect(page.locator("#moves")).to_contain_text(line)
    assert_folds_hide_only_bookkeeping(page, steps)
