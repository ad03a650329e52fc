"""A clock's duration: ISO 8601 as the standard writes it, in ASCII digits, kept in one canonical form."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.log.clocks import LONGEST, SHORTEST, deadline
from services.errors import InvalidRequest
from tests.clocks import START, FakeClock

TWO = [{"name": "ana"}, {"name": "bo"}]
ANY_SERVICES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def clock(services):
    services.commands.clock = FakeClock()
    return services.commands.clock


def timed_game(services, per_decision: str):
    created = services.commands.create("chi", TWO, seed="durations", clock={"per_decision": per_decision})
    return services.store.game(created.id)


@pytest.mark.parametrize("written", [
    "PT١٠S",  # Arabic-Indic digits
    "P١D",
    "PT１０S",  # full-width digits
    "P1W1D",  # weeks stand alone in ISO 8601
    "P1Y", "P1M", "P0000-01-00",  # a year's or a month's length varies
    "P1DT", "PT", "P", "-P1D", "pt10s", " P1D", "P1D ", "PT1e3S", "P1DT1.5H30M",
    "P" + "1" * 100 + "D",
])
def test_a_duration_the_standard_does_not_write_so_is_refused_naming_per_decision(services, written):
    with pytest.raises(InvalidRequest) as refused:
        timed_game(services, written)
    assert refused.value.field == "clock.per_decision"


@pytest.mark.parametrize("written, stored, length", [
    ("PT10.5S", "PT10.5S", timedelta(seconds=10.5)),
    ("PT10,5S", "PT10.5S", timedelta(seconds=10.5)),
    ("PT90M", "PT1H30M", timedelta(minutes=90)),
    ("P1W", "P7D", timedelta(weeks=1)),
    ("P0.5D", "PT12H", timedelta(hours=12)),
    ("P01DT00H", "P1D", timedelta(days=1)),
    ("P1DT12H", "P1DT12H", timedelta(days=1, hours=12)),
    ("P0000-00-02T00:30:00", "P2DT30M", timedelta(days=2, minutes=30)),
])
def test_a_duration_is_stored_in_its_canonical_form_and_gives_the_deadline(services, clock, written, stored, length):
    game = timed_game(services, written)
    assert game.options["clock"]["per_decision"] == stored
    assert deadline(game) == START + length


def test_the_bounds_still_hold_to_the_microsecond(services):
    with pytest.raises(InvalidRequest):
        timed_game(services, "PT9.999999S")
    with pytest.raises(InvalidRequest):
        timed_game(services, "P60DT0.000001S")
    assert timed_game(services, "PT10S").options["clock"]["per_decision"] == "PT10S"
    assert timed_game(services, "P60D").options["clock"]["per_decision"] == "P60D"


durations = st.timedeltas(min_value=SHORTEST, max_value=LONGEST)


def seconds_only(length: timedelta) -> str:
    whole, micro = divmod(length // timedelta(microseconds=1), 1_000_000)
    return f"PT{whole}.{micro:06d}S"


@ANY_SERVICES
@given(length=durations)
def test_any_duration_within_the_bounds_however_written_is_stored_once_and_read_back_the_same(services, clock,
                                                                                              length):
    in_seconds = timed_game(services, seconds_only(length))
    assert deadline(in_seconds) == START + length
    stored = in_seconds.options["clock"]["per_decision"]
    again = timed_game(services, stored)
    assert again.options["clock"]["per_decision"] == stored, "the canonical form is its own canonical form"
    assert stored.isascii() and "W" not in stored


@ANY_SERVICES
@given(digit=st.characters(categories=["Nd"]).filter(lambda c: not c.isascii()),
       written=st.sampled_from(["PT{}0S", "P{}D", "PT1{}H", "P1DT{}M"]))
def test_a_duration_with_any_digit_outside_ascii_is_refused(services, digit, written):
    with pytest.raises(InvalidRequest) as refused:
        timed_game(services, written.format(digit))
    assert refused.value.field == "clock.per_decision"


def test_a_clock_stored_before_durations_were_read_strictly_keeps_its_deadline(services, clock, monkeypatch):
    # As an older version stored it: the duration as written, weeks beside days.
    monkeypatch.setattr("services.play.commands.checked_clock", lambda raw, rules: dict(raw))
    game = timed_game(services, "P1W1D")
    assert game.options["clock"]["per_decision"] == "P1W1D"
    assert deadline(game) == START + timedelta(days=8)
