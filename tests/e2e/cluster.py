"""The process plumbing of the scale-out and fault tests: a small "cluster" on one machine.

A `Cluster` is what a deployment on several hosts would be, shrunk onto this one: one fresh
PostgreSQL database (the event store), one private Redis, several API servers (gunicorn, each on
its own port, as behind a load balancer) and several RQ worker processes, all started from the
same environment. Each piece can be stopped, killed with SIGKILL, or restarted on its own, so a
test can break one and watch the rest carry on.

Around it: `Client` (HTTP requests spread over every API server, riding out a server that is
restarting), `PersonPlayer` (a thread playing a person's seat with random legal actions), and the
checks every test ends with: every game finished, every event log whole and replayable, no bot
move taken twice, and no job left stuck in Redis.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator
from uuid import UUID

import requests
from redis import Redis
from rq import Queue, Worker
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry

from domain import registry
from domain.contract import Event
from services.compose import Services, build
from services.reactions.queue import queue_name
from services.log.deployment import namespace
from services.log.game import Game
from tests.infra import RedisServer, fresh_redis_server, postgres_database
from tests.paging import every_page
from cli.server_process import free_port, wait_until_up
from tests.http_session import fresh_connections

ROOT = Path(__file__).resolve().parents[2]


# --- processes -------------------------------------------------------------------------------


def _stop(process: subprocess.Popen | None, *, hard: bool, timeout: float = 15.0) -> None:
    """Stop a process started as a session leader, and everything in its group.

    SIGTERM (or SIGKILL if `hard`) goes to the whole group: gunicorn's master and its workers.
    Whatever is left once the leader is gone (a gunicorn worker orphaned by a master killed
    earlier) is killed.
    """
    if process is None:
        return
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL if hard else signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=5)


class ApiServer:
    """One gunicorn API server on a fixed port that can be stopped and started again on that port."""

    def __init__(self, env: dict[str, str], log_path: Path, *, workers: int = 1, threads: int = 8):
        self.env = env
        self.log_path = log_path
        self.workers = workers
        self.threads = threads
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def spawn(self) -> None:
        self.starts += 1
        with open(self.log_path, "a") as log:
            log.write(f"--- start {self.starts} ---\n")
            log.flush()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{self.port}",
                 "--workers", str(self.workers), "--threads", str(self.threads),
                 "--graceful-timeout", "10", "web.wsgi:app"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )

    def wait_up(self, timeout: float = 60.0) -> None:
        assert self.process is not None
        wait_until_up(self.url + "/openapi.json", self.process, timeout=timeout)

    def start(self) -> "ApiServer":
        self.spawn()
        self.wait_up()
        return self

    def stop(self) -> None:
        """SIGTERM: gunicorn finishes the requests in flight, then exits."""
        _stop(self.process, hard=False)

    def kill(self) -> None:
        """SIGKILL to the master and its workers at once: requests in flight are cut off."""
        _stop(self.process, hard=True)


class WorkerProcess:
    """One `python -m workers.cli run` process: an RQ worker with its periodic sweeper."""

    def __init__(self, env: dict[str, str], log_path: Path, extra_env: dict[str, str] | None = None):
        self.env = {**env, **(extra_env or {})}
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> "WorkerProcess":
        self.starts += 1
        with open(self.log_path, "a") as log:
            log.write(f"--- start {self.starts} ---\n")
            log.flush()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "workers.cli", "run"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        return self

    def wait_up(self, timeout: float = 30.0) -> "WorkerProcess":
        """Until this start's worker has built its services, swept once and is taking jobs."""
        def up() -> bool:
            if not self.alive:
                raise RuntimeError(f"worker exited with code {self.process.returncode}: see {self.log_path}")
            return self.log_path.read_text(errors="replace").count("playing bot turns from queue") >= self.starts
        wait_until(up, timeout, f"the worker logging to {self.log_path.name} to start", every=0.05)
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """kill -9: the worker gets no chance to tidy up its job."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        _stop(self.process, hard=False, timeout=10)


class Cluster:
    """PostgreSQL event store + private Redis + `apis` API servers + `workers` RQ workers."""

    def __init__(
        self,
        base_dir: Path,
        postgres_env: dict[str, str],
        redis: RedisServer,
        *,
        apis: int = 2,
        workers: int = 2,
        settings: dict[str, str] | None = None,
        worker_settings: list[dict[str, str]] | None = None,
    ):
        self.base_dir = Path(base_dir)
        self.postgres_env = postgres_env
        self.redis = redis
        env = {**os.environ}
        env.pop("PERSISTENCE_MODULE", None)
        env.update(postgres_env)
        env.update({
            "CHRONICLE_DATA": str(self.base_dir / "data"),
            "CHRONICLE_BOTS": "rq",
            "REDIS_URL": redis.url,
            "PYTHONPATH": str(ROOT),
            "SWEEP_SECONDS": "1",
            "PYTHONUNBUFFERED": "1",
        })
        env.update(settings or {})
        self.env = env
        # Each API server keeps its read models (the game list) in a folder of its own, as on its own host.
        self.apis = [ApiServer({**env, "CHRONICLE_DATA": str(self.base_dir / f"api-{n}")}, self.base_dir / f"api-{n}.log")
                     for n in range(apis)]
        extra = worker_settings or [{}] * workers
        self.workers = [WorkerProcess(env, self.base_dir / f"worker-{n}.log", extra[n]) for n in range(workers)]
        self._services: Services | None = None

    # lifecycle

    def start(self) -> "Cluster":
        """Start every process, one after the other.

        One at a time, because processes that build the store at the same moment collide on
        PostgreSQL while creating (or re-creating) its tables, types and indexes, and one of them
        dies at startup (see test_startup.py). The test process builds it first.
        """
        self.services  # noqa: B018 - builds the store, which creates its tables
        for api in self.apis:
            api.start()
        for worker in self.workers:
            worker.start().wait_up()
        return self

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()
        for api in self.apis:
            api.stop()

    def restart_redis(self) -> RedisServer:
        """A new, empty redis-server on the port of the old one (which must be stopped)."""
        self.redis = RedisServer(port=self.redis.port).start()
        return self.redis

    @property
    def urls(self) -> list[str]:
        return [api.url for api in self.apis]

    def logs(self) -> str:
        """The tail of every process's log: what a failing test prints."""
        parts = []
        for path in sorted(self.base_dir.glob("*.log")):
            lines = path.read_text(errors="replace").splitlines()
            parts.append(f"==== {path.name} (last 40 of {len(lines)} lines)\n" + "\n".join(lines[-40:]))
        return "\n".join(parts)

    # what the test reads directly

    def redis_connection(self) -> Redis:
        return Redis.from_url(self.redis.url, socket_connect_timeout=1, socket_timeout=5)

    @property
    def services(self) -> Services:
        """The event store, read directly by the test (no bots are played from here)."""
        if self._services is None:
            self._services = build({**self.postgres_env, "CHRONICLE_DATA": str(self.base_dir / "reader"),
                                    "CHRONICLE_BOTS": "inprocess"})
        return self._services

    def job_counts(self) -> dict[str, int]:
        connection = self.redis_connection()
        queue = Queue(self.queue_name, connection=connection)
        return {
            "queued": queue.count,
            "started": StartedJobRegistry(queue=queue).count,
            "failed": FailedJobRegistry(queue=queue).count,
            "scheduled": ScheduledJobRegistry(queue=queue).count,
        }

    @property
    def queue_name(self) -> str:
        """The deployment's queue: named in the store shared by every process of the cluster."""
        return queue_name(namespace(self.services.store, {}))

    def rq_workers(self) -> list[Worker]:
        return Worker.all(connection=self.redis_connection())


