"""One process at a time opens a new SQLite file: servers and workers starting together on a
fresh data folder would otherwise race to switch it to WAL and create its tables. The loser finds
the file locked and SQLite answers at once instead of waiting (it never waits on a lock it could
deadlock for): the process, a server's worker, fails to start, and the server with it.

The lock is an exclusive `flock` on an empty file beside the database, which the kernel releases
when the holder closes it or dies. The event store and the read models both open through it."""

from __future__ import annotations

import fcntl
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def lock_file_for(database: str | None) -> Path | None:
    """The file held locked while `database` is first opened (None for a database in memory, which
    no other process opens, and for a folder that does not exist yet)."""
    if not database or database.startswith("file:") or ":memory:" in database:
        return None
    path = Path(database)
    return path.with_name(path.name + ".schema-lock") if path.parent.is_dir() else None


@contextmanager
def first_open(database: str | None) -> Iterator[None]:
    """Held while this process sets the file up: its journal mode, its tables."""
    path = lock_file_for(database)
    try:
        held = open(path, "a") if path is not None else None
    except OSError:  # a folder this process may not write to: it sets nothing up there either
        held = None
    if held is None:
        yield
        return
    with held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield
