"""The rate limits' counts in a real Redis (web.limit_counts.SharedCounts): a request's windows are
read in one round trip and spent in one, whatever their number; the counts are the very keys and
numbers the `limits` library (hence Flask-Limiter) reads and writes, so that hosts on either code
count together; a Redis that lost its scripts (restarted) is still counted in."""

from __future__ import annotations

import time

import pytest
from limits.storage import storage_from_string
from redis.connection import Connection

from tests.infra import fresh_redis_server, redis_server
from web.limit_counts import SharedCounts, Window


@pytest.fixture(scope="module")
def redis_url():
    with redis_server() as server:
        yield server.url


@pytest.fixture
def storage(redis_url):
    storage = storage_from_string(redis_url)
    storage.reset()
    return storage


def windows(number: int, amount: int = 3, seconds: int = 60) -> list[Window]:
    return [Window(f"LIMITER/moves-{number}/key-a/{n}/{amount}/1/minute", amount, seconds, f"{amount} moves")
            for n in range(number)]


class RoundTrips:
    """How many times the client wrote to Redis and waited for its answer: each write of one or
    more commands (a command alone, or a whole pipeline) is one round trip."""

    def __init__(self, monkeypatch):
        self.count = 0
        sends = Connection.send_packed_command

        def counted(connection, command, *args, **kwargs):
            self.count += 1
            return sends(connection, command, *args, **kwargs)

        monkeypatch.setattr(Connection, "send_packed_command", counted)

    def during(self, action) -> int:
        before = self.count
        action()
        return self.count - before


@pytest.mark.parametrize("number", [1, 3, 4])
def test_a_request_s_windows_are_read_in_one_round_trip_and_spent_in_one_whatever_their_number(
        storage, monkeypatch, number):
    counts, asked = SharedCounts(storage), windows(number)
    # The connection made, and the counting script loaded: once per connection, once per Redis.
    counts.spend([Window("LIMITER/another-key", 3, 60, "3 moves")])
    trips = RoundTrips(monkeypatch)
    for _ in range(3):
        assert trips.during(lambda: counts.met(asked)) == 1
        assert trips.during(lambda: counts.spend(asked)) == 1
    met: list = []
    assert trips.during(lambda: met.extend(counts.met(asked))) == 1, "at the limit too, the ends come in the same trip"
    assert [window for window, _ in met] == asked


def test_counts_spent_here_are_the_limits_library_s_counts_and_the_other_way_round(storage):
    counts, [minute, hour] = SharedCounts(storage), windows(2)
    hour = Window(hour.name, 5, 3600, "5 moves per hour")
    for _ in range(3):
        counts.spend([minute, hour])
    assert storage.get(minute.name) == 3 and storage.get(hour.name) == 3
    assert 58 <= storage.get_expiry(minute.name) - time.time() <= 61
    assert 3598 <= storage.get_expiry(hour.name) - time.time() <= 3601

    storage.incr(hour.name, 3600)
    storage.incr(hour.name, 3600)  # a host on the library's own code spends the hour's last two
    [(met_minute, minute_ends), (met_hour, hour_ends)] = counts.met([minute, hour])
    assert (met_minute, met_hour) == (minute, hour)
    assert abs(minute_ends - storage.get_expiry(minute.name)) <= 1
    assert abs(hour_ends - storage.get_expiry(hour.name)) <= 1


def test_a_redis_that_lost_its_scripts_still_counts_every_window(storage, monkeypatch):
    counts, asked = SharedCounts(storage), windows(3)
    counts.spend(asked)
    storage.get_connection().script_flush()  # as a restarted Redis has none
    trips = RoundTrips(monkeypatch)
    assert trips.during(lambda: counts.spend(asked)) == 3, "refused, the script loaded, and spent"
    assert trips.during(lambda: counts.spend(asked)) == 1
    assert [storage.get(window.name) for window in asked] == [3, 3, 3]
    assert counts.failures == 0, "no failure: the script is loaded again, not left for memory"


def test_a_redis_that_stops_leaves_the_counts_to_memory_and_counts_there_again_once_restarted():
    now, server = [0.0], fresh_redis_server()
    try:
        storage = storage_from_string(server.url, socket_connect_timeout=0.25, socket_timeout=0.25)
        counts, [two] = SharedCounts(storage, clock=lambda: now[0]), windows(1, amount=2)
        counts.spend([two])
        server.stop()
        counts.spend([two])
        counts.spend([two])
        assert [window for window, _ in counts.met([two])] == [two], "counted in memory meanwhile"

        server.start()  # on the same port, empty: its counts and its script are gone
        assert [window for window, _ in counts.met([two])] == [two], "not asked again before a second"
        now[0] += 1.5
        assert counts.met([two]) == [], "asked again: its own counts hold"
        counts.spend([two])
        assert storage.get(two.name) == 1 and counts.failures == 0
    finally:
        server.stop()
