"""Audiences: the streams of one game that are caught up, for one kind of viewer, written to together.

Ten thousand spectators of one game see the same messages: the same event, the same patch of the
same public table. A stream whose client has everything so far, and whose server can write to
its socket directly (a `Wire`: gunicorn's gevent worker gives one, web.http_workers), joins the
audience of its kind of viewer (a seat, or the spectators; whole views or patches; the wire's
framing) and sleeps. When the game moves, one writer per game in the process makes each
audience's next messages once, frames them once, and writes those same bytes to every member's
socket without waiting; no member's stream wakes. A seat's audience holds only that seat's
streams: its bytes go to no one else.

A member is handed back to its own stream, which then goes on alone as before (services.live.streams),
when its socket does not take a whole write at once (a slow client: the stream writes the rest,
waiting as long as it must, then catches up and may join again), when its client has left, when
the game ends, when the process stops; and it leaves by itself at the end of its lifetime. The
writer also sends the keep-alive comments, once for the whole audience.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Hashable, Protocol

from services.live.feeds import GameFeed, Message
from services.log.game import Game
from services.log.presenting import shown_version

if TYPE_CHECKING:
    from services.live.streams import Pace

KEEP_ALIVE = Message(comment="keep-alive")
# Under gevent a writer that wrote to ten thousand sockets in one go would keep a move that arrives
# meanwhile waiting for all of them: it lets the loop run between every so many writes.
WRITES_A_TURN = 100


class Wire(Protocol):
    """A stream's socket, written to directly once the answer's headers are out."""

    framing: Hashable  # streams framed alike share bytes

    def frame(self, payload: bytes) -> bytes:
        """`payload` as the answer's body carries it (a chunk of a chunked answer)."""

    def send_now(self, data: bytes) -> int:
        """Write what the socket takes without waiting; how many bytes. OSError if the client left."""

    def send_all(self, data: bytes) -> None:
        """Write all of `data`, waiting as long as the socket needs."""


@dataclass
class Sent:
    """What one client has been sent: the newest version, the view it holds (its version and
    whether it was rendered revealed, for the next patch), what it was told of each analysis (by
    strength), and when it was last written to."""

    seen: int
    base: tuple[int, bool] | None
    told: dict[int, tuple[str, float]] = field(default_factory=dict)
    last: float = 0.0

    def copy(self) -> Sent:
        return Sent(self.seen, self.base, dict(self.told), self.last)

    def same_messages(self, other: Sent) -> bool:
        """Whether the next messages for either are the next for the other."""
        return (self.seen, self.base, self.told) == (other.seen, other.base, other.told)


def next_batch(feed: GameFeed, current: Game, viewer: int | None, whole_views: bool, sent: Sent, now: float,
               safety: float) -> tuple[list[Message], bool]:
    """The messages that bring a client from `sent` up to `current` as `viewer` may see it
    (`sent` moves on with them), and whether an analysis of the game is still running."""
    visible = shown_version(current, viewer)  # a delayed spectator sees the rest later
    reveal = current.finished
    batch = []
    for version in range(sent.seen + 1, visible + 1):
        batch.append(feed.message(current, viewer, version, reveal, None if whole_views else sent.base))
        sent.seen, sent.base = version, (version, reveal)
    running = False
    for progress in feed.analyses(now, safety):
        running = running or progress["status"] != "done"
        said = (progress["status"], progress["progress"])
        if sent.told.get(progress["strength"]) != said:
            batch.append(Message("analysis", None, progress))
            sent.told[progress["strength"]] = said
    return batch, running


@dataclass(eq=False)
class Member:
    """One stream in an audience; what it is given back with, once handed back."""

    wire: Wire
    back: threading.Event = field(default_factory=threading.Event)
    sent: Sent | None = None  # what the audience had sent it when it was handed back
    rest: bytes = b""  # the end of a write its socket did not take at once: its stream writes it first
    gone: bool = False  # its client left


