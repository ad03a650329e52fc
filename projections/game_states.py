"""The player's games as their own seat sees them, for a player's stream that asked for game states.

A bot account (or any client that asks, `?games=full`) follows all its games on one stream:
`game_full` for each running game when the stream opens and for each game of theirs that starts
later, then `game_state` for every new version of one. Each message carries the seat's whole
view (as GET /api/games/{id} answers the player's key) and its legal actions when it is the
player's decision, so a client that missed messages is caught up by the next one, and after a
reconnection by the opening `game_full`s. `invitation` tells of a game keeping a seat for the
player, which they take with POST /api/games/{id}/seats/{n}/join.

The view is the player's own seat's, never another's: the seat is found by the player's id in
the game's seats. A view is computed once per new version a stream hears of, and only by the
streams that asked for game states.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator
from uuid import UUID

from projections.inbox import Inbox
from services.errors import GameNotFound
from services.live.streams import Message
from services.log.clocks import deadline, timestamp
from services.log.game import Game
from services.log.seating import is_open
from services.log.store import GameStore
from services.play.queries import Queries


def seat_of(game: Game, player_id: str) -> int | None:
    """The seat the player holds in the game, if any."""
    return next((index for index, record in enumerate(game.seats) if record.get("player") == player_id), None)


def kept_seat(game: Game, player_id: str) -> int | None:
    """The open seat the game keeps for the player, if any (and it runs)."""
    if game.finished:
        return None
    return next((index for index, record in enumerate(game.seats)
                 if is_open(record) and record.get("reserved_for") == player_id), None)


def stage_of(game: Game) -> tuple[int, int]:
    """How far the game has come: its version, then its seats taken (a seat taken leaves the
    version as it was, and changes the view: names, and whether the game has begun)."""
    return game.version, sum(not is_open(record) for record in game.seats)


class GameStates:
    """What one player's stream has sent of their games: the version of each, and the invitations."""

    def __init__(self, store: GameStore, queries: Queries, inbox: Inbox, player_id: str):
        self.store = store
        self.queries = queries
        self.inbox = inbox
        self.player_id = player_id
        self.sent: dict[str, tuple[int, int]] = {}  # game id -> the mark last sent (stage_of)
        self.invited: set[str] = set()

    def opening(self) -> tuple[list[dict[str, Any]], list[Message]]:
        """The player's invitations (for the `inbox` message) and a `game_full` per running game."""
        invitations = self.inbox.invitations(self.player_id)
        self.invited = {invitation["id"] for invitation in invitations}
        running = [game["id"] for game in self.inbox.games_of(self.player_id, "running")]
        return invitations, list(self.news(running))

    def unsent(self, games: dict[str, dict[str, Any]]) -> list[str]:
        """Of the player's games as a look at the inbox found them, and their invitations, those
        this stream has not told of at that version yet: a safety net under the news."""
        changed = [game_id for game_id, game in games.items()
                   if (game_id in self.sent and game["version"] > self.sent[game_id][0])
                   or (game_id not in self.sent and game["status"] == "running")]
        return changed + [invitation["id"] for invitation in self.inbox.invitations(self.player_id)
                          if invitation["id"] not in self.invited]

    def news(self, game_ids: Iterable[str]) -> Iterator[Message]:
        """For each game: `game_full` if it is new to this stream, `game_state` if it has moved on
        since, `invitation` for a seat newly kept for the player; nothing otherwise."""
        for game_id in dict.fromkeys(game_ids):
            try:
                game = self.store.game(UUID(game_id))
            except (GameNotFound, ValueError):
                continue
            seat = seat_of(game, self.player_id)
            if seat is None:
                kept = kept_seat(game, self.player_id)
                if kept is not None and game_id not in self.invited:
                    self.invited.add(game_id)
                    yield Message("invitation", None, {"id": game_id, "game": game.game, "title": game.rules.title,
                                                       "seat": kept})
                continue
            last, stage = self.sent.get(game_id), stage_of(game)
            if last is not None and stage <= last:
                continue
            self.sent[game_id] = stage
            self.invited.discard(game_id)
            yield Message("game_full" if last is None else "game_state", None, self.state(game, seat))

    def state(self, game: Game, seat: int) -> dict[str, Any]:
        # A game still waiting on a seat is nobody's decision yet: taking the seat tells of it.
        seated = not any(is_open(record) for record in game.seats)
        your_decision = seated and not game.finished and game.to_act() == seat
        due = deadline(game)
        return {
            "id": str(game.id),
            "game": game.game,
            "title": game.rules.title,
            "seat": seat,
            "version": game.version,
            "status": "finished" if game.finished else "running",
            "your_decision": your_decision,
            "deadline": timestamp(due) if due else None,
            "view": self.queries.seat_table(game, seat),
            "legal_actions": self.queries.seat_actions(game, seat)["actions"] if your_decision else [],
        }
