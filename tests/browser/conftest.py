"""Browser tests: Debian's chromium, driven headless by Playwright, against a real server process.

Playwright's own browser download is not used: the tests launch the chromium on the PATH, which
`.ci/run` installs. Bots play in the server's process, so a move's answer already holds the bot's
reply, as it does with `make run` and no Redis.
"""

from __future__ import annotations

import shutil
import time

import pytest

from cli.server_process import running_server
from tests.http_session import fresh_connections

BROWSERS = ("chromium", "chromium-browser")
# How long a page, and Playwright's `expect`, waits for what a test waits on: only a bound to fail
# by, never a pace. A CI machine busy with other test files may take many seconds for a bot's move
# to reach a page.
WAIT_MS = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("chronicle-browser"), workers=1, threads=16) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)

    executable = next((path for path in map(shutil.which, BROWSERS) if path), None)
    if executable is None:
        pytest.fail("chromium is not installed (.ci/run installs Debian's chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    # A test's request handlers (page.route) must not outlive it: one still answering a request
    # of the closing page would fail inside the next test.
    opened.unroute_all(behavior="ignoreErrors")
    context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def api(server):
    return Api(server)


class Api:
    """The REST API, to set games up and to check what the page shows against it."""

    def __init__(self, base: str):
        self.base = base
        self.http = fresh_connections()

    def create(self, seats: list[dict], seed: str, scenario: dict | None = None, game: str = "chi",
               options: dict | None = None) -> dict:
        body = {"game": game, "seats": seats, "seed": seed}
        if scenario is not None:
            body["scenario"] = scenario
        if options is not None:
            body["options"] = options
        answer = self.http.post(f"{self.base}/api/games", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def get(self, game_id: str, path: str = "", token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.http.get(f"{self.base}/api/games/{game_id}{path}", headers=headers)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def act(self, game_id: str, token: str, action: dict, version: int) -> dict:
        answer = self.http.post(
            f"{self.base}/api/games/{game_id}/actions",
            json={"action": action, "expected_version": version},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 200, answer.text
        return answer.json()

    def rated_player(self, seed: str) -> str:
        """A player, ana, who lost a rated game of Chi to the greedy bot; her id, once the server's
        read models (catching up off the request path) have rated the game."""
        ana = self.http.post(f"{self.base}/api/players", json={"name": "ana"}).json()
        created = self.http.post(f"{self.base}/api/games", json={"game": "chi", "seed": seed, "seats": [
            {"player": ana["id"]}, {"bot": "greedy"}]}, headers={"Authorization": f"Bearer {ana['key']}"}).json()
        game = self.get(created["id"])
        if game["status"] == "running":
            self.act(created["id"], ana["key"], {"type": "resign"}, game["version"])
        deadline = time.monotonic() + 60  # bounds a failure only
        while not self.http.get(f"{self.base}/api/games/{created['id']}/ratings").json()["seats"]:
            assert time.monotonic() < deadline, "the game was never rated"
            time.sleep(0.1)
        return ana["id"]
