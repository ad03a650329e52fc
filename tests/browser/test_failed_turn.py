"""The game's page says when the bot's turn it waits on failed and when it is tried again, and
learns of it while open: a failed turn changes no version, so no message of the stream brings it.

Bots play in this server's process, where a turn never waits on a worker: the game's answers are
those of a game waiting on a bot whose turn failed on a worker (tests/workers/test_failed_turns.py
shows the service's side).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone


def iso(moment: datetime) -> str:
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def test_the_page_says_the_bots_turn_failed_and_when_it_is_tried_again_without_a_reload(page, server, api):
    created = api.create([{"name": "ana"}, {"name": "bo"}], seed="failed-turn-page")
    game = api.get(created["id"])
    seat = game["to_act"]["seat"]
    waiting = {**game, "to_act": {"seat": seat, "name": "greedy-bot", "bot": "greedy"}, "failed_turn": None}
    now = datetime.now(timezone.utc)
    failed = {**waiting, "failed_turn": {"attempts": 4, "error": "OperationalError", "since": iso(now),
                                         "next_try": iso(now + timedelta(minutes=5)), "retries_spent": True}}
    reads = []

    def game_answer(route):
        reads.append(route.request.url)
        body = waiting if len(reads) == 1 else failed  # the turn fails after the page opened
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(f"{server}/api/games/{created['id']}", game_answer)
    # Each stream connection ends at once, as one does at the end of its lifetime.
    page.route(f"{server}/api/games/{created['id']}/stream",
               lambda route: route.fulfill(status=200, content_type="text/event-stream", body=": keep-alive\n\n"))
    page.goto(f"{server}/games/{created['id']}")
    page.wait_for_selector("#viewer[data-ready]")
    notice = page.locator("#failed-turn")
    notice.wait_for(state="visible")
    text = notice.inner_text()
    assert text.startswith("Greedy-bot's turn failed (OperationalError, 4 tries); it will be tried again at ")
    assert "(in 5 min)" in text or "(in 4 min)" in text
    assert page.locator("#status").inner_text() == "greedy-bot to decide (a bot)."
