"""The rate limits' counts (web.limit_counts): fixed windows in memory with no thread started to
free them, and a shared storage (Redis) that, when it stops answering, leaves the counting to the
memory and is asked again later."""

from __future__ import annotations

import threading
import time

from limits.storage import MemoryStorage

from web.limit_counts import CountsInMemory, SharedCounts, Window


def window(name: str, amount: int = 3, seconds: int = 1) -> Window:
    return Window(name, amount, seconds, f"{amount} moves per {seconds} second")


def test_a_key_is_refused_past_its_limit_and_counted_again_in_the_next_window():
    now = [1000.0]
    counts, three_a, three_b = CountsInMemory(lambda: now[0]), window("key-a"), window("key-b")
    for _ in range(3):
        assert counts.met([three_a]) == []
        counts.spend([three_a])
    assert counts.met([three_a, three_b]) == [(three_a, 1001.0)], "key-a is at its limit until its window ends"
    counts.spend([three_b])  # another key has its own count

    now[0] += 1.5  # the window has passed: the count starts again, and the old ones are freed
    assert counts.met([three_a]) == []
    counts.spend([three_a])
    assert "key-b" not in counts.counts and counts.counts["key-a"] == [1002.5, 1]


def test_counting_many_requests_starts_no_thread():
    counts, before = CountsInMemory(), threading.active_count()
    for number in range(200):
        counts.spend([window(f"key-{number % 7}", 1000, 60)])
    assert threading.active_count() <= before


class Unanswering:
    """A storage whose server stopped answering (its client raises), until `back`."""

    def __init__(self):
        self.memory, self.back, self.asked = MemoryStorage(), False, 0

    def _answer(self):
        self.asked += 1
        if not self.back:
            raise ConnectionError("the storage does not answer")

    def get(self, key):
        self._answer()
        return self.memory.get(key)

    def incr(self, key, expiry, amount=1):
        self._answer()
        return self.memory.incr(key, expiry, amount)

    def get_expiry(self, key):
        self._answer()
        return self.memory.get_expiry(key)

    def check(self):
        return self.back


def test_a_shared_storage_that_stops_answering_leaves_the_counts_to_memory_until_it_answers_again():
    now, storage = [0.0], Unanswering()
    counts, two = SharedCounts(storage, clock=lambda: now[0]), window("key-a", amount=2, seconds=60)
    counts.spend([two])
    counts.spend([two])
    assert [met for met, _ in counts.met([two])] == [two], "counted in memory meanwhile, and refused past it"
    assert storage.asked == 1, "the storage is not asked again on every request while it fails"

    now[0] += 1.5
    storage.back = True
    assert counts.met([two]) == [], "asked again after a second: its own counts hold"
    counts.spend([two])
    assert storage.memory.get("key-a") == 1


def test_a_refusal_whose_storage_went_away_meanwhile_waits_the_limit_s_whole_window():
    class GoneAfterTheCount(Unanswering):
        def get_expiry(self, key):
            raise ConnectionError("the storage went away after the count was read")

    storage = GoneAfterTheCount()
    storage.back = True
    counts, one = SharedCounts(storage), window("key-a", amount=1, seconds=3600)
    counts.spend([one])
    [(met, ends_at)] = counts.met([one])
    assert met == one and 3590 < ends_at - time.time() <= 3600
