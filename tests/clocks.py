"""A clock the tests move by hand: a week of deadlines passes in a second."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

START = datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc)


class FakeClock:
    def __init__(self, start: datetime = START):
        self.at = start

    def now(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> datetime:
        self.at += timedelta(**delta)
        return self.at
