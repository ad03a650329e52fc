"""Clocks: the time each decision of a game may take, and when the decision at hand is due.

A game's clock is set at creation (`options["clock"]`, so it is part of the record the chain
binds): `{"per_decision": "P1D", "on_timeout": "forfeit" | "bot", "bot": name}`. Every decision's
cause records when it was taken (`at`, from the service's clock, which tests replace), and the
decision at hand is due `per_decision` after the one before it. Bots have no deadline: they play
at once.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping

from services.errors import InvalidRequest

DURATION = re.compile(r"P(?:(?P<weeks>\d+)W)?(?:(?P<days>\d+)D)?(?:T(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?"
                      r"(?:(?P<seconds>\d+)S)?)?")
SHORTEST = timedelta(seconds=10)
LONGEST = timedelta(days=60)
POLICIES = ("forfeit", "bot")
FIELDS = ("per_decision", "on_timeout", "bot")


class SystemClock:
    """The time now, in UTC."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)


def parse_duration(text: str) -> timedelta:
    """An ISO 8601 duration of weeks, days, hours, minutes and seconds ("P1D", "PT30M", "P1DT12H")."""
    match = DURATION.fullmatch(text) if isinstance(text, str) else None
    if match is None or not any(match.groupdict().values()) or text.endswith("T"):
        raise ValueError(f"{text!r} is not an ISO 8601 duration such as P1D, PT12H or P2DT30M")
    try:
        return timedelta(**{unit: int(value) for unit, value in match.groupdict().items() if value})
    except (OverflowError, ValueError):  # more days than a timedelta holds, or digits than int() reads
        raise ValueError(f"{text[:40]!r} is far longer than any clock allows ({LONGEST.days} days at most)") from None


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
    clock = {"per_decision": raw["per_decision"], "on_timeout": policy}
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
    return datetime.fromisoformat(since) + parse_duration(clock["per_decision"])


def timestamp(moment: datetime) -> str:
    """How the service writes a moment: ISO 8601 in UTC, to the second."""
    return moment.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