@contextlib.contextmanager
def running_cluster(base_dir: Path, **options) -> Iterator[Cluster]:
    """A started cluster on a fresh database and a private Redis; everything stopped afterwards."""
    with postgres_database() as postgres:
        redis = fresh_redis_server()
        cluster = Cluster(base_dir, postgres, redis, **options)
        try:
            cluster.start()
            yield cluster
        except BaseException:
            print(cluster.logs())
            raise
        finally:
            cluster.stop()
            cluster.redis.stop()
            if cluster._services is not None:
                cluster._services.store.close()


# --- HTTP ------------------------------------------------------------------------------------


class Unavailable(Exception):
    """No API server answered within the client's patience."""


class Client:
    """HTTP to the API servers, spread over all of them; rides out a server that is restarting.

    A request that cannot connect (or is cut off) goes to the next server, and is tried again until
    `patience` seconds have passed. Only use it for requests that are safe to repeat: GETs, and
    POSTs of moves carrying an Idempotency-Key.
    """

    def __init__(self, urls: list[str], patience: float = 60.0):
        self.urls = urls
        self.patience = patience
        self.http = fresh_connections()
        self._next = itertools.cycle(range(len(urls)))
        self.connection_errors = 0

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        deadline = time.monotonic() + self.patience
        while True:
            url = self.urls[next(self._next)] + path
            try:
                return self.http.request(method, url, timeout=30, **kwargs)
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError) as error:
                self.connection_errors += 1
                if time.monotonic() > deadline:
                    raise Unavailable(f"{method} {path}: {error}") from error
                time.sleep(0.05)

    def get(self, path: str, token: str | None = None) -> dict:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = self.request("GET", path, headers=headers)
        assert answer.status_code == 200, f"GET {path}: {answer.status_code} {answer.text}"
        return answer.json()

    def create(self, seats: list[dict], seed: str) -> "GameHandle":
        answer = self.request("POST", "/api/games", json={"game": "chi", "seats": seats, "seed": seed})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        return GameHandle(created["id"], seats, {t["seat"]: t["token"] for t in created["tokens"]}, seed)


