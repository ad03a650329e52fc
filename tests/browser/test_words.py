"""Everything a step tells is in words: what changed, the decision and the actions that were open,
for every game's table, never JSON."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

GAMES = {"chi": [{"bot": "greedy"}, {"bot": "random"}], "court": [{"bot": "autoplayer"}],
         "xanadu": [{"bot": "builder"}, {"bot": "random"}], "xi": [{"bot": "random"}, {"bot": "random"}],
         "tianxia": [{"bot": "random"}, {"bot": "random"}]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_games_steps_say_what_changed_and_what_was_decided_in_words(page, server, api, game):
    created = api.http.post(f"{server}/api/games", json={"game": game, "seats": GAMES[game], "seed": f"words-{game}"}).json()
    last = api.get(created["id"])["version"]
    told = []
    for step in range(2, last + 1, max(1, last // 25)):  # some 25 steps spread over the game
        page.goto(f"{server}/games/{created['id']}?step={step}")
        page.wait_for_selector(f"#viewer[data-settled='{step}']")
        page.wait_for_function("() => !document.querySelector('#decision .chosen-action')"
                               " || document.querySelector('#decision .chosen-action').textContent")
        told += page.locator("#changes li, #description, #decision p, #decision li").all_text_contents()
    assert told
    raw = [line for line in told if any(mark in line for mark in ("{", "}", "[", "]", '":'))]
    assert raw == [], "shown as JSON:\n" + "\n".join(raw)
