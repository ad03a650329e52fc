"""Email settings over REST and the links in emails, with the API sending from a thread of its
process to a real SMTP server (aiosmtpd, STARTTLS with a trustme CA): confirmation, challenges,
one-click unsubscribe, and the address shown to nobody but its player, nor logged."""

from __future__ import annotations

import logging
from datetime import datetime, timezone

import pytest

from services.compose import build
from services.email.addresses import MAX_LENGTH
from services.email.book import EmailBook
from services.email.digests import DigestRound
from tests.api.test_games_api import PROBLEM, bearer
from tests.api.test_players_api import register
from tests.conftest import MEMORY
from tests.playing import players_game
from tests.smtp import SmtpServer, link_in

ANA = "ana.plays@example.org"
BO = "bo.plays@example.org"


@pytest.fixture
def smtp(tmp_path):
    with SmtpServer(tmp_path) as server:
        yield server


@pytest.fixture
def services(smtp):
    """No workers: the API's process sends the emails from a thread."""
    return build({**MEMORY, **smtp.env})


def give(client, player, **body):
    answer = client.put("/api/players/me/email", json={"address": ANA, **body}, headers=bearer(player["key"]))
    assert answer.status_code == 200, answer.json
    return answer.json


def confirm(client, smtp, player, address=ANA, **choices):
    """Give the address, and follow the link of the confirmation email it gets."""
    before = len(smtp.collector.messages)
    assert give(client, player, address=address, **choices)["confirmation"]
    message = smtp.collector.wait_for(before + 1)[before]
    assert message["To"] == address
    page = client.get(link_in(message, "/email/confirm/"))
    assert page.status_code == 200 and "Your email is confirmed" in page.text
    return message


def test_a_player_sets_reads_and_removes_their_email_settings(client, smtp):
    ana = register(client, "ana")
    shown = give(client, ana, your_turn="digest", challenges=False)
    assert shown["address"] == ANA and shown["confirmed"] is False and shown["your_turn"] == "digest"
    assert "confirm" in shown["confirmation"]
    assert client.get("/api/players/me/email", headers=bearer(ana["key"])).json == {
        "address": ANA, "confirmed": False, "your_turn": "digest", "challenges": False}
    [message] = smtp.collector.wait_for(1)
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click", "the confirmation can be refused too"
    page = client.get(link_in(message, "/email/confirm/"))
    assert page.status_code == 200 and "Your email is confirmed" in page.text and ANA not in page.text
    assert client.get("/api/players/me/email", headers=bearer(ana["key"])).json["confirmed"] is True
    assert "followed already" in client.get(link_in(message, "/email/confirm/")).text, "single-use"

    answer = client.delete("/api/players/me/email", headers=bearer(ana["key"]))
    assert answer.status_code == 200 and answer.json == {"address": None, "confirmed": False, "your_turn": "off",
                                                         "challenges": False}


def test_a_changed_address_is_unconfirmed_until_its_own_link_is_followed(client, smtp):
    ana = register(client, "ana")
    first = confirm(client, smtp, ana)
    shown = give(client, ana, address="ana.elsewhere@example.org")
    assert shown["confirmed"] is False
    [_, second] = smtp.collector.wait_for(2)
    assert second["To"] == "ana.elsewhere@example.org"
    assert client.get(link_in(first, "/email/confirm/")).status_code == 404, "the old link confirms nothing"
    assert client.get(link_in(second, "/email/confirm/")).status_code == 200


