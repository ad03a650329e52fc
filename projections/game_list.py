"""The game list and the final results, caught up from the store's notification log.

A catch-up reads the notifications after the tracked position, loads each game touched in the
batch once, at the newest version the batch names, and writes its row, the result of a finished
game, and the new position in one transaction. Rebuilding is the same from position 0.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain import clock
from domain.contract import Event
from projections.database import ProjectionDatabase
from services.clocks import deadline, timestamp
from services.errors import InvalidRequest
from services.game import Game
from services.seating import Seating, open_to_anyone
from services.presenting import present_to_act
from services.seats import public_seats
from services.store import GameStore

NAME = "game_list"
SEAT_TAKEN = get_topic(Seating.Taken)
TOPICS = [get_topic(Game.Created), get_topic(Game.Recorded), SEAT_TAKEN]
BATCH = 500
RECENT_EVENTS = 30  # far more than one decision causes: the last decision starts among them
MAX_LIMIT = 500  # rows in one page of a list
MAX_OFFSET = 1_000_000  # rows skipped; far past any list here, and well inside SQLite's 64-bit integers


def checked_page(limit: int, offset: int) -> None:
    """A page of a list: 1 to MAX_LIMIT rows, after 0 to MAX_OFFSET rows."""
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidRequest(f"limit is 1 to {MAX_LIMIT} rows, not {limit}", "limit")
    if not 0 <= offset <= MAX_OFFSET:
        raise InvalidRequest(f"offset is 0 to {MAX_OFFSET} rows, not {offset}", "offset")


class GameList:
    """The lobby: every game with its status, seats, whose turn, and last activity."""

    def __init__(self, store: GameStore, db: ProjectionDatabase):
        self.store = store
        self.db = db

    def position(self) -> int:
        rows = self.db.query("SELECT position FROM tracking WHERE projection = ?", (NAME,))
        return rows[0]["position"] if rows else 0

    def catch_up(self) -> int:
        """Process every notification not yet seen; returns how many were processed."""
        total = 0
        while True:
            done = self._catch_up_batch()
            total += done
            if done < BATCH:
                return total

    def _catch_up_batch(self) -> int:
        with self.db.transaction() as cursor:
            row = cursor.execute("SELECT position FROM tracking WHERE projection = ?", (NAME,)).fetchone()
            position = row["position"] if row else 0
            notes = self.store.recorder.select_notifications(
                start=position, limit=BATCH, topics=TOPICS, inclusive_of_start=False
            )
            if not notes:
                return 0
            newest: dict[UUID, int | None] = {}
            for note in notes:
                if note.topic == SEAT_TAKEN:  # a player took an open seat: the game as it is now
                    newest[UUID(self.store.repository.get(note.originator_id).game_id)] = None
                elif newest.get(note.originator_id, 0) is not None:
                    newest[note.originator_id] = max(newest.get(note.originator_id, 0), note.originator_version)
            for game_id, version in newest.items():
                self._write(cursor, self.store.game(game_id, version=version))
            cursor.execute(
                "INSERT INTO tracking (projection, position) VALUES (?, ?) "
                "ON CONFLICT (projection) DO UPDATE SET position = excluded.position",
                (NAME, notes[-1].id),
            )
            return len(notes)

    def _write(self, cursor: Any, game: Game) -> None:
        seats = json.dumps(public_seats(game.seats))
        status = "finished" if game.finished else "running"
        to_act = present_to_act(game)
        cursor.execute(
            "INSERT INTO game_list (game_id, game, title, status, sandbox, seats, to_act, version, created_at,"
            " last_activity, last_move, deadline, spectator_delay, open_seats)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id)"
            " DO UPDATE SET status = excluded.status, to_act = excluded.to_act, version = excluded.version,"
            " last_activity = excluded.last_activity, last_move = excluded.last_move, deadline = excluded.deadline,"
            " seats = excluded.seats, open_seats = excluded.open_seats",
            (
                str(game.id),
                game.game,
                game.rules.title,
                status,
                int(bool(game.options.get("sandbox"))),
                seats,
                json.dumps(to_act) if to_act else None,
                game.version,
                game.created_on.isoformat(),
                game.modified_on.isoformat(),
                json.dumps(self.last_move(game)),
                timestamp(due) if (due := deadline(game)) else None,
                game.options.get("spectator_delay", 0),
                sum(1 for record in game.seats if open_to_anyone(record)),
            ),
        )
        for seat, record in enumerate(game.seats):
            if record.get("player"):
                cursor.execute(
                    "INSERT INTO seat_players (player_id, game_id, seat) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (record["player"], str(game.id), seat),
                )
        outcome = game.rules.outcome(game.state)
        if outcome is not None:
            cursor.execute(
                "INSERT INTO results (game_id, game, seats, scores, winners, tie, reason, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (
                    str(game.id),
                    game.game,
                    seats,
                    json.dumps(outcome.scores),
                    json.dumps(outcome.winners),
                    int(outcome.is_tie),
                    outcome.reason,
                    game.modified_on.isoformat(),
                ),
            )

    def last_move(self, game: Game) -> dict[str, Any] | None:
        """The last decision a seat took: who, what (its first event, as the replay says it), when."""
        recent = self.store.stored_events(game.id, gt=max(1, game.version - RECENT_EVENTS), lte=game.version)
        decisions = [stored for stored in recent if stored.cause.get("seat") is not None]
        if not decisions:
            return None
        last = decisions[-1]
        first = next(stored for stored in decisions if stored.cause == last.cause)
        return {
            "version": first.originator_version,
            "seat": last.cause["seat"],
            "description": clock.describe(game.rules, Event.from_json(first.domain_event), [s["name"] for s in game.seats]),
            "at": first.timestamp.isoformat(),
        }

    def rebuild(self) -> int:
        """Forget everything and replay the whole log."""
        self.db.drop_all()
        return self.catch_up()

    def games(self, status: str | None = None, game: str | None = None, limit: int = 50, offset: int = 0,
              open: bool | None = None) -> list[dict]:
        """The games, most recently active first; `open`: only those with a seat anyone may take."""
        checked_page(limit, offset)
        self.catch_up()
        where, params = [], []
        if open:
            where.append("status = 'running' AND open_seats > 0")
        if status:
            where.append("status = ?")
            params.append(status)
        if game:
            where.append("game = ?")
            params.append(game)
        sql = "SELECT * FROM game_list"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY last_activity DESC, game_id LIMIT ? OFFSET ?"
        return [public(entry(row), row["spectator_delay"]) for row in self.db.query(sql, (*params, limit, offset))]

    def results(self, game: str | None = None, limit: int = 50, offset: int = 0) -> list[dict]:
        """Final results of finished games, most recent first."""
        checked_page(limit, offset)
        self.catch_up()
        sql, params = "SELECT * FROM results", []
        if game:
            sql += " WHERE game = ?"
            params.append(game)
        sql += " ORDER BY finished_at DESC, game_id LIMIT ? OFFSET ?"
        rows = self.db.query(sql, (*params, limit, offset))
        return [
            {
                "id": row["game_id"],
                "game": row["game"],
                "seats": json.loads(row["seats"]),
                "scores": json.loads(row["scores"]),
                "winners": json.loads(row["winners"]),
                "tie": bool(row["tie"]),
                "reason": row["reason"],
                "finished_at": row["finished_at"],
            }
            for row in rows
        ]


def public(game: dict[str, Any], delay: int) -> dict[str, Any]:
    """The list as anyone sees it: a running game with a spectator delay shows no more than its
    spectators may see (how far it is, not whose turn nor the last move)."""
    if game["status"] == "running" and delay:
        game.update(version=max(1, game["version"] - delay), to_act=None, last_move=None, deadline=None)
    game["spectator_delay"] = delay
    return game


def entry(row: Any) -> dict[str, Any]:
    """One game of the list, from its row."""
    return {
        "id": row["game_id"],
        "game": row["game"],
        "title": row["title"],
        "status": row["status"],
        "sandbox": bool(row["sandbox"]),
        "seats": json.loads(row["seats"]),
        "to_act": json.loads(row["to_act"]) if row["to_act"] else None,
        "version": row["version"],
        "created_at": row["created_at"],
        "last_activity": row["last_activity"],
        "last_move": json.loads(row["last_move"]) if row["last_move"] else None,
        "deadline": row["deadline"],
        "open_seats": [seat["seat"] for seat in json.loads(row["seats"])
                       if seat["kind"] == "open" and not seat.get("reserved_for")],
    }
