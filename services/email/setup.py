"""How this deployment sends email, from its environment: the SMTP server (services.email.smtp),
the sender (CHRONICLE_MAIL_FROM), the service's public address for the links in emails
(CHRONICLE_PUBLIC_URL, default http://127.0.0.1:<PORT>) and the hour (UTC) from which each day's
digest goes (CHRONICLE_DIGEST_HOUR, default 7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from services.email.smtp import SmtpServer

DEFAULT_SENDER = "Tabletop Chronicle <chronicle@localhost>"
DEFAULT_DIGEST_HOUR = 7


@dataclass(frozen=True)
class MailSetup:
    server: SmtpServer | None  # None: email is not set up, and none is sent
    sender: str
    public_url: str
    digest_hour: int = DEFAULT_DIGEST_HOUR

    @classmethod
    def from_settings(cls, settings: Mapping[str, str]) -> MailSetup:
        hour = settings.get("CHRONICLE_DIGEST_HOUR") or str(DEFAULT_DIGEST_HOUR)
        if not hour.isdigit() or not 0 <= int(hour) <= 23:
            raise ValueError(f"CHRONICLE_DIGEST_HOUR is an hour of the day in UTC, 0 to 23, not {hour!r}")
        public = settings.get("CHRONICLE_PUBLIC_URL") or f"http://127.0.0.1:{settings.get('PORT') or 8000}"
        return cls(SmtpServer.from_settings(settings), settings.get("CHRONICLE_MAIL_FROM") or DEFAULT_SENDER,
                   public.rstrip("/"), int(hour))

    def link(self, path: str) -> str:
        return f"{self.public_url}{path}"
