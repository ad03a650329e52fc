"""How many live streams one player key, or one client address, holds open at once.

A rate counts requests; a stream is one request that stays. So each open stream takes a place,
given back when the stream closes, and one that would take more places than its key's or its
address's cap is refused. Each place also carries a lease (the stream's longest life and a margin):
a place whose process died without giving it back frees itself when the lease runs out.

The places are kept in Redis when the rate limits are (a sorted set per key or address, scored by
the lease's end), so every API host counts the same streams; else in the process's memory.
"""

from __future__ import annotations

import threading
import time
import uuid
from typing import Callable, Protocol

from redis import Redis
from redis.exceptions import RedisError

Clock = Callable[[], float]


class Places(Protocol):
    def take(self, holder: str, cap: int, lease: float) -> str | None:
        """A place among `holder`'s at most `cap` (its ticket), or None when all are taken."""

    def give_back(self, holder: str, ticket: str) -> None: ...


class PlacesInMemory:
    """The places of one process."""

    def __init__(self, clock: Clock = time.time):
        self.clock = clock
        self._lock = threading.Lock()
        self._held: dict[str, dict[str, float]] = {}

    def take(self, holder: str, cap: int, lease: float) -> str | None:
        now = self.clock()
        with self._lock:
            held = {ticket: end for ticket, end in self._held.get(holder, {}).items() if end > now}
            if len(held) >= cap:
                self._held[holder] = held
                return None
            ticket = uuid.uuid4().hex
            held[ticket] = now + lease
            self._held[holder] = held
            return ticket

    def give_back(self, holder: str, ticket: str) -> None:
        with self._lock:
            held = self._held.get(holder)
            if held is not None:
                held.pop(ticket, None)
                if not held:
                    del self._held[holder]


class PlacesInRedis:
    """The places every API host sharing the Redis counts alike (one sorted set per holder)."""

    def __init__(self, redis: Redis, prefix: str, clock: Clock = time.time):
        self.redis = redis
        self.prefix = prefix
        self.clock = clock

    def key(self, holder: str) -> str:
        return f"{self.prefix}:open-streams:{holder}"

    def take(self, holder: str, cap: int, lease: float) -> str | None:
        now, ticket, key = self.clock(), uuid.uuid4().hex, self.key(holder)
        try:
            pipe = self.redis.pipeline(transaction=True)
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zadd(key, {ticket: now + lease})
            pipe.zcard(key)
            pipe.expire(key, int(lease) + 1)
            held = pipe.execute()[2]
            if held <= cap:
                return ticket
            self.redis.zrem(key, ticket)  # over the cap: the place taken is given back at once
            return None
        except (RedisError, OSError):
            # A Redis that does not answer never keeps a spectator out: the stream opens uncounted.
            return ticket

    def give_back(self, holder: str, ticket: str) -> None:
        try:
            self.redis.zrem(self.key(holder), ticket)
        except (RedisError, OSError):
            pass  # the lease frees it