@dataclass
class GameHandle:
    id: str
    seats: list[dict]
    tokens: dict[int, str]
    seed: str
    moves: list[dict] = field(default_factory=list)  # the person's moves: version, answered in, ...

    @property
    def has_person(self) -> bool:
        return bool(self.tokens)


class PersonPlayer(threading.Thread):
    """Plays the person's seat of a game with random legal actions over HTTP until the game ends.

    Each move is posted with the version it was decided on and an Idempotency-Key, so a request
    cut off by a restarting server is simply sent again. 409 (someone moved first) and 403 (not
    this seat's decision after all) mean: look at the game again. While the bot thinks it polls.
    `pause` (an Event), when set, holds the player before it next looks at the game; `held` is set
    while it is held, so a test knows no move of this player is under way.
    """

    def __init__(self, client: Client, game: GameHandle, deadline: float, poll: float = 0.1,
                 pause: threading.Event | None = None):
        super().__init__(daemon=True, name=f"person-{game.id[:8]}")
        self.client = client
        self.game = game
        self.deadline = deadline
        self.poll = poll
        self.pause = pause
        self.rng = random.Random(game.seed)
        self.error: BaseException | None = None
        self.final: dict | None = None
        self.conflicts = 0
        self.held = threading.Event()

    def run(self) -> None:
        try:
            self.play()
        except BaseException as error:  # noqa: BLE001 - reported by the test
            self.error = error

    def play(self) -> None:
        (seat, token), = self.game.tokens.items()
        base = f"/api/games/{self.game.id}"
        while time.monotonic() < self.deadline:
            if self.pause is not None and self.pause.is_set():
                self.held.set()
                while self.pause.is_set() and time.monotonic() < self.deadline:
                    time.sleep(0.02)
                self.held.clear()
                continue
            game = self.client.get(base, token)
            if game["status"] == "finished":
                self.final = game
                return
            if game["to_act"] is None or game["to_act"]["seat"] != seat:
                time.sleep(self.poll)
                continue
            legal = self.client.get(base + "/actions", token)["actions"]
            if not legal:
                continue
            version = game["version"]
            started = time.monotonic()
            answer = self.client.request(
                "POST", base + "/actions",
                json={"action": self.rng.choice(legal), "expected_version": version},
                headers={"Authorization": f"Bearer {token}", "Idempotency-Key": f"{self.game.id}-{version}"},
            )
            took = time.monotonic() - started
            if answer.status_code in (409, 403):
                self.conflicts += 1
                continue
            assert answer.status_code == 200, f"move at version {version}: {answer.status_code} {answer.text}"
            self.game.moves.append({"seat": seat, "version": version, "new_version": answer.json()["version"],
                                    "started": started, "seconds": took})
        raise AssertionError(f"game {self.game.id} (a person against a bot) did not finish in time")


# --- waiting and checking -----------------------------------------------------------------------


