"""A message of a server-sent event stream, as the streams' iterators yield it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Message:
    """One message: `event` names its kind (`game_state`, `challenge`, `event`, ...), `data` is its
    JSON, `id` the id the server gave it (a game stream's version), if any."""

    event: str
    data: Any
    id: str | None = None
