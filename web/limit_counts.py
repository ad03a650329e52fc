"""The rate limits' counts in the process's memory, as limits' `memory://` keeps them, without a
thread started for every request.

limits' MemoryStorage frees expired counts on a timer thread that lives 10 ms: on a server asked
less often than that, every counted request starts a thread (a third of a move's CPU in the
process). A count past its window is already read as zero (`get` drops it), so the timer only
frees memory; here the request that comes after SWEEP_SECONDS frees it instead, inline. The
counts, and so every limit, are the same."""

from __future__ import annotations

import time

from limits.storage import MemoryStorage

SCHEME = "chronicle-memory"  # web.limits uses it for `memory://`
SWEEP_SECONDS = 1.0  # memory freed at most this late; the counts are exact whatever it is


class SweptMemoryStorage(MemoryStorage):
    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: str):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.timer.cancel()  # the one timer the parent starts: the sweeps below replace it
        self.swept_at = time.monotonic()

    def _MemoryStorage__schedule_expiry(self) -> None:  # the parent's private hook, called before each count
        if (now := time.monotonic()) - self.swept_at >= SWEEP_SECONDS:
            self.swept_at = now
            self._MemoryStorage__expire_events()
