"""The tournament list: a row per tournament (its game, format, status, organiser, when it was
organised and finished, how many entered), caught up from the store's notification log.

It tracks its own position, as the game list does, but reads only the events of tournaments'
streams (organised, entered, recorded): a catch-up loads each tournament touched in the batch
once, as it is now, and writes its row, the lists' totals and the new position in one
transaction. Where a batch finds no more tournament events, the position moves on to the log's
last notification read before it, so a read's look for news costs the events since the last
catch-up, never the whole log. Rebuilding is the same from position 0.

A read brings up to date at most READ_TOURNAMENTS tournaments from READ_NOTES notifications
(tournaments' events are few: as a rule, all of them since the last read); the runner
(projections.runner) catches up the rest, off the request path. Every list is read along an
index, newest first, a page at a time from a cursor, so a page of N rows costs O(N).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain import registry
from domain.tournaments.state import FINISHED, OPEN, RUNNING
from projections import pages
from projections.tracking import track, tracked
from projections.pages import Page, checked_page
from projections.totals import count
from services.errors import InvalidRequest
from services.tournaments.records import Tournament

if TYPE_CHECKING:
    from projections.database import ProjectionDatabase

NAME = "tournament_list"
TOPICS = [get_topic(Tournament.Organised), get_topic(Tournament.Entered), get_topic(Tournament.Recorded)]
STATUSES = (OPEN, RUNNING, FINISHED)
NOTES = 500  # notifications one catch-up transaction reads at most
RUN_TOURNAMENTS = 8  # tournaments one catch-up transaction brings up to date
READ_NOTES, READ_TOURNAMENTS = 100, 8  # what a read brings up to date before it answers, at most
LONG_LOOK = 1000  # notifications a read's look for news may pass over before it moves the position on
KIND = "tournaments"  # the cursors' list, and the totals' prefix

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournament_list (
    tournament_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    format TEXT NOT NULL,
    status TEXT NOT NULL,
    organiser_id TEXT NOT NULL,
    organiser_name TEXT NOT NULL,
    rated INTEGER NOT NULL,
    clock TEXT,
    rounds_planned INTEGER NOT NULL,
    rounds_played INTEGER NOT NULL,
    size_limit INTEGER NOT NULL,
    entrants INTEGER NOT NULL,
    winner TEXT,
    starts_at TEXT,
    created_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX IF NOT EXISTS tournament_list_by_time ON tournament_list (created_at DESC, tournament_id);
CREATE INDEX IF NOT EXISTS tournament_list_by_status ON tournament_list (status, created_at DESC, tournament_id);
CREATE INDEX IF NOT EXISTS tournament_list_by_game ON tournament_list (game, created_at DESC, tournament_id);
CREATE INDEX IF NOT EXISTS tournament_list_by_game_status
    ON tournament_list (game, status, created_at DESC, tournament_id);
"""
TABLES = ("tournament_list",)


def total_key(status: str | None, game: str | None) -> str:
    """The name of the tournament list's total under these filters."""
    return KIND + (f":status={status}" if status else "") + (f":game={game}" if game else "")


def total_keys(status: str, game: str) -> set[str]:
    return {total_key(s, g) for s in (None, status) for g in (None, game)}


