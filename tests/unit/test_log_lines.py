"""A log line's time reads as the standard library's formatter writes it, in either format, however
the lines fall within and across seconds (the date and time to the second are written once a second)."""

from __future__ import annotations

import json
import logging

import pytest

from services.observe.logs import formatter

# Lines within one second, at its edges, across seconds, an hour apart and back again.
TIMES = [1700000000.0, 1700000000.999, 1700000001.0005, 1700000001.5, 1700003600.25, 86400.0, 1700000000.4]


def record_at(created: float) -> logging.LogRecord:
    record = logging.LogRecord("services.play.commands", logging.INFO, "", 0, "game %s: %s", ("g", "a"), None)
    record.created, record.msecs = created, int((created - int(created)) * 1000) + 0.0
    return record


def test_plain_lines_carry_the_standard_time():
    written = formatter({})
    for created in TIMES:
        line = written.format(record_at(created))
        assert line == logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s").format(record_at(created))


@pytest.mark.parametrize("created", TIMES)
def test_json_lines_carry_the_standard_time(created):
    written = formatter({"CHRONICLE_LOG_FORMAT": "json"})
    written.format(record_at(created + 1))  # another second written first
    line = json.loads(written.format(record_at(created)))
    assert line["time"] == logging.Formatter().formatTime(record_at(created))
    assert line["message"] == "game g: a"