class Audience:
    """The caught-up streams of one game for one kind of viewer, and what they have all been sent."""

    def __init__(self, feed: GameFeed, viewer: int | None, whole_views: bool, pace: Pace):
        self.feed, self.viewer, self.whole_views, self.pace = feed, viewer, whole_views, pace
        self.members: dict[int, Member] = {}
        self.sent: Sent | None = None

    def join(self, member: Member, sent: Sent, current: Game, now: float) -> bool:
        """Take `member` in if its client has what the audience's have (after the audience is
        brought up to `current`); the first member sets what the audience has been sent."""
        if not self.members:
            self.sent = sent.copy()
        else:
            self.advance(current, now)
            if not self.members or not self.sent.same_messages(sent):
                return False
        self.members[id(member)] = member
        return True

    def advance(self, current: Game, now: float) -> None:
        """Write to every member what brings it up to `current`, or a keep-alive when it is due;
        hand everyone back when the game is over or the process stops."""
        if not self.members:
            return
        pace, sent = self.pace, self.sent
        batch, running = next_batch(self.feed, current, self.viewer, self.whole_views, sent, now, pace.safety)
        if batch:
            self.write(b"".join(message.wire for message in batch), now)
        elif now - sent.last >= pace.heartbeat:
            self.write(KEEP_ALIVE.wire, now)
        if (current.finished and sent.seen >= current.version and not running) or pace.stopping.is_set():
            for key in list(self.members):
                self.hand_back(key)

    def write(self, payload: bytes, now: float) -> None:
        """The same bytes to every member's socket, without waiting on any; other work of the
        process (a move arriving) gets a turn every WRITES_A_TURN sockets."""
        members = self.members
        framed = next(iter(members.values())).wire.frame(payload)
        self.sent.last = now
        whole = len(framed)
        for count, (key, member) in enumerate(list(members.items()), 1):
            try:
                written = member.wire.send_now(framed)
            except OSError:
                member.gone = True
                self.hand_back(key)
                continue
            if written != whole:
                member.rest = framed[written:]
                self.hand_back(key)
            if not count % WRITES_A_TURN:
                time.sleep(0)

    def hand_back(self, key: int) -> None:
        member = self.members.pop(key)
        member.sent = self.sent.copy()
        member.back.set()

    def leave(self, member: Member) -> None:
        """`member` goes back to its stream (the end of its lifetime), if it is still here."""
        if self.members.get(id(member)) is member:
            del self.members[id(member)]
            member.sent = self.sent.copy()

    def next_due(self, now: float) -> float:
        """Seconds until this audience's next keep-alive."""
        return self.pace.heartbeat - (now - self.sent.last) if self.members else float("inf")


class Audiences:
    """The audiences of one game's feed in this process, and the writer that serves them: a
    thread (a greenlet under gevent) that runs while any has a member."""

    def __init__(self, feed: GameFeed):
        self.feed = feed
        self.by_kind: dict[Hashable, Audience] = {}
        self.writer: threading.Thread | None = None
        # Held while an audience changes or is written to; not the feed's, which a move being
        # announced takes, and must not wait on a write to every socket.
        self.lock = threading.RLock()

    def enter(self, viewer: int | None, whole_views: bool, pace: Pace, wire: Wire, sent: Sent) -> Member | None:
        """The stream's place in its audience, or None if its client lacks messages the audience's
        members have (it catches up alone first)."""
        feed = self.feed
        now = pace.clock()
        current = feed.look(now, pace.safety)
        member = Member(wire)
        with self.lock:
            kind = (viewer, whole_views, wire.framing, id(pace))
            audience = self.by_kind.get(kind)
            if audience is None:
                audience = self.by_kind[kind] = Audience(feed, viewer, whole_views, pace)
            if not audience.join(member, sent, current, now):
                return None
            if self.writer is None:
                self.writer = threading.Thread(target=self.serve, args=(pace,), name="audience-writer", daemon=True)
                self.writer.start()
        return member

    def leave(self, viewer: int | None, whole_views: bool, pace: Pace, member: Member) -> Sent:
        """Out of the audience at the end of the stream's lifetime: what its client has been sent."""
        with self.lock:
            audience = self.by_kind.get((viewer, whole_views, member.wire.framing, id(pace)))
            if audience is not None:
                audience.leave(member)
        assert member.sent is not None
        return member.sent

    def serve(self, pace: Pace) -> None:
        """Until the last member is handed back: at each piece of news (or keep-alive, or safety
        look), bring every audience up to the game as it is."""
        feed = self.feed
        while True:
            bell = feed.bell()  # news from now on sets it: taken before the look
            now = pace.clock()
            current = feed.look(now, pace.safety)
            with self.lock:
                for audience in self.by_kind.values():
                    audience.advance(current, now)
                for kind in [kind for kind, audience in self.by_kind.items() if not audience.members]:
                    del self.by_kind[kind]
                if not self.by_kind:
                    self.writer = None
                    return
                due = min(audience.next_due(now) for audience in self.by_kind.values())
            pace.wait(bell, max(0.0, min(due, pace.safety)))
