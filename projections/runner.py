"""Keeps the read models of an API process caught up, in a thread of their own.

A read brings only a few games up to date itself (projections.game_list), so the rest of the
catching up is done here, off the request path: every `every` seconds the runner processes what
the store's notification log holds beyond the tracked position, in small transactions (each of at
most RUN_GAMES games), so a read waiting for the database's write lock waits for one of them at
most. After each transaction it pauses as long as the transaction took: through a long catch-up
(a new read-model file, a backlog) the requests of its process keep at least half of the
interpreter's time, and get the lock between two transactions.

Several processes sharing one read-model file (gunicorn's workers) each run one: each
transaction reads the position it starts from inside the write lock, so no notification is
processed twice, and whichever process gets there first does the work.
"""

from __future__ import annotations

import logging
import threading
import time

from projections.game_list import NOTES, RUN_GAMES, GameList

log = logging.getLogger(__name__)

EVERY_SECONDS = 0.5


class ProjectionRunner:
    def __init__(self, game_list: GameList, every: float = EVERY_SECONDS):
        self.game_list = game_list
        self.every = every
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> "ProjectionRunner":
        self.thread = threading.Thread(target=self._run, daemon=True, name="projection-runner")
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        if self.thread is not None:
            self.thread.join()

    def _run(self) -> None:
        while not self.stopped.is_set():
            try:
                self.catch_up()
            except Exception:  # noqa: BLE001 - the runner must outlive a bad pass; the next one retries
                log.exception("the read models could not catch up")
            self.stopped.wait(self.every)

    def catch_up(self) -> None:
        """Everything new, a transaction at a time, each followed by a pause as long as it took."""
        while not self.stopped.is_set():
            started = time.monotonic()
            if not self.game_list.catch_up_some(RUN_GAMES, NOTES):
                return
            self.stopped.wait(time.monotonic() - started)
