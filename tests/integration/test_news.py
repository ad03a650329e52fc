"""Live streams are pushed, not polled: a stream hears of a move saved by its own process at once,
of one saved by another process through Redis or PostgreSQL, and of one no news told of at the
next safety look at the store. Each stream here would look at the store itself only once in a
million seconds, so only news can bring its messages in time; every wait is a failure bound."""

from __future__ import annotations

import queue
import threading

from projections.database import ProjectionDatabase
from projections.game_list import GameList
from projections.inbox import Inbox
from projections.notices import PlayerNotices
from services.compose import build
from services.live.streams import GameStream, Pace
from tests.conftest import MEMORY
from tests.infra import postgres_database, redis_server
from cli.server_process import free_port

NEVER = 1e6  # seconds: a stream's own look at the store, its heartbeat and its end
BOUND = 30.0  # seconds a message may take before the test fails


def listen(messages) -> queue.Queue:
    """Read the messages in a thread of their own, as a server does; None once they end."""
    arrived: queue.Queue = queue.Queue()

    def read():
        try:
            for message in messages:
                arrived.put(message)
        finally:
            arrived.put(None)
    threading.Thread(target=read, daemon=True).start()
    return arrived


def next_message(arrived: queue.Queue):
    message = arrived.get(timeout=BOUND)
    assert message is not None, "the stream ended"
    return message


def on_sqlite(tmp_path, **settings: str) -> dict[str, str]:
    """The settings of processes sharing one SQLite store in `tmp_path`, whose watchers never take
    a safety look at the store, and `settings`."""
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path),
            "CHRONICLE_NEWS_SAFETY_SECONDS": str(NEVER), **settings}


def quiet_pace() -> Pace:
    return Pace(safety=NEVER, heartbeat=NEVER, lifetime=NEVER)


def two_person_game(services, seed="news"):
    return services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed=seed)


def move(services, game_id):
    game = services.store.game(game_id)
    seat = game.to_act()
    services.commands.act(game_id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    return services.store.game(game_id).version


def resign(services, game_id):
    game = services.store.game(game_id)
    services.commands.act(game_id, 0, {"type": "resign"}, game.version)


def follow_moves(mover, watcher, game_id):
    """Moves saved by `mover` reach a spectator's stream served by `watcher`, each version once."""
    stream = GameStream(watcher.news, game_id, None, None, quiet_pace())
    arrived = listen(stream.messages())
    opening = next_message(arrived)
    assert opening.event == "game"
    for _ in range(3):
        version = move(mover, game_id)
        seen = []
        while not seen or seen[-1] < version:
            seen.append(next_message(arrived).id)
        assert seen == list(range(seen[0], version + 1))
    resign(mover, game_id)
    assert next_message(arrived).data["event"]["type"] == "resigned"
    assert arrived.get(timeout=BOUND) is None, "the stream ends with the game"


def test_a_stream_hears_of_a_move_saved_by_its_own_process_at_once():
    services = build({**MEMORY, "CHRONICLE_NEWS_SAFETY_SECONDS": str(NEVER)})
    follow_moves(services, services, two_person_game(services).id)


def test_a_move_saved_by_another_process_reaches_the_stream_through_redis(tmp_path):
    with redis_server() as redis:
        env = on_sqlite(tmp_path, CHRONICLE_BOTS="rq", REDIS_URL=redis.url)
        mover, watcher = build(env), build(env)
        follow_moves(mover, watcher, two_person_game(mover).id)


def test_a_move_saved_by_another_process_reaches_the_stream_through_postgres_notify():
    with postgres_database() as postgres:
        env = {**postgres, "CHRONICLE_NEWS_SAFETY_SECONDS": str(NEVER)}
        mover, watcher = build(env), build(env)
        follow_moves(mover, watcher, two_person_game(mover).id)


def test_a_move_no_news_told_of_reaches_the_stream_at_the_next_safety_look(tmp_path):
    env = on_sqlite(tmp_path, CHRONICLE_NEWS="none", CHRONICLE_NEWS_SAFETY_SECONDS="0.2")
    mover, watcher = build(env), build(env)
    follow_moves(mover, watcher, two_person_game(mover).id)


def test_a_players_notices_hear_of_a_move_in_another_process_through_redis(tmp_path):
    with redis_server() as redis:
        env = on_sqlite(tmp_path, CHRONICLE_BOTS="rq", REDIS_URL=redis.url)
        mover, watcher = build(env), build(env)
        ana = mover.commands.players.register("ana")
        created = mover.commands.create("chi", [{"player": ana["id"]}, {"name": "bo"}], seed="notices",
                                        host_key=ana["key"])
        inbox = Inbox(GameList(watcher.store, ProjectionDatabase(str(tmp_path / "projections.sqlite"))))
        arrived = listen(PlayerNotices(inbox, watcher.news, ana["id"], quiet_pace()).messages())
        assert next_message(arrived).event == "inbox"
        resign(mover, created.id)
        notice = next_message(arrived)
        assert (notice.event, notice.data["id"], notice.data["status"]) == ("game_finished", str(created.id), "finished")


def test_streams_whose_clients_left_leave_nothing_behind():
    services = build(MEMORY)
    game_id = two_person_game(services).id
    opened = [GameStream(services.news, game_id, None, None, quiet_pace()).messages() for _ in range(200)]
    for messages in opened:
        assert next(messages).event == "game"
    assert services.news.open_watches() == 200
    for messages in opened:
        messages.close()  # the client went away: the server closes its stream
    assert services.news.open_watches() == 0


def test_with_redis_away_moves_are_saved_and_their_own_process_hears_of_them(tmp_path):
    env = on_sqlite(tmp_path, CHRONICLE_NEWS="redis", REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    services = build(env)
    follow_moves(services, services, two_person_game(services).id)


def test_a_move_saved_while_the_watcher_subscribes_still_reaches_a_stream_that_has_looked(tmp_path):
    """The doorbell of a save made before the watcher's subscription rings for nobody: the watcher
    reads the log from where it stood before the stream's first look, so the move is not lost."""
    with redis_server() as redis:
        env = on_sqlite(tmp_path, CHRONICLE_BOTS="rq", REDIS_URL=redis.url)
        mover, watcher = build(env), build(env)
        game_id = two_person_game(mover).id
        opened, moved = threading.Event(), queue.Queue()
        subscribe = watcher.news.doorbell.listener

        def listener_after_a_move():
            assert opened.wait(BOUND), "the stream's first look came"
            moved.put(move(mover, game_id))  # saved after the stream looked, before the watcher listens
            return subscribe()

        watcher.news.doorbell.listener = listener_after_a_move
        arrived = listen(GameStream(watcher.news, game_id, None, None, quiet_pace()).messages())
        seen = next_message(arrived).id
        opened.set()
        version = moved.get(timeout=BOUND)
        while seen < version:
            seen = next_message(arrived).id
        assert seen == version
