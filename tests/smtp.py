"""A real SMTP server for the email tests: aiosmtpd on 127.0.0.1, STARTTLS required, with a
certificate from a trustme CA (whose file the service is given as CHRONICLE_SMTP_CA_FILE); the
messages it takes are collected, and recipients named in `refuse` are refused (550)."""

from __future__ import annotations

import ssl
import threading
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import trustme
from aiosmtpd.controller import Controller

from cli.server_process import free_port

WAIT_SECONDS = 60  # generous: the email goes from a worker or a thread of the API


class Collector:
    """aiosmtpd's handler: keeps each message taken, and whether it came over TLS."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.over_tls: list[bool] = []
        self.raw: list[bytes] = []  # each message as it came, before it is parsed
        self.refuse: set[str] = set()
        self.arrived = threading.Condition()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = message_from_bytes(envelope.content, policy=policy.default)
        with self.arrived:
            self.messages.append(message)
            self.raw.append(envelope.content)
            self.over_tls.append(session.ssl is not None)
            self.arrived.notify_all()
        return "250 Message accepted for delivery"

    def wait_for(self, count: int) -> list[EmailMessage]:
        """The first `count` messages, once they have come (AssertionError after WAIT_SECONDS)."""
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.messages) >= count, WAIT_SECONDS), \
                f"{len(self.messages)} emails came, not {count}"
            return list(self.messages)


class SmtpServer:
    """The server, started by `with`; `env` is what the service needs to send to it."""

    def __init__(self, folder: Path) -> None:
        self.ca = trustme.CA()
        self.ca_file = folder / "smtp-ca.pem"
        self.ca.cert_pem.write_to_path(str(self.ca_file))
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.ca.issue_cert("127.0.0.1").configure_cert(context)
        self.collector = Collector()
        self.port = free_port()
        self.controller = Controller(self.collector, hostname="127.0.0.1", port=self.port, tls_context=context,
                                     require_starttls=True)

    @property
    def env(self) -> dict[str, str]:
        return {"CHRONICLE_SMTP_URL": f"smtp://127.0.0.1:{self.port}", "CHRONICLE_SMTP_CA_FILE": str(self.ca_file),
                "CHRONICLE_MAIL_FROM": "Tabletop Chronicle <chronicle@example.org>",
                "CHRONICLE_PUBLIC_URL": "https://chronicle.example.org"}

    def __enter__(self) -> "SmtpServer":
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()


def dead_smtp_env(server: SmtpServer) -> dict[str, str]:
    """The same settings, but a port where no SMTP server listens."""
    return {**server.env, "CHRONICLE_SMTP_URL": f"smtp://127.0.0.1:{free_port()}"}


def link_in(message: EmailMessage, path: str) -> str:
    """The path of the first link in the message's text that starts with `path` (after the public URL)."""
    body = message.get_content()
    start = body.index("https://chronicle.example.org" + path)
    return body[start:].split()[0].removeprefix("https://chronicle.example.org")
