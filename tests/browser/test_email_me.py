""""Email me when it is my move" on the home page: a newcomer gives an address and chooses a daily
digest, is told a link was sent, follows the link from the email a real SMTP server took, and the
form then says where emails go; on a phone's width, and with the address in no log of the server."""

from __future__ import annotations

import pytest

from cli.server_process import running_server
from tests.browser.accessibility import serious_violations
from tests.smtp import SmtpServer, link_in

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

ADDRESS = "ana.phone@example.org"


@pytest.fixture(scope="module")
def smtp(tmp_path_factory):
    with SmtpServer(tmp_path_factory.mktemp("smtp")) as server:
        yield server


@pytest.fixture(scope="module")
def server_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("chronicle-email")


@pytest.fixture(scope="module")
def server(smtp, server_folder):
    with running_server(server_folder, workers=1, threads=16, env=smtp.env) as base:
        yield base


def test_a_player_asks_for_a_daily_digest_and_confirms_the_address_from_a_phone(browser, server, smtp, server_folder):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server + "/")
        page.fill("#my-games-name", "ana")
        page.click("#my-games-register button")
        page.wait_for_selector("#my-games-in:not([hidden])")
        page.get_by_text("Email me when it is my move").click()
        page.get_by_label("Your email address").fill(ADDRESS)
        page.get_by_label("When a game awaits my move").select_option(label="a daily digest")
        assert page.get_by_label("and when someone challenges me").is_checked()
        page.get_by_role("button", name="Email me").click()
        status = page.locator("#email-me-status")
        status.get_by_text("follow it to confirm").wait_for()
        assert f"We sent a link to {ADDRESS}" in status.inner_text() and "daily digest" in status.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the form fits a phone"
        assert serious_violations(page) == []

        [message] = smtp.collector.wait_for(1)
        assert message["To"] == ADDRESS
        page.goto(server + link_in(message, "/email/confirm/"))
        assert page.get_by_role("heading").first.inner_text() == "Your email is confirmed"

        page.goto(server + "/")
        page.get_by_text("Email me when it is my move").click()
        status.get_by_text(f"Emails go to {ADDRESS}").wait_for()
        assert "in a daily digest, and when someone challenges you" in status.inner_text()

        page.get_by_role("button", name="Stop all emails and forget my address").click()
        status.get_by_text("No emails").wait_for()
    finally:
        context.close()
    assert not errors, f"the page raised: {errors}"
    assert ADDRESS not in (server_folder / "server.log").read_text(), "the address reaches no log"
