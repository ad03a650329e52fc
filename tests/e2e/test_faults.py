"""Faults during play, on the scaled-out service (PostgreSQL, two API servers, two RQ workers).

- A worker killed with SIGKILL in the middle of a bot's turn: the other worker's sweeper gives
  the abandoned turn a new job once the old one is past its timeout, and every game ends.
- Redis killed (SIGKILL) during play and started again empty: a person's move still answers at
  once and is stored while Redis is down; once it is back, the sweeper re-enqueues every waiting
  bot turn. Twice: with the workers busy inside bot turns, and with the workers idle; either way
  the same worker processes ride it out and reconnect. And frozen rather than gone (SIGSTOP): a
  move must not wait on it either.
- The API servers restarted (one gracefully, one with SIGKILL, then both at once) while every
  game waits on a bot (the workers held back): people's clients ride it out, no move is lost, the
  workers play every game on while no API server runs, and every game ends.

After each: every game's log is whole (versions 1..N), replays to the final table, holds each
decision once, and nothing is left queued, started or failed in Redis.
"""

from __future__ import annotations

import signal
import threading
import time
from datetime import datetime
from uuid import UUID

import pytest
import requests
from rq.job import Job
from rq.registry import StartedJobRegistry

from tests.e2e.cluster import (
    Client,
    Cluster,
    GameHandle,
    PersonPlayer,
    WorkerProcess,
    finish_and_check,
    running_cluster,
    start_games,
    wait_until,
)
from tests.paging import every_page

pytestmark = pytest.mark.e2e

# Failure bounds only, never expected to be reached: every wait below ends when its condition
# holds, so a slow or busy machine takes longer without failing.
PATIENCE = 300
# A move must not wait on a Redis that is gone or frozen: a client without timeouts would hang
# for minutes. Far above what any move takes, however busy the machine.
NO_HANG_SECONDS = 5.0

BOTS = [{"bot": "random"}, {"bot": "greedy"}]
GREEDY_BOTS = [{"bot": "greedy"}, {"bot": "greedy"}]
PERSON_FIRST = [{"name": "ana"}, {"bot": "greedy"}]
BOT_FIRST = [{"bot": "greedy"}, {"name": "bo"}]


def job_in_hand(cluster: Cluster, worker: WorkerProcess) -> str | None:
    """The bot job `worker`'s process is running now (and RQ lists as started), if any."""
    connection = cluster.redis_connection()
    started = set(StartedJobRegistry(cluster.queue_name, connection=connection).get_job_ids())
    for rq_worker in cluster.rq_workers():
        if rq_worker.pid == worker.pid:
            job_id = rq_worker.get_current_job_id()
            if job_id in started:
                return job_id
    return None


def game_and_version(job_id: str) -> tuple[str, int]:
    """`<namespace>-bot-<game id>-<version>` -> (game id, version)."""
    _, _, game_version = job_id.partition("-bot-")
    return game_version[:36], int(game_version[37:])


def bot_decisions_between(client: Client, games, start: float, end: float) -> list[tuple[str, int]]:
    """The bots' decisions recorded between two moments (wall clock): (game, version decided on)."""
    found = set()
    for game in games:
        for event in every_page(client.get, f"/api/games/{game.id}/events?limit=500", "events")[1]:
            cause = event.get("cause") or {}
            if cause.get("actor") and start <= datetime.fromisoformat(event["at"]).timestamp() <= end:
                found.add((game.id, int(cause["rng"].split(":")[1])))
    return sorted(found)


def first_legal_move(client: Client, game: GameHandle, token: str, version: int) -> tuple[requests.Response, float]:
    """The seat's first legal action, posted on `version` and accepted: the answer, and the seconds it took."""
    legal = client.get(f"/api/games/{game.id}/actions", token)["actions"]
    started = time.monotonic()
    answer = client.request("POST", f"/api/games/{game.id}/actions",
                            json={"action": legal[0], "expected_version": version},
                            headers={"Authorization": f"Bearer {token}"})
    took = time.monotonic() - started
    assert answer.status_code == 200, answer.text
    return answer, took