@pytest.mark.parametrize("body, field, words", [
    ({"address": "not an address"}, "address", "not an email address"),
    ({"address": "ana@@example.org"}, "address", "not an email address"),
    ({"address": "a" * 250 + "@example.org"}, "address", str(MAX_LENGTH)),
    ({"address": ANA, "your_turn": "hourly"}, "your_turn", "each"),
    ({"address": ANA, "challenges": "maybe"}, "challenges", ""),
    ({}, "address", ""),
])
def test_bad_settings_are_refused_saying_which_field_and_change_nothing(client, smtp, body, field, words):
    ana = register(client, "ana")
    answer = client.put("/api/players/me/email", json=body, headers=bearer(ana["key"]))
    assert answer.status_code == 400 and answer.content_type == PROBLEM, answer.json
    assert field in str(answer.json) and words in str(answer.json)
    assert "ana@" not in str(answer.json) and "not an address" not in answer.json.get("detail", "")
    assert client.get("/api/players/me/email", headers=bearer(ana["key"])).json["address"] is None


def test_the_settings_need_the_players_key(client):
    assert client.get("/api/players/me/email").status_code == 401
    assert client.put("/api/players/me/email", json={"address": ANA}, headers=bearer("nobody.secret")).status_code == 403


def test_a_challenge_is_emailed_to_a_player_who_chose_it(client, smtp):
    ana, bo = register(client, "ana"), register(client, "bo")
    confirm(client, smtp, bo, address=BO, your_turn="off", challenges=True)
    answer = client.post("/api/challenges", json={"game": "chi", "to": bo["id"]}, headers=bearer(ana["key"]))
    assert answer.status_code == 201
    [_, challenge] = smtp.collector.wait_for(2)
    assert challenge["To"] == BO and challenge["Subject"] == "ana challenges you to Chi"
    assert "https://chronicle.example.org/" in challenge.get_content()
    assert challenge["List-Unsubscribe"].startswith("<https://chronicle.example.org/email/unsubscribe/")


def test_one_click_unsubscribes_at_once_and_the_page_offers_one_button(client, smtp, services):
    ana, bo = register(client, "ana"), register(client, "bo")
    confirm(client, smtp, bo, address=BO, your_turn="each", challenges=True)
    client.post("/api/challenges", json={"game": "chi", "to": bo["id"]}, headers=bearer(ana["key"]))
    [_, challenge] = smtp.collector.wait_for(2)
    link = challenge["List-Unsubscribe"].strip("<>").removeprefix("https://chronicle.example.org")

    page = client.get(link)
    assert page.status_code == 200 and "Stop these emails?" in page.text and "about challenges" in page.text
    assert page.text.count("<button") == 2 and BO not in page.text  # its button, and the header's "Sign out"
    assert client.get("/api/players/me/email", headers=bearer(bo["key"])).json["challenges"] is True, \
        "looking at the page changes nothing"

    done = client.post(link, data={"List-Unsubscribe": "One-Click"})  # what a mail client sends (RFC 8058)
    assert done.status_code == 200 and "no more of these emails" in done.text
    settings = client.get("/api/players/me/email", headers=bearer(bo["key"])).json
    assert settings["challenges"] is False and settings["your_turn"] == "each", "only that kind is turned off"
    assert client.post("/email/unsubscribe/not-a-token").status_code == 404


def test_the_address_is_shown_to_nobody_else_and_never_logged(client, smtp, services, caplog):
    caplog.set_level(logging.DEBUG)
    ana, bo = register(client, "ana"), register(client, "bo")
    confirm(client, smtp, ana)
    game = players_game(services, ana, bo, awaiting="ana", seed="secret-address")
    [_, turn] = smtp.collector.wait_for(2)
    assert turn["Subject"] == "Your move in Chi against bo"
    seen_by_others = [
        client.get("/api/players?name=an").text,
        client.get(f"/players/{ana['id']}").text,
        client.get("/api/players/me", headers=bearer(bo["key"])).text,
        client.get("/api/players/me/email", headers=bearer(bo["key"])).text,
        client.get(f"/api/games/{game.id}").text,
        client.get(f"/api/games/{game.id}", headers=bearer(bo["key"])).text,
        client.get(f"/games/{game.id}").text,
        client.get("/api/players/me/games", headers=bearer(bo["key"])).text,
    ]
    for text in seen_by_others:
        assert ANA not in text and "ana.plays" not in text
    ours = "\n".join(record.getMessage() + (record.exc_text or "") for record in caplog.records
                     if not record.name.startswith("mail.log"))  # the test's SMTP server logs what it is sent
    assert "emailed player" in ours and ANA not in ours and "ana.plays" not in ours


