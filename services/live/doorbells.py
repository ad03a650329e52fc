"""Doorbells: how a process that saved a move tells the others, so that their streams read the
store at once rather than at the watcher's next safety look (services.live.news).

- `Quiet`: no doorbell, for a lone process (SQLite without Redis): its own saves ring its bells
  directly, and the safety look finds what other processes saved.
- `RedisDoorbell`: each save is published on the deployment's channel
  (`chronicle-<namespace>-news`); each process listens on one connection.
- `PostgresDoorbell`: the PostgreSQL store NOTIFYs its channel in the transaction of every save
  (the eventsourcing library's application recorder does it), so nothing is published; each
  process LISTENs on one connection of the store's pool.

A doorbell never makes a move wait or fail: publishing has short timeouts and its errors are
only logged. A listener rides out Redis or the database going away: it connects again at the
next wait, and says it rang, since whatever was published meanwhile is in the store's log.
"""

from __future__ import annotations

import logging
import secrets
import time
from contextlib import ExitStack, contextmanager
from typing import Any, Iterator

from psycopg import sql
from redis import Redis
from redis.exceptions import RedisError

from services.redis_link import redis_connection

log = logging.getLogger(__name__)

WARN_EVERY_SECONDS = 60.0  # a Redis that is away is said once a minute, not at every move
# After a failed publication, moves publish nothing for this long: a Redis that is away must not
# cost every move its connection timeout; the other processes' safety looks find those moves.
PAUSE_AFTER_FAILURE_SECONDS = 5.0


class Listener:
    """Waits for the doorbell: True when it rang (or may have), False when `timeout` passed."""

    def wait(self, timeout: float) -> bool:
        time.sleep(timeout)
        return False

    def close(self) -> None:
        pass


class Doorbell:
    def publish(self, game_id: str, version: int) -> None:
        """Tell the other processes that this one saved `version` of the game."""

    @contextmanager
    def listening(self) -> Iterator[Listener]:
        listener = self.listener()
        try:
            yield listener
        finally:
            listener.close()

    def listener(self) -> Listener:
        return Listener()


class Quiet(Doorbell):
    """No doorbell: only the safety look hears of other processes' saves."""


def news_channel(namespace: str) -> str:
    return f"chronicle-{namespace}-news"


class RedisDoorbell(Doorbell):
    """Redis pub/sub on the deployment's channel."""

    def __init__(self, url: str, namespace: str):
        self.url = url
        self.channel = news_channel(namespace)
        self.origin = secrets.token_hex(6)  # this process: its own saves have rung its bells already
        self.publisher = redis_connection(url)
        self._warned_at = float("-inf")
        self._paused_until = float("-inf")

    def publish(self, game_id: str, version: int) -> None:
        if time.monotonic() < self._paused_until:
            return
        try:
            self.publisher.publish(self.channel, f"{self.origin} {game_id} {version}")
        except (RedisError, OSError) as error:
            now = time.monotonic()
            self._paused_until = now + PAUSE_AFTER_FAILURE_SECONDS
            if now - self._warned_at >= WARN_EVERY_SECONDS:
                self._warned_at = now
                log.warning("could not publish the news of game %s on Redis (%s); other processes hear of it "
                            "at their next safety look", game_id, error)

    def listener(self) -> Listener:
        return RedisListener(self)


class RedisListener(Listener):
    def __init__(self, doorbell: RedisDoorbell):
        self.doorbell = doorbell
        self.pubsub: Any = None
        self.away = False  # Redis did not answer the last try: said once, not at every try

    def wait(self, timeout: float) -> bool:
        if self.pubsub is None:
            try:
                self.pubsub = Redis.from_url(self.doorbell.url, socket_connect_timeout=1.0).pubsub(
                    ignore_subscribe_messages=True)
                self.pubsub.subscribe(self.doorbell.channel)
            except (RedisError, OSError) as error:
                self.close()
                if not self.away:
                    log.warning("cannot listen for news on Redis (%s); trying again every %.0f s, the store's "
                                "log is read meanwhile", error, timeout)
                self.away = True
                return super().wait(timeout)
            if self.away:
                log.warning("listening for news on Redis again")
            self.away = False
            return True  # connected again: what was published meanwhile is in the store's log
        deadline = time.monotonic() + timeout
        try:
            while (left := deadline - time.monotonic()) > 0:
                message = self.pubsub.get_message(timeout=left)
                if message is not None and not self.ours(message):
                    return True
        except (RedisError, OSError) as error:
            log.warning("lost the Redis news channel (%s); listening again", error)
            self.close()
            return True
        return False

    def ours(self, message: dict) -> bool:
        """A message this process published: its bells rang when it saved."""
        data = message.get("data")
        return isinstance(data, bytes) and data.split(b" ", 1)[0] == self.doorbell.origin.encode()

    def close(self) -> None:
        if self.pubsub is not None:
            try:
                self.pubsub.close()
            except (RedisError, OSError):
                pass
            self.pubsub = None


class PostgresDoorbell(Doorbell):
    """LISTEN on the channel the PostgreSQL store NOTIFYs in every save's transaction."""

    def __init__(self, store: Any):
        self.store = store

    def listener(self) -> Listener:
        return PostgresListener(self.store.recorder)


class PostgresListener(Listener):
    def __init__(self, recorder: Any):
        self.recorder = recorder
        self.connection: Any = None
        self._held: ExitStack | None = None

    def wait(self, timeout: float) -> bool:
        if self.connection is None:
            try:
                self._held = ExitStack()
                self.connection = self._held.enter_context(self.recorder.datastore.get_connection())
                self.connection.execute(sql.SQL("LISTEN {0}").format(sql.Identifier(self.recorder.channel_name)))
            except Exception as error:  # noqa: BLE001 - the library wraps psycopg's errors in its own
                self.close()
                log.warning("cannot LISTEN for news on PostgreSQL (%s); trying again in %.0f s", error, timeout)
                return super().wait(timeout)
            return True  # listening again: what was saved meanwhile is in the log
        try:
            rang = any(True for _ in self.connection.notifies(timeout=timeout, stop_after=1))
            if rang:
                for _ in self.connection.notifies(timeout=0.0):
                    pass  # the notifications queued meanwhile: one look at the log answers them all
            return rang
        except Exception as error:  # noqa: BLE001
            log.warning("lost the PostgreSQL news channel (%s); listening again", error)
            self.close(broken=True)
            return True

    def close(self, broken: bool = False) -> None:
        if self.connection is not None and not broken:
            try:
                self.connection.execute("UNLISTEN *")  # the connection goes back to the pool
            except Exception:  # noqa: BLE001
                pass
        self.connection = None
        if self._held is not None:
            try:
                self._held.close()
            except Exception:  # noqa: BLE001
                pass
            self._held = None
