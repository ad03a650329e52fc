"""Starting the scaled-out service: processes that start at the same moment all come up.

A deployment starts its API servers (gunicorn boots all its workers at once: docs/operating.md's
"Running on many hosts" runs `--workers 4`) and its RQ workers together, on a new database or on
an existing one. Each of those processes begins with `services.compose.build()`, which builds
the event store, and the store creates (or re-creates) its PostgreSQL tables, types, indexes and
functions. None of them may die of meeting the others half-way through that.

Here each of 8 threads stands for one such process: it builds a store of its own, with its own
connections to the database, and all 8 start at the same instant (a barrier), so they meet every
time rather than now and then. A fix must hold across hosts (for example a PostgreSQL advisory
lock around the creation, or creating the schema once before the processes start), not only
between the threads of one process.
"""

from __future__ import annotations

import threading

import pytest

from services.compose import build
from tests.infra import postgres_database

pytestmark = pytest.mark.e2e

PROCESSES = 8
ROUNDS = 3


def build_at_once(env: dict[str, str]) -> list[str]:
    """Build the store from PROCESSES threads released together; the errors of those that failed."""
    barrier = threading.Barrier(PROCESSES)
    errors: list[str] = []

    def start() -> None:
        barrier.wait()
        try:
            build(env).store.close()
        except Exception as error:  # noqa: BLE001 - what a process dying at startup would print
            errors.append(f"{type(error).__name__}: {str(error).splitlines()[0]}")

    threads = [threading.Thread(target=start) for _ in range(PROCESSES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.mark.parametrize("existing", [False, True], ids=["new-database", "existing-tables"])
def test_processes_starting_at_the_same_moment_all_come_up(tmp_path, existing):
    for round_ in range(ROUNDS):
        with postgres_database() as postgres:
            env = {**postgres, "CHRONICLE_DATA": str(tmp_path)}
            if existing:
                build(env).store.close()
            failed = build_at_once(env)
        assert not failed, f"round {round_}: {len(failed)} of {PROCESSES} processes died starting: {failed}"
