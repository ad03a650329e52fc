"""The composition root of the service layer: the store and the commands, from the environment.

CHRONICLE_DATA (default `var`) is the data folder. PERSISTENCE_MODULE chooses the event store:
`eventsourcing.sqlite` (the default, `events.sqlite` in the data folder unless SQLITE_DBNAME is
set), `eventsourcing.popo` (in memory, for tests) or `eventsourcing.postgres` (POSTGRES_* vars).
CHRONICLE_BOTS says who plays bot turns: `inprocess` (the default: at once, in the process that
made the move) or `rq` (jobs on the Redis at REDIS_URL, played by `chronicle worker`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from services.bot_queue import QueuedBots
from services.bot_turns import InProcessBots
from services.commands import Commands
from services.queries import Queries
from services.store import GameStore


@dataclass
class Services:
    store: GameStore
    commands: Commands
    queries: Queries
    data_dir: Path | None
    persistence: str
    bots: str


def store_env(env: Mapping[str, str]) -> tuple[dict[str, str], Path | None, str]:
    """The event store's settings, the data folder (None in memory) and the persistence module."""
    settings = dict(env)
    module = settings.setdefault("PERSISTENCE_MODULE", "eventsourcing.sqlite")
    data_dir = None
    if module != "eventsourcing.popo":
        # The data folder also holds this host's read models, whatever the event store.
        data_dir = Path(settings.get("CHRONICLE_DATA") or "var")
        data_dir.mkdir(parents=True, exist_ok=True)
    if module == "eventsourcing.sqlite":
        settings.setdefault("SQLITE_DBNAME", str(data_dir / "events.sqlite"))
    return settings, data_dir, module


DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def build(env: Mapping[str, str] | None = None) -> Services:
    """Build the store and the commands, with bot turns played as CHRONICLE_BOTS says."""
    settings, data_dir, module = store_env(os.environ if env is None else env)
    store = GameStore(env=settings)
    mode = settings.get("CHRONICLE_BOTS") or "inprocess"
    if mode == "rq":
        commands = Commands(store, on_change=QueuedBots(settings.get("REDIS_URL") or DEFAULT_REDIS_URL))
    elif mode == "inprocess":
        in_process = InProcessBots()
        commands = Commands(store, on_change=in_process)
        in_process.commands = commands
    else:
        raise ValueError(f"CHRONICLE_BOTS is 'inprocess' or 'rq', not {mode!r}")
    return Services(store, commands, Queries(store), data_dir, module, mode)
