"""What the store keeps of challenges: each challenge a stream of its own, and two indexes.

A `Challenge` is issued, then accepted, declined or cancelled once; one left open past its
`expires_at` is expired, read from the clock (no event is needed for time to pass). A player's
`ChallengeBook` lists the challenges they issued or received that are still open, and the last
few closed ones; the `OpenBoard` lists the challenges open to anyone. The indexes are saved in
the transaction of the challenge they change, so the store's optimistic concurrency keeps them
true when two requests race: one saves, the other reads again (or finds the challenge taken).
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

OPEN, ACCEPTED, DECLINED, CANCELLED, EXPIRED = "open", "accepted", "declined", "cancelled", "expired"
# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before the services were grouped by
# concern or after, reads alike and holds the same names.
STORED_AS = "services.challenge_records"


RECENT = 10  # closed challenges a player's book keeps, for "bo declined: ..."


class Challenge(Aggregate):
    """One player's invitation to a game, to another player or to anyone."""

    TOPIC = f"{STORED_AS}:Challenge"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:Challenge.Created"

    @event("Issued", topic=f"{STORED_AS}:Challenge.Issued")
    def __init__(self, challenger: dict[str, str], to: dict[str, str] | None, table: dict[str, Any],
                 issued_at: str, expires_at: str):
        self.challenger = challenger  # {"id", "name"}
        self.to = to  # {"id", "name"}, or None: open to anyone
        self.table = table  # {"game", "options", "clock", "rated", "seat"}: the game the challenge is to
        self.issued_at = issued_at
        self.expires_at = expires_at
        self.closed: str | None = None  # accepted, declined or cancelled
        self.closed_at: str | None = None
        self.taker: dict[str, str] | None = None
        self.game_id: str | None = None
        self.reason: str | None = None

    @event("Accepted", topic=f"{STORED_AS}:Challenge.Accepted")
    def accept(self, taker: dict[str, str], game_id: str, at: str) -> None:
        self.closed, self.closed_at, self.taker, self.game_id = ACCEPTED, at, taker, game_id

    @event("Declined", topic=f"{STORED_AS}:Challenge.Declined")
    def decline(self, reason: str | None, at: str) -> None:
        self.closed, self.closed_at, self.reason = DECLINED, at, reason

    @event("Cancelled", topic=f"{STORED_AS}:Challenge.Cancelled")
    def cancel(self, at: str) -> None:
        self.closed, self.closed_at = CANCELLED, at

    def status(self, now: str) -> str:
        """Open, or what closed it; an open challenge whose time has passed is expired."""
        if self.closed:
            return self.closed
        return EXPIRED if now >= self.expires_at else OPEN


def book_id(player_id: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:challenges-of:{player_id}")


OPEN_BOARD_ID = uuid5(NAMESPACE_URL, "chronicle:open-challenges")


class ChallengeBook(Aggregate):
    """A player's challenges: the open ones (issued and received), and the last RECENT closed."""

    TOPIC = f"{STORED_AS}:ChallengeBook"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:ChallengeBook.Created"

    @staticmethod
    def create_id(player_id: str) -> UUID:
        return book_id(player_id)

    @event("Opened", topic=f"{STORED_AS}:ChallengeBook.Opened")
    def __init__(self, player_id: str):
        self.player_id = player_id
        self.open: dict[str, str] = {}  # challenge id -> "outgoing" or "incoming"
        self.recent: list[str] = []  # closed challenge ids, the newest first

    @event("Added", topic=f"{STORED_AS}:ChallengeBook.Added")
    def add(self, challenge_id: str, side: str) -> None:
        self.open = {**self.open, challenge_id: side}

    @event("Closed", topic=f"{STORED_AS}:ChallengeBook.Closed")
    def close(self, challenge_id: str) -> None:
        self.open = {key: side for key, side in self.open.items() if key != challenge_id}
        self.recent = [challenge_id, *[key for key in self.recent if key != challenge_id]][:RECENT]

    def count(self, side: str) -> int:
        return sum(1 for kept in self.open.values() if kept == side)


class OpenBoard(Aggregate):
    """The challenges open to anyone, the oldest first."""

    TOPIC = f"{STORED_AS}:OpenBoard"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:OpenBoard.Created"

    @staticmethod
    def create_id() -> UUID:
        return OPEN_BOARD_ID

    @event("Opened", topic=f"{STORED_AS}:OpenBoard.Opened")
    def __init__(self):
        self.open: list[str] = []

    @event("Added", topic=f"{STORED_AS}:OpenBoard.Added")
    def add(self, challenge_id: str) -> None:
        self.open = [*self.open, challenge_id]

    @event("Removed", topic=f"{STORED_AS}:OpenBoard.Removed")
    def remove(self, challenge_id: str) -> None:
        self.open = [key for key in self.open if key != challenge_id]
