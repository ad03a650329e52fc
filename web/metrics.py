"""The API's part of the metrics (services.observe.metrics): each request counted by route
template, method and status, with its latency; and, every CHRONICLE_METRICS_SAMPLE_SECONDS (5), the
RQ queue's length and oldest job's age and the read models' lag behind the log, sampled by each
API process (all see the same queue and log, so the largest live sample is the answer).

Nothing here serves /metrics: the public port never shows them. services.observe.exposition serves them
on CHRONICLE_METRICS_PORT.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from datetime import datetime, timezone
from typing import Mapping

from flask import Flask, g, request
from rq import Queue

from services.observe.metrics import (
    QUEUE_LENGTH, QUEUE_OLDEST_SECONDS, READ_MODEL_LAG_EVENTS, READ_MODEL_LAG_SECONDS, REQUEST_SECONDS, REQUESTS,
)
from services.reactions.queue import queue_name
from services.redis_link import DEFAULT_REDIS_URL, redis_connection

log = logging.getLogger(__name__)

SAMPLE_SECONDS = 5.0
UNMATCHED = "unmatched"  # a path no route answers: one label, however many paths are tried


def route_of_request(asked=None) -> str:
    """The request's route template (`asked`: the request itself, read once through the proxy)."""
    rule = (asked or request).url_rule
    return rule.rule if rule is not None else UNMATCHED


def register(app: Flask) -> None:
    """Count every request the app answers."""

    @app.before_request
    def started() -> None:
        g.metrics_started = time.perf_counter()

    # Each route's counters, found once: prometheus' `labels` checks and locks on every call.
    counters: dict[tuple[str, str, int], tuple] = {}

    @app.after_request
    def counted(response):
        asked = request._get_current_object()  # the request itself: each read through the proxy costs a lookup
        route, method, status = route_of_request(asked), asked.method, response.status_code
        if (found := counters.get((route, method, status))) is None:
            found = counters[route, method, status] = (REQUESTS.labels(route, method, str(status)),
                                                       REQUEST_SECONDS.labels(route, method))
        found[0].inc()
        if (began := g.get("metrics_started")) is not None:
            found[1].observe(time.perf_counter() - began)
        return response


def oldest_job_age(queue: Queue) -> float:
    """Seconds the job at the head of the queue has waited (0 when none waits)."""
    ids = queue.get_job_ids(0, 0)
    job = queue.fetch_job(ids[0]) if ids else None
    if job is None or job.enqueued_at is None:
        return 0.0
    enqueued = job.enqueued_at if job.enqueued_at.tzinfo else job.enqueued_at.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - enqueued).total_seconds())


class Sampler:
    """Samples the gauges no request moves: the queue and the read models' lag."""

    def __init__(self, chronicle, settings: Mapping[str, str]):
        self.chronicle = chronicle
        services = chronicle.services
        self.queue = (Queue(queue_name(services.namespace),
                            connection=redis_connection(settings.get("REDIS_URL") or DEFAULT_REDIS_URL))
                      if services.bots == "rq" else None)
        self.every = float(settings.get("CHRONICLE_METRICS_SAMPLE_SECONDS") or SAMPLE_SECONDS)

    def sample(self) -> None:
        events, seconds = self.chronicle.game_list.lag()
        READ_MODEL_LAG_EVENTS.set(events)
        READ_MODEL_LAG_SECONDS.set(seconds)
        if self.queue is not None:
            QUEUE_LENGTH.set(self.queue.count)
            QUEUE_OLDEST_SECONDS.set(oldest_job_age(self.queue))

    def run(self) -> None:
        while True:
            try:
                self.sample()
            except Exception as error:  # noqa: BLE001 - Redis or the store away: the next sample tries again
                log.warning("metrics: could not sample the queue and the read models (%s)", type(error).__name__)
            time.sleep(self.every)

    def start(self) -> "Sampler":
        threading.Thread(target=self.run, daemon=True, name="metrics-sampler").start()
        return self


def start_sampling(app: Flask, settings: Mapping[str, str] = os.environ) -> Sampler | None:
    """In a served API process, where metrics are served (CHRONICLE_METRICS_PORT)."""
    if not settings.get("CHRONICLE_METRICS_PORT"):
        return None
    return Sampler(app.extensions["chronicle"], settings).start()