def test_a_bot_account_is_never_emailed(client, services):
    tin = register(client, "tin-bot")
    assert client.post("/api/players/me/bot", headers=bearer(tin["key"])).status_code == 200
    refused = client.put("/api/players/me/email", headers=bearer(tin["key"]), json={"address": "tin@example.org"})
    assert refused.status_code == 403 and "a bot account gets no email" in refused.json["detail"]
    bot = services.commands.players.get(tin["id"])
    book = EmailBook(services.store, services.commands.clock.now)
    assert book.wanted(bot, "each") is None and book.wanted(bot, "challenges") is None


def test_without_workers_the_apis_process_sends_the_days_digest(client, smtp, services):
    ana, bo = register(client, "ana"), register(client, "bo")
    confirm(client, smtp, ana, your_turn="digest")
    game = players_game(services, ana, bo, awaiting="ana", seed="digest-in-process")
    digests = DigestRound(services.store, services.mail, hour=0)
    assert digests.run(datetime(2026, 11, 27, 0, 30, tzinfo=timezone.utc)) == [ana["id"]]
    [_, digest] = smtp.collector.wait_for(2)
    assert digest["Subject"] == "Your move in 1 game (Tabletop Chronicle)"
    assert "1 game awaits your move" in digest.get_content() and f"/games/{game.id}" in digest.get_content()


def test_a_confirmation_link_expires_after_two_days(services):
    players = services.commands.players
    ana = players.get(players.register("ana")["id"])
    now = [datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)]
    book = EmailBook(services.store, lambda: now[0])
    _, serial = book.set(ana, {"address": ANA})
    _, token = book.new_confirmation(str(ana.id), serial)
    now[0] = datetime(2026, 11, 29, 12, 1, tzinfo=timezone.utc)
    assert book.confirm(token) == "expired" and book.of(ana.id).confirmed is False
    _, fresh = book.new_confirmation(str(ana.id), serial)
    assert book.confirm(token) == "unknown", "only the latest link confirms"
    assert book.confirm(fresh) == "confirmed"


def test_a_player_makes_the_service_send_at_most_five_confirmation_links_a_day(client, smtp):
    ana = register(client, "ana")
    for number in range(5):
        give(client, ana, address=ANA if number % 2 == 0 else BO)
        smtp.collector.wait_for(number + 1)  # each link is recorded before it is sent
    refused = client.put("/api/players/me/email", json={"address": BO}, headers=bearer(ana["key"]))
    assert refused.status_code == 422 and refused.json["type"].endswith("/limit-reached"), refused.json
    assert refused.json["field"] == "address" and refused.json["limit"] == 5
    assert "confirmation links" in refused.json["detail"] and BO not in refused.json["detail"]
    assert client.get("/api/players/me/email", headers=bearer(ana["key"])).json["address"] == ANA
    assert len(smtp.collector.messages) == 5, "the refused request sent nothing"


def test_the_confirmation_links_bound_is_a_days(services):
    players = services.commands.players
    ana = players.get(players.register("ana")["id"])
    now = [datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)]
    book = EmailBook(services.store, lambda: now[0])
    for address in (ANA, BO, ANA, BO, ANA):
        _, serial = book.set(ana, {"address": address})
        book.new_confirmation(str(ana.id), serial)
    with pytest.raises(Exception, match="at most 5 confirmation links"):
        book.set(ana, {"address": BO})
    assert book.of(ana.id).address == ANA, "nothing changed"
    now[0] = datetime(2026, 11, 28, 12, 1, tzinfo=timezone.utc)
    _, serial = book.set(ana, {"address": BO})
    assert serial is not None and book.of(ana.id).address == BO
