"""The problems the API answers (RFC 9457), each kind as an exception of its own.

The server names a problem's kind by its `type`, `/problems/<slug>` (web/problem_types.py on the
server); `raise_for` picks the class by the slug, so a program catches `StaleVersion` or
`IllegalAction` rather than reading status codes. tests/client/test_problem_classes.py checks
that every kind the server defines has its class here.
"""

from __future__ import annotations

from typing import Any


class ChronicleError(Exception):
    """A request the server refused (or failed): the problem's fields, and the whole body in `body`."""

    slug: str | None = None

    def __init__(self, status: int, body: dict[str, Any] | None = None, text: str = ""):
        self.status = status
        self.body: dict[str, Any] = body or {}
        self.type: str | None = self.body.get("type")
        self.title: str | None = self.body.get("title")
        self.detail: str | None = self.body.get("detail") or (text[:200] if text else None)
        self.field: str | None = self.body.get("field")
        super().__init__(f"{status} {self.title or 'error'}: {self.detail or ''}".rstrip(": "))

    @property
    def rule(self) -> str | None:
        """The rule that refused a move, where the problem names one."""
        return self.body.get("rule")


class InvalidRequest(ChronicleError):
    slug = "invalid-request"

    @property
    def errors(self) -> dict[str, Any]:
        """Every field the schema refused, with why."""
        return self.body.get("errors") or {}


class Unauthorized(ChronicleError):
    slug = "unauthorized"


class Forbidden(ChronicleError):
    slug = "forbidden"


class NotYourTurn(ChronicleError):
    slug = "not-your-turn"


class NotFound(ChronicleError):
    slug = "not-found"


class MethodNotAllowed(ChronicleError):
    slug = "method-not-allowed"


class StaleVersion(ChronicleError):
    slug = "stale-version"

    @property
    def current_version(self) -> int | None:
        """Where the game stands now: decide again on this version."""
        return self.body.get("current_version")


class SeatTaken(ChronicleError):
    slug = "seat-taken"


class NotFinished(ChronicleError):
    slug = "not-finished"


class TooLarge(ChronicleError):
    slug = "too-large"


class UriTooLong(ChronicleError):
    slug = "uri-too-long"


class HeadersTooLarge(ChronicleError):
    slug = "headers-too-large"


class UnsupportedMediaType(ChronicleError):
    slug = "unsupported-media-type"


class IllegalAction(ChronicleError):
    slug = "illegal-action"


class GameOver(ChronicleError):
    slug = "game-over"


class LimitReached(ChronicleError):
    slug = "limit-reached"

    @property
    def limit(self) -> int | None:
        """How many entries the full record keeps."""
        return self.body.get("limit")


class ChallengeClosed(ChronicleError):
    slug = "challenge-closed"

    @property
    def challenge_status(self) -> str | None:
        """What closed it: accepted, declined, cancelled or expired."""
        return self.body.get("challenge_status")


class BotAccount(ChronicleError):
    """Refused to or for a bot account: the switch after a first game, or a bot account seated as a person."""

    slug = "bot-account"


class InternalError(ChronicleError):
    slug = "internal-error"


class HttpError(ChronicleError):
    slug = "http-error"


BY_SLUG: dict[str, type[ChronicleError]] = {
    cls.slug: cls for cls in ChronicleError.__subclasses__() if cls.slug is not None}


def error_for(status: int, body: Any, text: str = "") -> ChronicleError:
    """The exception for an answer of `status` with `body` (a problem, or anything a proxy sent)."""
    problem = body if isinstance(body, dict) else None
    kind = str((problem or {}).get("type") or "")
    slug = kind.rsplit("/problems/", 1)[-1] if "/problems/" in kind else None
    return BY_SLUG.get(slug or "", ChronicleError)(status, problem, text)


class Unreachable(ChronicleError):
    """No answer came: the server could not be reached (or the connection broke) on every try."""

    def __init__(self, detail: str):
        super().__init__(0, {"title": "Unreachable", "detail": detail})


__all__ = ["ChronicleError", "Unreachable", "BY_SLUG", "error_for", *(cls.__name__ for cls in BY_SLUG.values())]
