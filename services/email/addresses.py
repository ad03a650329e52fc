"""Checking an email address: its syntax (RFC 5322, internationalised domains) by `email-validator`,
without asking DNS (a move never waits on a resolver, and tests run offline), and its length."""

from __future__ import annotations

from typing import Any

from email_validator import EmailNotValidError, validate_email

from services.errors import InvalidRequest

MAX_LENGTH = 254  # the longest address a mail server must take (RFC 5321's path, less its brackets)


def checked_address(raw: Any, field: str = "address") -> str:
    """The address, normalised (its domain lower-cased); InvalidRequest saying which rule it breaks.

    The reason never quotes the address back: problem details may be logged."""
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidRequest("an email address is needed, such as ana@example.org", field)
    if len(raw) > MAX_LENGTH:
        raise InvalidRequest(f"an email address is at most {MAX_LENGTH} characters long; this one has {len(raw)}",
                             field)
    try:
        return validate_email(raw.strip(), check_deliverability=False).normalized
    except EmailNotValidError as refused:
        reason = str(refused)
        if any(len(part) > 2 and part in reason for part in raw.split("@")):
            reason = "it is not of the form name@example.org"
        raise InvalidRequest(f"this is not an email address that can be written to: {reason}", field) from None
