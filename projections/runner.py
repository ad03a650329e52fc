"""Keeps the read models of an API process caught up, in a thread of their own.

A read brings only a few games up to date itself (projections.game_list), so the rest of the
catching up is done here, off the request path: every `every` seconds the runner processes what
the store's notification log holds beyond the tracked position, in small transactions (each of at
most RUN_GAMES games), so a read waiting for the database's write lock waits for one of them at
most. Several processes sharing one read-model file (gunicorn's workers) each run one: each
transaction reads the position it starts from inside the write lock, so no notification is
processed twice, and whichever process gets there first does the work.
"""

from __future__ import annotations

import logging
import threading

from projections.game_list import GameList

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
        while True:
            try:
                done = self.game_list.catch_up()
                if done:
                    log.debug("read models caught up %d notifications", done)
            except Exception:  # noqa: BLE001 - the runner must outlive a bad pass; the next one retries
                log.exception("the read models could not catch up")
            if self.stopped.wait(self.every):
                return
