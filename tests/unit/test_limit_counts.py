"""The rate limits' counts in memory (web.limit_counts): the same counts as limits' own memory
storage, with no thread started to free them."""

from __future__ import annotations

import threading

from limits import parse
from limits.strategies import FixedWindowRateLimiter

from web import limit_counts
from web.limit_counts import SweptMemoryStorage


def test_a_key_is_refused_past_its_limit_and_counted_again_in_the_next_window(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(limit_counts.time, "monotonic", lambda: now[0])
    monkeypatch.setattr("limits.storage.memory.time.time", lambda: now[0])
    monkeypatch.setattr("limits.strategies.time.time", lambda: now[0], raising=False)
    limiter, three = FixedWindowRateLimiter(SweptMemoryStorage()), parse("3/second")
    assert [limiter.hit(three, "key-a") for _ in range(4)] == [True, True, True, False]
    assert limiter.hit(three, "key-b")  # another key has its own count

    now[0] += 1.5  # the window has passed: the count starts again, and the old one is freed
    assert limiter.hit(three, "key-a")
    assert limiter.storage.get(three.key_for("key-b")) == 0
    assert three.key_for("key-b") not in limiter.storage.storage


def test_counting_many_requests_starts_no_thread():
    limiter, many = FixedWindowRateLimiter(SweptMemoryStorage()), parse("1000/minute")
    before = threading.active_count()
    for number in range(200):
        assert limiter.hit(many, f"key-{number % 7}")
    assert threading.active_count() <= before
