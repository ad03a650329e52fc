"""The read models' runner catches up when news of a save comes, not only at its next look: a
game created in its own process, or in another one that rings the doorbell (Redis, PostgreSQL's
NOTIFY), is on the list once the news has woken it. Each runner here would look by itself only
once in a million seconds, and the news watcher's safety look as rarely, so only the news can
bring the game in time; every wait is a failure bound."""

from __future__ import annotations

import threading
import time

from projections.database import ProjectionDatabase
from projections.game_list import RUN_GAMES, GameList
from projections.runner import ProjectionRunner
from services.compose import build
from tests.conftest import MEMORY
from tests.infra import postgres_database, redis_server

NEVER = 1e6  # seconds: the runner's own look at the store, and the news watcher's safety look
BOUND = 30.0  # seconds a game may take to show before the test fails


def idle_after_each_pass(game_list: GameList) -> threading.Event:
    """Set whenever the runner has found nothing more to catch up (it then waits for news)."""
    idle = threading.Event()
    catch_up_some = game_list.catch_up_some

    def watched(*args, **kwargs):
        done = catch_up_some(*args, **kwargs)
        if not done:
            idle.set()
        return done
    game_list.catch_up_some = watched
    return idle


def wait_until(condition) -> None:
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, "the game never showed on the list"
        time.sleep(0.01)


def created_game_shows(creator, lister) -> None:
    """A game `creator` saves reaches the list of `lister`'s runner, which waits for news."""
    game_list = GameList(lister.store, ProjectionDatabase(":memory:"))
    idle = idle_after_each_pass(game_list)
    runner = ProjectionRunner(game_list, every=NEVER, news=lister.news).start()
    try:
        assert idle.wait(BOUND), "the runner's first pass ended"
        assert game_list.total("games") == 0
        creator.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="woken")
        wait_until(lambda: game_list.total("games") == 1)
    finally:
        runner.stop()
    assert lister.news.open_watches() == 0


def test_a_game_created_in_the_runners_own_process_shows_once_the_news_wakes_it():
    services = build({**MEMORY, "CHRONICLE_NEWS_SAFETY_SECONDS": str(NEVER)})
    created_game_shows(services, services)


def test_a_game_created_in_another_process_shows_once_the_redis_doorbell_wakes_it(tmp_path):
    with redis_server() as redis:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path), "CHRONICLE_BOTS": "rq",
               "REDIS_URL": redis.url, "CHRONICLE_NEWS_SAFETY_SECONDS": str(NEVER)}
        created_game_shows(build(env), build(env))


def test_a_game_created_in_another_process_shows_once_postgres_notify_wakes_it():
    with postgres_database() as postgres:
        env = {**postgres, "CHRONICLE_NEWS_SAFETY_SECONDS": str(NEVER)}
        creator, lister = build(env), build(env)
        created_game_shows(creator, lister)
        creator.store.close()
        lister.store.close()


def test_a_transaction_kept_waiting_long_is_not_followed_by_a_pause_as_long(services):
    """A transaction that took long was kept waiting (a busy disk, the requests of its process):
    pausing as long again after it would leave the rest of a backlog off the list for as long."""
    for number in range(RUN_GAMES + 1):  # two transactions' worth
        services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed=f"backlog-{number}")
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    now = [0.0]
    catch_up_some = game_list.catch_up_some

    def kept_waiting_an_hour(*args, **kwargs):
        done = catch_up_some(*args, **kwargs)
        now[0] += 3600.0
        return done
    game_list.catch_up_some = kept_waiting_an_hour
    runner = ProjectionRunner(game_list, every=NEVER, clock=lambda: now[0]).start()
    try:
        wait_until(lambda: game_list.total("games") == RUN_GAMES + 1)
    finally:
        runner.stop()
