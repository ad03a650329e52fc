"""A message of a server-sent event stream, as the streams' iterators yield it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict


@dataclass(frozen=True)
class Message:
    """One message: `event` names its kind (`game_state`, `challenge`, `event`, ...), `data` is its
    JSON, `id` the id the server gave it (a game stream's version), if any."""

    event: str
    data: Any
    id: str | None = None


class GameState(TypedDict):
    """The data of `game_full` and `game_state` on a player's stream (`games=full`): one of the
    player's games as their seat sees it, whole, with their legal actions when the decision is theirs."""

    id: str
    game: str
    title: str
    seat: int
    version: int
    status: str  # running or finished
    your_decision: bool
    deadline: str | None
    view: dict[str, Any]  # as GET /api/games/{id} answers the player's key
    legal_actions: list[dict[str, Any]]  # as GET /api/games/{id}/actions answers it; [] when not theirs


class Invitation(TypedDict):
    """The data of `invitation`: a game keeping seat `seat` for the player, to join."""

    id: str
    game: str
    title: str
    seat: int
