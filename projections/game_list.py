"""The game list and the final results, caught up from the store's notification log.

A catch-up reads the notifications after the tracked position, loads each game touched in the
batch once, as it is now (so a row may be ahead of the position, never behind the batch), and
writes its row, the rows of the players seated in it (their inboxes), the result of a finished
game, the lists' totals and the new position in one transaction. Rebuilding is the same from
position 0.

Catching up happens off the request path: `projections.runner` keeps each API process's read
models caught up in a thread of its own, in transactions of at most RUN_GAMES games. A read
brings up to date no more than READ_GAMES games itself (those a client has just written, as a
rule), so however far behind the read model is, a read waits on one small batch at most.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain import lines
from domain.contract import Event
from domain.result_words import headline
from projections import invitations, pages, player_names, ratings
from projections.database import ProjectionDatabase
from projections.tracking import track, tracked
from projections.pages import Page, checked_page
from projections.totals import count, inbox_keys, list_key, list_keys, result_key, result_keys
from services.log.clocks import deadline, timestamp
from services.log.game import Game
from services.players.players import Player
from services.log.seating import Seating, open_to_anyone
from services.log.presenting import ended_by_clock, present_to_act
from services.log.seats import public_seats
from services.log.store import GameStore

NAME = "game_list"
SEAT_TAKEN = get_topic(Seating.Taken)
REGISTERED = get_topic(Player.Registered)
BECAME_BOT = get_topic(Player.BecameBot)
TOPICS = [get_topic(Game.Created), get_topic(Game.Recorded), SEAT_TAKEN, REGISTERED, BECAME_BOT]
LAG_COUNTED = 10_000  # how far a measure of the lag counts: past it, far behind is all it need say
NOTES = 500  # notifications one catch-up transaction reads at most
RUN_GAMES = 8  # games one catch-up transaction brings up to date
READ_NOTES, READ_GAMES = 100, 4  # what a read brings up to date before it answers, at most
RECENT_EVENTS = 30  # far more than one decision causes: the last decision starts among them
AWAITING, WAITING, FINISHED = 0, 1, 2  # a player's games, in the order of their inbox


class GameList:
    """The lobby: every game with its status, seats, whose turn, and last activity."""

    def __init__(self, store: GameStore, db: ProjectionDatabase):
        self.store = store
        self.db = db

    def position(self) -> int:
        return self.db.position(NAME)

    def catch_up(self, games: int = RUN_GAMES) -> int:
        """Process every notification not yet seen, in transactions of at most `games` games;
        returns how many were processed."""
        total = 0
        while done := self._catch_up_batch(games, NOTES):
            total += done
        return total

    def catch_up_some(self, games: int = READ_GAMES, notes: int = READ_NOTES) -> int:
        """Bring at most `games` games up to date, from at most `notes` notifications (by default
        what a read does before it answers); returns how many notifications that processed.
        Nothing new costs one read, and no write lock."""
        if not self.behind():
            return 0
        return self._catch_up_batch(games, notes)

    def behind(self) -> bool:
        """Whether the log holds notifications the read models have not processed yet."""
        return bool(self._unseen(self.position()))

    def lag(self, most: int = LAG_COUNTED) -> tuple[int, float]:
        """How far the read models are behind the log: the notifications not yet processed (counted
        up to `most`), and the age in seconds of the oldest of them (0 when caught up)."""
        unseen = self._unseen(self.position(), most)
        if not unseen:
            return 0, 0.0
        oldest = self.store.mapper.to_domain_event(unseen[0]).timestamp
        return len(unseen), max(0.0, (datetime.now(timezone.utc) - oldest).total_seconds())

    def _unseen(self, position: int, limit: int = 1) -> list[Any]:
        return self.store.recorder.select_notifications(
            start=position, limit=limit, topics=TOPICS, inclusive_of_start=False
        )

    def _catch_up_batch(self, games: int, notes: int) -> int:
        """One transaction: the next `notes` notifications at most, as far as they touch at most
        `games` games; the position is read inside it, under the database's write lock."""
        with self.db.transaction() as cursor:
            notes = self._unseen(tracked(cursor, NAME), notes)
            touched: dict[UUID, None] = {}  # the games of the batch, in the order they come
            taken = 0
            for note in notes:
                if note.topic == REGISTERED:  # a new player: their name, to be found by
                    registered = self.store.mapper.to_domain_event(note)
                    player_names.write(cursor, str(note.originator_id), registered.name)
                    taken += 1
                    continue
                if note.topic == BECAME_BOT:
                    player_names.mark_bot(cursor, str(note.originator_id))
                    taken += 1
                    continue
                if note.topic == SEAT_TAKEN:  # a player took an open seat (the seating's stream)
                    game_id = UUID(self.store.repository.get(note.originator_id).game_id)
                else:
                    game_id = note.originator_id
                if game_id not in touched and len(touched) == games:
                    break
                touched[game_id] = None
                taken += 1
            if not taken:
                return 0
            positions = {(note.originator_id, note.originator_version): note.id for note in notes[:taken]}
            for game_id in touched:
                game = self.store.game(game_id)
                self._write(cursor, game, ends_at=positions.get((game.id, game.version)))
            track(cursor, NAME, notes[taken - 1].id)
            ratings.rate_due(cursor, notes[taken - 1].id)
            return taken

    def _write(self, cursor: Any, game: Game, ends_at: int | None = None) -> None:
        """The game's row, its players' inbox rows, and once it is over its result and its entry
        for the ratings (`ends_at`: the position of its last event, if this batch holds it)."""
        game_id = str(game.id)
        seats = json.dumps(public_seats(game.seats))
        status = "finished" if game.finished else "running"
        to_act = present_to_act(game)
        due = timestamp(when) if (when := deadline(game)) else None
        last_activity = game.modified_on.isoformat()
        open_seats = sum(1 for record in game.seats if open_to_anyone(record))
        before = cursor.execute("SELECT status, open_seats FROM game_list WHERE game_id = ?", (game_id,)).fetchone()
        cursor.execute(
            "INSERT INTO game_list (game_id, game, title, status, sandbox, seats, to_act, version, created_at,"
            " last_activity, last_move, deadline, spectator_delay, open_seats)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id)"
            " DO UPDATE SET status = excluded.status, to_act = excluded.to_act, version = excluded.version,"
            " last_activity = excluded.last_activity, last_move = excluded.last_move, deadline = excluded.deadline,"
            " seats = excluded.seats, open_seats = excluded.open_seats",
            (
                game_id,
                game.game,
                game.rules.title,
                status,
                int(bool(game.options.get("sandbox"))),
                seats,
                json.dumps(to_act) if to_act else None,
                game.version,
                game.created_on.isoformat(),
                last_activity,
                json.dumps(self.last_move(game)),
                due,
                game.options.get("spectator_delay", 0),
                open_seats,
            ),
        )
        count(cursor, list_keys(*before, game.game) if before else (), list_keys(status, open_seats, game.game))
        invitations.write(cursor, game)
        for seat, record in enumerate(game.seats):
            if record.get("player"):
                bucket = (FINISHED if status == "finished"
                          else AWAITING if to_act is not None and to_act["seat"] == seat else WAITING)
                self._write_player_game(cursor, record["player"], game_id, seat, bucket, due, last_activity)
        outcome = game.rules.outcome(game.state)
        if outcome is not None:
            cursor.execute(
                "INSERT INTO results (game_id, game, seats, scores, winners, tie, reason, headline, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                (
                    game_id,
                    game.game,
                    seats,
                    json.dumps(outcome.scores),
                    json.dumps(outcome.winners),
                    int(outcome.is_tie),
                    outcome.reason,
                    headline(outcome, [record["name"] for record in game.seats], ended_by_clock(game)),
                    last_activity,
                ),
            )
            if cursor.rowcount == 1:
                count(cursor, (), result_keys(game.game))
            ratings.queue(cursor, game_id, ratings.rated_entry(game.game, game.rules, game.seats, game.options,
                                                               outcome, last_activity), ends_at)

    @staticmethod
    def _write_player_game(cursor: Any, player: str, game_id: str, seat: int, bucket: int, due: str | None,
                           last_activity: str) -> None:
        """A game's row in its player's inbox, with what orders it there."""
        before = cursor.execute("SELECT bucket FROM player_games WHERE player_id = ? AND game_id = ?",
                                (player, game_id)).fetchone()
        cursor.execute(
            "INSERT INTO player_games (player_id, game_id, seat, bucket, undated, due, last_activity)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player_id, game_id) DO UPDATE SET bucket = excluded.bucket,"
            " undated = excluded.undated, due = excluded.due, last_activity = excluded.last_activity",
            (player, game_id, seat, bucket, int(due is None), due or "", last_activity),
        )
        count(cursor, inbox_keys(player, status_of(before["bucket"])) if before else (),
              inbox_keys(player, status_of(bucket)))

    def last_move(self, game: Game) -> dict[str, Any] | None:
        """The last decision a seat took: who, what (its first event, as the replay says it), when."""
        recent = self.store.stored_events(game.id, gt=max(1, game.version - RECENT_EVENTS), lte=game.version)
        decisions = [stored for stored in recent if stored.cause.get("seat") is not None]
        if not decisions:
            return None
        last = decisions[-1]
        first = next(stored for stored in decisions if stored.cause == last.cause)
        # Everyone reads the list: the line is a spectator's, read against a spectator's table
        # just before it when the game's lines read the table (domain.lines).
        reveal = game.finished
        before = (self.store.game(game.id, version=first.originator_version - 1).state
                  if lines.reads_table(game.rules) else None)
        view_before = game.rules.view(before, None, reveal=reveal) if before is not None else None
        event = lines.seen_event(Event.from_json(first.domain_event), None, reveal)
        return {
            "version": first.originator_version,
            "seat": last.cause["seat"],
            "description": lines.line(game.rules, view_before, event, [s["name"] for s in game.seats]),
            "at": first.timestamp.isoformat(),
        }

    def rebuild(self) -> int:
        """Forget everything and replay the whole log."""
        self.db.drop_all()
        return self.catch_up()

    def total(self, key: str) -> int:
        rows = self.db.query("SELECT count FROM totals WHERE list = ?", (key,))
        return rows[0]["count"] if rows else 0

    def games(self, status: str | None = None, game: str | None = None, limit: int = 50, offset: int = 0,
              open: bool | None = None, cursor: str | None = None) -> list[dict]:
        """The games, most recently active first; `open`: only those with a seat anyone may take."""
        return self.games_page(status, game, limit, offset, open, cursor).rows

    def games_page(self, status: str | None = None, game: str | None = None, limit: int = 50, offset: int = 0,
                   open: bool | None = None, cursor: str | None = None) -> Page:
        """A page of the games, most recently active first, from `cursor` (or `offset`)."""
        checked_page(limit, offset, cursor)
        self.catch_up_some()
        where, params = [], []
        if open:
            where.append("status = 'running' AND open_seats > 0")  # as the partial index game_list_open says
        if status:
            where.append("status = ?")
            params.append(status)
        if game:
            where.append("game = ?")
            params.append(game)
        # The open games are few: read them along their own (partial) index, not among all running ones.
        sql = "SELECT * FROM game_list" + (" INDEXED BY game_list_open" if open else "")
        rows, following = self._latest_first(sql, "games", "last_activity", where, params, limit, offset, cursor)
        return Page([public(entry(row), row["spectator_delay"]) for row in rows], following,
                    self.total(list_key(status, game, bool(open))))

    def results(self, game: str | None = None, limit: int = 50, offset: int = 0, cursor: str | None = None) -> list[dict]:
        """Final results of finished games, most recent first."""
        return self.results_page(game, limit, offset, cursor).rows

    def results_page(self, game: str | None = None, limit: int = 50, offset: int = 0,
                     cursor: str | None = None) -> Page:
        checked_page(limit, offset, cursor)
        self.catch_up_some()
        where, params = [], []
        if game:
            where.append("game = ?")
            params.append(game)
        # A result is a sandbox's if its game is (the game's row is written in the same transaction).
        sql = "SELECT *, (SELECT sandbox FROM game_list g WHERE g.game_id = results.game_id) AS sandbox FROM results"
        rows, following = self._latest_first(sql, "results", "finished_at", where, params, limit, offset, cursor)
        rated = ratings.changes_of(self.db, [row["game_id"] for row in rows])
        return Page(
            [
                {
                    "id": row["game_id"],
                    "game": row["game"],
                    "sandbox": bool(row["sandbox"]),
                    "seats": json.loads(row["seats"]),
                    "scores": json.loads(row["scores"]),
                    "winners": json.loads(row["winners"]),
                    "tie": bool(row["tie"]),
                    "reason": row["reason"],
                    "headline": row["headline"],
                    "finished_at": row["finished_at"],
                    "ratings": rated.get(row["game_id"]),
                }
                for row in rows
            ],
            following,
            self.total(result_key(game)),
        )

    def _latest_first(self, sql: str, kind: str, time: str, where: list[str], params: list[Any], limit: int,
                      offset: int, cursor: str | None) -> tuple[list[Any], str | None]:
        """A page of the rows `sql` selects under the conditions `where`, latest `time` first (ties
        by game id), from `cursor` (of the list `kind`) or `offset`; and the next page's cursor."""
        if cursor is not None:
            where.append(AFTER_IN_ACTIVITY_ORDER.format(time=time, id="game_id"))
            at, game_id = pages.decode(kind, cursor, (str, str))
            params += [at, at, game_id]
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += f" ORDER BY {time} DESC, game_id LIMIT ? OFFSET ?"
        rows = self.db.query(sql, (*params, limit + 1, offset))
        if len(rows) <= limit:
            return rows, None
        return rows[:limit], pages.encode(kind, [rows[limit - 1][time], rows[limit - 1]["game_id"]])


# After a row in the order "{time} DESC, game_id": the first term bounds the index range, the
# second skips the rows of the same time up to the cursor's game.
AFTER_IN_ACTIVITY_ORDER = "{time} <= ? AND ({time} < ? OR {id} > ?)"


def status_of(bucket: int) -> str:
    return "finished" if bucket == FINISHED else "running"


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