def test_a_worker_killed_mid_turn_leaves_its_turn_to_the_other_worker(tmp_path):
    # The victim thinks four seconds over every move, so it is caught inside a turn however slow
    # the machine; the other worker plays at full speed. A job started over 6 s (+2 s grace) ago
    # counts as abandoned.
    with running_cluster(tmp_path, settings={"CHRONICLE_BOT_JOB_TIMEOUT": "6"},
                         worker_settings=[{"CHRONICLE_BOT_THINK_SECONDS": "4"}, {}]) as cluster:
        victim, survivor = cluster.workers
        deadline = time.monotonic() + PATIENCE
        client, games, players = start_games(
            cluster, [BOTS, GREEDY_BOTS] * 3 + [PERSON_FIRST, BOT_FIRST] * 2, "kill", deadline)

        # Catch the victim half-way into a turn: the same job, still in hand after 0.3 s.
        def mid_turn() -> str | None:
            first = job_in_hand(cluster, victim)
            if first is None:
                return None
            time.sleep(0.3)
            return first if job_in_hand(cluster, victim) == first else None

        job_id = wait_until(mid_turn, 60, "the slow worker to be inside a bot turn", every=0.05)
        victim.kill()
        killed_at = time.monotonic()
        game_id, version = game_and_version(job_id)
        game = client.get(f"/api/games/{game_id}")
        assert game["version"] == version and game["to_act"]["bot"], "the killed worker had already moved"
        assert Job.fetch(job_id, connection=cluster.redis_connection()).get_status() == "started"

        # Nobody else may take a started job until it is past its timeout; then the sweeper does.
        moved = wait_until(lambda: client.get(f"/api/games/{game_id}")["version"] > version or None, 60,
                           f"the abandoned turn of game {game_id} at version {version} to be played")
        recovered_in = time.monotonic() - killed_at
        assert moved
        taken = client.get(f"/api/games/{game_id}/events?after={version}&limit=1")["events"][0]
        assert taken["version"] == version + 1 and taken["cause"]["rng"] == f"decision:{version}"
        assert taken["cause"]["actor"]["bot"] == game["to_act"]["bot"]
        assert any("sweeper enqueued" in line and job_id in line for line in survivor.log_path.read_text().splitlines()), \
            "the abandoned turn was not given a new job by the surviving worker's sweeper"

        events = finish_and_check(cluster, client, games, players, deadline)
        assert not victim.alive and survivor.alive
        print(f"abandoned turn {job_id} played {recovered_in:.1f}s after the kill; {events} events checked")


def test_games_finish_after_redis_restarts_in_the_middle_of_play(tmp_path):
    # Bots think 50 ms a move so that the bot games are still going when Redis goes away: the
    # workers are inside bot turns then, and RQ's own loop quits when it cannot record the end of
    # a job; the worker process starts another once Redis answers. The people hold back for a
    # moment before Redis goes, so that several of them have a move to make while it is away.
    pause = threading.Event()
    with running_cluster(tmp_path, settings={"CHRONICLE_BOT_JOB_TIMEOUT": "3", "CHRONICLE_BOT_THINK_SECONDS": "0.05"}) \
            as cluster:
        deadline = time.monotonic() + PATIENCE
        client, games, players = start_games(
            cluster, [BOTS, GREEDY_BOTS] * 3 + [PERSON_FIRST, BOT_FIRST] * 4, "redis", deadline, pause=pause)
        time.sleep(1.0)
        pause.set()
        wait_until(lambda: all(p.held.is_set() or not p.is_alive() for p in players), 60, "the people to hold back")

        def people_to_move() -> int:
            tables = [client.get(f"/api/games/{g.id}") for g in games if g.has_person]
            return sum(t["status"] == "running" and t["to_act"]["bot"] is None for t in tables)

        wait_until(lambda: people_to_move() >= 4, 60, "the bots to answer the people")
        running = [g for g in games if client.get(f"/api/games/{g.id}")["status"] == "running"]
        assert sum(not g.has_person for g in running) >= 2, "too few bot games still running to stop Redis during play"

        cluster.redis.stop()
        down_at, down_wall = time.monotonic(), time.time()
        pause.clear()

        # While Redis is down the people whose turn it is move: at once, and their move is kept.
        def moves_while_down() -> list[tuple]:
            return [(g, m) for g in games for m in g.moves if m["started"] > down_at]

        during = wait_until(lambda: len(moves_while_down()) >= 3 and moves_while_down(), 60,
                            "people to move while Redis is down")
        for game, move in during:
            assert move["seconds"] < NO_HANG_SECONDS, f"a move took {move['seconds']:.2f}s while Redis was down"
            table = client.get(f"/api/games/{game.id}")
            assert table["version"] >= move["new_version"]
            stored = client.get(f"/api/games/{game.id}/events?after={move['version']}&limit=1")["events"][0]
            assert stored["cause"]["rng"] == f"decision:{move['version']}" and stored["cause"]["seat"] == move["seat"]
        time.sleep(2.0)  # the outage lasts a while (the check below holds however long)
        up_wall = time.time()
        cluster.restart_redis()  # same port, empty: every queued job is gone

        events = finish_and_check(cluster, client, games, players, deadline)
        # Nothing gave the bots a turn while Redis was away: only the turns the workers held when it
        # went were played then, one each at most.
        during = bot_decisions_between(client, games, down_wall, up_wall)
        assert len(during) <= len(cluster.workers), f"bots moved while Redis was down: {during}"
        assert all(worker.alive and worker.starts == 1 for worker in cluster.workers), \
            "a worker did not ride out the Redis restart"
        lost = sum(worker.log_path.read_text().count("starting another once Redis answers") for worker in cluster.workers)
        print(f"both workers rode out the outage ({lost} RQ workers started again in-process); {events} events checked")


