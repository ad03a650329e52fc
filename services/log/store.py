"""The event store: an `eventsourcing` Application holding every game's stream.

Persistence comes from the environment (see `services.compose`): SQLite by default, in-memory
(`eventsourcing.popo`) in unit tests, PostgreSQL for many processes.

A snapshot is saved whenever a save carries a game past a multiple of `SNAPSHOT_INTERVAL`, taken
from the game in memory (the library's own snapshotting would reload it from the store), so any
version is at most about one interval of events away from a snapshot. It is stored in the
transaction of the move's events (services.log.store_recorders): both or neither, for one commit.
A snapshot owns what it holds (`GameStore.snapshot`), so one taken and stored later still holds
the game at its own version.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application, ProcessingEvent, Repository
from eventsourcing.domain import BaseAggregate, Snapshot
from eventsourcing.persistence import IntegrityError, JSONTranscoder, Transcoding

from domain import registry
from domain.state_codec import stored_fields
from services.errors import GameNotFound
from services.log.game import Game
from services.log.seating import with_joined_seats
from services.log.store_mapper import GameEventStore, GameMapper
from services.log.store_recorders import game_recorder
from services.observe.metrics import STORE_ERRORS

SNAPSHOT_INTERVAL = 20


class DataclassAsDict(Transcoding):
    """Stores a game's state dataclass as a JSON object of its fields (a cache field is left out)."""

    def __init__(self, cls: type):
        self.type = cls
        self.name = f"{cls.__module__}.{cls.__qualname__}"

    def encode(self, obj: Any) -> dict[str, Any]:
        return {f.name: getattr(obj, f.name) for f in stored_fields(obj)}

    def decode(self, data: dict[str, Any]) -> Any:
        return self.type(**data)


def mutated(aggregate: Any, events: Any) -> Any:
    """The aggregate with each event applied in turn: the library's projector without its
    `isinstance` of a runtime-checkable protocol per event, which on Python 3.11 walks the
    protocol's attributes every time (a sixth of replaying a game step by step)."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


class QuickRepository(Repository):
    """The library's repository, its aggregates rebuilt by `mutated` unless told otherwise."""

    def get(self, aggregate_id: Any, *, version: int | None = None, projector_func: Any = mutated,
            **options: Any) -> Any:
        return super().get(aggregate_id, version=version, projector_func=projector_func, **options)


class GameStore(Application[UUID]):
    """Every game's event stream, with snapshots and an aggregate cache."""

    name = "chronicle"
    is_snapshotting_enabled = True
    env = {"AGGREGATE_CACHE_MAXSIZE": "500"}

    def __init__(self, env: Any = None):
        super().__init__(env)
        self.recorder.snapshot_recorder = self.snapshots.recorder

    def construct_repository(self) -> Repository:
        # The library's own, built from its settings, made a QuickRepository (which adds nothing
        # but the default projector) rather than copying how the library reads those settings.
        built = super().construct_repository()
        built.__class__ = QuickRepository
        return built

    def construct_recorder(self):
        return game_recorder(self.factory)

    def construct_mapper(self) -> GameMapper:
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=GameMapper)

    def construct_event_store(self) -> GameEventStore:
        return GameEventStore(mapper=self.mapper, recorder=self.recorder)

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
        except Exception:
            STORE_ERRORS.labels("load").inc()
            raise
        if not isinstance(game, Game):
            raise GameNotFound(f"there is no game {game_id}", field="id")
        return with_joined_seats(self.repository, game)

    def exists(self, game_id: UUID) -> bool:
        return bool(list(self.events.get(game_id, limit=1)))

    def game_for_move(self, game_id: UUID, expected_version: int) -> Game:
        """The game a move was decided on, without a database read when the cache is already there.

        A cached game at the expected version may still be behind the store (another process
        moved); then the save fails on the version it reuses, and the move is answered as stale.
        """
        cache = self.repository.cache
        if cache is not None:
            try:
                cached = cache.get(game_id)
            except KeyError:
                cached = None
            if isinstance(cached, Game) and cached.version == expected_version:
                return with_joined_seats(self.repository, copy.deepcopy(cached))
        return self.game(game_id)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """The library's `save` (eventsourcing 9.5.6, pinned), with each aggregate's events
        collected after a plain class check: the library asks `isinstance` of two
        runtime-checkable protocols, which on Python 3.11 walks each protocol's attributes every
        time. Anything else is collected by the library's own way."""
        processing = ProcessingEvent()
        for obj in objs:
            if isinstance(obj, BaseAggregate):
                processing.events.extend(obj.collect_events())
                processing.aggregates[obj.id] = obj
            else:
                processing.collect_events(obj)
        processing.saved_kwargs.update(kwargs)
        recordings = self._record(processing)
        self._take_snapshots(processing)
        self._notify(recordings)
        self.notify(processing.events)
        return recordings

    def save_game(self, game: Game, *others: Any) -> None:
        """Save a game's new events (and `others`, in the same transaction); snapshot it if due."""
        first_new = game.version - len(game.pending_events) + 1
        snapshots = []
        if (first_new - 1) // SNAPSHOT_INTERVAL != game.version // SNAPSHOT_INTERVAL:
            # Stored as it is taken, so it need not own what it holds (`snapshot` copies it for a later store).
            snapshots.append(self.mapper.to_stored_event(Snapshot.take(game)))
        try:
            self.save(game, *others, snapshots=snapshots)
        except IntegrityError:
            raise  # a race lost to another move: no fault of the store
        except Exception:
            STORE_ERRORS.labels("save").inc()
            raise
        if self.repository.cache is not None:
            # The next load then finds no new events to fetch and fold again.
            self.repository.cache.put(game.id, game)

    @staticmethod
    def snapshot(game: Game) -> Snapshot:
        """The game as it stands now, held by a snapshot of its own: stored later, it is still this version.

        The library's snapshot shares the game's attributes, so the next `record` would append to
        the snapshot's list of unfolded events too. The rules' state is shared: the rules never
        change a state in place.
        """
        taken = Snapshot.take(game)
        owned = {name: value if name == "_state" else copy.deepcopy(value) for name, value in taken.state.items()}
        return dataclasses.replace(taken, state=owned)

    def stored_events(self, game_id: UUID, gt: int | None = None, lte: int | None = None):
        """The game's stored events (the aggregate's), oldest first."""
        return list(self.events.get(game_id, gt=gt, lte=lte))
