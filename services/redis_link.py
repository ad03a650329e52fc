"""The Redis that bot jobs, clock jobs, webhooks, failed turns and news share: where it is, a
connection that fails fast, and a log line for its troubles.

REDIS_URL names it (default redis://127.0.0.1:6379/0). A move never waits on Redis: the
connection has short timeouts and no retries; whatever Redis missed, the store still has.
"""

from __future__ import annotations

from redis import Redis
from redis.backoff import NoBackoff
from redis.exceptions import RedisError, ResponseError
from redis.retry import Retry as RedisRetry

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def redis_trouble(error: BaseException) -> str:
    """What went wrong with Redis, for a log line: a command it refused (it answered, with an
    error), or no answer at all."""
    if isinstance(error, ResponseError):
        return f"Redis refused a command ({error})"
    return f"Redis does not answer ({error})"


def redis_connection(url: str) -> Redis:
    """A Redis client that fails fast: a move must not wait on a Redis that is down or hangs.

    An enqueue takes well under a millisecond; a quarter of a second without an answer means
    Redis is not there, and the sweeper will enqueue the turn later.
    """
    return Redis.from_url(
        url,
        socket_connect_timeout=0.25,
        socket_timeout=0.25,
        retry=RedisRetry(NoBackoff(), 0),
    )


def redis_answers(url: str) -> bool:
    try:
        return bool(redis_connection(url).ping())
    except (RedisError, OSError, ValueError):
        return False
