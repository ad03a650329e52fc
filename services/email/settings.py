"""A player's email settings: the address, whether it is confirmed, and which emails they want.

They are an aggregate of their own (one stream per player, its id derived from the player's), not
events of the Player: the Player's stream is read for everything public about a player (names,
seats, exports of the games they sit in), and keeping the address in another stream means none of
those readers ever loads it. Only services.email reads this stream.

Tokens: a confirmation token is `<settings id>.<secret>`; only its SHA-256 is kept, with when it
expires, and confirming forgets it (single-use). An unsubscribe token is
`<settings id>.<kind>.<HMAC of the kind>` under a secret drawn when the address is given, so every
email of a kind carries the same link and a new address makes the old links void.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

STORED_AS = "services.email"
SETTINGS_NAMESPACE = uuid5(NAMESPACE_URL, "https://tabletop-chronicle/email-settings")

YOUR_TURN = ("each", "digest", "off")
# What an unsubscribe link turns off: "your_turn" and "challenges" emails, or "all" (the link of a
# confirmation email: the address is forgotten, for someone who never asked for it).
KINDS = ("your_turn", "challenges", "all")


def settings_id(player_id: str | UUID) -> UUID:
    return uuid5(SETTINGS_NAMESPACE, str(player_id))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# Confirmation links sent for one player in a day, at most: giving an address sends one, so that
# nobody can make the service write to an address again and again.
MAX_CONFIRMATIONS_A_DAY = 5


class EmailSettings(Aggregate):
    """One player's address and choices."""

    TOPIC = f"{STORED_AS}:EmailSettings"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:EmailSettings.Created"

    @staticmethod
    def create_id(player_id: str) -> UUID:
        return settings_id(player_id)

    @event("Started", topic=f"{STORED_AS}:EmailSettings.Started")
    def __init__(self, player_id: str):
        self.player_id = player_id
        self.address: str | None = None
        self.confirmed = False
        self.your_turn = "off"
        self.challenges = False
        self.confirm_sha256: str | None = None
        self.confirm_expires: str | None = None
        self.unsubscribe_secret: str | None = None
        self.address_serial = 0  # counts the addresses given: a confirmation is sent for one of them
        self.confirmations: list[str] = []  # when the last links sent expire (MAX_CONFIRMATIONS_A_DAY at most)

    @event("AddressGiven", topic=f"{STORED_AS}:EmailSettings.AddressGiven")
    def give_address(self, address: str, unsubscribe_secret: str) -> None:
        """A new address: unconfirmed until its link is followed."""
        self.address = address
        self.address_serial += 1
        self.confirmed = False
        self.confirm_sha256 = None
        self.confirm_expires = None
        self.unsubscribe_secret = unsubscribe_secret

    @event("ChoicesSet", topic=f"{STORED_AS}:EmailSettings.ChoicesSet")
    def choose(self, your_turn: str, challenges: bool) -> None:
        self.your_turn = your_turn
        self.challenges = challenges

    @event("ConfirmationSent", topic=f"{STORED_AS}:EmailSettings.ConfirmationSent")
    def confirmation_sent(self, token_sha256: str, expires_at: str) -> None:
        """The latest confirmation link sent: only it confirms."""
        self.confirm_sha256 = token_sha256
        self.confirm_expires = expires_at
        self.confirmations = [*self.confirmations, expires_at][-MAX_CONFIRMATIONS_A_DAY:]

    @event("Confirmed", topic=f"{STORED_AS}:EmailSettings.Confirmed")
    def confirm(self) -> None:
        self.confirmed = True
        self.confirm_sha256 = None
        self.confirm_expires = None

    @event("Unsubscribed", topic=f"{STORED_AS}:EmailSettings.Unsubscribed")
    def unsubscribe(self, kind: str) -> None:
        if kind == "your_turn":
            self.your_turn = "off"
        elif kind == "challenges":
            self.challenges = False
        else:
            self._forget()

    @event("Removed", topic=f"{STORED_AS}:EmailSettings.Removed")
    def remove(self) -> None:
        self._forget()

    def _forget(self) -> None:
        self.address = None
        self.confirmed = False
        self.your_turn = "off"
        self.challenges = False
        self.confirm_sha256 = None
        self.confirm_expires = None
        self.unsubscribe_secret = None

    # -- reading ------------------------------------------------------------------------

    def wants(self, kind: str) -> bool:
        """Whether an email of `kind` ("each", "digest" or "challenges") may go now: a confirmed
        address that asked for it."""
        if not (self.address and self.confirmed):
            return False
        return self.challenges if kind == "challenges" else self.your_turn == kind

    def unsubscribe_token(self, kind: str) -> str:
        return f"{self.id}.{kind}.{self._signature(kind)}"

    def unsubscribe_matches(self, kind: str, signature: str) -> bool:
        return self.unsubscribe_secret is not None and hmac.compare_digest(self._signature(kind), signature)

    def _signature(self, kind: str) -> str:
        return hmac.new((self.unsubscribe_secret or "").encode(), kind.encode(), hashlib.sha256).hexdigest()[:32]


def new_secret() -> str:
    return secrets.token_urlsafe(24)
