"""The API's JSON answers are written exactly as Flask's own provider writes them, though by one
encoder made once: keys sorted, ASCII only, compact, and Flask's way with dates, UUIDs and
dataclasses."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timezone
from uuid import UUID

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from web.app import OneEncoderJSON


@dataclass
class Seat:
    name: str
    bot: str | None


ANSWERS = [
    {"zeta": 1, "alpha": {"y": [1, 2.5, None, True], "b": "ünïcödé 红 \u2028"}, "when": datetime(2026, 11, 28, 5, 1, tzinfo=timezone.utc)},
    [UUID(int=7), date(2026, 1, 2), Seat("ana", None)],
    "plain text",
    {},
]


def test_answers_read_as_flasks_own():
    ours, flasks = OneEncoderJSON(Flask("ours")), DefaultJSONProvider(Flask("flasks"))
    for answer in ANSWERS:
        assert ours.dumps(answer, separators=(",", ":")) == flasks.dumps(answer, separators=(",", ":"))
        assert ours.dumps(answer, indent=2) == flasks.dumps(answer, indent=2)


def test_a_setting_changed_on_the_provider_is_followed():
    ours, flasks = OneEncoderJSON(Flask("ours")), DefaultJSONProvider(Flask("flasks"))
    ours.dumps(ANSWERS[0], separators=(",", ":"))
    ours.sort_keys = flasks.sort_keys = False
    ours.ensure_ascii = flasks.ensure_ascii = False
    assert ours.dumps(ANSWERS[0], separators=(",", ":")) == flasks.dumps(ANSWERS[0], separators=(",", ":"))
