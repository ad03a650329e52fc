"""CHRONICLE_SMTP_URL read as an operator writes it, and the TLS it asks for held to, against real
aiosmtpd servers: implicit TLS, STARTTLS required (a server without it is refused), certificates
verified, and the password kept out of what is printed."""

from __future__ import annotations

import ssl
from email.message import EmailMessage

import pytest
import trustme
from aiosmtpd.controller import Controller

from cli.server_process import free_port
from services.email.setup import MailSetup
from services.email.smtp import SendFailed, SmtpServer
from tests.smtp import Collector


def letter() -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "chronicle@example.org", "ana@example.org", "Your move"
    message.set_content("It is your move.")
    return message


@pytest.fixture(scope="module")
def ca(tmp_path_factory):
    authority = trustme.CA()
    path = tmp_path_factory.mktemp("ca") / "ca.pem"
    authority.cert_pem.write_to_path(str(path))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(context)
    return str(path), context


def serving(collector: Collector, **tls) -> Controller:
    controller = Controller(collector, hostname="127.0.0.1", port=free_port(), **tls)
    controller.start()
    return controller


@pytest.mark.parametrize("url, expected", [
    ("smtp://mail.example.org", ("mail.example.org", 587, "starttls", None)),
    ("smtps://mail.example.org", ("mail.example.org", 465, "tls", None)),
    ("smtp://127.0.0.1:2525?tls=none", ("127.0.0.1", 2525, "none", None)),
    ("smtp://chron%40icle:p%3Ass@mail.example.org:587", ("mail.example.org", 587, "starttls", "chron@icle")),
])
def test_the_url_names_the_host_the_port_the_tls_and_the_user(url, expected):
    server = SmtpServer.from_settings({"CHRONICLE_SMTP_URL": url})
    assert (server.host, server.port, server.security, server.user) == expected
    assert "p:ss" not in repr(server) and "p%3Ass" not in repr(server), "the password is never printed"


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtps://mail.example.org?tls=none", "smtp://?tls=none",
                                 "smtp://mail.example.org?tls=maybe"])
def test_a_url_that_cannot_be_meant_is_refused_at_start(url):
    with pytest.raises(ValueError, match="CHRONICLE_SMTP_URL"):
        MailSetup.from_settings({"CHRONICLE_SMTP_URL": url})


def test_without_a_url_no_email_is_set_up():
    assert MailSetup.from_settings({}).server is None


def test_implicit_tls_verified_by_the_ca_file_carries_the_email(ca):
    ca_file, context = ca
    collector = Collector()
    controller = serving(collector, ssl_context=context)
    try:
        SmtpServer("127.0.0.1", controller.port, "tls", ca_file=ca_file).send(letter())
        [message] = collector.wait_for(1)
    finally:
        controller.stop()
    assert message["Subject"] == "Your move"


def test_a_certificate_no_trusted_ca_signed_is_refused(ca):
    _, context = ca
    collector = Collector()
    controller = serving(collector, tls_context=context, require_starttls=True)
    try:
        with pytest.raises(SendFailed, match="CERTIFICATE_VERIFY_FAILED"):
            SmtpServer("127.0.0.1", controller.port, "starttls").send(letter())  # the system's CAs only
    finally:
        controller.stop()
    assert collector.messages == []


def test_a_server_that_does_not_offer_starttls_is_refused_rather_than_written_to_in_clear(ca):
    ca_file, _ = ca
    collector = Collector()
    controller = serving(collector)
    try:
        with pytest.raises(SendFailed, match="STARTTLS"):
            SmtpServer("127.0.0.1", controller.port, "starttls", ca_file=ca_file).send(letter())
    finally:
        controller.stop()
    assert collector.messages == []
