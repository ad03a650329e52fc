"""Where an analysis is computed: RQ jobs, a chunk of decisions each, where bots play on workers, so
that two workers share one analysis; a thread of this process where they play in it.

Each job saves its entries one at a time (services.analysis.analyses.analyse), skipping those
already saved. A job lost with its worker (killed mid-way) leaves its remaining decisions missing:
`resume` (run when the analysis is asked for again, and by the sweeper, workers.analysis_sweep)
enqueues again every chunk that still misses entries and has no live job, judged as the sweeper
judges bot turns, and the rest resumes without redoing what was saved.
"""

from __future__ import annotations

import logging
import os
import threading
from datetime import datetime, timedelta, timezone
from typing import Any, Callable

from redis.exceptions import RedisError
from rq import Retry
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from services.analysis.analyses import analyse, load
from services.analysis.stored import Analysis
from services.errors import NotFound
from services.log.store import GameStore
from services.reactions.queue import FAILURE_TTL, RESULT_TTL, JobQueue
from services.redis_link import redis_trouble

log = logging.getLogger(__name__)

CHUNK = 6  # decisions a job judges: small enough for two workers to share a short game
ANALYSIS_JOB = "workers.jobs.analysis_chunk"
# A chunk at the strongest strength takes a minute or two; a job killed mid-way is only known to be
# gone after its timeout.
JOB_TIMEOUT = int(os.environ.get("CHRONICLE_ANALYSIS_JOB_TIMEOUT") or 600)
# A chunk that fails once (a locked store, a dropped connection) is tried again by RQ; what it saved
# stays saved, so a retry judges only what is missing.
ANALYSIS_RETRIES = Retry(max=3, interval=[10, 60, 300])
GRACE = timedelta(seconds=2)


def chunks(steps: list[int]) -> list[list[int]]:
    return [steps[start:start + CHUNK] for start in range(0, len(steps), CHUNK)]


class AnalysisJobs:
    """An analysis's chunks as RQ jobs, keyed `<namespace>-analysis-<analysis>-<first step>`."""

    def __init__(self, jobs: JobQueue):
        self.jobs = jobs

    def job_id(self, analysis: Analysis, chunk: list[int]) -> str:
        return f"{self.jobs.namespace}-analysis-{analysis.id}-{chunk[0]}"

    def resume(self, analysis: Analysis, live: Callable[[Job], bool] | None = None) -> list[str]:
        """Enqueue every chunk that misses entries and has no live job (as `live` judges a job, by
        default `live_for_asker`); the ids enqueued."""
        missing = set(analysis.missing())
        enqueued = []
        try:
            for chunk in chunks(analysis.steps):
                if missing.intersection(chunk) and not self.has_live_job(analysis, chunk, live or self.live_for_asker):
                    self.jobs.queue.enqueue(ANALYSIS_JOB, analysis.game_id, analysis.strength, chunk,
                                            job_id=self.job_id(analysis, chunk), job_timeout=JOB_TIMEOUT,
                                            retry=ANALYSIS_RETRIES, result_ttl=RESULT_TTL,
                                            failure_ttl=FAILURE_TTL)
                    enqueued.append(self.job_id(analysis, chunk))
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the analysis %s: %s; the sweeper or asking again enqueues it", analysis.id,
                        redis_trouble(error))
        return enqueued

    def has_live_job(self, analysis: Analysis, chunk: list[int], live: Callable[[Job], bool]) -> bool:
        """Whether the chunk's job is live, as `live` judges it; one that is not is deleted, to be
        replaced (finished or failed with entries still missing, or its worker is gone)."""
        try:
            job = Job.fetch(self.job_id(analysis, chunk), connection=self.jobs.connection)
        except NoSuchJobError:
            return False
        if live(job):
            return True
        log.info("analysis job %s is %s: replacing it", job.id, job.get_status(refresh=False))
        job.delete()
        return False

    @staticmethod
    def live_for_asker(job: Job) -> bool:
        """A job someone asking again leaves alone: queued, waiting out RQ's pause before a retry,
        or started less than its timeout ago. A job whose retries are spent is tried once more."""
        status = job.get_status(refresh=False)
        return status in (JobStatus.QUEUED, JobStatus.SCHEDULED) or started_recently(job)


