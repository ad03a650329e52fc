"""Errors of the service layer, each carrying what a client needs to correct its request.

Rules errors (IllegalAction, NotYourTurn, GameOver) come from `domain.errors`; the web layer
turns all of them into problem-details answers in one place.
"""


class ServiceError(Exception):
    """A request the service refuses; `field` names the part of the request at fault."""

    def __init__(self, reason: str, field: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.field = field


class GameNotFound(ServiceError):
    """No game has this id."""


class NotFound(ServiceError):
    """Nothing has this id (a player, say): `field` names the identifier."""


class StaleVersion(ServiceError):
    """The move was decided on a version of the game that is no longer current."""

    def __init__(self, reason: str, current: int):
        super().__init__(reason, field="expected_version")
        self.current = current


class Forbidden(ServiceError):
    """The token does not hold the seat that is to act, or is not a seat of this game."""


class InvalidRequest(ServiceError):
    """The request is well-formed JSON but asks for something that cannot exist."""


class StepNotFound(ServiceError):
    """The replay has no such step."""


class SeatTaken(ServiceError):
    """The seat is not open: someone holds it already."""


class NotFinished(ServiceError):
    """What needs the seed or every hidden card (audit, export, fork) waits for the game's end."""


class LimitReached(ServiceError):
    """The record holds no more of what was asked for: `limit` is how many it keeps."""

    def __init__(self, reason: str, field: str, limit: int):
        super().__init__(reason, field)
        self.limit = limit


class ChallengeClosed(ServiceError):
    """The challenge is no longer open: `status` says what closed it (accepted, declined, cancelled, expired)."""

    def __init__(self, reason: str, field: str, status: str):
        super().__init__(reason, field)
        self.status = status


class BotAccountRule(ServiceError):
    """What a bot account may not do: become one after a first game, or seat itself as a person.
    `rule` names the rule."""

    def __init__(self, reason: str, rule: str, field: str | None = None):
        super().__init__(reason, field)
        self.rule = rule


class AnalysisRefused(ServiceError):
    """An analysis that may not be made (of a game still running with people in it, or of a game with
    no decision to judge): `rule` names the rule."""

    def __init__(self, reason: str, rule: str, field: str | None = None):
        super().__init__(reason, field)
        self.rule = rule


class TournamentRefused(ServiceError):
    """A request a tournament's rules refuse (a full field, a round still being played, a bad
    setting): `rule` names the rule (docs/tournaments.md)."""

    def __init__(self, reason: str, rule: str, field: str | None = None):
        super().__init__(reason, field)
        self.rule = rule
