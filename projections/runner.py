"""Keeps the read models of an API process caught up, in a thread of their own.

A read brings only a few games up to date itself (projections.game_list), so the rest of the
catching up is done here, off the request path, in small transactions (each of at most RUN_GAMES
games), so a read waiting for the database's write lock waits for one of them at most. After
each transaction it pauses as long as the transaction took (a tenth of a second at most): through
a long catch-up (a new read-model file, a backlog) the requests of its process keep at least half
of the interpreter's time, and get the lock between two transactions.

The runner catches up when news of a save comes (services.live.news: this process's own saves at
once, other processes' through the doorbell that wakes the live streams), GATHER_SECONDS later,
so that the saves of a busy moment are caught up together; and every `every` seconds all the
same, for what no news told of.

The other read models that track a position of their own (the tournament list) are caught up
after the game list's, in the same passes.

Several processes sharing one read-model file (gunicorn's workers) each run one: each
transaction reads the position it starts from inside the write lock, so no notification is
processed twice, and whichever process gets there first does the work.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import nullcontext
from typing import Callable, Protocol, Sequence

from projections.game_list import NOTES, RUN_GAMES, GameList
from services.live.news import Newsroom

log = logging.getLogger(__name__)

EVERY_SECONDS = 0.5
# After news, how long the runner lets more saves gather before it catches up: far within the
# 200 ms a list may take to show a new game, and the saves of a busy moment share one catch-up.
GATHER_SECONDS = 0.05
# A transaction that took long was kept waiting (for the disk, or for the requests of its process,
# which then had their time): the pause after it need not be as long.
LONGEST_PAUSE_SECONDS = 0.1


class CatchesUp(Protocol):
    def catch_up_batch(self) -> int:
        """One transaction's catching up; how many notifications it processed (0: caught up)."""


class ProjectionRunner:
    """The thread that keeps one process's read models caught up; `news` wakes it. `others`: the
    read models beside the game list with a position of their own (projections.tournament_list)."""

    def __init__(self, game_list: GameList, every: float = EVERY_SECONDS, news: Newsroom | None = None,
                 gather: float = GATHER_SECONDS, clock: Callable[[], float] = time.monotonic,
                 others: Sequence[CatchesUp] = ()):
        self.game_list = game_list
        self.others = tuple(others)
        self.clock = clock
        self.every = every
        self.news = news
        self.gather = gather
        self.stopped = threading.Event()
        self.woken = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> "ProjectionRunner":
        self.thread = threading.Thread(target=self._run, daemon=True, name="projection-runner")
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()
        self.woken.set()
        if self.thread is not None:
            self.thread.join()

    def wake(self) -> None:
        """News of a save: catch up soon, not at the next look."""
        self.woken.set()

    def _run(self) -> None:
        with self.news.waking(self.wake) if self.news is not None else nullcontext():
            while not self.stopped.is_set():
                self.woken.clear()  # a save from now on wakes the next pass
                try:
                    self.catch_up()
                except Exception:  # noqa: BLE001 - the runner must outlive a bad pass; the next one retries
                    log.exception("the read models could not catch up")
                if self.woken.wait(self.every):
                    self.stopped.wait(self.gather)

    def catch_up(self) -> None:
        """Everything new, a transaction at a time, each followed by a pause as long as it took (at
        most LONGEST_PAUSE_SECONDS); the game list first, then each of the others."""
        for step in (lambda: self.game_list.catch_up_some(RUN_GAMES, NOTES),
                     *(other.catch_up_batch for other in self.others)):
            while not self.stopped.is_set():
                started = self.clock()
                if not step():
                    break
                self.stopped.wait(min(self.clock() - started, LONGEST_PAUSE_SECONDS))
