"""A tournament's game that ended, as a job (`<namespace>-tournament-game-<game>`): the worker
records its result, and the tournament moves on (the next round paired and its games created
once the round closes). Retried as bot turns are; the sweeper (workers.sweeper) catches up a
tournament whose job was lost."""

from __future__ import annotations

import logging
from uuid import UUID

from redis.exceptions import RedisError
from rq.exceptions import DuplicateJobError

from services.reactions.queue import BOT_JOB_TIMEOUT, FAILURE_TTL, RESULT_TTL, JobQueue
from services.redis_link import redis_trouble

log = logging.getLogger(__name__)

TOURNAMENT_GAME_JOB = "workers.jobs.tournament_game"
# Recording a result may pair the next round and create all of its games: more than a bot's turn.
TOURNAMENT_JOB_TIMEOUT = max(BOT_JOB_TIMEOUT, 120)


class TournamentJobs:
    def __init__(self, jobs: JobQueue):
        self.jobs = jobs

    def job_id(self, game_id: UUID | str) -> str:
        return f"{self.jobs.namespace}-tournament-game-{game_id}"

    def enqueue(self, game_id: UUID | str) -> bool:
        try:
            self.jobs.queue.enqueue(TOURNAMENT_GAME_JOB, str(game_id), job_id=self.job_id(game_id), unique=True,
                                    retry=self.jobs.retries, job_timeout=TOURNAMENT_JOB_TIMEOUT,
                                    result_ttl=RESULT_TTL, failure_ttl=FAILURE_TTL)
        except DuplicateJobError:
            return False
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the result of tournament game %s: %s; the sweeper will",
                        game_id, redis_trouble(error))
            return False
        return True