def started_recently(job: Job) -> bool:
    """Started less than its timeout ago: its worker may still finish it (an older one is a dead
    worker's)."""
    if job.get_status(refresh=False) != JobStatus.STARTED or job.started_at is None:
        return False
    deadline = job.started_at.replace(tzinfo=timezone.utc) + timedelta(seconds=job.timeout or 0) + GRACE
    return datetime.now(timezone.utc) < deadline


class AnalysisThreads:
    """Analyses computed in this process (where no RQ worker runs): a thread each, one computing at
    a time for each store, so that the API's process spends at most one core on them."""

    def __init__(self) -> None:
        self._running: set = set()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._one_at_a_time: dict[int, threading.Lock] = {}  # by store
        self._stopping = threading.Event()

    def resume(self, store: GameStore, analysis: Analysis, on_saved: Callable[[Analysis], Any] | None = None) -> bool:
        """Start computing what the analysis misses, unless this process is at it already."""
        with self._lock:
            if analysis.done or analysis.id in self._running:
                return False
            self._running.add(analysis.id)
        thread = threading.Thread(target=self._run, args=(store, analysis, on_saved),
                                  name=f"analysis-{analysis.id}", daemon=True)
        with self._lock:
            self._threads = [each for each in self._threads if each.is_alive()] + [thread]
        thread.start()
        return True

    def stop(self, wait_seconds: float = 600) -> None:
        """Stop the analyses computing here after the decision each is at (what they saved stays,
        and asking again resumes the rest): for a process that ends, or a test that leaves."""
        self._stopping.set()
        with self._lock:
            threads, self._threads = self._threads, []
        for thread in threads:
            thread.join(wait_seconds)
        self._stopping.clear()

    def _until_stopped(self, steps: Any) -> Any:
        for step in steps:
            if self._stopping.is_set():
                return
            yield step

    def _run(self, store: GameStore, analysis: Analysis, on_saved: Callable[[Analysis], Any] | None) -> None:
        analysis_id, game_id, strength = analysis.id, analysis.game_id, analysis.strength
        try:
            with self._lock:
                turn = self._one_at_a_time.setdefault(id(store), threading.Lock())
            with turn:
                while True:
                    analyse(store, game_id, strength, self._until_stopped(analysis.missing()), on_saved)
                    # Extended while this ran (a sandbox game played on, asked again): on to the new ones.
                    found = load(store, game_id, strength)
                    if found is None:
                        log.warning("the analysis %s of game %s is no longer stored: stopped", analysis_id, game_id)
                        break
                    analysis = found
                    if not analysis.missing() or self._stopping.is_set():
                        break
        except NotFound:  # gone before (or while) it was computed here: nothing left to compute
            log.warning("the analysis %s of game %s is no longer stored: stopped", analysis_id, game_id)
        except Exception:  # noqa: BLE001 - asking again resumes it
            log.exception("the analysis %s of game %s failed; asking for it again resumes it", analysis_id, game_id)
        finally:
            with self._lock:
                self._running.discard(analysis_id)


IN_THIS_PROCESS = AnalysisThreads()


def start(services: Any, game_id: Any, strength: int) -> Analysis:
    """Ask for the game's analysis and see that it is being computed: on the workers where bots play
    on RQ (enqueueing again what a lost job left), else in a thread of this process."""
    from services.analysis.analyses import request

    analysis, _ = request(services.store, game_id, strength)
    if not analysis.done:
        schedule(services, analysis)
    return analysis


def schedule(services: Any, analysis: Analysis) -> None:
    jobs = getattr(services.reactions, "jobs", None)
    if services.bots == "rq" and jobs is not None:
        AnalysisJobs(jobs).resume(analysis)
    else:
        IN_THIS_PROCESS.resume(services.store, analysis, lambda saved: ring(services, saved))


def ring(services: Any, analysis: Analysis) -> None:
    """Tell the game's streams that its analysis advanced (they read it from the store)."""
    try:
        services.news.analysis_advanced(analysis.game_id)
    except Exception:  # noqa: BLE001 - the entry is saved; a stream's safety look finds it
        log.exception("could not ring the streams of game %s", analysis.game_id)
