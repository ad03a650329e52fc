"""Knowing it is your decision without watching the page: the tab's title, the announcement of
each new step for screen readers, and the sound and notification a seat may ask for."""

from __future__ import annotations

import pytest

from tests.browser.scenarios import NO_TARGET

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

# A browser where notifications are allowed, the tab is hidden, and sounds and notifications are
# recorded rather than played: what the page asks of the browser is what is checked.
RECORDING = """
window.told = {notifications: [], chimes: 0};
class RecordedNotification { constructor(title, options) { window.told.notifications.push({title, body: options.body}); } }
RecordedNotification.permission = "granted";
RecordedNotification.requestPermission = async () => "granted";
window.Notification = RecordedNotification;
class RecordedAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return {frequency: {}, connect: (next) => next, start: () => { window.told.chimes += 1; }, stop() {}}; }
  createGain() { return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect: (next) => next}; }
  close() {}
}
window.AudioContext = RecordedAudio;
Object.defineProperty(document, "hidden", {get: () => true});
"""


def open_as(page, server, created, seat):
    page.goto(f"{server}/games/{created['id']}#token={created['tokens'][seat]['token']}")
    page.wait_for_selector("#viewer[data-ready='true']")


def play_until_seat(api, created, seat: int) -> None:
    """The other seat plays its first legal actions until `seat` is to decide."""
    token = created["tokens"][1 - seat]["token"]
    while (game := api.get(created["id"], token=token))["to_act"]["seat"] != seat:
        action = api.get(created["id"], "/actions", token=token)["actions"][0]
        api.act(created["id"], token, action, game["version"])


def test_the_title_and_the_announcement_say_when_the_decision_becomes_yours(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-attention", scenario=NO_TARGET)
    open_as(page, server, created, 1)  # bo, while ana decides
    assert page.locator("#viewer").get_attribute("data-your-decision") == "false"
    assert not page.title().startswith("●")

    play_until_seat(api, created, 1)
    page.wait_for_selector("#viewer[data-your-decision='true']")
    assert page.title().startswith("● Your decision · Chi")
    announced = page.locator("#announcer")
    assert announced.get_attribute("aria-live") == "polite"
    assert announced.text_content() == "Your decision."

    # Once bo has decided, the title is the game's again.
    token = created["tokens"][1]["token"]
    game = api.get(created["id"], token=token)
    action = api.get(created["id"], "/actions", token=token)["actions"][0]
    api.act(created["id"], token, action, game["version"])
    page.wait_for_selector("#viewer[data-your-decision='false']")
    assert not page.title().startswith("●")


def test_new_steps_are_announced_in_the_games_words(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-announce", scenario=NO_TARGET)
    page.goto(f"{server}/games/{created['id']}")  # a spectator
    page.wait_for_selector("#viewer[data-ready='true']")
    token = created["tokens"][0]["token"]
    game = api.get(created["id"], token=token)
    action = api.get(created["id"], "/actions", token=token)["actions"][0]
    reply = api.act(created["id"], token, action, game["version"])
    words = " ".join(event["description"] for event in reply["events"])
    page.wait_for_function("w => document.getElementById('announcer').textContent === w", arg=words)


def test_a_seat_that_asked_for_them_gets_a_sound_and_a_notification_while_the_tab_is_hidden(browser, server, api):
    context = browser.new_context()
    context.add_init_script(RECORDING)
    page = context.new_page()
    try:
        created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-notify", scenario=NO_TARGET)
        open_as(page, server, created, 1)
        page.check("#want-sound")
        page.check("#want-notify")
        assert page.evaluate("window.told.chimes") == 1, "ticking the sound plays it once, to hear it"
        page.reload()  # the choices are kept in this browser
        page.wait_for_selector("#viewer[data-ready='true']")
        assert page.is_checked("#want-sound") and page.is_checked("#want-notify")

        play_until_seat(api, created, 1)
        page.wait_for_selector("#viewer[data-your-decision='true']")
        assert page.evaluate("window.told.chimes") == 1
        assert page.evaluate("window.told.notifications") == [
            {"title": "Your decision", "body": page.evaluate("document.title").removeprefix("● Your decision · ")}]
    finally:
        context.close()


def test_opening_the_page_on_your_decision_neither_sounds_nor_notifies(browser, server, api):
    context = browser.new_context()
    context.add_init_script(RECORDING + 'localStorage.setItem("chronicle:attention", \'{"sound": true, "notify": true}\');')
    page = context.new_page()
    try:
        created = api.create([{"name": "ana"}, {"name": "bo"}], seed="browser-no-notify", scenario=NO_TARGET)
        open_as(page, server, created, 0)  # ana is to decide already: she is looking at it
        assert page.title().startswith("● Your decision")
        assert page.evaluate("window.told") == {"notifications": [], "chimes": 0}
    finally:
        context.close()


def test_every_page_has_the_sites_icon(page, server, api):
    page.goto(server + "/")
    icon = page.locator("head link[rel='icon']").get_attribute("href")
    answer = api.http.get(server + icon)
    assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("image/svg+xml")
    assert "<svg" in answer.text
