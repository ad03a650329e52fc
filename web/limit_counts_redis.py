"""A request's rate-limit windows asked of Redis in one round trip to test them and one to spend
them, whatever their number (a move has four), over the `limits` library's RedisStorage: its
connection, its key names and its own counting script, so that the counts are the very ones the
library (hence Flask-Limiter) reads and writes, and hosts on either code count together.

Each window is one key holding its count, set to expire at the window's end by its first count.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Sequence

from limits.storage import RedisClusterStorage, RedisStorage

if TYPE_CHECKING:
    from web.limit_counts import Window


def takes_windows_together(storage: Any) -> bool:
    """Whether the storage is a Redis (or one found through Sentinel) whose keys one pipeline
    reaches; a cluster's lie on several nodes."""
    return isinstance(storage, RedisStorage) and not isinstance(storage, RedisClusterStorage)


class CountsInOneTrip:
    """The windows' counts read together (GET and PTTL of each key) and spent together (the
    library's increment script for each), each in one pipeline. The pipelines are not
    transactions: each window's count is one atomic command, as with the library's own calls."""

    def __init__(self, storage: RedisStorage):
        self.storage = storage
        self.no_script = storage.dependency.exceptions.NoScriptError

    def met(self, windows: Sequence[Window]) -> list[tuple[Window, float]]:
        pipeline = self.storage.get_connection(readonly=True).pipeline(transaction=False)
        for window in windows:
            key = self.storage.prefixed_key(window.name)
            pipeline.get(key)
            pipeline.pttl(key)
        answers = pipeline.execute()
        now = time.time()
        # A key with no expiry (-1), or gone since its count was read (-2), ends now, as the
        # library's get_expiry says.
        return [(window, now + max(milliseconds, 0) / 1000)
                for window, count, milliseconds in zip(windows, answers[::2], answers[1::2])
                if int(count or 0) >= window.amount]

    def spend(self, windows: Sequence[Window]) -> None:
        script = self.storage.lua_incr_expire
        try:
            self._increment(script.sha, windows)
        except self.no_script:
            # A Redis restarted (or flushed) since the script was loaded: nothing was counted;
            # load it again and count.
            script.sha = self.storage.get_connection().script_load(script.script)
            self._increment(script.sha, windows)

    def _increment(self, sha: str, windows: Sequence[Window]) -> None:
        pipeline = self.storage.get_connection().pipeline(transaction=False)
        for window in windows:
            # EVALSHA queued as itself: the script called with the pipeline as its client would
            # first ask SCRIPT EXISTS, a round trip of its own on every request.
            pipeline.evalsha(sha, 1, self.storage.prefixed_key(window.name), window.seconds, 1)
        pipeline.execute()
