"""Liveness and readiness, as Kubernetes and load balancers probe them.

GET /healthz: the process lives and answers (200, always, touching nothing).
GET /readyz: this process may be sent traffic: its event store answers, the Redis its bot turns go
through answers (where bots play on RQ workers), and its read models are within
CHRONICLE_READY_LAG_SECONDS (default 60) of the event log. Otherwise 503, a `not-ready` problem
whose `reasons` name each thing that is wrong, in words. Probes come every few seconds from every
balancer: each reads one notification of the store at most and pings Redis over one client kept
for the process, never a new connection.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from flask import Blueprint, Flask, current_app, jsonify
from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

from services.redis_link import DEFAULT_REDIS_URL
from web import problem_types as kinds
from web.problems import problem

READY_LAG_SECONDS = 60.0
# A probe fails fast: a quarter of a second to connect or answer, as a move's enqueue does.
PROBE_TIMEOUT_SECONDS = 0.25


def probe_client(url: str) -> Redis:
    """The one Redis client a process's probes ping through: its pool keeps the connection open
    between probes. Tried once more on a broken connection, so that the first probe after Redis
    restarted reconnects rather than reports the old socket."""
    return Redis.from_url(url, socket_connect_timeout=PROBE_TIMEOUT_SECONDS, socket_timeout=PROBE_TIMEOUT_SECONDS,
                          retry=Retry(NoBackoff(), 1), max_connections=4)


@dataclass(frozen=True)
class Readiness:
    """What /readyz checks, from the environment."""

    redis: Redis | None  # None: bot turns do not go through Redis, so it is not asked
    lag_seconds: float

    @classmethod
    def from_settings(cls, settings: Mapping[str, str], bots: str) -> "Readiness":
        redis = probe_client(settings.get("REDIS_URL") or DEFAULT_REDIS_URL) if bots == "rq" else None
        return cls(redis, float(settings.get("CHRONICLE_READY_LAG_SECONDS") or READY_LAG_SECONDS))

    def reasons(self, chronicle) -> list[str]:
        """Each reason this process is not ready, in words; none when it is."""
        found = []
        try:
            # One read of the event store, of one notification at most: the oldest the read
            # models have not processed yet (none when they are caught up).
            _, seconds = chronicle.game_list.lag(most=1)
        except Exception as error:  # noqa: BLE001 - whatever the driver raises, the store does not answer
            return [f"the event store does not answer ({type(error).__name__})"]
        if self.redis is not None and not self.redis_answers():
            found.append("Redis does not answer, and bot turns go through it")
        if seconds > self.lag_seconds:
            found.append(f"the read models are {seconds:.0f} s behind the event log; "
                         f"the bound is {self.lag_seconds:.0f} s")
        return found

    def redis_answers(self) -> bool:
        try:
            return bool(self.redis.ping())
        except (RedisError, OSError, ValueError):
            return False


blp = Blueprint("health", __name__)


@blp.get("/healthz")
def healthz():
    return jsonify(status="alive")


@blp.get("/readyz")
def readyz():
    reasons = current_app.extensions["chronicle-readiness"].reasons(current_app.extensions["chronicle"])
    if reasons:
        return problem(kinds.NOT_READY, "; ".join(reasons), reasons=reasons)
    return jsonify(status="ready")


def register(app: Flask, settings: Mapping[str, str], bots: str) -> None:
    """Serve /healthz and /readyz (outside the API's OpenAPI document: they are for probes)."""
    app.extensions["chronicle-readiness"] = Readiness.from_settings(settings, bots)
    app.register_blueprint(blp)
