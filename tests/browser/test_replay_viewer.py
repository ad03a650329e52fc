"""Watching a finished game in the viewer: the steps, the controls, the keyboard, the address."""

from __future__ import annotations

import pytest

from tests.browser.table_page import chi_table, chi_table_from_api, step_on_show, wait_for_step

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


@pytest.fixture(scope="module")
def finished(server):
    """A whole game between the two Chi bots, over before the page opens."""
    from tests.browser.conftest import Api

    api = Api(server)
    created = api.create([{"bot": "greedy"}, {"bot": "random"}], seed="viewer-replay")
    game = api.get(created["id"])
    assert game["status"] == "finished"
    return {"id": created["id"], "last": game["version"], "api": api}


def open_at(page, server, game_id, step=None):
    page.goto(f"{server}/games/{game_id}" + (f"?step={step}" if step else ""))
    page.wait_for_selector("#viewer[data-ready='true']")


def test_each_step_shows_the_table_the_api_gives_for_it(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    for step in (1, 7, 8, finished["last"] // 2, finished["last"]):
        open_at(page, server, game_id, step)
        assert step_on_show(page) == step
        assert chi_table(page) == chi_table_from_api(api.get(game_id, f"/replay/{step}"))


def test_the_buttons_step_back_and_forth_and_the_address_follows(page, server, finished):
    api, game_id, last = finished["api"], finished["id"], finished["last"]
    open_at(page, server, game_id, 10)
    page.click("#forward")
    wait_for_step(page, 11)
    assert page.url.endswith(f"/games/{game_id}?step=11")
    assert chi_table(page) == chi_table_from_api(api.get(game_id, "/replay/11"))
    page.click("#back")
    page.click("#back")
    wait_for_step(page, 9)
    page.click("#first")
    wait_for_step(page, 1)
    assert page.is_disabled("#back") and page.is_disabled("#first")
    assert page.locator("#description").inner_text().startswith("A game of Chi is created")
    page.click("#last")
    wait_for_step(page, last)
    assert page.is_disabled("#forward")
    assert "won" in page.locator("#status").inner_text()


def test_the_arrow_keys_home_and_end_move_through_the_steps(page, server, finished):
    api, game_id, last = finished["api"], finished["id"], finished["last"]
    open_at(page, server, game_id, 20)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_for_step(page, 23)
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, 22)
    assert chi_table(page) == chi_table_from_api(api.get(game_id, "/replay/22"))
    page.keyboard.press("End")
    wait_for_step(page, last)
    page.keyboard.press("Home")
    wait_for_step(page, 1)


def test_the_slider_jumps_to_a_step_and_a_link_to_it_opens_there(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    open_at(page, server, game_id, 1)
    target = finished["last"] - 5
    page.locator("#slider").evaluate("(slider, n) => { slider.value = n; slider.dispatchEvent(new Event('input')); }", target)
    wait_for_step(page, target)
    link = page.url
    assert link.endswith(f"?step={target}")
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector("#viewer[data-ready='true']")
    assert step_on_show(other) == target
    assert chi_table(other) == chi_table_from_api(api.get(game_id, f"/replay/{target}"))


def test_play_runs_through_the_steps_by_itself_until_paused(page, server, finished):
    open_at(page, server, finished["id"], 1)
    page.select_option("#speed", "100")
    page.click("#play")
    page.wait_for_function("document.getElementById('viewer').dataset.step >= 6")
    page.click("#play")  # pause
    paused_at = step_on_show(page)
    page.wait_for_timeout(600)
    assert step_on_show(page) == paused_at
    assert 6 <= paused_at < finished["last"]


def test_a_step_highlights_the_card_it_brought_and_lists_the_change(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    replay = api.get(game_id, "/replay")["steps"]
    draw = next(step for step in replay if step["rule"] == "chi.draw.from-row")
    refill = draw["step"] + 1  # the slot is refilled from the deck right after
    step = api.get(game_id, f"/replay/{refill}")
    slot_change = next(change for change in step["explanation"]["changes"] if change["path"].startswith("row["))
    new_card = slot_change["after"]["id"]
    open_at(page, server, game_id, refill)
    assert "changed" in page.locator(f".row [data-card='{new_card}']").get_attribute("class")
    unchanged = [card for card in chi_table(page)["row"] if card and card != new_card]
    assert all("changed" not in page.locator(f".row [data-card='{card}']").get_attribute("class") for card in unchanged)
    assert any(line.startswith("row slot") for line in page.locator("#changes li").all_inner_texts())


def test_a_finished_game_shows_the_outcome_the_seed_and_every_hand(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    open_at(page, server, game_id)
    game = api.get(game_id)
    assert f"Seed: {game['seed']}" in page.locator("#status").inner_text()
    for seat in (0, 1):
        shown = page.locator(f".player[data-seat='{seat}'] .hand [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert shown == [card["id"] for card in game["table"]["hands"][seat]]


def test_an_unknown_game_is_a_page_saying_so(page, server):
    answer = page.goto(f"{server}/games/00000000-0000-0000-0000-000000000000")
    assert answer.status == 404
    assert "No such game" in page.locator("h1").inner_text()


def test_a_steps_decision_and_the_actions_open_then_read_in_words(page, server, finished):
    api, game_id = finished["api"], finished["id"]
    step, decision = next((n, d) for n in range(2, 200)
                          if (d := api.get(game_id, f"/replay/{n}")["explanation"]["decision"])
                          and d.get("action", {}).get("type") == "draw" and d["decided_on_version"] == n - 1
                          and len(d["legal_actions"]) > 1)
    open_at(page, server, game_id, step)
    slot = decision["action"]["slot"]
    chosen = page.locator("#decision .chosen-action")
    # The words of the table it was taken on, once that table is read: the card drawn, by name.
    page.wait_for_function("() => document.querySelector('#decision .chosen-action').textContent.startsWith('Draw the ')")
    assert chosen.inner_text() == f"Draw {chosen.inner_text().removeprefix('Draw ').rsplit(' (slot', 1)[0]} (slot {slot + 1})"
    page.click("#decision details.legal summary")
    items = page.locator("#decision details.legal li")
    assert items.count() == len(decision["legal_actions"])
    texts = items.all_inner_texts()
    assert not any("{" in text or "type:" in text for text in texts), "every open action in the game's words, no JSON"
    assert [text for text in texts if text.endswith("(taken)")] == [f"{chosen.inner_text()} (taken)"]
