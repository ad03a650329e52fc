"""Live streams: a game's new events as one viewer may see them.

A stream waits for news of its game (services.live.news) and reads what it brings from the event
store, through the feed it shares with the game's other streams in this process
(services.live.feeds), so any API process can serve any stream, whichever process stored the moves.

A stream opens with a `game` message, the viewer's whole table now, unless it resumes after a
version. Then each new version brings an `event` message: the event as the viewer may see it,
and either the viewer's whole table then (`game`: in the first message of a resumed stream, and
in every message when the client asks for whole views) or the RFC 6902 JSON Patch that turns
the table of the stream's message before into the table then (`patch`). Its id is the version,
so a client reconnecting with Last-Event-ID resumes where it stopped. A spectator of a game with
a spectator delay gets each event once the game is that many steps past it.

A stream whose client has every message so far, and whose socket the server lets it share
(under gunicorn's gevent worker), joins its game's audience for its kind of viewer and sleeps:
the game's writer writes each move's messages to all the audience's sockets at once
(services.live.audiences), and hands the stream back when it must go on alone.

An analysis of the game (services.analysis) brings `analysis` messages, `{status, progress, strength,
analysis_version}`, as it advances; a finished game's stream stays open while one runs.

A stream lasts at most `lifetime` seconds, or until its process stops (clients reconnect and resume), sends a comment every
`heartbeat` seconds so proxies keep it open and a closed page is noticed, and ends once a
finished game's last event is sent. Whatever the news, it looks at the store itself every
`safety` seconds: lost news delays a message, never loses it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator
from uuid import UUID

from services.live.audiences import KEEP_ALIVE, Audiences, Member, Sent, Wire, next_batch
from services.live.feeds import GameFeed, Message
from services.live.news import Newsroom
from services.log.presenting import shown_version
from services.log.seats import seat_of_token

__all__ = ["GameStream", "Message", "Pace", "KEEP_ALIVE"]

# A stream learns that its client left only when it writes: a heartbeat every few seconds frees
# a closed page's stream soon.
HEARTBEAT_SECONDS = 5.0
LIFETIME_SECONDS = 60.0
SAFETY_SECONDS = 10.0


def wait_for_bell(bell: threading.Event, seconds: float) -> None:
    bell.wait(seconds)
    # Then let whatever else is ready run first. Under gevent one piece of news wakes every stream
    # of a game at once; resuming each of them later, as a callback of its own, lets the loop
    # look at the sockets between them, so a move that arrives meanwhile is not kept waiting
    # behind a thousand writes. With threads this only offers the GIL.
    time.sleep(0)


@dataclass
class Pace:
    """How long a stream lives and how often it speaks and looks; `clock` and `wait` (for the
    bell, at most so many seconds) are injected in tests."""

    heartbeat: float = HEARTBEAT_SECONDS
    lifetime: float = LIFETIME_SECONDS
    safety: float = SAFETY_SECONDS
    clock: Callable[[], float] = field(default=time.monotonic)
    wait: Callable[[threading.Event, float], None] = field(default=wait_for_bell)
    # Set when the process stops (web.shutdown): each stream sends what it has and ends.
    stopping: threading.Event = field(default_factory=threading.Event)

    def timeout(self, now: float, began: float, last_sent: float, longest: float) -> float:
        """How long to wait for the bell: until the next heartbeat or the end, `longest` at most."""
        return max(0.0, min(longest, self.heartbeat - (now - last_sent), self.lifetime - (now - began)))


class GameStream:
    """The messages of one game for one viewer, from `after` (a version) or from now. Given the
    `wire` of its socket, a stream that has caught up joins its audience (services.live.audiences)
    and sleeps while the game's writer writes to it."""

    def __init__(self, news: Newsroom, game_id: UUID, token: str | None, after: int | None, pace: Pace,
                 whole_views: bool = False, wire: Wire | None = None):
        self.news = news
        self.game_id = game_id
        self.pace = pace
        self.whole_views = whole_views
        self.wire = wire
        store = news.store
        game = store.game(game_id)  # GameNotFound before the stream starts: an ordinary 404
        self.viewer = seat_of_token(game.seats, token)  # Forbidden likewise
        shown = shown_version(game, self.viewer)
        self.start = game if shown == game.version else store.game(game_id, version=shown)
        self.after = after

    def already_over(self) -> bool:
        """A finished game whose last event the client has seen: nothing will ever come."""
        return self.start.finished and self.after is not None and self.after >= self.start.version

    def messages(self) -> Iterator[Message]:
        for batch in self.batches():
            yield from batch

    def chunks(self) -> Iterator[bytes]:
        """The messages as the wire carries them, those of one look together: one write each."""
        for batch in self.batches():
            yield b"".join(message.wire for message in batch)

    def batches(self) -> Iterator[list[Message]]:
        """The messages this stream writes itself, a list for each look at the game."""
        pace = self.pace
        with self.news.watching_game(self.game_id) as watch:
            feed = watch.feed
            assert feed is not None
            if self.after is None:
                yield [feed.opening(self.start, self.viewer)]
                sent = Sent(self.start.version, (self.start.version, False))
            else:
                sent = Sent(self.after, None)
            began = sent.last = pace.clock()
            while True:
                bell = feed.bell()  # news from now on sets it: taken before the look
                current = feed.look(pace.clock(), pace.safety)
                batch, running = next_batch(feed, current, self.viewer, self.whole_views, sent, pace.clock(),
                                            pace.safety)
                now = pace.clock()
                if batch:
                    yield batch
                    sent.last = now
                if current.finished and sent.seen >= current.version and not running:
                    return
                if now - began >= pace.lifetime or pace.stopping.is_set():
                    return
                if now - sent.last >= pace.heartbeat:
                    yield [KEEP_ALIVE]
                    sent.last = now
                if self.wire is not None and sent.base is not None:
                    member = audiences_of(feed).enter(self.viewer, self.whole_views, pace, self.wire, sent)
                    if member is not None:
                        sent = self.in_audience(feed, member, pace.lifetime - (now - began))
                        if sent is None:
                            return  # the client left
                        continue
                pace.wait(bell, pace.timeout(now, began, sent.last, pace.safety))

    def in_audience(self, feed: GameFeed, member: Member, lifetime_left: float) -> Sent | None:
        """Sleep in the audience until handed back or the lifetime is over; then what the client
        has been sent, its socket's unfinished write finished (None if the client left)."""
        try:
            self.pace.wait(member.back, max(0.0, lifetime_left))
        finally:
            # Whatever ends the wait (a greenlet killed at shutdown too), the audience no longer
            # writes to this socket, whose number may be another's once it is closed.
            sent = audiences_of(feed).leave(self.viewer, self.whole_views, self.pace, member)
        if member.gone:
            return None
        if member.rest:
            try:
                self.wire.send_all(member.rest)
            except OSError:
                return None
        return sent


def audiences_of(feed: GameFeed) -> Audiences:
    """The feed's audiences, made by the first stream that joins one."""
    with feed.lock:
        if feed.audiences is None:
            feed.audiences = Audiences(feed)
        return feed.audiences
