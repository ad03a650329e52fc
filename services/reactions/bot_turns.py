"""One bot turn, or one turn the rules play themselves (domain.rules_turns), played through the
same command as a person's decision: what a worker's job runs (enqueued here, keyed
`<namespace>-bot-<game>-<version>`), and what this process runs where bots play in it
(services.reactions.in_process).

It is safe to run twice or late: a turn decided on a version that has moved on changes nothing.
The bot's name, version and the MAC of the view it was given (domain.bot_moves) are recorded with
its move, so its choice can be re-run and checked.
"""

from __future__ import annotations

import logging
from uuid import UUID

from redis.exceptions import RedisError
from rq.exceptions import DuplicateJobError

from domain import rules_turns
from services.errors import StaleVersion
from services.play.bot_choice import bot_decision, bot_to_act
from services.play.commands import Commands
from services.reactions.queue import BOT_JOB_TIMEOUT, FAILURE_TTL, RESULT_TTL, JobQueue
from services.redis_link import redis_trouble
from services.observe.metrics import BOT_TURNS

log = logging.getLogger(__name__)

BOT_JOB = "workers.jobs.bot_turn"


def play_bot_turn(commands: Commands, game_id: UUID, version: int) -> bool:
    """Play the bot decision, or the rules turn, due at `version`; False when there was none
    (stale, or a person's turn)."""
    game = commands.store.game(game_id)
    name = bot_to_act(game) if game.version == version else None
    if name is None:
        BOT_TURNS.labels(game.game, "none").inc()
        return False
    if rules_turns.due(game.rules, game.state) is not None:
        played = commands.play_rules_turn(game_id, version)
        BOT_TURNS.labels(game.game, "played" if played else "none").inc()
        return played
    seat = game.to_act()
    action, actor = bot_decision(game, name)
    try:
        commands.act(game_id, seat, action, version, actor=actor)
    except StaleVersion:
        log.info("bot turn for game %s at version %s was overtaken", game_id, version)
        BOT_TURNS.labels(game.game, "overtaken").inc()
        return False
    BOT_TURNS.labels(game.game, "played").inc()
    return True


class BotJobs:
    """Bot and rules turns as jobs, one per game and version."""

    def __init__(self, jobs: JobQueue):
        self.jobs = jobs

    def job_id(self, game_id: UUID | str, version: int) -> str:
        return f"{self.jobs.namespace}-bot-{game_id}-{version}"

    def enqueue(self, game_id: UUID | str, version: int) -> bool:
        """Enqueue the bot turn due at `version`; False if one exists already or Redis is away."""
        try:
            self.jobs.queue.enqueue(
                BOT_JOB,
                str(game_id),
                version,
                job_id=self.job_id(game_id, version),
                unique=True,
                retry=self.jobs.retries,
                job_timeout=BOT_JOB_TIMEOUT,
                result_ttl=RESULT_TTL,
                failure_ttl=FAILURE_TTL,
            )
        except DuplicateJobError:
            return False
        except (RedisError, OSError) as error:
            log.warning("could not enqueue the bot turn of game %s at version %s: %s; the sweeper will",
                        game_id, version, redis_trouble(error))
            return False
        return True