def test_idle_workers_ride_out_a_redis_restart_while_people_move(tmp_path):
    """People against bots only; every bot has answered and the people are holding back, so the
    workers are idle when Redis goes. The people move while it is down (at once, and kept); when
    it is back, the same workers reconnect and their sweepers enqueue the bots' turns."""
    pause = threading.Event()
    with running_cluster(tmp_path, settings={"CHRONICLE_BOT_JOB_TIMEOUT": "3"}) as cluster:
        deadline = time.monotonic() + PATIENCE
        client, games, players = start_games(cluster, [PERSON_FIRST, BOT_FIRST] * 2, "idle", deadline, pause=pause)
        time.sleep(1.0)
        pause.set()
        wait_until(lambda: all(p.held.is_set() or not p.is_alive() for p in players), 60, "the people to hold back")

        def waiting_on_people() -> dict | None:
            tables = {g.id: client.get(f"/api/games/{g.id}") for g in games}
            if all(t["status"] == "finished" or t["to_act"]["bot"] is None for t in tables.values()):
                return tables
            return None

        tables = wait_until(waiting_on_people, 60, "the bots to answer")
        running = {gid: t for gid, t in tables.items() if t["status"] == "running"}
        assert len(running) >= 2, "too few games still running"
        assert cluster.job_counts()["queued"] == 0

        cluster.redis.stop()
        for game in games:
            if game.id not in running:
                continue
            table = running[game.id]
            (seat, token), = game.tokens.items()
            assert table["to_act"]["seat"] == seat
            answer, took = first_legal_move(client, game, token, table["version"])
            assert took < NO_HANG_SECONDS, f"a move took {took:.2f}s while Redis was down"
            after = client.get(f"/api/games/{game.id}")
            assert after["version"] == answer.json()["version"] > table["version"]
            stored = client.get(f"/api/games/{game.id}/events?after={table['version']}&limit=1")["events"][0]
            assert stored["cause"]["seat"] == seat and stored["cause"]["rng"] == f"decision:{table['version']}"
            running[game.id] = after
        time.sleep(2.0)
        for game_id, table in running.items():  # nobody could give the bots their turn
            assert client.get(f"/api/games/{game_id}")["version"] == table["version"]
        assert all(worker.alive for worker in cluster.workers), "an idle worker exited when Redis went away"

        cluster.restart_redis()
        pause.clear()
        events = finish_and_check(cluster, client, games, players, deadline)
        assert all(worker.alive and worker.starts == 1 for worker in cluster.workers)
        print(f"both idle workers rode out the outage; {events} events checked")


