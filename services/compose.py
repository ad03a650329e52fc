"""The composition root: every service object built from the environment, in one place, each
given what it needs when it is made (nothing is connected to anything afterwards).

CHRONICLE_DATA (default `var`) is the data folder. PERSISTENCE_MODULE chooses the event store:
`eventsourcing.sqlite` (the default, `events.sqlite` in the data folder unless SQLITE_DBNAME is
set), `eventsourcing.popo` (in memory, for tests) or `eventsourcing.postgres` (POSTGRES_* vars).
CHRONICLE_BOTS says who plays bot turns: `inprocess` (the default: at once, in the process that
made the move) or `rq` (jobs on the Redis at REDIS_URL, played by `chronicle-worker`, on the
queue of the deployment's namespace: services.log.deployment). There, CHRONICLE_BOT_RETRY_SECONDS sets
RQ's pauses before it tries a failed turn again (services.reactions.queue), and
CHRONICLE_BOT_RETRY_LATER_SECONDS the sweeper's first pause once those are spent (30; it doubles
each time: services.reactions.failed_turns).
CHRONICLE_WEBHOOK_ALLOW_HOSTS lists, separated by commas, the host names and addresses that
players' callbacks may point at although they are not public (services.players.destinations).
CHRONICLE_NEWS says how a process tells the others' live streams that it saved a move
(services.live.doorbells): `postgres` (LISTEN/NOTIFY; the default on a PostgreSQL store), `redis`
(pub/sub on the Redis at REDIS_URL; the default where bots play on RQ) or `none` (a lone process);
and each process reads the store's log for news no doorbell rang every
CHRONICLE_NEWS_SAFETY_SECONDS (1).
Email (services.email.setup): CHRONICLE_SMTP_URL names the SMTP server (none: no email is sent),
CHRONICLE_SMTP_CA_FILE a CA to verify its TLS by, CHRONICLE_MAIL_FROM the sender,
CHRONICLE_PUBLIC_URL the service's address for the links in emails, CHRONICLE_DIGEST_HOUR the hour
(UTC) from which each day's digest goes.

The web app adds its read models over these (web.chronicle); a worker uses them as they are (workers.jobs).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from services.email.book import EmailBook
from services.email.delivery import Delivery
from services.email.setup import MailSetup
from services.live.doorbells import Doorbell, PostgresDoorbell, Quiet, RedisDoorbell
from services.live.news import SAFETY_SECONDS, Newsroom
from services.log.deployment import namespace
from services.log.store import GameStore
from services.log.clocks import SystemClock
from services.log.store_settings import schema_lock, store_env
from services.play.commands import Commands
from services.play.queries import Queries
from services.players.destinations import Destinations, Resolver, system_resolver
from services.reactions.after_move import AfterMove, Reactions
from services.reactions.failed_turns import FIRST_PAUSE, FailedTurns, FailedTurnsInMemory
from services.reactions.email_jobs import EmailThreads, Mailer
from services.reactions.in_process import InProcessReactions
from services.reactions.queue import JobQueue, retries_from_setting
from services.reactions.queued import QueuedReactions
from services.redis_link import DEFAULT_REDIS_URL, redis_connection

BOTS = ("inprocess", "rq")
NEWS = ("postgres", "redis", "none")


@dataclass(frozen=True)
class Services:
    """The service objects of one process, built by `build`."""

    store: GameStore
    commands: Commands
    queries: Queries
    news: Newsroom  # what this process's live streams wait on
    reactions: Reactions  # what follows a move: on RQ workers, or in this process
    data_dir: Path | None  # this host's data folder (None: all in memory)
    persistence: str  # the event store's module (PERSISTENCE_MODULE)
    bots: str  # who plays bot turns (CHRONICLE_BOTS): "inprocess" or "rq"
    namespace: str | None = None  # the deployment's, where bots play on RQ

    @property
    def mail(self) -> Mailer:
        """The emails due after a change, a new address or a challenge (services.reactions.email_jobs)."""
        return self.reactions.mail

    @property
    def failed_turns(self) -> FailedTurns | FailedTurnsInMemory:
        """The turns that failed, to try again."""
        return self.reactions.failed_turns

    @property
    def in_process(self) -> InProcessReactions | None:
        """Where bots play in this process: what its watch runs (services.reactions.overdue)."""
        return self.reactions if isinstance(self.reactions, InProcessReactions) else None


def news_mode(settings: Mapping[str, str], module: str, bots: str) -> str:
    """How this process tells the others that it saved a move (CHRONICLE_NEWS), checked."""
    chosen = settings.get("CHRONICLE_NEWS") or (
        "postgres" if module == "eventsourcing.postgres" else "redis" if bots == "rq" else "none")
    if chosen not in NEWS:
        raise ValueError(f"CHRONICLE_NEWS is 'postgres', 'redis' or 'none', not {chosen!r}")
    if chosen == "postgres" and module != "eventsourcing.postgres":
        raise ValueError("CHRONICLE_NEWS=postgres needs the PostgreSQL store (PERSISTENCE_MODULE=eventsourcing.postgres)")
    return chosen


def doorbell(chosen: str, store: GameStore, settings: Mapping[str, str], redis_url: str) -> Doorbell:
    if chosen == "postgres":
        return PostgresDoorbell(store)
    if chosen == "redis":
        return RedisDoorbell(redis_url, namespace(store, settings))
    return Quiet()


def reactions(settings: Mapping[str, str], redis_url: str, named: str | None, store: GameStore) -> Reactions:
    """Bot turns, clocks, webhooks and emails as jobs on the deployment's queue where bots play on
    RQ (`named` is then its namespace), else at once in this process."""
    later = float(settings.get("CHRONICLE_BOT_RETRY_LATER_SECONDS") or FIRST_PAUSE)
    book = EmailBook(store, SystemClock().now)
    if named is None:
        delivery = Delivery(store, MailSetup.from_settings(settings), SystemClock().now)
        return InProcessReactions(FailedTurnsInMemory(later), Mailer(book, EmailThreads(delivery)))
    connection = redis_connection(redis_url)
    jobs = JobQueue(connection, named, retries_from_setting(settings.get("CHRONICLE_BOT_RETRY_SECONDS")))
    return QueuedReactions(jobs, FailedTurns(connection, named, later), book)


def build(env: Mapping[str, str] | None = None, resolver: Resolver = system_resolver) -> Services:
    """Build the store, the commands, the queries, the news and the reactions after a move, with
    bot turns played as CHRONICLE_BOTS says; `resolver` looks up the hosts of players' callbacks
    (tests give one of their own)."""
    settings, data_dir, module = store_env(os.environ if env is None else env)
    bots = settings.get("CHRONICLE_BOTS") or "inprocess"
    if bots not in BOTS:
        raise ValueError(f"CHRONICLE_BOTS is 'inprocess' or 'rq', not {bots!r}")
    chosen_news = news_mode(settings, module, bots)
    with schema_lock(settings):
        store = GameStore(env=settings)
    redis_url = settings.get("REDIS_URL") or DEFAULT_REDIS_URL
    news = Newsroom(store, doorbell(chosen_news, store, settings, redis_url),
                    float(settings.get("CHRONICLE_NEWS_SAFETY_SECONDS") or SAFETY_SECONDS))
    named = namespace(store, settings) if bots == "rq" else None
    after = reactions(settings, redis_url, named, store)
    destinations = Destinations.from_setting(settings.get("CHRONICLE_WEBHOOK_ALLOW_HOSTS"), resolver)
    after_move = AfterMove(news, after)
    commands = Commands(store, on_change=after_move, destinations=destinations,
                        on_tournament_news=after_move.tournament_news)
    return Services(store, commands, Queries(store, after.failed_turns), news, after, data_dir, module, bots, named)
