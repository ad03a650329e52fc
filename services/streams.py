"""Live streams: a game's new events as one viewer may see them, and a player's notices.

A stream is a sequence of messages (`Message`), read from the event store by polling: any API
process can serve any stream, whichever process stored the moves. Each game message carries the
version it brings the game to, the event as the asker may see it, and the asker's whole view at
that version, so a client that missed a message recovers from the next one; its id is the
version, so a client reconnecting with Last-Event-ID resumes where it stopped. A spectator of a
game with a spectator delay gets each event once the game is that many steps past it.

A stream lasts at most `lifetime` seconds (each open stream holds a server thread; clients
reconnect and resume), sends a comment every `heartbeat` seconds so proxies keep it open, and
ends once a finished game's last event is sent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator
from uuid import UUID

from services.presenting import present_game, present_stored, shown_version
from services.seats import seat_of_token
from services.store import GameStore

POLL_SECONDS = 0.25
# A stream learns that its client left only when it writes: a heartbeat every few seconds frees
# the thread of a closed page soon.
HEARTBEAT_SECONDS = 5.0
LIFETIME_SECONDS = 60.0


@dataclass(frozen=True)
class Message:
    """One server-sent event: `event` names its kind; a message without data is a comment."""

    event: str | None = None
    id: int | None = None
    data: dict[str, Any] | None = None
    comment: str | None = None


@dataclass
class Pace:
    """How often a stream looks for news, how long it lives; `clock` and `sleep` are injected in tests."""

    poll: float = POLL_SECONDS
    heartbeat: float = HEARTBEAT_SECONDS
    lifetime: float = LIFETIME_SECONDS
    clock: Callable[[], float] = field(default=time.monotonic)
    sleep: Callable[[float], None] = field(default=time.sleep)


class GameStream:
    """The messages of one game for one viewer, from `after` (a version) or from now."""

    def __init__(self, store: GameStore, game_id: UUID, token: str | None, after: int | None, pace: Pace):
        self.store = store
        self.game_id = game_id
        self.pace = pace
        game = store.game(game_id)  # GameNotFound before the stream starts: an ordinary 404
        self.viewer = seat_of_token(game.seats, token)  # Forbidden likewise
        shown = shown_version(game, self.viewer)
        self.start = game if shown == game.version else store.game(game_id, version=shown)
        self.after = after

    def already_over(self) -> bool:
        """A finished game whose last event the client has seen: nothing will ever come."""
        return self.start.finished and self.after is not None and self.after >= self.start.version

    def messages(self) -> Iterator[Message]:
        pace = self.pace
        seen = self.after
        if seen is None:
            yield Message("game", self.start.version, {"version": self.start.version,
                                                        "game": present_game(self.start, self.viewer)})
            seen = self.start.version
        began = last_sent = pace.clock()
        while pace.clock() - began < pace.lifetime:
            sent = False
            news = self.store.stored_events(self.game_id, gt=seen)
            if news:
                current = self.store.game(self.game_id)
                # Up to what the viewer may see now; an event stored after `current` was read waits.
                visible = shown_version(current, self.viewer)
                for stored in news:
                    if stored.originator_version > visible:
                        break
                    yield self.event_message(current, stored)
                    seen = stored.originator_version
                    sent = True
                if current.finished and seen >= current.version:
                    return
            if sent:
                last_sent = pace.clock()
            elif pace.clock() - last_sent >= pace.heartbeat:
                yield Message(comment="keep-alive")
                last_sent = pace.clock()
            pace.sleep(pace.poll)

    def event_message(self, current, stored) -> Message:
        version = stored.originator_version
        reveal = current.finished
        then = current if version == current.version else self.store.game(self.game_id, version=version)
        return Message("event", version, {
            "version": version,
            "event": present_stored(current, self.viewer, stored, reveal),
            "game": present_game(then, self.viewer, reveal=reveal),
        })