def wait_until(condition: Callable[[], Any], timeout: float, what: str, every: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(every)


def statuses(client: Client, games: Iterable[GameHandle]) -> dict[str, dict]:
    return {game.id: client.get(f"/api/games/{game.id}") for game in games}


def wait_until_all_finished(client: Client, games: list[GameHandle], players: list[PersonPlayer],
                            deadline: float) -> dict[str, dict]:
    """Wait for every game to end; fail naming the games still running, and whose turn they wait on."""
    while True:
        for player in players:
            if player.error is not None:
                raise AssertionError(f"the person playing {player.game.id} failed: {player.error!r}") from player.error
        seen = statuses(client, games)
        running = {gid: g for gid, g in seen.items() if g["status"] != "finished"}
        if not running:
            for player in players:
                player.join(timeout=10)
                if player.error is not None:
                    raise AssertionError(f"the person playing {player.game.id} failed: {player.error!r}")
            return seen
        if time.monotonic() > deadline:
            described = {gid: (g["version"], g["to_act"]) for gid, g in list(running.items())[:10]}
            raise AssertionError(f"{len(running)} of {len(games)} games did not finish: {described}")
        time.sleep(0.5)


def check_event_log(client: Client, services: Services, game: GameHandle) -> int:
    """The game's log is whole and says what happened exactly once; returns its last version.

    - Over HTTP, as a spectator sees it after the end: versions 1..N, each once, the game over.
    - In the store: the same N events; folding the domain events through the rules from an empty
      table rebuilds exactly the final state the store loads (from its snapshots).
    - Every decision (a run of consecutive events with one cause) was taken on the version just
      before its first event, by the seat that was to act then, with an action legal then; a
      bot's decision names that seat's bot. No decision appears twice.
    - The service's own audit of the finished game (every draw re-derived from the revealed
      seed, every decision re-run, the hash chain checked) finds nothing wrong.
    """
    log, events = every_page(client.get, f"/api/games/{game.id}/events?limit=500", "events")
    versions = [event["version"] for event in events]
    assert versions == list(range(1, len(versions) + 1)), f"game {game.id}: versions are not 1..N: {versions}"
    assert log["version"] == len(versions)

    stored = services.store.stored_events(UUID(game.id))
    assert [e.originator_version for e in stored] == versions, f"game {game.id}: store and API logs differ"
    assert isinstance(stored[0], Game.Created)
    aggregate = services.store.game(UUID(game.id))
    assert aggregate.version == len(versions) and aggregate.finished

    rules = registry.get("chi")
    state = rules.new_state(len(game.seats), {})
    decisions: list[tuple[dict, int]] = []  # (cause, first version)
    for event in stored[1:]:
        cause = event.cause
        if not cause.get("setup") and (not decisions or decisions[-1][0] != cause):
            seat = cause["seat"]
            expected = event.originator_version - 1
            assert cause["rng"] == f"decision:{expected}", \
                f"game {game.id}: the decision stored at {event.originator_version} was taken on {cause['rng']}"
            assert rules.to_act(state) == seat, f"game {game.id} v{event.originator_version}: seat {seat} moved out of turn"
            assert cause["action"] in rules.legal_actions(state, seat), \
                f"game {game.id} v{event.originator_version}: an illegal action {cause['action']}"
            bot = game.seats[seat].get("bot")
            if bot is None:
                assert "actor" not in cause, f"game {game.id}: a person's seat moved by a bot"
            else:
                assert cause.get("actor", {}).get("bot") == bot, f"game {game.id}: the bot's move lacks its actor"
            decisions.append((cause, event.originator_version))
        state = rules.evolve(state, Event.from_json(event.domain_event))
    taken_on = [cause["rng"] for cause, _ in decisions]
    assert len(taken_on) == len(set(taken_on)), f"game {game.id}: a decision was recorded twice"
    assert state == aggregate.state, f"game {game.id}: replaying the log does not rebuild the final state"
    assert rules.outcome(state) is not None
    audit = client.get(f"/api/games/{game.id}/audit")
    assert audit["verified"] and audit["steps"] == len(versions), f"game {game.id}: the audit failed: {audit}"
    return len(versions)


def wait_for_no_stuck_jobs(cluster: Cluster, timeout: float = 15.0) -> dict[str, int]:
    """The bots queue, and its started, failed and scheduled registries, all empty (after a settle)."""
    last: dict[str, int] = {}

    def empty() -> bool:
        nonlocal last
        last = cluster.job_counts()
        return not any(last.values())

    try:
        wait_until(empty, timeout, "the bot jobs to settle", every=0.5)
    except AssertionError:
        raise AssertionError(f"jobs left stuck in Redis: {last}") from None
    return last


# --- a whole run ------------------------------------------------------------------------------


def start_games(cluster: Cluster, seats: list[list[dict]], seed: str, deadline: float,
                patience: float = 60.0, pause: threading.Event | None = None
                ) -> tuple[Client, list[GameHandle], list[PersonPlayer]]:
    """Create the games (through every API server) and start a player thread for each person."""
    client = Client(cluster.urls, patience=patience)
    games = [client.create(seating, f"{seed}-{n}") for n, seating in enumerate(seats)]
    players = [PersonPlayer(Client(cluster.urls, patience=patience), game, deadline, pause=pause)
               for game in games if game.has_person]
    for player in players:
        player.start()
    return client, games, players


def finish_and_check(cluster: Cluster, client: Client, games: list[GameHandle], players: list[PersonPlayer],
                     deadline: float) -> int:
    """Every game ends with a whole, replayable log, and no job is left stuck; returns the events."""
    final = wait_until_all_finished(client, games, players, deadline)
    assert all(game["outcome"] is not None for game in final.values())
    events = sum(check_event_log(client, cluster.services, game) for game in games)
    wait_for_no_stuck_jobs(cluster)
    return events
