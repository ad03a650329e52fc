"""Clocks that run out, and finding games that wait: on a bot (the sweeper's work, or the watch's
where bots play in the API's process) or on a person whose time has run out.

A person's decision in a game with a clock schedules the job `<namespace>-clock-<game>-<version>`
for its deadline, where workers run (`ClockJobs`); where they do not, the process's watch
(`ClockWatch`) applies the overdue clocks.

Every game is found from the notification log's creations and loaded at its current version;
games seen finished are remembered and never loaded again. Applying an overdue clock goes through
`Commands.time_out`, which re-checks the version and the deadline, so a scan racing a move, a
scheduled job or another scan changes nothing twice.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from typing import Iterator
from uuid import UUID

from eventsourcing.utils import get_topic
from redis.exceptions import RedisError

from services.log.clocks import deadline
from services.log.game import Game
from services.log.store import GameStore
from services.play.bot_choice import bot_to_act
from services.play.commands import Commands
from services.reactions.in_process import InProcessReactions
from services.reactions.queue import BOT_JOB_TIMEOUT, FAILURE_TTL, RESULT_TTL, JobQueue
from services.redis_link import redis_trouble

log = logging.getLogger(__name__)

CREATED = get_topic(Game.Created)
PAGE = 500
CLOCK_JOB = "workers.jobs.clock_ran_out"


class ClockJobs:
    """The clock of a person's decision as a job scheduled for its deadline, one per game and version."""

    def __init__(self, jobs: JobQueue):
        self.jobs = jobs

    def job_id(self, game_id: UUID | str, version: int) -> str:
        return f"{self.jobs.namespace}-clock-{game_id}-{version}"

    def schedule(self, game_id: UUID | str, version: int, due: datetime) -> bool:
        """Schedule the clock of the decision due at `version` to run out at `due` (a worker with
        RQ's scheduler moves the job to the queue then); False if Redis is away."""
        try:
            self.jobs.queue.enqueue_at(
                due, CLOCK_JOB, str(game_id), version, job_id=self.job_id(game_id, version),
                retry=self.jobs.retries, job_timeout=BOT_JOB_TIMEOUT, result_ttl=RESULT_TTL, failure_ttl=FAILURE_TTL,
            )
        except (RedisError, OSError) as error:
            log.warning("could not schedule the clock of game %s at version %s: %s; the sweeper will apply it",
                        game_id, version, redis_trouble(error))
            return False
        return True


def running_games(store: GameStore, finished: set) -> Iterator[Game]:
    """Every game not over, at its current version; adds the finished ones it meets to `finished`."""
    position = 0
    while True:
        notes = store.recorder.select_notifications(start=position, limit=PAGE, topics=[CREATED], inclusive_of_start=False)
        for note in notes:
            if note.originator_id in finished:
                continue
            game = store.game(note.originator_id)
            if game.finished:
                finished.add(game.id)
            else:
                yield game
        if len(notes) < PAGE:
            return
        position = notes[-1].id


def is_overdue(commands: Commands, game: Game) -> bool:
    due = deadline(game)
    return due is not None and commands.clock.now() >= due


def apply_overdue_clocks(commands: Commands, games: Iterator[Game]) -> list[str]:
    """Apply the clock of every overdue game among `games`; the ids of those it applied."""
    applied = []
    for game in games:
        if is_overdue(commands, game) and commands.time_out(game.id, game.version) is not None:
            applied.append(str(game.id))
    if applied:
        log.info("the clock ran out in %d games: %s", len(applied), ", ".join(applied))
    return applied


class ClockWatch:
    """Applies overdue clocks every `every` seconds in a thread of this process: where no RQ worker
    runs (bots in-process), something must notice that a deadline passed; and, given the bots of
    this process, tries again every bot or rules turn that failed in it, once its pause has passed."""

    def __init__(self, commands: Commands, every: float, bots: InProcessReactions | None = None):
        self.commands = commands
        self.every = every
        self.bots = bots
        self.finished: set = set()
        self.stop = threading.Event()

    def start(self) -> "ClockWatch":
        threading.Thread(target=self._run, daemon=True, name="clock-watch").start()
        return self

    def _run(self) -> None:
        while not self.stop.wait(self.every):
            try:
                self.look()
            except Exception:  # noqa: BLE001 - the watch must outlive a bad pass
                log.exception("the clock watch failed")

    def look(self) -> None:
        """One pass over the running games; where bots play in this process, the tournaments too
        (a start time passed, a round left behind), as the workers' sweeper does."""
        apply_overdue_clocks(self.commands, self.waiting_on_people())
        if self.bots is not None:
            self.commands.tournaments.sweep()

    def waiting_on_people(self) -> Iterator[Game]:
        for game in running_games(self.commands.store, self.finished):
            if bot_to_act(game) is None:
                yield game
            elif self.bots is not None:
                self.bots.play_if_due(self.commands, game)