class TournamentList:
    """The tournaments, newest first, by status and game."""

    def __init__(self, store: Any, db: ProjectionDatabase):
        self.store = store
        self.db = db

    # -- catching up ----------------------------------------------------------------------

    def position(self) -> int:
        return self.db.position(NAME)

    def catch_up(self, tournaments: int = RUN_TOURNAMENTS) -> int:
        """Process every notification not yet seen, in transactions of at most `tournaments`
        tournaments; returns how many tournaments' events were processed."""
        total = 0
        while self._head() > self.position():
            done, moved = self._catch_up_batch(tournaments, NOTES)
            total += done
            if not moved:
                break
        return total

    def catch_up_some(self, tournaments: int = READ_TOURNAMENTS, notes: int = READ_NOTES) -> int:
        """Bring at most `tournaments` tournaments up to date, from at most `notes` notifications;
        returns how many were processed. No tournament news costs one read, and no write lock;
        unless the look for it has grown past LONG_LOOK notifications (no runner moved the position
        on), when the position moves on to the log's last notification."""
        position = self.position()
        if not self.behind(position) and self._head() - position < LONG_LOOK:
            return 0
        return self._catch_up_batch(tournaments, notes)[0]

    def catch_up_batch(self) -> int:
        """The runner's transaction: at most RUN_TOURNAMENTS tournaments brought up to date, or,
        with none to, the position moved on to the log's last notification (so that a read's look
        for news stays short); returns how many notifications it processed."""
        if self._head() <= self.position():
            return 0
        return self._catch_up_batch(RUN_TOURNAMENTS, NOTES)[0]

    def behind(self, position: int | None = None) -> bool:
        """Whether the log holds tournaments' events this list has not processed yet."""
        start = self.position() if position is None else position
        return bool(self.store.recorder.select_notifications(start=start, limit=1, topics=TOPICS,
                                                             inclusive_of_start=False))

    def _head(self) -> int:
        return self.store.recorder.max_notification_id() or 0

    def _catch_up_batch(self, tournaments: int, notes: int) -> tuple[int, bool]:
        """One transaction: the tournaments' events among the next notifications, as far as they
        touch at most `tournaments` tournaments; returns how many were processed, and whether the
        position moved. The position is read inside it, under the database's write lock."""
        with self.db.transaction() as cursor:
            start = tracked(cursor, NAME)
            head = self._head()  # read first: whatever is saved after it has a later position
            found = self.store.recorder.select_notifications(start=start, limit=notes, stop=head, topics=TOPICS,
                                                             inclusive_of_start=False)
            touched: dict[UUID, None] = {}
            taken = 0
            for note in found:
                if note.originator_id not in touched and len(touched) == tournaments:
                    break
                touched[note.originator_id] = None
                taken += 1
            # Past the last event taken; or, when every tournament event up to the head is taken, the head.
            position = found[taken - 1].id if taken < len(found) or len(found) == notes else head
            if position <= start:
                return 0, False
            for tournament_id in touched:
                write(cursor, self.store.repository.get(tournament_id))
            track(cursor, NAME, position)
            return taken, True

    def rebuild(self) -> int:
        """Forget the tournament list and replay the whole log into it."""
        with self.db.transaction() as cursor:
            cursor.execute("DELETE FROM tournament_list")
            cursor.execute("DELETE FROM totals WHERE list = ? OR list LIKE ?", (KIND, f"{KIND}:%"))
            cursor.execute("DELETE FROM tracking WHERE projection = ?", (NAME,))
        return self.catch_up()

    # -- reading --------------------------------------------------------------------------

    def page(self, status: str | None = None, game: str | None = None, limit: int = 50,
             cursor: str | None = None) -> Page:
        """A page of the tournaments (of this status, of this game), the newest organised first,
        from `cursor`."""
        checked_page(limit, 0, cursor)
        if status is not None and status not in STATUSES:
            raise InvalidRequest(f"status is one of {', '.join(STATUSES)}, not {status!r}", "status")
        self.catch_up_some()
        where, params = [], []
        if status:
            where.append("status = ?")
            params.append(status)
        if game:
            where.append("game = ?")
            params.append(game)
        if cursor is not None:
            at, tournament_id = pages.decode(KIND, cursor, (str, str))
            # After the cursor's row in the order "created_at DESC, tournament_id".
            where.append("created_at <= ? AND (created_at < ? OR tournament_id > ?)")
            params += [at, at, tournament_id]
        sql = "SELECT * FROM tournament_list" + (" WHERE " + " AND ".join(where) if where else "")
        rows = self.db.query(sql + " ORDER BY created_at DESC, tournament_id LIMIT ?", (*params, limit + 1))
        last = rows[limit - 1] if len(rows) > limit else None
        following = pages.encode(KIND, [last["created_at"], last["tournament_id"]]) if last else None
        return Page([entry(row) for row in rows[:limit]], following, self.total(total_key(status, game)))

    def total(self, key: str) -> int:
        rows = self.db.query("SELECT count FROM totals WHERE list = ?", (key,))
        return rows[0]["count"] if rows else 0


def write(cursor: Any, tournament: Tournament) -> None:
    """The tournament's row as it is now, and the totals it moves between."""
    tournament_id = str(tournament.id)
    state = tournament.state()
    finished = state.status == FINISHED
    winner = None
    if finished:
        standings = state.standings(tournament.seed)
        winner = standings[0].player if standings else None
    game = tournament.table["game"]
    before = cursor.execute("SELECT status FROM tournament_list WHERE tournament_id = ?", (tournament_id,)).fetchone()
    cursor.execute(
        "INSERT INTO tournament_list (tournament_id, game, title, format, status, organiser_id, organiser_name, rated,"
        " clock, rounds_planned, rounds_played, size_limit, entrants, winner, starts_at, created_at, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id)"
        " DO UPDATE SET status = excluded.status, rounds_played = excluded.rounds_played,"
        " entrants = excluded.entrants, winner = excluded.winner, finished_at = excluded.finished_at",
        (
            tournament_id,
            game,
            registry.get(game).title,
            state.settings.format,
            state.status,
            tournament.organiser["id"],
            tournament.organiser["name"],
            int(tournament.table["rated"]),
            json.dumps(tournament.table["clock"]) if tournament.table["clock"] else None,
            state.settings.rounds,
            len(state.rounds),
            state.settings.max_players,
            len(state.entrants),
            winner,
            tournament.starts_at,
            tournament.created_on.isoformat(),
            # Nothing is recorded after a tournament's end: its last change is when it finished.
            tournament.modified_on.isoformat() if finished else None,
        ),
    )
    count(cursor, total_keys(before["status"], game) if before else (), total_keys(state.status, game))


def entry(row: Any) -> dict[str, Any]:
    """One tournament of the list, from its row."""
    return {
        "id": row["tournament_id"],
        "game": row["game"],
        "title": row["title"],
        "format": row["format"],
        "status": row["status"],
        "organiser": {"id": row["organiser_id"], "name": row["organiser_name"]},
        "rated": bool(row["rated"]),
        "clock": json.loads(row["clock"]) if row["clock"] else None,
        "rounds_planned": row["rounds_planned"],
        "rounds_played": row["rounds_played"],
        "size_limit": row["size_limit"],
        "entrant_count": row["entrants"],
        "winner": row["winner"],
        "starts_at": row["starts_at"],
        "created_at": row["created_at"],
        "finished_at": row["finished_at"],
    }
