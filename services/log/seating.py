"""Open seats: seats created empty, for any player to take, and who took them.

A seat `{"open": true}` is dealt like any other at creation but held by nobody, so nothing can be
decided for it until a player joins it (`Commands.join`); one created `{"open": true, "player":
id}` is kept for that player (`reserved_for`), and only they may join it. The joins are kept in the game's
seating stream, beside its log, so that joining never moves the game's version; the store lays
them over the game's seats whenever it loads a game that has open seats. The header the chain
binds keeps the seats as created ("open seat 2"), so a game audits the same whoever joined.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from services.log.aggregates import loaded

# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before the services were grouped by
# concern or after, reads alike and holds the same names.
STORED_AS = "services.seating"


def seating_id(game_id: UUID | str) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:seating:{game_id}")


def open_seat_name(seat: int) -> str:
    return f"open seat {seat + 1}"


class Seating(Aggregate):
    """The players who took a game's open seats."""

    TOPIC = f"{STORED_AS}:Seating"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:Seating.Created"

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return seating_id(game_id)

    @event("Opened", topic=f"{STORED_AS}:Seating.Opened")
    def __init__(self, game_id: str):
        self.game_id = game_id
        self.taken: dict[str, dict[str, Any]] = {}  # seat number (as text: JSON keys) -> the seat's record

    @event("Taken", topic=f"{STORED_AS}:Seating.Taken")
    def take(self, seat: int, player: str, name: str, key_sha256: str, at: str, bot_account: bool = False) -> None:
        record = {"name": name, "bot": None, "open": True, "player": player, "token_sha256": key_sha256, "joined_at": at}
        if bot_account:  # a bot account's seat says so, as one seated at creation does (services.log.seats)
            record["bot_account"] = True
        self.taken = {**self.taken, str(seat): record}


def seating_of(repository: Any, game_id: UUID | str) -> Seating | None:
    return loaded(repository, seating_id(game_id), Seating)


def with_joined_seats(repository: Any, game: Any) -> Any:
    """The game with each open seat that was taken shown as its player's."""
    if not game.options.get("open_seats"):
        return game
    seating = seating_of(repository, game.id)
    if seating is not None and seating.taken:
        game.seats = [seating.taken.get(str(index), record) for index, record in enumerate(game.seats)]
    return game


def is_open(record: dict[str, Any]) -> bool:
    """A seat nobody holds yet."""
    return bool(record.get("open")) and not record.get("player")


def open_to_anyone(record: dict[str, Any]) -> bool:
    """A seat nobody holds yet, and not kept for one player."""
    return is_open(record) and not record.get("reserved_for")
