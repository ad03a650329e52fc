"""The SMTP server emails go through, named by CHRONICLE_SMTP_URL, and one send to it.

- `smtp://user:pass@host:587`: STARTTLS, required (a server that does not offer it is refused);
- `smtps://user:pass@host:465`: TLS from the first byte;
- `smtp://host:25?tls=none`: plain SMTP, only when asked for so (a relay on the same machine, or
  local development).

TLS is verified against the system's CAs, or the CA file CHRONICLE_SMTP_CA_FILE names. The user and
password may be percent-encoded in the URL. A refused recipient is told apart from a server that
cannot be reached or fails: the first is not worth trying again, the second is.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Mapping
from urllib.parse import parse_qs, unquote, urlsplit

TIMEOUT_SECONDS = 30
SECURITY = {"smtp": "starttls", "smtps": "tls"}
DEFAULT_PORT = {"starttls": 587, "tls": 465, "none": 25}


class SendFailed(Exception):
    """The email was not taken: the server could not be reached, or refused the sender or the message.
    Its text never holds the recipient's address."""


class RecipientRefused(SendFailed):
    """The server refused the recipient's address: trying again would not help."""


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    security: str  # "starttls", "tls" or "none"
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    ca_file: str | None = None

    @classmethod
    def from_settings(cls, settings: Mapping[str, str]) -> SmtpServer | None:
        """The server CHRONICLE_SMTP_URL names (None: email is not set up); ValueError if malformed."""
        url = settings.get("CHRONICLE_SMTP_URL")
        if not url:
            return None
        parts = urlsplit(url)
        security = SECURITY.get(parts.scheme)
        if security is None or not parts.hostname:
            raise ValueError("CHRONICLE_SMTP_URL is smtp://[user:password@]host[:587] (STARTTLS) or "
                             "smtps://[user:password@]host[:465] (TLS)")
        asked = parse_qs(parts.query).get("tls", [None])[0]
        if asked == "none" and security == "starttls":
            security = "none"
        elif asked is not None:
            raise ValueError("CHRONICLE_SMTP_URL takes ?tls=none (plain SMTP, on smtp:// only) and nothing else")
        return cls(parts.hostname, parts.port or DEFAULT_PORT[security], security,
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None,
                   settings.get("CHRONICLE_SMTP_CA_FILE") or None)

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.ca_file)

    def send(self, message: EmailMessage) -> None:
        """Hand `message` to the server; RecipientRefused or SendFailed if it is not taken."""
        recipient = str(message["To"])
        try:
            if self.security == "tls":
                client: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=TIMEOUT_SECONDS,
                                                        context=self.tls())
            else:
                client = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT_SECONDS)
            with client:
                if self.security == "starttls":
                    client.starttls(context=self.tls())
                if self.user:
                    client.login(self.user, self.password or "")
                client.send_message(message)
        except smtplib.SMTPRecipientsRefused as refused:
            codes = ", ".join(str(code) for code, _ in refused.recipients.values())
            raise RecipientRefused(f"the server refused the recipient ({codes})") from None
        except (smtplib.SMTPException, OSError) as error:
            raise SendFailed(f"{self.host}:{self.port}: {without(recipient, error)}") from None


def without(address: str, error: Exception) -> str:
    """The error's name and text, the address blotted out where a server echoed it."""
    return f"{type(error).__name__}: {error}".replace(address, "<the recipient>")
