"""The email settings' verbs: what a player sees and sets, confirming an address, unsubscribing,
and whether a player wants an email of some kind now.

Bot accounts never get email (`is_bot_account`): a program has no inbox to read.
"""

from __future__ import annotations

import hmac
from datetime import datetime, timedelta
from typing import Any, Callable
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from services.email.addresses import checked_address
from services.email.settings import (
    KINDS,
    MAX_CONFIRMATIONS_A_DAY,
    YOUR_TURN,
    EmailSettings,
    new_secret,
    settings_id,
    token_hash,
)
from services.errors import Forbidden, InvalidRequest, LimitReached
from services.log.aggregates import loaded
from services.log.clocks import timestamp
from services.players.players import Player

CONFIRM_LIFETIME = timedelta(days=2)
TRIES = 3  # saves tried when another request changed the same settings meanwhile


def is_bot_account(player: Player) -> bool:
    """Whether the player is a bot account (services.players.players), which is never emailed."""
    return player.bot


# What following a link did, for its page (web.pages.email_pages).
CONFIRMED, ALREADY, EXPIRED, UNKNOWN, UNSUBSCRIBED = "confirmed", "already", "expired", "unknown", "unsubscribed"


class EmailBook:
    """Reading and changing players' email settings in the store."""

    def __init__(self, store: Any, now: Callable[[], datetime]):
        self.store = store
        self.now = now

    def of(self, player_id: str | UUID) -> EmailSettings | None:
        return self._by_id(settings_id(player_id))

    def _by_id(self, aggregate_id: UUID) -> EmailSettings | None:
        return loaded(self.store.repository, aggregate_id, EmailSettings)

    def shown(self, player: Player) -> dict[str, Any]:
        """The player's own settings, as only they see them."""
        settings = self.of(player.id)
        if settings is None or settings.address is None:
            return {"address": None, "confirmed": False, "your_turn": "off", "challenges": False}
        return {"address": settings.address, "confirmed": settings.confirmed, "your_turn": settings.your_turn,
                "challenges": settings.challenges}

    def set(self, player: Player, body: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
        """Set the address and choices; the settings shown, and the serial of the address to send a
        confirmation to (a new or changed address, or one given again before it was confirmed), else None."""
        if is_bot_account(player):
            raise Forbidden("a bot account gets no email: a program reads its stream instead", "Authorization")
        address = checked_address(body.get("address"))
        your_turn = body.get("your_turn", "each")
        if your_turn not in YOUR_TURN:
            raise InvalidRequest("your_turn is 'each' (an email for each game that comes to await you), 'digest' "
                                 "(one a day listing them) or 'off'", "your_turn")
        challenges = body.get("challenges", True)
        if not isinstance(challenges, bool):
            raise InvalidRequest("challenges is true (an email when you are challenged) or false", "challenges")
        for _ in range(TRIES):
            settings = self.of(player.id) or EmailSettings(str(player.id))
            changed = settings.address != address
            if changed:
                settings.give_address(address, new_secret())
            if changed or (settings.your_turn, settings.challenges) != (your_turn, challenges):
                settings.choose(your_turn, challenges)
            if not settings.confirmed:
                self._check_confirmations_left(settings)
            try:
                self.store.save(settings)
            except IntegrityError:
                continue
            return self.shown(player), None if settings.confirmed else settings.address_serial
        raise InvalidRequest("your email settings were being changed by another request; try again", "address")

    def _check_confirmations_left(self, settings: EmailSettings) -> None:
        """Refused (nothing saved) when the player's confirmation links of the last day reach the bound."""
        since = timestamp(self.now() + CONFIRM_LIFETIME - timedelta(days=1))
        if sum(expires > since for expires in settings.confirmations) >= MAX_CONFIRMATIONS_A_DAY:
            raise LimitReached(f"at most {MAX_CONFIRMATIONS_A_DAY} confirmation links are sent for one player in a "
                               "day: follow the last one sent, or give the address again tomorrow", "address",
                               MAX_CONFIRMATIONS_A_DAY)

    def remove(self, player: Player) -> None:
        """Forget the address: no email goes any more."""
        settings = self.of(player.id)
        if settings is not None and settings.address is not None:
            settings.remove()
            self.store.save(settings)

    def new_confirmation(self, player_id: str, serial: int) -> tuple[EmailSettings, str] | None:
        """A new confirmation token for the player's address number `serial`, its hash recorded (the
        settings and the token); None if the address has changed since or is confirmed already."""
        settings = self.of(player_id)
        if settings is None or settings.address is None or settings.address_serial != serial or settings.confirmed:
            return None
        token = f"{settings.id}.{new_secret()}"
        settings.confirmation_sent(token_hash(token), timestamp(self.now() + CONFIRM_LIFETIME))
        self.store.save(settings)
        return settings, token

    def confirm(self, token: str) -> str:
        """Follow a confirmation link: the address is confirmed, once."""
        aggregate_id, _, secret = token.partition(".")
        settings = self._from_token_id(aggregate_id) if secret else None
        if settings is None or settings.address is None:
            return UNKNOWN
        if settings.confirm_sha256 is None or not hmac.compare_digest(settings.confirm_sha256, token_hash(token)):
            return ALREADY if settings.confirmed else UNKNOWN
        if settings.confirm_expires is None or settings.confirm_expires < timestamp(self.now()):
            return EXPIRED
        settings.confirm()
        self.store.save(settings)
        return CONFIRMED

    def unsubscribe_kind(self, token: str) -> tuple[EmailSettings, str] | None:
        """The settings and the kind an unsubscribe token names, if it is a live one."""
        aggregate_id, _, rest = token.partition(".")
        kind, _, signature = rest.partition(".")
        settings = self._from_token_id(aggregate_id) if kind in KINDS and signature else None
        if settings is None or not settings.unsubscribe_matches(kind, signature):
            return None
        return settings, kind

    def unsubscribe(self, token: str) -> str:
        """Follow an unsubscribe link (its one click): that kind of email is turned off."""
        found = self.unsubscribe_kind(token)
        if found is None:
            return UNKNOWN
        settings, kind = found
        settings.unsubscribe(kind)
        self.store.save(settings)
        return UNSUBSCRIBED

    def _from_token_id(self, aggregate_id: str) -> EmailSettings | None:
        try:
            return self._by_id(UUID(aggregate_id))
        except ValueError:
            return None

    def wanted(self, player: Player, kind: str) -> EmailSettings | None:
        """The player's settings if an email of `kind` ("each", "digest", "challenges") goes to them now."""
        if is_bot_account(player):
            return None
        settings = self.of(player.id)
        return settings if settings is not None and settings.wants(kind) else None
