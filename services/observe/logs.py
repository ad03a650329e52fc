"""Log lines every process writes alike: plain text, or JSON lines when CHRONICLE_LOG_FORMAT=json,
each carrying the request id of what it is doing (a request, or a job a request caused).

The request id lives in a context variable: set for the length of a request (web.request_log) or
of a job (workers.cli, from the job's meta), and written into the meta of every job enqueued
meanwhile (TracedQueue), so a move's id follows it to its bot turn and the webhook after it.
Log lines name players and games by id, never by token, key, seed or email address.
"""

from __future__ import annotations

import logging
import os
import re
import time
from contextvars import ContextVar
from typing import Mapping
from uuid import uuid4

from pythonjsonlogger.json import JsonFormatter
from rq import Queue

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
META_KEY = "request_id"
# What a client's X-Request-Id may be to be kept (a load balancer's, a UUID): else one is made.
SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
PLAIN = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FORMATS = ("plain", "json")


def accepted_or_new(given: str | None) -> str:
    """The client's request id if it is sane (64 characters at most: letters, digits, . _ : -)."""
    if given and SANE_ID.fullmatch(given):
        return given
    return uuid4().hex


class SecondWrittenOnce:
    """A formatter's time of a record, the date and time to the second written once a second (the
    same text as logging.Formatter's `formatTime`, without a `localtime` and `strftime` per line)."""

    _second: tuple[int, str] = (-1, "")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        if datefmt or not self.default_msec_format:
            return super().formatTime(record, datefmt)
        second, text = self._second
        if second != (whole := int(record.created)):
            text = time.strftime(self.default_time_format, self.converter(whole))
            self._second = (whole, text)
        return self.default_msec_format % (text, record.msecs)


class PlainWithRequestId(SecondWrittenOnce, logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        request_id = getattr(record, META_KEY, None)
        return f"{line} [request {request_id}]" if request_id else line


def _stamp_request_ids() -> None:
    """Every record made from now on carries the current request id (None outside one)."""
    made = logging.getLogRecordFactory()
    if getattr(made, "stamps_request_ids", False):
        return

    def stamped(*args, **kwargs) -> logging.LogRecord:
        record = made(*args, **kwargs)
        record.request_id = REQUEST_ID.get()
        return record

    stamped.stamps_request_ids = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(stamped)


class JsonWithRequestId(SecondWrittenOnce, JsonFormatter):
    """JSON lines (python-json-logger), the time written as the plain lines write it."""


def formatter(env: Mapping[str, str]) -> logging.Formatter:
    chosen = (env.get("CHRONICLE_LOG_FORMAT") or "plain").lower()
    if chosen not in FORMATS:
        raise ValueError(f"CHRONICLE_LOG_FORMAT is 'plain' or 'json', not {chosen!r}")
    if chosen == "json":
        return JsonWithRequestId("%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
                             rename_fields={"levelname": "level", "name": "logger", "asctime": "time"})
    return PlainWithRequestId(PLAIN)


def configure(env: Mapping[str, str] = os.environ) -> None:
    """The process's logging: INFO and up, to stderr, in the chosen format (once: a handler already
    there, such as a test runner's, is left as it is)."""
    _stamp_request_ids()
    root = logging.getLogger()
    if root.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(env))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    # Neither format shows where a line was logged from, nor its thread: the records skip finding
    # them, as the logging manual advises. The process stays: gunicorn's own lines show it.
    logging._srcfile = None
    logging.logThreads = logging.logMultiprocessing = False


class TracedQueue(Queue):
    """RQ's queue, writing the current request id into the meta of each job it makes."""

    def create_job(self, *args, **kwargs):
        request_id = REQUEST_ID.get()
        if request_id is not None:
            kwargs["meta"] = {META_KEY: request_id, **(kwargs.get("meta") or {})}
        return super().create_job(*args, **kwargs)
