"""Backing up the SQLite event store while the service runs, and restoring it.

A backup is SQLite's online backup of the event store file (the `sqlite3` module's `backup`, in
one step): a copy of the whole database as one transaction saw it, so moves saved meanwhile are in
it whole or not at all, never half. It holds the event log only; the read models (the game list,
results, ratings) are rebuilt from it on restore, never copied, so a restored service can trust
them. For PostgreSQL, `pg_dump` does the same (docs/operating.md).

Both write to a file beside the target first and move it into place once it is complete and
checked, so an interrupted backup or restore leaves no half-written file where a whole one is
expected.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from services.log.store_place import SQLITE_EVENTS_TABLE


class BackupRefused(Exception):
    """A backup or restore that was not made, and why (nothing was changed)."""


@dataclass(frozen=True)
class Copied:
    """What a backup or restore copied: events and streams (games, players, their records)."""

    events: int
    streams: int

    def __str__(self) -> str:
        return f"{self.events} events in {self.streams} streams"


def sqlite_companions(path: Path) -> list[Path]:
    """A SQLite database's write-ahead log and its index, which belong to the file they sit beside."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def checked(path: Path) -> Copied:
    """What an event store file holds, once SQLite finds it whole; BackupRefused otherwise."""
    try:
        with closing(sqlite3.connect(path)) as connection:  # a store in WAL mode opens read-only badly
            integrity = connection.execute("PRAGMA quick_check").fetchone()[0]
            if integrity != "ok":
                raise BackupRefused(f"{path} is damaged: SQLite's check says {integrity!r}")
            if connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                  (SQLITE_EVENTS_TABLE,)).fetchone() is None:
                raise BackupRefused(f"{path} holds no event store (no table {SQLITE_EVENTS_TABLE})")
            events, streams = connection.execute(
                f"SELECT COUNT(*), COUNT(DISTINCT originator_id) FROM {SQLITE_EVENTS_TABLE}").fetchone()
    except sqlite3.Error as error:
        raise BackupRefused(f"{path} cannot be read as SQLite ({error})") from error
    return Copied(events, streams)


def online_copy(source: Path, target: Path) -> Copied:
    """Copy the database `source` into the file `target` (through a file beside it), in one step
    of SQLite's backup, which sees the database as one read transaction does."""
    partial = target.with_name(target.name + ".partial")
    for leftover in [partial, *sqlite_companions(partial)]:
        leftover.unlink(missing_ok=True)
    try:
        with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(partial)) as writing:
            reading.backup(writing)  # pages=-1: the whole database at once, as one snapshot
            writing.execute("PRAGMA journal_mode = DELETE")  # the copy is one self-contained file
        copied = checked(partial)
        os.replace(partial, target)
        return copied
    except sqlite3.Error as error:
        raise BackupRefused(f"could not copy {source} to {target} ({error})") from error
    finally:
        for leftover in [partial, *sqlite_companions(partial)]:
            leftover.unlink(missing_ok=True)


def back_up(store_file: Path, backup: Path, force: bool = False) -> Copied:
    """The event store file `store_file`, backed up to `backup` while the service may be writing."""
    if not store_file.is_file():
        raise BackupRefused(f"there is no event store file at {store_file}")
    if backup.exists() and not force:
        raise BackupRefused(f"{backup} exists already: name another file, or add --force to replace it")
    if backup.resolve() == store_file.resolve():
        raise BackupRefused("the backup would overwrite the event store itself: name another file")
    backup.parent.mkdir(parents=True, exist_ok=True)
    return online_copy(store_file, backup)


def holds_events(store_file: Path) -> bool:
    if not store_file.is_file():
        return False
    try:
        return checked(store_file).events > 0
    except BackupRefused:
        return True  # something is there that is not ours to throw away without --force


def restore(backup: Path, store_file: Path, read_models: list[Path], force: bool = False) -> Copied:
    """The backup `backup` as the event store `store_file`; the read models' files are removed so
    that they are rebuilt from the restored log. Refused over a store holding events, unless
    `force`. The service must be stopped meanwhile."""
    if not backup.is_file():
        raise BackupRefused(f"there is no backup file at {backup}")
    checked(backup)
    if holds_events(store_file) and not force:
        raise BackupRefused(f"the event store {store_file} holds events already: restore into an empty data "
                            "folder, or add --force to replace them")
    store_file.parent.mkdir(parents=True, exist_ok=True)
    staged = store_file.with_name(store_file.name + ".restoring")
    copied = online_copy(backup, staged)
    for stale in [*sqlite_companions(store_file), *read_models,
                  *(companion for model in read_models for companion in sqlite_companions(model))]:
        stale.unlink(missing_ok=True)
    os.replace(staged, store_file)
    return copied
