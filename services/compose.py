"""The composition root of the service layer: the store and the commands, from the environment.

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
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping

from services.reactions.queue import QueuedBots, retries_from_setting
from services.reactions.in_process import InProcessBots
from services.play.commands import Commands
from services.log.deployment import namespace
from services.players.destinations import Destinations, Resolver, system_resolver
from services.live.doorbells import Doorbell, PostgresDoorbell, Quiet, RedisDoorbell
from services.reactions.failed_turns import FIRST_PAUSE, FailedTurns, FailedTurnsInMemory
from services.live.news import SAFETY_SECONDS, Newsroom
from services.log.game import Game
from services.play.queries import Queries
from services.log.store import GameStore
from services.log.store_settings import schema_lock, store_env
from services.redis_link import DEFAULT_REDIS_URL


@dataclass
class Services:
    store: GameStore
    commands: Commands
    queries: Queries
    data_dir: Path | None
    persistence: str
    bots: str
    namespace: str | None = None  # the deployment's, where bots play on RQ
    news: Newsroom | None = None  # what this process's live streams wait on
    failed_turns: FailedTurns | FailedTurnsInMemory | None = None  # the turns that failed, to try again
    in_process: InProcessBots | None = None  # where bots play in this process: what its watch runs


def doorbell(settings: Mapping[str, str], store: GameStore, module: str, mode: str) -> Doorbell:
    """How this process tells the others that it saved a move (CHRONICLE_NEWS)."""
    chosen = settings.get("CHRONICLE_NEWS") or (
        "postgres" if module == "eventsourcing.postgres" else "redis" if mode == "rq" else "none")
    if chosen == "postgres":
        if module != "eventsourcing.postgres":
            raise ValueError("CHRONICLE_NEWS=postgres needs the PostgreSQL store (PERSISTENCE_MODULE=eventsourcing.postgres)")
        return PostgresDoorbell(store)
    if chosen == "redis":
        return RedisDoorbell(settings.get("REDIS_URL") or DEFAULT_REDIS_URL, namespace(store, settings))
    if chosen == "none":
        return Quiet()
    raise ValueError(f"CHRONICLE_NEWS is 'postgres', 'redis' or 'none', not {chosen!r}")


class Announcing:
    """The commands' hook after each save: the news first (streams hear of the move), then `then`
    (bot turns, clocks, webhooks), whose attributes it answers for (the queue of bot turns)."""

    def __init__(self, news: Newsroom, then: Callable[[Game], None]):
        self.news = news
        self.then = then

    def __call__(self, game: Game) -> None:
        self.news.announce(game)
        self.then(game)

    def __getattr__(self, name: str):
        if name in ("news", "then"):  # not set yet (a copy being made): nothing to answer for
            raise AttributeError(name)
        return getattr(self.then, name)


def build(env: Mapping[str, str] | None = None, resolver: Resolver = system_resolver) -> Services:
    """Build the store and the commands, with bot turns played as CHRONICLE_BOTS says; `resolver`
    looks up the hosts of players' callbacks (tests give one of their own)."""
    settings, data_dir, module = store_env(os.environ if env is None else env)
    with schema_lock(settings):
        store = GameStore(env=settings)
    destinations = Destinations.from_setting(settings.get("CHRONICLE_WEBHOOK_ALLOW_HOSTS"), resolver)
    mode = settings.get("CHRONICLE_BOTS") or "inprocess"
    if mode not in ("rq", "inprocess"):
        raise ValueError(f"CHRONICLE_BOTS is 'inprocess' or 'rq', not {mode!r}")
    news = Newsroom(store, doorbell(settings, store, module, mode),
                    float(settings.get("CHRONICLE_NEWS_SAFETY_SECONDS") or SAFETY_SECONDS))
    named = None
    in_process = None
    later = float(settings.get("CHRONICLE_BOT_RETRY_LATER_SECONDS") or FIRST_PAUSE)
    if mode == "rq":
        named = namespace(store, settings)
        queued = QueuedBots(settings.get("REDIS_URL") or DEFAULT_REDIS_URL, named,
                            retries_from_setting(settings.get("CHRONICLE_BOT_RETRY_SECONDS")))
        failed_turns: FailedTurns | FailedTurnsInMemory = FailedTurns(queued.connection, named, later)
        commands = Commands(store, on_change=Announcing(news, queued), destinations=destinations)
        queued.players = commands.players
    else:
        in_process = InProcessBots(FailedTurnsInMemory(later))
        failed_turns = in_process.failed_turns
        commands = Commands(store, on_change=Announcing(news, in_process), destinations=destinations)
        in_process.commands = commands
    return Services(store, commands, Queries(store, failed_turns), data_dir, module, mode, named, news, failed_turns,
                    in_process)
