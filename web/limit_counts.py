"""The rate limits' counts: fixed windows, each named, counted in the process's memory or in a
storage every API host shares (Redis), as web.limits tests and spends them.

A window starts with its first count and lasts its length; a count past its window reads as zero.
A request's windows are tested together (which of them are at their limit, and when each ends),
and spent together after the answer. In Redis the names are those Flask-Limiter gave the same
limits (`LIMITER/<prefix>/<key>/<scope>/<amount>/<multiples>/<unit>`), so that hosts of either
kind count together. A shared storage that fails is left for the memory's counts, and asked
again after 1, 2, 4... 64 seconds: a Redis that stops answering never stops a request. A Redis
is asked a request's windows in one round trip to test them and one to spend them
(web.limit_counts_redis); another storage, window by window.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, NamedTuple, Protocol, Sequence

from web.limit_counts_redis import CountsInOneTrip, takes_windows_together

log = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0  # the memory of ended windows freed at most this late; the counts are exact whatever it is
RETRY_AFTER_FAILURE = (1, 2, 4, 8, 16, 32, 64)  # seconds before a failed shared storage is asked again


class Window(NamedTuple):
    """One limit's window for one key: its count's name, the allowance, its length, and the
    limit in words (`50 moves from one player key per 1 second`). A named tuple: a request
    makes one for each of its limits, and a frozen dataclass costs several times as much to make."""

    name: str
    amount: int
    seconds: int
    said: str


class Counts(Protocol):
    def met(self, windows: Sequence[Window]) -> list[tuple[Window, float]]:
        """The windows whose allowance is spent, each with when it ends (time.time())."""

    def spend(self, windows: Sequence[Window]) -> None:
        """One more request counted in each window."""


class CountsInMemory:
    """The counts of one process: ended windows are freed inline, at most once every SWEEP_SECONDS
    (no timer thread: a thread a request was a third of a move's CPU)."""

    def __init__(self, clock=time.time):
        self.clock = clock
        self.counts: dict[str, list] = {}  # name -> [the window's end, its count]
        self.lock = threading.Lock()
        self.swept_at = clock()

    def met(self, windows: Sequence[Window]) -> list[tuple[Window, float]]:
        now, counts, met = self.clock(), self.counts, []
        for window in windows:
            held = counts.get(window.name)
            if held is not None and held[0] > now and held[1] >= window.amount:
                met.append((window, held[0]))
        return met

    def spend(self, windows: Sequence[Window]) -> None:
        now, counts = self.clock(), self.counts
        with self.lock:
            if now - self.swept_at >= SWEEP_SECONDS:
                self.swept_at = now
                for name in [name for name, held in counts.items() if held[0] <= now]:
                    del counts[name]
            for window in windows:
                held = counts.get(window.name)
                if held is None or held[0] <= now:
                    counts[window.name] = [now + window.seconds, 1]
                else:
                    held[1] += 1


class CountsOneByOne:
    """A shared storage's counts asked window by window: a storage that cannot take a request's
    windows at once (memcached, MongoDB, a Redis cluster, whose keys lie on several nodes)."""

    def __init__(self, storage: Any):
        self.storage = storage

    def met(self, windows: Sequence[Window]) -> list[tuple[Window, float]]:
        met = [window for window in windows if self.storage.get(window.name) >= window.amount]
        return [(window, self._ends_at(window)) for window in met]

    def spend(self, windows: Sequence[Window]) -> None:
        for window in windows:
            self.storage.incr(window.name, window.seconds)

    def _ends_at(self, window: Window) -> float:
        """When the window ends; its whole length from now if the storage cannot say (it went away
        since the count was read): a refusal never fails for it."""
        try:
            return self.storage.get_expiry(window.name)
        except Exception:  # noqa: BLE001 - the window's length is an honest bound
            return time.time() + window.seconds


class SharedCounts:
    """The counts in a storage of the `limits` library's (Redis) that every host shares, with the
    memory's counts standing in while it fails."""

    def __init__(self, storage: Any, fallback: CountsInMemory | None = None, clock=time.monotonic):
        self.storage, self.fallback, self.clock = storage, fallback or CountsInMemory(), clock
        self.asked: Counts = CountsInOneTrip(storage) if takes_windows_together(storage) else CountsOneByOne(storage)
        self.failures = 0
        self.ask_again_at: float | None = None  # None: the storage answers

    def met(self, windows: Sequence[Window]) -> list[tuple[Window, float]]:
        if not self._answering():
            return self.fallback.met(windows)
        try:
            return self.asked.met(windows)
        except Exception:  # noqa: BLE001 - whatever the storage raises, the request goes on
            self._failed()
            return self.fallback.met(windows)

    def spend(self, windows: Sequence[Window]) -> None:
        if not self._answering():
            return self.fallback.spend(windows)
        try:
            self.asked.spend(windows)
        except Exception:  # noqa: BLE001 - as above
            self._failed()
            self.fallback.spend(windows)

    def _answering(self) -> bool:
        if self.ask_again_at is None:
            return True
        if self.clock() < self.ask_again_at:
            return False
        try:
            back = bool(self.storage.check())
        except Exception:  # noqa: BLE001
            back = False
        if not back:
            self._failed()
            return False
        log.info("the rate limits' storage answers again: counting there")
        self.failures, self.ask_again_at = 0, None
        return True

    def _failed(self) -> None:
        if self.ask_again_at is None:
            log.warning("the rate limits' storage does not answer: counting in memory meanwhile")
        wait = RETRY_AFTER_FAILURE[min(self.failures, len(RETRY_AFTER_FAILURE) - 1)]
        self.failures += 1
        self.ask_again_at = self.clock() + wait
