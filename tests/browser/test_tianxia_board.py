"""Tianxia's board played with a mouse and on a phone: a governor space taken by a click in its centre;
the decision bar in view beside the board at 1280x800 and docked at the foot of a 390x844 phone, its
buttons under headings of what they act on; on a phone the map zoomed by its buttons past the
screen's width and by two fingers' pinch, panned by a finger's drag, the page never scrolling
sideways; a Palace track taken by a click anywhere along it."""

from __future__ import annotations

import pytest

from tests.browser.test_screens import phone_page, sideways
from tests.browser.test_tianxia import create, in_view, open_seat, settled, through_the_opening

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

WIDE = {"width": 1280, "height": 800}


def groups_on_page(page) -> dict[str, int]:
    """The decision bar's headings, each with how many buttons stand under it."""
    return dict(page.locator("#actions .action-group").evaluate_all(
        "gs => gs.map(g => [g.querySelector('h3').textContent, g.querySelectorAll('button.action').length])"))


def test_a_click_in_the_centre_of_a_governor_space_installs_a_governor_there(page, server, api):
    page.set_viewport_size(WIDE)
    game_id, token = create(api, "browser-tianxia-governor")
    open_seat(page, server, game_id, token, api)
    through_the_opening(page, api, game_id, token)
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.locator("#table [data-key='region:qin'].playable").click()
    settled(page, api.get(game_id)["version"])
    space = page.locator("#table [data-key='site:qin-2:0']")
    assert "playable" in space.get_attribute("class"), "Qin's second site takes a governor"
    ring = space.locator(".tx-empty").bounding_box()  # the empty space: a dashed ring, nothing inside it
    centre = (ring["x"] + ring["width"] / 2, ring["y"] + ring["height"] / 2)
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.mouse.click(*centre)
    settled(page, api.get(game_id)["version"])
    assert api.get(game_id, token=token)["table"]["sites"]["qin-2"]["governors"][0] == 0, "ana's governor, installed"
    placed = page.locator("#table [data-path='sites.qin-2.governors[0]'] .tx-piece")
    assert placed.get_attribute("data-owner") == "0", "her piece drawn on the space"


def test_at_1280_the_decision_bar_is_in_view_with_its_buttons_grouped_and_stays_while_the_board_scrolls(
        page, server, api):
    page.set_viewport_size(WIDE)
    game_id, token = create(api, "browser-tianxia-bar-wide")
    open_seat(page, server, game_id, token, api)
    through_the_opening(page, api, game_id, token)
    page.evaluate("scrollTo(0, 0)")
    assert in_view(page, "#play-panel"), "the decision bar, on the first screen"
    assert page.evaluate("scrollY") == 0
    groups = groups_on_page(page)
    assert groups["Region actions"] == 8 and groups["The Palace tracks"] == 4 and groups["The river's barges"] == 4
    assert sum(groups.values()) == len(api.get(game_id, "/actions", token=token)["actions"])
    page.locator(".tx-palace").scroll_into_view_if_needed()  # down to the Palace tracks, at the map's foot
    assert page.evaluate("scrollY") > 0 and in_view(page, "#play-panel"), "the bar follows the board"
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.locator("#play-panel").get_by_role("button", name="Put a worker on", exact=False).first.click()
    settled(page, api.get(game_id)["version"])
    assert 0 in sum(api.get(game_id, token=token)["table"]["barges"].values(), []), "ana's worker on a barge"


