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
    """A malformed request: `field` names the part at fault; nothing was changed."""

    slug = "invalid-request"

    @property
    def errors(self) -> dict[str, Any]:
        """Every field the schema refused, with why."""
        return self.body.get("errors") or {}


class Unauthorized(ChronicleError):
    """No key or token where one is needed."""

    slug = "unauthorized"


class Forbidden(ChronicleError):
    """A key or token that opens nothing here."""

    slug = "forbidden"


class NotYourTurn(ChronicleError):
    """The decision belongs to another seat (`rule` names the rule of turn order)."""

    slug = "not-your-turn"


class NotFound(ChronicleError):
    """No such game, step, page, player or challenge (`field` names the identifier)."""

    slug = "not-found"


class MethodNotAllowed(ChronicleError):
    """The path does not answer this HTTP method."""

    slug = "method-not-allowed"


class StaleVersion(ChronicleError):
    """The game moved on since `expected_version`: decide again on `current_version`."""

    slug = "stale-version"

    @property
    def current_version(self) -> int | None:
        """Where the game stands now: decide again on this version."""
        return self.body.get("current_version")


class SeatTaken(ChronicleError):
    """The seat is not open: someone holds it, or it never was."""

    slug = "seat-taken"


class NotFinished(ChronicleError):
    """What was asked needs the game over (an audit, an export, a fork), or a game not over yet."""

    slug = "not-finished"


class TooLarge(ChronicleError):
    """The body is larger than the server reads."""

    slug = "too-large"


class UriTooLong(ChronicleError):
    """The request line is longer than the server reads."""

    slug = "uri-too-long"


class HeadersTooLarge(ChronicleError):
    """The headers are more than the server reads."""

    slug = "headers-too-large"


class UnsupportedMediaType(ChronicleError):
    """The body was not sent as JSON."""

    slug = "unsupported-media-type"


class IllegalAction(ChronicleError):
    """The rules refuse the action (`rule` names the rule, `detail` says why)."""

    slug = "illegal-action"


class GameOver(ChronicleError):
    """The game has ended: no decision is left to take."""

    slug = "game-over"


class LimitReached(ChronicleError):
    """The record the request would add to is full (`limit` says how many it keeps)."""

    slug = "limit-reached"

    @property
    def limit(self) -> int | None:
        """How many entries the full record keeps."""
        return self.body.get("limit")


class ChallengeClosed(ChronicleError):
    """The challenge is no longer open (`challenge_status` says what closed it)."""

    slug = "challenge-closed"

    @property
    def challenge_status(self) -> str | None:
        """What closed it: accepted, declined, cancelled or expired."""
        return self.body.get("challenge_status")


class BotAccount(ChronicleError):
    """Refused to or for a bot account: the switch after a first game, or a bot account seated as a person."""

    slug = "bot-account"


class AnalysisRefused(ChronicleError):
    """The game's analysis may not be made now (`rule`): a game still running with people in it,
    or one with no decision to analyse yet."""

    slug = "analysis-refused"


class NotReady(ChronicleError):
    """The server process is not ready for traffic (GET /readyz): `reasons` says why."""

    slug = "not-ready"

    @property
    def reasons(self) -> list[str]:
        return list(self.body.get("reasons") or [])


class RateLimited(ChronicleError):
    """Too many such requests from one key or address (`rate_limit` names the limit met): wait
    `retry_after` seconds, then ask again."""

    slug = "rate-limited"

    @property
    def rate_limit(self) -> str | None:
        """The limit met, in words."""
        return self.body.get("rate_limit")

    @property
    def retry_after(self) -> int | None:
        """Seconds to wait before asking again (the Retry-After header's)."""
        return self.body.get("retry_after")


class TournamentRefused(ChronicleError):
    """The tournament's rules refuse the request as it stands (`rule`): a full field, a tournament
    already started, a player who joined already or is not in it."""

    slug = "tournament-refused"


class InternalError(ChronicleError):
    """The server failed; a move may or may not have been taken."""

    slug = "internal-error"


class HttpError(ChronicleError):
    """An HTTP-level refusal with no kind of its own."""

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