def test_a_move_answers_at_once_while_redis_hangs(tmp_path):
    """Redis frozen (SIGSTOP: it accepts connections and never answers), not gone: a person's move
    that hands the turn to the bot must not wait on it either."""
    with running_cluster(tmp_path, apis=1, workers=1) as cluster:
        deadline = time.monotonic() + PATIENCE
        client = Client(cluster.urls)
        game = client.create(PERSON_FIRST, "hang-0")
        (seat, token), = game.tokens.items()
        table = wait_until(lambda: (t := client.get(f"/api/games/{game.id}"))["to_act"]["seat"] == seat and t, 60,
                           "the person's turn")
        cluster.redis.process.send_signal(signal.SIGSTOP)
        try:
            # The person moves until the turn is the bot's (a draw may leave a discard to make).
            for _ in range(5):
                answer, took = first_legal_move(client, game, token, table["version"])
                table = client.get(f"/api/games/{game.id}")
                assert table["version"] == answer.json()["version"]
                assert took < NO_HANG_SECONDS, f"a move took {took:.2f}s while Redis hung"
                if table["status"] == "finished" or table["to_act"]["bot"]:
                    break
            assert table["to_act"]["bot"], "the turn never went to the bot"
        finally:
            cluster.redis.process.send_signal(signal.SIGCONT)
        player = PersonPlayer(Client(cluster.urls), game, deadline)
        player.start()
        finish_and_check(cluster, client, [game], [player], deadline)


def test_play_goes_on_through_api_restarts(tmp_path):
    """Both API servers restarted (one gracefully, one with SIGKILL, then both at once) while bot
    turns wait for the workers: no move is lost, the workers play the bots' turns while no API
    server runs, and every game ends.

    The workers are stopped while the games are created and the servers restart, so every game
    is still at its start, waiting on a bot, whatever the machine's speed: nothing here depends on
    how long a bot thinks or a restart takes."""
    with running_cluster(tmp_path) as cluster:
        deadline = time.monotonic() + PATIENCE
        for worker in cluster.workers:
            worker.stop()  # idle: no game yet
        assert not cluster.rq_workers(), "a worker is still taking jobs"

        client, games, players = start_games(
            cluster, [BOTS, GREEDY_BOTS] * 3 + [PERSON_FIRST, BOT_FIRST] * 3, "api", deadline, patience=PATIENCE)
        store = cluster.services.store
        ids = [UUID(g.id) for g in games]

        def waiting_on_bots() -> dict[UUID, int] | None:
            """Each game's version, once every game waits on a bot (the people have made their first move)."""
            loaded = [store.game(gid) for gid in ids]
            seats = [game.to_act() for game in loaded]
            if all(seat is not None and handle.seats[seat].get("bot") for handle, seat in zip(games, seats)):
                return {gid: game.version for gid, game in zip(ids, loaded)}
            return None

        frozen = wait_until(waiting_on_bots, 60, "every game to wait on a bot's turn")
        people_moved = sum(len(g.moves) for g in games)
        assert people_moved >= 3, "the people did not make their first moves"

        def cut_off_from(api) -> None:
            """Until a person's client has met `api` down (they look at their games every 0.1 s)."""
            met = sum(player.client.connection_errors for player in players)
            wait_until(lambda: sum(player.client.connection_errors for player in players) > met, 60,
                       f"a person's client to meet the server on port {api.port} down")

        first, second = cluster.apis
        first.stop()   # SIGTERM: requests in flight are answered first
        cut_off_from(first)
        first.start()
        second.kill()  # SIGKILL: requests in flight are cut off
        cut_off_from(second)
        second.start()

        # Both at once: no API at all. The workers come back and play the bots' turns meanwhile.
        first.kill()
        second.stop()
        assert waiting_on_bots() == frozen, "a game moved while no worker ran"
        for worker in cluster.workers:
            worker.start().wait_up()
        wait_until(lambda: all(store.game(gid).version > frozen[gid] for gid in ids), 120,
                   "every game to move on while no API server runs")
        first.start()  # one at a time: see Cluster.start
        second.start()

        events = finish_and_check(cluster, client, games, players, deadline)
        # No move lost: each move a person's client saw accepted is in the log, as that seat's decision.
        for game in games:
            for move in game.moves:
                stored = client.get(f"/api/games/{game.id}/events?after={move['version']}&limit=1")["events"][0]
                assert stored["cause"]["rng"] == f"decision:{move['version']}" and stored["cause"]["seat"] == move["seat"]
        cut_off = sum(player.client.connection_errors for player in players)
        assert first.starts == 3 and second.starts == 3
        assert all(worker.starts == 2 and worker.alive for worker in cluster.workers)
        print(f"{cut_off} requests met a server that was down; {events} events checked")
