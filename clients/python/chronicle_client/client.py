"""The client: every operation of the API (chronicle_client.operations, generated), sent with
retries where a retry cannot act twice, refusals raised as the problem's own exception, and the
streams as iterators that reconnect by themselves."""

from __future__ import annotations

import json
import random
import time
import uuid
from typing import Any, Iterator

import httpx
from httpx_sse import ServerSentEvent, connect_sse

from chronicle_client.errors import ChronicleError, Unreachable, error_for
from chronicle_client.operations import ActReply, Challenge, Operations, PlayerView
from chronicle_client.sse import Message

# Statuses a proxy or a server on its way down or up answers with: the request was not applied.
RETRY_STATUSES = frozenset({502, 503, 504})
# The streams send a comment every few seconds (heartbeats); this long a silence means a dead connection.
STREAM_SILENCE = 60.0


class Client(Operations):
    """A client of one server, with a player's key (or a seat's token), or anonymous without one.

    `retries` bounds how often one request is sent again after a connection error or a 502/503/504
    (GETs, and POSTs sent with an Idempotency-Key, which the server answers once however often they
    come); the waits between grow from `backoff` to `max_backoff` seconds. A request refused for a
    rate limit (429) was not applied, whatever it is: it is sent again after the server's Retry-After,
    when that is at most `max_rate_wait` seconds (else RateLimited is raised at once), within the same
    `retries`. Use it as a context manager, or call close()."""

    def __init__(self, base_url: str, key: str | None = None, *, timeout: float = 30.0, retries: int = 8,
                 backoff: float = 0.25, max_backoff: float = 5.0, max_rate_wait: float = 60.0,
                 transport: httpx.BaseTransport | None = None):
        self.base_url = base_url.rstrip("/")
        self.key = key
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.max_rate_wait = max_rate_wait
        self._transport = transport
        headers = {"Accept": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        self.http = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout, transport=transport)

    def with_key(self, key: str | None) -> "Client":
        """Another client of the same server and settings, with another key or token."""
        return Client(self.base_url, key, timeout=self.timeout, retries=self.retries, backoff=self.backoff,
                      max_backoff=self.max_backoff, max_rate_wait=self.max_rate_wait, transport=self._transport)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- hand-written calls that read better than the generated ones --------------------------------------

    def act(self, game_id: str, action: dict[str, Any], expected_version: int, *,
            idempotency_key: str | None = None) -> ActReply:
        """Take the decision `action`, decided on `expected_version`; sent (and, after a dropped
        connection, sent again) with one Idempotency-Key, so it is taken once."""
        return self.take_action(game_id, {"action": action, "expected_version": expected_version},
                                idempotency_key=idempotency_key)

    def challenge(self, to: str | None, game: str, **terms: Any) -> Challenge:
        """Challenge player `to` (an id; None: anyone) to `game`, with `options`, `clock`, `rated`,
        `seat` or `expires_in` as POST /api/challenges takes them."""
        return self.issue_challenge({"to": to, "game": game, **terms})

    def become_bot(self) -> PlayerView:
        """Turn the key's player into a bot account (only before their first game, and for good)."""
        return self.become_bot_account()

    def my_stream(self, games: str | None = None) -> Iterator[Message]:
        """The key's player's stream (`inbox`, `challenge`, `invitation`, `game_full`, `game_state`,
        `your_turn`, ...) for as long as the caller iterates: after a dropped connection or a
        restarted server it connects again, and the opening messages catch the player up.
        `games="full"` asks for each game's whole state (a bot account's default; each
        `game_full` and `game_state` message's data is a GameState), "notices" not."""
        return self._reconnecting("/api/players/me/stream", {"games": games}, resume=False)

    def game_stream(self, game_id: str, *, after: int | None = None, views: str | None = None) -> Iterator[Message]:
        """A game's stream (`game`, then one `event` per version), resumed after the last version
        seen (Last-Event-ID) whenever the connection drops; it ends once the game's last event
        has come (the server's 204)."""
        return self._reconnecting(f"/api/games/{game_id}/stream", {"after": after, "views": views}, resume=True)

    # --- the transport ------------------------------------------------------------------------------------

    def _call(self, method: str, path: str, *, query: dict[str, Any] | None = None, body: Any = None,
              headers: dict[str, Any] | None = None, idempotent: bool = False, text: bool = False) -> Any:
        params = _present(query)
        sent = _present(headers)
        if idempotent:
            sent.setdefault("Idempotency-Key", uuid.uuid4().hex)
        # A GET changes nothing, and the server answers a repeated Idempotency-Key with its first answer.
        repeatable = method == "GET" or idempotent
        attempt = 0
        while True:
            pause = None  # the server's own, for a rate limit
            try:
                response = self.http.request(method, path, params=params, headers=sent, json=body)
            except (httpx.ConnectError, httpx.ConnectTimeout) as error:
                # Never connected: nothing was sent, so any request may go again.
                failure: Exception = error
            except httpx.TransportError as error:
                if not repeatable:
                    raise Unreachable(f"{method} {path}: {error}") from error
                failure = error
            else:
                # A rate limit is tested before the request is applied: any request may go again.
                pause = _retry_after(response) if response.status_code == 429 else None
                if pause is None or pause > self.max_rate_wait:
                    if not (repeatable and response.status_code in RETRY_STATUSES):
                        return _answer(response, text)
                    pause = None
                failure = error_for(response.status_code, _json(response), response.text)
            attempt += 1
            if attempt > self.retries:
                if isinstance(failure, ChronicleError):
                    raise failure
                raise Unreachable(f"{method} {path}: {failure}") from failure
            time.sleep(self._wait(attempt) if pause is None else pause)

    def _wait(self, attempt: int) -> float:
        """The pause before the `attempt`th try again: doubling, bounded, with a little jitter."""
        return min(self.max_backoff, self.backoff * 2 ** (attempt - 1)) * random.uniform(0.8, 1.0)

    def _stream_timeout(self) -> httpx.Timeout:
        return httpx.Timeout(self.timeout, read=max(self.timeout, STREAM_SILENCE))

    def _events(self, path: str, query: dict, headers: dict) -> Iterator[Message]:
        """One connection of a stream, its messages until it ends (no reconnecting)."""
        with connect_sse(self.http, "GET", path, params=_present(query), headers=_present(headers),
                         timeout=self._stream_timeout()) as source:
            if source.response.status_code == 204:
                return
            if source.response.status_code >= 400:
                source.response.read()
                raise error_for(source.response.status_code, _json(source.response), source.response.text)
            for sse in source.iter_sse():
                if (message := _message(sse)) is not None:
                    yield message

    def _reconnecting(self, path: str, query: dict, *, resume: bool) -> Iterator[Message]:
        last_id: str | None = None
        retry_ms = 1000  # until the server's `retry:` says otherwise
        failures = 0
        while True:
            headers = {"Last-Event-ID": last_id} if resume and last_id else {}
            try:
                with connect_sse(self.http, "GET", path, params=_present(query), headers=headers,
                                 timeout=self._stream_timeout()) as source:
                    status = source.response.status_code
                    if status == 204:
                        return  # a game stream whose last event the client has seen
                    if status in RETRY_STATUSES:
                        raise _TryAgain(status)
                    if status >= 400:
                        source.response.read()
                        raise error_for(status, _json(source.response), source.response.text)
                    failures = 0
                    for sse in source.iter_sse():
                        if sse.retry is not None:
                            retry_ms = max(0, min(sse.retry, 60_000))
                        if sse.id:
                            last_id = sse.id
                        if (message := _message(sse)) is not None:
                            yield message
            except (httpx.TransportError, _TryAgain):
                failures += 1
            # The stream ended (its lifetime, a server stopping) or broke: wait as the server asked,
            # longer while it keeps failing, then connect again.
            time.sleep(max(retry_ms / 1000, self._wait(failures) if failures else 0))


class _TryAgain(Exception):
    """A stream answered by a server on its way down or up (502/503/504)."""


def _message(sse: ServerSentEvent) -> Message | None:
    """The message an SSE block carries; None for one that only sets `retry:`."""
    if not sse.data and sse.event in ("", "message"):
        return None
    return Message(sse.event or "message", json.loads(sse.data) if sse.data else None, sse.id or None)


def _present(values: dict[str, Any] | None) -> dict[str, Any]:
    return {name: value for name, value in (values or {}).items() if value is not None}


def _json(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


def _retry_after(response: httpx.Response) -> float | None:
    """The seconds a 429's Retry-After asks to wait (None without a readable one)."""
    try:
        return max(0.0, float(response.headers.get("Retry-After", "")))
    except ValueError:
        return None


def _answer(response: httpx.Response, text: bool) -> Any:
    if response.status_code >= 400:
        raise error_for(response.status_code, _json(response), response.text)
    if response.status_code == 204 or not response.content:
        return None
    return response.text if text else response.json()
