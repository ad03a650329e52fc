"""Liveness and readiness, as Kubernetes and load balancers probe them.

GET /healthz: the process lives and answers (200, always, touching nothing).
GET /readyz: this process may be sent traffic: its event store answers, the Redis its bot turns go
through answers (where bots play on RQ workers), and its read models are within
CHRONICLE_READY_LAG_SECONDS (default 60) of the event log. Otherwise 503, a `not-ready` problem
whose `reasons` name each thing that is wrong, in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from flask import Blueprint, Flask, current_app, jsonify

from services.redis_link import DEFAULT_REDIS_URL, redis_answers
from web import problem_types as kinds
from web.problems import problem

READY_LAG_SECONDS = 60.0


@dataclass(frozen=True)
class Readiness:
    """What /readyz checks, from the environment."""

    redis_url: str | None  # None: bot turns do not go through Redis, so it is not asked
    lag_seconds: float

    @classmethod
    def from_settings(cls, settings: Mapping[str, str], bots: str) -> "Readiness":
        url = (settings.get("REDIS_URL") or DEFAULT_REDIS_URL) if bots == "rq" else None
        return cls(url, float(settings.get("CHRONICLE_READY_LAG_SECONDS") or READY_LAG_SECONDS))

    def reasons(self, chronicle) -> list[str]:
        """Each reason this process is not ready, in words; none when it is."""
        found = []
        try:
            chronicle.store.recorder.max_notification_id()
        except Exception as error:  # noqa: BLE001 - whatever the driver raises, the store does not answer
            return [f"the event store does not answer ({type(error).__name__})"]
        if self.redis_url is not None and not redis_answers(self.redis_url):
            found.append("Redis does not answer, and bot turns go through it")
        events, seconds = chronicle.game_list.lag()
        if seconds > self.lag_seconds:
            found.append(f"the read models are {seconds:.0f} s ({events} events) behind the event log; "
                         f"the bound is {self.lag_seconds:.0f} s")
        return found


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
