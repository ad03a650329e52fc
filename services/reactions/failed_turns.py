"""Turns whose job failed: a small record per game and version, kept in Redis beside the jobs,
written by the workers and read by the sweeper and by the query side.

A bot's turn or a rules turn whose job raises (a locked store, a dropped connection, a bug in the
rules) is retried by RQ with backoff (services.reactions.queue); once those retries are spent the
sweeper tries again after a pause that doubles each time, from `later` seconds up to
LONGEST_PAUSE: a turn that keeps failing never becomes a hot loop, and a failure that passes
heals by itself. Each failure is counted here with the time of the next try; the turn played (or
the game moved on) makes the record moot, and the job deletes it.

It is no event of the game: a failure of the machinery is no part of the game's history (and a
locked store could not record it anyway). Players see the exception's kind only, never its
message, which from the rules may name a hidden card; the message goes to the log.

Where bots play in the API's process (no Redis), the same records are kept in that process's
memory (`FailedTurnsInMemory`), and its watch tries the turn again (services.reactions.in_process).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from redis import Redis

from services.log.clocks import timestamp

QUICK_RETRY_SECONDS = (1, 3, 9)  # RQ's retries, or the first tries of a process's watch
FIRST_PAUSE = 30.0  # seconds before the sweeper's first try once those are spent
LONGEST_PAUSE = 1800.0
KEPT_SECONDS = 7 * 24 * 3600  # as long as RQ keeps a failed job


@dataclass(frozen=True)
class FailedTurn:
    """The failures of the turn due at `version`."""

    version: int
    attempts: int
    spent: int  # how many times every retry RQ had was spent
    error: str  # the exception's kind
    since: datetime
    next_try: datetime

    def shown(self) -> dict[str, Any]:
        """What the game's JSON says of it, to every viewer."""
        return {
            "attempts": self.attempts,
            "error": self.error,
            "since": timestamp(self.since),
            "next_try": timestamp(self.next_try),
            "retries_spent": self.spent > 0,
        }


class Pauses:
    """The pause before the next try of a turn whose quick retries are all spent: `later`
    seconds, doubling each time they are spent again, LONGEST_PAUSE at most."""

    def __init__(self, later: float = FIRST_PAUSE):
        if not 0 < later <= LONGEST_PAUSE:
            raise ValueError(f"the pause before a failed turn is tried again is 0 to {LONGEST_PAUSE:.0f} seconds, "
                             f"not {later}")
        self.later = later

    def pause(self, spent: int) -> float:
        """Seconds before the next try, once the quick retries were spent `spent` times."""
        return min(self.later * 2 ** max(spent - 1, 0), LONGEST_PAUSE)


class FailedTurns(Pauses):
    """The failure records of one deployment's games (`namespace`), in Redis."""

    def __init__(self, connection: Redis, namespace: str, later: float = FIRST_PAUSE):
        super().__init__(later)
        self.connection = connection
        self.namespace = namespace

    def key(self, game_id: UUID | str, version: int) -> str:
        return f"chronicle-{self.namespace}-failed-turn-{game_id}-{version}"

    def failed(self, game_id: UUID | str, version: int, error: BaseException, retry_in: float | None,
               now: datetime) -> FailedTurn:
        """Count a failure of the turn due at `version`: RQ tries again in `retry_in` seconds, or,
        None, its retries are spent and the sweeper tries again after its pause."""
        key = self.key(game_id, version)
        with self.connection.pipeline() as pipeline:
            pipeline.hincrby(key, "attempts", 1)
            pipeline.hincrby(key, "spent", 0 if retry_in is not None else 1)
            pipeline.hsetnx(key, "since", now.isoformat())
            pipeline.hget(key, "since")
            attempts, spent, _, since = pipeline.execute()
        next_try = now + timedelta(seconds=retry_in if retry_in is not None else self.pause(spent))
        kind = type(error).__name__
        with self.connection.pipeline() as pipeline:
            pipeline.hset(key, mapping={"error": kind, "next_try": next_try.isoformat()})
            pipeline.expire(key, KEPT_SECONDS)
            pipeline.execute()
        return FailedTurn(version, attempts, spent, kind, datetime.fromisoformat(since.decode()), next_try)

    def of(self, game_id: UUID | str, version: int) -> FailedTurn | None:
        """The failures of the turn due at `version`, if it failed."""
        raw = self.connection.hgetall(self.key(game_id, version))
        if b"next_try" not in raw:
            return None
        return FailedTurn(
            version=version,
            attempts=int(raw[b"attempts"]),
            spent=int(raw[b"spent"]),
            error=raw[b"error"].decode(),
            since=datetime.fromisoformat(raw[b"since"].decode()),
            next_try=datetime.fromisoformat(raw[b"next_try"].decode()),
        )

    def clear(self, game_id: UUID | str, version: int) -> None:
        """The turn due at `version` was played, or the game moved on: forget its failures."""
        self.connection.delete(self.key(game_id, version))


class FailedTurnsInMemory(Pauses):
    """The same records in this process's memory, one per game at most (a game that moved on
    replaces its record), for bots played in the API's process."""

    def __init__(self, later: float = FIRST_PAUSE):
        super().__init__(later)
        self.records: dict[str, FailedTurn] = {}
        self.lock = threading.Lock()

    def failed(self, game_id: UUID | str, version: int, error: BaseException, retry_in: float | None,
               now: datetime) -> FailedTurn:
        """As FailedTurns.failed."""
        with self.lock:
            before = self.of(game_id, version)
            spent = (before.spent if before else 0) + (0 if retry_in is not None else 1)
            record = FailedTurn(
                version=version,
                attempts=(before.attempts if before else 0) + 1,
                spent=spent,
                error=type(error).__name__,
                since=before.since if before else now,
                next_try=now + timedelta(seconds=retry_in if retry_in is not None else self.pause(spent)),
            )
            self.records[str(game_id)] = record
            return record

    def of(self, game_id: UUID | str, version: int) -> FailedTurn | None:
        record = self.records.get(str(game_id))
        return record if record is not None and record.version == version else None

    def clear(self, game_id: UUID | str, version: int) -> None:
        with self.lock:
            record = self.records.get(str(game_id))
            if record is not None and record.version <= version:
                del self.records[str(game_id)]