def test_on_a_phone_the_bar_is_docked_and_the_map_zooms_and_pans_without_sideways_scroll(browser, server, api):
    game_id, token = create(api, "browser-tianxia-bar-phone")
    with phone_page(browser) as phone:
        open_seat(phone, server, game_id, token, api)
        through_the_opening(phone, api, game_id, token)
        phone.evaluate("scrollTo(0, 0)")
        assert in_view(phone, "#play-panel"), "the decision bar, docked on the first screen"
        bar = phone.locator("#play-panel").bounding_box()
        assert bar["y"] + bar["height"] == pytest.approx(844, abs=2), "at the foot of the screen"
        assert "Region actions" in groups_on_page(phone)

        def map_width() -> float:
            return phone.evaluate("document.querySelector('.tx-map').getBoundingClientRect().width")

        fitted = map_width()
        assert fitted <= 390
        phone.locator(".tx-zoom-controls").scroll_into_view_if_needed()
        phone.get_by_role("button", name="Zoom in").click()
        phone.get_by_role("button", name="Zoom in").click()
        assert map_width() > 390 and map_width() == pytest.approx(2 * fitted, rel=0.02), "the map drawn twice as wide"
        assert phone.get_by_role("group", name="Zoom the board").inner_text().endswith("200%")
        assert sideways(phone) == 0, "the page itself never scrolls sideways"

        window = phone.locator(".tx-zoom")
        # On a phone the step controls follow the board when it is one's decision (the first screen is
        # the table's), so nothing stays above the map: the page scrolled until its window meets the top.
        assert phone.evaluate("""() => document.querySelector('.controls').getBoundingClientRect().top
                                       >= document.querySelector('.tx-zoom').getBoundingClientRect().bottom"""), \
            "the step controls after the board"
        phone.evaluate("() => scrollBy(0, document.querySelector('.tx-zoom').getBoundingClientRect().top)")
        box = window.bounding_box()
        assert box["y"] == pytest.approx(0, abs=2), "the map's window at the top of the screen"
        assert box["y"] + 200 < phone.locator("#play-panel").bounding_box()["y"], "the map in sight above the bar"
        version = api.get(game_id)["version"]
        session = phone.context.new_cdp_session(phone)

        def drag(dx: int, dy: int) -> None:
            """A finger on the map, where places wait for a tap, dragged by (dx, dy) as a touch screen sends it."""
            x, y = box["x"] + box["width"] / 2, box["y"] + 100
            session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            for k in range(1, 11):
                session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * k / 10, "y": y + dy * k / 10}]})
            session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        left, top = window.evaluate("w => [w.scrollLeft, w.scrollTop]")
        drag(-150, 0)
        phone.wait_for_function("l => document.querySelector('.tx-zoom').scrollLeft > l + 50", arg=left)
        drag(0, -120)
        phone.wait_for_function("t => document.querySelector('.tx-zoom').scrollTop > t + 50", arg=top)
        assert sideways(phone) == 0
        assert api.get(game_id)["version"] == version, "a drag is no tap: no action taken"

        phone.get_by_role("button", name="Whole board").click()
        assert map_width() == pytest.approx(fitted, abs=1)

        # Two fingers on the map, spread apart: the map grows with them. The whole map scrolled to the
        # top of the screen first, where all of it is in sight above the docked bar.
        phone.evaluate("() => scrollBy(0, document.querySelector('.tx-zoom').getBoundingClientRect().top)")
        box = window.bounding_box()
        assert box["y"] + box["height"] < phone.locator("#play-panel").bounding_box()["y"], "the whole map above the bar"
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        fingers = lambda gap: [{"x": x - gap, "y": y, "id": 1}, {"x": x + gap, "y": y, "id": 2}]  # noqa: E731
        session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(30)})
        for gap in range(40, 100, 10):
            session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(gap)})
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert map_width() == pytest.approx(3 * fitted, rel=0.05), "spread from 60 to 180 pixels apart: three times as wide"
        assert sideways(phone) == 0
        assert api.get(game_id)["version"] == version, "a pinch is no tap either"


def test_a_click_between_two_steps_of_a_palace_track_takes_the_military_action_on_it(page, server, api):
    page.set_viewport_size(WIDE)
    game_id, token = create(api, "browser-tianxia-track")
    open_seat(page, server, game_id, token, api)
    through_the_opening(page, api, game_id, token)
    steps = page.locator(".tx-track[data-track='red'] .tx-step-shape")
    steps.nth(8).scroll_into_view_if_needed()
    eight, nine = steps.nth(8).bounding_box(), steps.nth(9).bounding_box()
    assert nine["x"] > eight["x"] + eight["width"], "a gap between the two steps"
    gap = ((eight["x"] + eight["width"] + nine["x"]) / 2, eight["y"] + eight["height"] / 2)
    with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.endswith("/actions")):
        page.mouse.click(*gap)
    settled(page, api.get(game_id)["version"])
    red = api.get(game_id, token=token)["table"]["palace"]["red"]
    assert 0 in red[1], "ana's marker a step up the red track"


def test_zoomed_in_the_arrow_keys_move_the_map_rather_than_step_through_the_game(page, server, api):
    page.set_viewport_size(WIDE)
    game_id, token = create(api, "browser-tianxia-keys")
    open_seat(page, server, game_id, token, api)
    through_the_opening(page, api, game_id, token)
    step = page.locator("#step-number").inner_text()
    page.get_by_role("button", name="Zoom in").click()
    for _ in range(3):  # past "Zoom out" and "Whole board" to the map's window
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('tx-zoom')"), "the map's window takes the focus"
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.tx-zoom').scrollLeft > 0")
    assert page.locator("#step-number").inner_text() == step, "still the same step"
    page.get_by_role("button", name="Whole board").click()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("s => document.getElementById('step-number').textContent === String(s - 1)", arg=int(step))
