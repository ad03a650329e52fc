"""The RQ jobs. A worker process builds the services once, from its environment.

A bot turn loads the game, lets the bot choose from its seat's view, and acts through the same
command as a person, on the version the job was enqueued for; the same job plays a turn the rules
play themselves (a rival that is not a seat, domain.rules_turns). A job whose version has passed
does nothing and ends cleanly; the move it makes enqueues the next bot turn, if any, so games
between bots run to the end on their own.

A turn whose job raises is counted and logged (services.reactions.failed_turns) before RQ retries it: a
warning while RQ has retries left, an error once they are spent and the sweeper takes over.
"""

from __future__ import annotations

import logging
import os
import time
from typing import Any
from uuid import UUID

from redis.exceptions import RedisError
from rq import get_current_job

from services.compose import Services, build
from services.log.clocks import timestamp
from services.email.delivery import Delivery
from services.email.setup import MailSetup
from services.email.smtp import RecipientRefused
from services.log.clocks import SystemClock
from services.players.deliveries import GIVEN_UP, record
from services.players.webhooks import DeliveryFailed, deliver_if_due, delivery_id
from services.reactions.bot_turns import play_bot_turn
from services.redis_link import redis_trouble
from services.tournaments.news import deliver as deliver_tournament_notice
from services.tournaments.news import delivery_id as notice_delivery_id

log = logging.getLogger(__name__)

_services: Services | None = None


def services() -> Services:
    global _services
    if _services is None:
        _services = build({**os.environ, "CHRONICLE_BOTS": "rq"})
    return _services


def think_seconds() -> float:
    """Extra time a bot takes over each move (CHRONICLE_BOT_THINK_SECONDS): to watch bots at a human pace."""
    return float(os.environ.get("CHRONICLE_BOT_THINK_SECONDS") or 0)


def bot_turn(game_id: str, version: int) -> str:
    """Play the bot decision due at `version` of the game; 'played' or 'stale'."""
    if think_seconds():
        time.sleep(think_seconds())
    built = services()
    try:
        played = play_bot_turn(built.commands, UUID(game_id), version)
    except Exception as error:
        turn_failed(built, game_id, version, error)
        raise  # for RQ to retry, or to keep as failed
    try:
        built.failed_turns.clear(game_id, version)
    except (RedisError, OSError) as error:  # the record is only read for this version: harmless
        log.warning("could not clear the failures of game %s at version %s: %s", game_id, version,
                    redis_trouble(error))
    log.info("bot turn of game %s at version %s: %s", game_id, version, "played" if played else "stale")
    return "played" if played else "stale"


def turn_failed(built: Services, game_id: str, version: int, error: Exception) -> None:
    """Count and log a failure of the turn due at `version`, saying when it is tried again."""
    job = get_current_job()
    retry_in = job.get_retry_interval() if job is not None and job.should_retry else None
    failed = None
    try:
        failed = built.failed_turns.failed(game_id, version, error, retry_in, built.commands.clock.now())
    except (RedisError, OSError) as trouble:
        log.warning("could not count the failure of game %s at version %s: %s", game_id, version,
                    redis_trouble(trouble))
    what = f"{type(error).__name__}: {error}"
    if retry_in is not None:
        log.warning("bot turn of game %s at version %s failed (%s); RQ tries it again in %d s",
                    game_id, version, what, retry_in)
        return
    times = f" {failed.attempts} times" if failed else ""
    when = f"at {timestamp(failed.next_try)}" if failed else "at its next pass"
    log.error("bot turn of game %s at version %s failed%s (%s); RQ's retries are spent, the sweeper tries it "
              "again %s", game_id, version, times, what, when)


def clock_ran_out(game_id: str, version: int) -> str:
    """Apply the clock of the decision due at `version`; 'applied', or 'not due' (moved on, or early)."""
    applied = services().commands.time_out(UUID(game_id), version)
    log.info("clock of game %s at version %s: %s", game_id, version, "applied" if applied else "not due")
    return "applied" if applied else "not due"


def webhook(game_id: str, version: int, player_id: str) -> str:
    """Tell a player it is their turn at `version`: 'sent', or 'stale' once it no longer is.
    A receiver that fails raises, and RQ retries the job with backoff; once its retries are spent
    the delivery is recorded given up, so that the sweeper does not start it again."""
    players = services().commands.players
    try:
        return deliver_if_due(players, UUID(game_id), version, player_id)
    except DeliveryFailed:
        given_up(players.store, delivery_id(player_id, game_id, version))
        raise


def tournament_notice(tournament_id: str, player_id: str, key: str) -> str:
    """POST a player's tournament notice (a round's game, a bye, a withdrawal, the final place) to
    their callback: 'sent', or 'stale'. A receiver that fails raises, and RQ retries the job with
    backoff; once its retries are spent the delivery is recorded given up, so that the sweeper
    does not start it again."""
    players = services().commands.players
    try:
        return deliver_tournament_notice(players, tournament_id, player_id, key)
    except DeliveryFailed:
        given_up(players.store, notice_delivery_id(player_id, tournament_id, key))
        raise


def given_up(store: Any, delivery: str) -> None:
    """Record a webhook delivery given up if this failure spent its job's last retry."""
    job = get_current_job()
    if job is not None and not job.should_retry:
        record(store, delivery, GIVEN_UP)
        log.warning("webhook delivery %s: given up, its retries spent", delivery)


def email(kind: str, *args) -> str:
    """Send one email (services.email.delivery): 'sent', or why not. A server that cannot be reached
    or fails raises, and RQ tries the job again later; a recipient the server refuses fails the job
    for good, since trying again would not change the server's mind."""
    try:
        return Delivery(services().store, MailSetup.from_settings(os.environ), SystemClock().now).run(kind, *args)
    except RecipientRefused as refused:
        job = get_current_job()
        if job is not None:
            job.retries_left = 0
        log.warning("email %s %s not sent: %s; not tried again", kind, " ".join(map(str, args[:2])), refused)
        raise


def analysis_chunk(game_id: str, strength: int, steps: list[int]) -> int:
    """Judge the decisions of `steps` of the game's analysis that it does not hold yet, saving each
    entry as it is made (services.analysis); the number judged here."""
    from services.analysis.analyses import analyse
    from services.analysis.runs import ring

    built = services()
    judged = analyse(built.store, game_id, strength, steps, lambda saved: ring(built, saved))
    log.info("analysis of game %s at strength %s: %d decisions judged of %s", game_id, strength, judged, steps)
    return judged


def tournament_game(game_id: str) -> str:
    """Record the result of a tournament's game that ended, and move the tournament on:
    'recorded', or 'not a tournament game'. Safe to run twice: a result is recorded once."""
    built = services()
    recorded = built.commands.tournaments.game_finished(built.store.game(UUID(game_id)))
    log.info("tournament game %s: %s", game_id, "recorded" if recorded else "not a tournament game")
    return "recorded" if recorded else "not a tournament game"


def sweep() -> int:
    """The sweeper as a job: re-enqueue bot turns that have no live job."""
    from workers.sweeper import Sweeper

    return len(Sweeper(services()).sweep())


def ping() -> float:
    """A job that does nothing but say when it ran: the queue's own round trip, for health and benchmarks."""
    return time.time()
