"""A player's callback: where their "your turn" notices go, checked against the destinations
allowed (services.players.destinations), with a new signing secret for it each time it is set
(services.players.webhook_signing). Sending the notices is services.players.webhooks."""

from __future__ import annotations

from dataclasses import dataclass

from services.errors import InvalidRequest
from services.players.destinations import Destinations, Refused
from services.players.webhook_signing import new_secret


@dataclass(frozen=True)
class Callback:
    """Where a player's notices go, and the secret that signs them (both None: nowhere)."""

    url: str | None
    secret: str | None

    def shown(self) -> dict[str, str | None]:
        """What the player is told, this once: the URL, and the secret if there is one."""
        if self.url is None:
            return {"callback_url": None}
        return {"callback_url": self.url, "webhook_secret": self.secret}


class Callbacks:
    """Choosing a player's callback."""

    def __init__(self, destinations: Destinations):
        self.destinations = destinations  # where callbacks may point

    def chosen(self, callback_url: str | None) -> Callback:
        """The callback to `callback_url` (None: none), with a new secret; InvalidRequest if the
        URL may not be called."""
        if callback_url is None:
            return Callback(None, None)
        try:
            self.destinations.check_callback(callback_url)
        except Refused as refused:
            raise InvalidRequest(str(refused), "callback_url") from None
        return Callback(callback_url, new_secret())
