"""Clocks: the time each decision of a game may take, and when the decision at hand is due.

A game's clock is set at creation (`options["clock"]`, so it is part of the record the chain
binds): `{"per_decision": "P1D", "on_timeout": "forfeit" | "bot", "bot": name}`. Every decision's
cause records when it was taken (`at`, from the service's clock, which tests replace), and the
decision at hand is due `per_decision` after the one before it. Bots have no deadline: they play
at once.

`per_decision` is an ISO 8601 duration (aniso8601 reads it) in ASCII digits, of weeks alone or of
days, hours, minutes and seconds, the last of them perhaps with a fraction; years and months,
whose length varies, are refused. A new clock stores the duration's canonical form (`PT90M` is
kept as `PT1H30M`, `P1W` as `P7D`); a clock stored before durations were read this strictly is
still read as it was then.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping

import aniso8601
from aniso8601.builders import TupleBuilder

from services.errors import InvalidRequest

MAX_DURATION = 40  # characters: "P60D" or "PT1H30M" are a few
# How clocks were read before aniso8601 read them: only for reading a clock already stored.
STORED_DURATION = re.compile(r"P(?:(?P<weeks>\d+)W)?(?:(?P<days>\d+)D)?(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?"
                             r"(?:(?P<seconds>\d+)S)?)?")
SHORTEST = timedelta(seconds=10)
LONGEST = timedelta(days=60)
POLICIES = ("forfeit", "bot")
FIELDS = ("per_decision", "on_timeout", "bot")


class SystemClock:
    """The time now, in UTC."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)


def parse_duration(text: Any) -> timedelta:
    """An ISO 8601 duration of weeks, or of days, hours, minutes and seconds ("P1D", "PT30M",
    "P1DT12H", "PT10.5S"); ValueError saying why for anything else."""
    if not isinstance(text, str) or len(text) > MAX_DURATION or not text.isascii():
        # aniso8601 reads any Unicode digit ("PT١٠S"); a duration here is written in ASCII.
        raise ValueError(f"{text!r:.{MAX_DURATION + 2}} is not an ISO 8601 duration such as P1D, PT12H or P2DT30M "
                         f"(ASCII, at most {MAX_DURATION} characters)")
    try:
        parts = aniso8601.parse_duration(text, builder=TupleBuilder)
        if float(parts.PnY or 0) or float(parts.PnM or 0):
            raise ValueError(f"{text!r} counts years or months, whose length varies: give days, hours or minutes")
        return aniso8601.parse_duration(text)
    except (OverflowError, aniso8601.exceptions.RangeCheckError):
        raise ValueError(f"{text!r} is far longer than any clock allows ({LONGEST.days} days at most)") from None
    except aniso8601.exceptions.ISOFormatError as error:
        raise ValueError(f"{text!r} is not an ISO 8601 duration such as P1D, PT12H or P2DT30M: {error}") from None


def canonical_duration(duration: timedelta) -> str:
    """The one way a duration is stored: days, hours, minutes and seconds (fraction only as needed)."""
    hours, rest = divmod(duration.seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    fraction = f".{duration.microseconds:06d}".rstrip("0") if duration.microseconds else ""
    time = "".join(f"{amount}{unit}" for amount, unit in ((hours, "H"), (minutes, "M")) if amount)
    if seconds or fraction:
        time += f"{seconds}{fraction}S"
    return "P" + (f"{duration.days}D" if duration.days else "") + (f"T{time}" if time else "")


def stored_duration(text: str) -> timedelta:
    """A stored clock's duration: canonical since durations are read strictly, as written before."""
    try:
        return parse_duration(text)
    except ValueError:
        match = STORED_DURATION.fullmatch(text)
        return timedelta(**{unit: int(value) for unit, value in match.groupdict().items() if value})


def checked_clock(raw: Any, rules: Any) -> dict[str, Any]:
    """The clock setting to store, or InvalidRequest naming the field and why."""
    if not isinstance(raw, Mapping):
        raise InvalidRequest('a clock is an object such as {"per_decision": "P1D", "on_timeout": "forfeit"}', "clock")
    for key in raw:
        if key not in FIELDS:
            raise InvalidRequest(f"a clock has no field '{key}' (it has: {', '.join(FIELDS)})", f"clock.{key}")
    try:
        per_decision = parse_duration(raw.get("per_decision"))
    except ValueError as error:
        raise InvalidRequest(str(error), "clock.per_decision") from None
    if not SHORTEST <= per_decision <= LONGEST:
        raise InvalidRequest(f"a decision may be given {SHORTEST.seconds} seconds to {LONGEST.days} days",
                             "clock.per_decision")
    policy = raw.get("on_timeout", "forfeit")
    if policy not in POLICIES:
        raise InvalidRequest(f"on_timeout is 'forfeit' or 'bot', not {policy!r}", "clock.on_timeout")
    clock = {"per_decision": canonical_duration(per_decision), "on_timeout": policy}
    if policy == "bot":
        bot = raw.get("bot", rules.stand_in_bot)
        if not isinstance(bot, str) or bot not in rules.bots:
            raise InvalidRequest(f"{rules.title} has no bot {bot!r} (it has: {', '.join(sorted(rules.bots))})", "clock.bot")
        clock["bot"] = bot
    elif "bot" in raw:
        raise InvalidRequest("a bot stands in only when on_timeout is 'bot'", "clock.bot")
    if rules.seats[1] < 2 and policy == "forfeit":
        raise InvalidRequest(f"{rules.title} has one player: a time-out there can only be played by a bot",
                             "clock.on_timeout")
    return clock


def deadline(game: Any) -> datetime | None:
    """When the decision at hand is due; None without a clock, for a bot, or once the game is over."""
    clock = game.options.get("clock")
    seat = game.to_act()
    since = getattr(game, "decided_at", None)
    if not clock or seat is None or since is None:
        return None
    record = game.seats[seat]
    if record.get("bot") or (record.get("open") and not record.get("player")):
        return None  # a bot plays at once; an open seat waits for a player, who then gets the full time
    since = max(since, record.get("joined_at") or since)
    return datetime.fromisoformat(since) + stored_duration(clock["per_decision"])


def timestamp(moment: datetime) -> str:
    """How the service writes a moment: ISO 8601 in UTC, to the second."""
    return moment.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
