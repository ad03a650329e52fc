"""The event store: an `eventsourcing` Application holding every game's stream.

Persistence comes from the environment (see `services.bootstrap`): SQLite by default, in-memory
(`eventsourcing.popo`) in unit tests, PostgreSQL for many processes. Snapshots every
`SNAPSHOT_INTERVAL` versions keep loading a long game, or a replay step, from costing O(N).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import JSONTranscoder, Transcoding

from domain import registry
from services.errors import GameNotFound
from services.game import Game

SNAPSHOT_INTERVAL = 20


class DataclassAsDict(Transcoding):
    """Stores a game's state dataclass as a JSON object of its fields."""

    def __init__(self, cls: type):
        self.type = cls
        self.name = f"{cls.__module__}.{cls.__qualname__}"

    def encode(self, obj: Any) -> dict[str, Any]:
        return {f.name: getattr(obj, f.name) for f in fields(obj)}

    def decode(self, data: dict[str, Any]) -> Any:
        return self.type(**data)


class GameStore(Application[UUID]):
    """Every game's event stream, with snapshots and an aggregate cache."""

    name = "chronicle"
    snapshotting_intervals = {Game: SNAPSHOT_INTERVAL}
    env = {"AGGREGATE_CACHE_MAXSIZE": "500"}

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        for rules in registry.GAMES.values():
            for cls in rules.state_types:
                transcoder.register(DataclassAsDict(cls))

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game as it is now, or as it was at `version`."""
        try:
            game = self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise GameNotFound(f"there is no game {game_id}", field="id") from None
        if not isinstance(game, Game):
            raise GameNotFound(f"there is no game {game_id}", field="id")
        return game

    def stored_events(self, game_id: UUID, gt: int | None = None, lte: int | None = None):
        """The game's stored events (the aggregate's), oldest first."""
        return list(self.events.get(game_id, gt=gt, lte=lte))
