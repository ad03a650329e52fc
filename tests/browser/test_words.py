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
    page.goto(f"{server}/games/{created['id']}?step=2")
    page.wait_for_selector("#viewer[data-settled='2']")
    for step in range(2, last + 1, max(1, last // 25)):  # some 25 steps spread over the game
        page.locator("#slider").fill(str(step))  # the step slider dragged there, as a reader skims a replay
        page.wait_for_selector(f"#viewer[data-settled='{step}']")
        page.wait_for_function("() => !document.querySelector('#decision .chosen-action')"
                               " || document.querySelector('#decision .chosen-action').textContent")
        told += page.locator("#changes li, #description, #decision p, #decision li").all_text_contents()
    assert told
    raw = [line for line in told if any(mark in line for mark in ("{", "}", "[", "]", '":'))]
    assert raw == [], "shown as JSON:\n" + "\n".join(raw)


# ana (seat 0) to play with two white Yins in hand; bo's white Yang (6) stands alone.
TWO_WHITE_YINS = {
    "hands": [["yin-white-1", "yin-white-2"], ["yin-red-1", "yang-gold-1"]],
    "row": ["yin-grey-1", "yang-orange-2", "chi-3", "yin-purple-1", "yin-black-2", "yang-brown-1"],
    "areas": [[["yang-red-1"]], [["yang-white-1"]]],
    "discard": ["yin-orange-1"],
    "deck": ["yin-pink-1", "chi-4", "chi-1"],
    "to_play": 0,
    "starter": 0,
    "turn": 9,
}


def test_two_actions_of_identical_cards_are_numbered_among_their_like_never_told_by_the_cards_id(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="words-two-yins", scenario=TWO_WHITE_YINS)
    page.goto(f"{server}/games/{created['id']}#token={created['tokens'][0]['token']}")
    page.wait_for_selector("#actions button.action")
    attacks = [text for text in page.locator("#actions button.action").all_inner_texts() if text.startswith("Attack")]
    assert attacks == ["Attack the white Yang (6) with the white Yin (card 1 of 2)",
                       "Attack the white Yang (6) with the white Yin (card 2 of 2)"]


def test_the_step_slider_dragged_before_the_game_has_loaded_breaks_nothing(page, server, api):
    """A reader quicker than the network: the slider is moved while the game is still on its way.
    Nothing happens until it arrives, then the page shows the game (the page fixture fails the test
    on any error the page raises)."""
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="words-early-slider")
    held = []
    # The game's first answer kept back; any later read goes through.
    page.route(f"**/api/games/{created['id']}", lambda route: route.continue_() if held else held.append(route))
    with page.expect_request(f"**/api/games/{created['id']}"):
        page.goto(f"{server}/games/{created['id']}", wait_until="domcontentloaded")
    page.locator("#slider").fill("1")
    page.locator("#forward").click()
    assert page.locator("#viewer[data-ready='true']").count() == 0
    held[0].continue_()
    page.wait_for_selector("#viewer[data-ready='true']")
    assert page.locator("#step-number").text_content() == str(api.get(created["id"])["version"])
