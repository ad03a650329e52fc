"""What the streams of one game in one process share: the game read once for each piece of news,
and each message rendered once for each kind of viewer.

A thousand spectators of one game are a thousand streams in one process. When the game moves,
the first of them to look reads it from the store; each message (the event as the viewer may
see it, the viewer's table then, the patch from the table before, the text on the wire) is made
for the first stream that needs it and kept for the others: a seat's once, the spectators' once.
"""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Hashable
from uuid import UUID

from domain import lines
from services.live.view_patch import view_patch
from services.log.game import Game
from services.log.presenting import present_game, present_stored
from services.log.store import GameStore

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

    @cached_property
    def wire(self) -> bytes:
        return self.text.encode()


class Kept(dict):
    """At most `size` entries, the oldest forgotten first (streams move forward: what one needs
    again once forgotten is made again)."""

    def __init__(self, size: int = KEPT):
        super().__init__()
        self.size = size

    def __setitem__(self, key: Hashable, value: Any) -> None:
        super().__setitem__(key, value)
        if len(self) > self.size:
            try:
                del self[next(iter(self))]
            except (KeyError, RuntimeError, StopIteration):
                pass  # another thread forgot it first


# The view a client holds, for a patch: its version, and whether it was rendered revealed.
Base = tuple[int, bool]


class GameFeed:
    """One game as this process's streams of it see it."""

    def __init__(self, store: GameStore, game_id: UUID):
        self.store = store
        self.game_id = game_id
        self.lock = threading.RLock()
        self.heard = 0  # the newest version news told of
        self._bell = threading.Event()
        self.current: Game | None = None  # the game as last read
        self.read_at = float("-inf")
        self.stored: Kept = Kept()  # version -> stored event
        self.views: Kept = Kept()  # (version, viewer, reveal) -> the viewer's table then
        self.messages: Kept = Kept()  # (viewer, version, reveal, base) -> Message
        self.analysis_heard = 0  # pieces of news of the game's analyses
        self._analyses: tuple[int, float, list[dict[str, Any]]] | None = None  # (heard, read at, progress)
        self.audiences: Any = None  # services.live.audiences.Audiences: made by the first stream that joins one

    def bell(self) -> threading.Event:
        """What the next news of the game sets: a stream takes it before it looks at the game,
        then waits on it (one event for all the game's streams, set once for each piece of news)."""
        return self._bell

    def tell(self, version: int, game: Game | None = None) -> None:
        """News of `version`, with the game saved (from this process's own save), or without (the
        game is read here, once for all the streams); then the streams are woken."""
        with self.lock:
            if version <= self.heard and game is None:
                return
            self.heard = max(self.heard, version)
            if game is not None and (self.current is None or game.version > self.current.version):
                self.current = copy.deepcopy(game)  # the store's cache keeps the one saved
        if game is None and self.current is not None:
            self.look(self.read_at, float("inf"))
        bell, self._bell = self._bell, threading.Event()
        bell.set()

    def wake(self) -> None:
        """Wake the game's streams without news: each looks again (on shutdown, to end)."""
        bell, self._bell = self._bell, threading.Event()
        bell.set()

    def tell_analysis(self) -> None:
        """News that one of the game's analyses advanced: the streams read it again and wake."""
        with self.lock:
            self.analysis_heard += 1
        bell, self._bell = self._bell, threading.Event()
        bell.set()

    def analyses(self, now: float, safety: float) -> list[dict[str, Any]]:
        """The progress of each of the game's analyses asked for: read again after news of one, or
        once `safety` seconds old; once for all the streams."""
        kept = self._analyses
        if kept is not None and kept[0] == self.analysis_heard and now - kept[1] < safety:
            return kept[2]
        from services.analysis.analyses import progress_of

        with self.lock:
            heard = self.analysis_heard
            progress = progress_of(self.store, self.game_id)
            self._analyses = (heard, now, progress)
        return progress

    def look(self, now: float, safety: float) -> Game:
        """The game as it is: read again if news came since the last read, or if that read is
        `safety` seconds old (news may be lost; the store never is)."""
        current = self.current
        if current is not None and self.heard <= current.version and now - self.read_at < safety:
            return current  # most looks: a thousand streams waking for news one of them has read
        with self.lock:
            if self.current is None or self.heard > self.current.version or now - self.read_at >= safety:
                self.current = self.store.game(self.game_id)
                self.heard = max(self.heard, self.current.version)
                self.read_at = now
            return self.current

    def opening(self, game: Game, viewer: int | None) -> Message:
        """The `game` message a stream opens with: the viewer's whole view of `game`."""
        key = (viewer, game.version, "opening")
        made = self.messages.get(key)
        if made is None:
            with self.lock:
                view = self.view(game, viewer, game.version, False)
                made = self.messages[key] = Message("game", game.version, {"version": game.version, "game": view})
        return made

    def message(self, current: Game, viewer: int | None, version: int, reveal: bool, base: Base | None) -> Message:
        """The `event` message of `version` for `viewer`: with the whole view when `base` is
        None, else with the RFC 6902 patch from the view `base` names to this one."""
        key = (viewer, version, reveal, base)
        made = self.messages.get(key)
        if made is not None:
            return made
        with self.lock:
            made = self.messages.get(key)
            if made is None:
                # The viewer's table just before, kept like any view, for a line that reads it.
                before = self.view(current, viewer, version - 1, reveal)["table"] if (
                    version > 1 and lines.reads_table(current.rules)) else None
                data: dict[str, Any] = {"version": version, "event": present_stored(
                    current, viewer, self.event(version, current), reveal, view_before=before)}
                view = self.view(current, viewer, version, reveal)
                if base is None:
                    data["game"] = view
                else:
                    data["patch"] = view_patch(self.view(current, viewer, *base), view)
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
