"""What the streams of one game in one process share: the game read once for each piece of news,
and each message rendered once for each kind of viewer.

A thousand spectators of one game are a thousand streams in one process. When the game moves,
the first of them to look reads it from the store; each message (the event as the viewer may
see it, the viewer's table then, the patch from the table before, the text on the wire) is made
for the first stream that needs it and kept for the others: a seat's once, the spectators' once.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Hashable
from uuid import UUID

import jsonpatch

from services.game import Game
from services.presenting import present_game, present_stored
from services.store import GameStore

KEPT = 256  # views, events and messages kept per game: far more than the streams of one game lag
READ_AHEAD = 64  # events read at once from the store


@dataclass(frozen=True)
class Message:
    """One server-sent event: `event` names its kind; a message without data is a comment."""

    event: str | None = None
    id: int | None = None
    data: dict[str, Any] | None = None
    comment: str | None = None

    @cached_property
    def text(self) -> str:
        """The message in the text/event-stream format, made once however many streams send it."""
        if self.data is None:
            return f": {self.comment}\n\n"
        lines = [f"event: {self.event}"] if self.event else []
        if self.id is not None:
            lines.append(f"id: {self.id}")
        lines.append("data: " + json.dumps(self.data, separators=(",", ":")))
        return "\n".join(lines) + "\n\n"


class Kept(OrderedDict):
    """At most `size` entries, the one used longest ago forgotten first."""

    def __init__(self, size: int = KEPT):
        super().__init__()
        self.size = size

    def get(self, key: Hashable, default: Any = None) -> Any:
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key: Hashable, value: Any) -> None:
        super().__setitem__(key, value)
        if len(self) > self.size:
            self.popitem(last=False)


# The view a client holds, for a patch: its version, and whether it was rendered revealed.
Base = tuple[int, bool]


class GameFeed:
    """One game as this process's streams of it see it."""

    def __init__(self, store: GameStore, game_id: UUID):
        self.store = store
        self.game_id = game_id
        self.lock = threading.RLock()
        self.heard = 0  # the newest version news told of
        self.current: Game | None = None  # the game as last read
        self.read_at = float("-inf")
        self.stored: Kept = Kept()  # version -> stored event
        self.views: Kept = Kept()  # (version, viewer, reveal) -> the viewer's table then
        self.messages: Kept = Kept()  # (viewer, version, reveal, base) -> Message

    def hear(self, version: int) -> bool:
        """News of `version`; False if it was known already."""
        with self.lock:
            if version <= self.heard:
                return False
            self.heard = version
            return True

    def look(self, now: float, safety: float) -> Game:
        """The game as it is: read again if news came since the last read, or if that read is
        `safety` seconds old (news may be lost; the store never is)."""
        with self.lock:
            if self.current is None or self.heard > self.current.version or now - self.read_at >= safety:
                self.current = self.store.game(self.game_id)
                self.heard = max(self.heard, self.current.version)
                self.read_at = now
            return self.current

    def keep_view(self, version: int, viewer: int | None, reveal: bool, view: dict[str, Any]) -> None:
        with self.lock:
            self.views[(version, viewer, reveal)] = view

    def message(self, current: Game, viewer: int | None, version: int, reveal: bool, base: Base | None) -> Message:
        """The `event` message of `version` for `viewer`: with the whole view when `base` is
        None, else with the RFC 6902 patch from the view `base` names to this one."""
        key = (viewer, version, reveal, base)
        with self.lock:
            made = self.messages.get(key)
            if made is None:
                data: dict[str, Any] = {"version": version,
                                        "event": present_stored(current, viewer, self.event(version, current), reveal)}
                view = self.view(current, viewer, version, reveal)
                if base is None:
                    data["game"] = view
                else:
                    data["patch"] = jsonpatch.make_patch(self.view(current, viewer, *base), view).patch
                made = self.messages[key] = Message("event", version, data)
            return made

    def view(self, current: Game, viewer: int | None, version: int, reveal: bool) -> dict[str, Any]:
        key = (version, viewer, reveal)
        view = self.views.get(key)
        if view is None:
            then = current if version == current.version else self.store.game(self.game_id, version=version)
            view = self.views[key] = present_game(then, viewer, reveal=reveal)
        return view

    def event(self, version: int, current: Game) -> Any:
        """The stored event of `version`, reading it with those up to the current version if need be."""
        stored = self.stored.get(version)
        if stored is None:
            # A window at a time: a stream catching up from far back reads each event once.
            upto = max(version, min(current.version, version + READ_AHEAD - 1))
            for event in self.store.stored_events(self.game_id, gt=version - 1, lte=upto):
                self.stored[event.originator_version] = event
            stored = self.stored[version]
        return stored
