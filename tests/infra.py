"""The real services tests run against: a private Redis server, and a fresh PostgreSQL database.

Each test module gets its own redis-server on a free port (so a test may stop and restart it
without touching anything else) and its own database on the local PostgreSQL, dropped after.
A PostgreSQL that is installed but stopped is started; one that is missing fails the tests
(`.ci/run` installs it).
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import psycopg
from redis import Redis

from cli.server_process import free_port

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}


class RedisServer:
    """A redis-server of the test's own, on a free port, that can be stopped and started again."""

    def __init__(self, port: int | None = None):
        if not shutil.which("redis-server"):
            raise RuntimeError("redis-server is not installed (.ci/run installs it)")
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> "RedisServer":
        """Start it, and make sure the server answering on the port is this one: a free port may be
        taken by another process between choosing it and binding it, and a ping to that port would
        then reach someone else's Redis (and its workers would take this test's jobs)."""
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server could not start on port {self.port} (is it taken?)")
            try:
                answering = Redis.from_url(self.url, socket_connect_timeout=0.5).info("server")["process_id"]
            except Exception:  # noqa: BLE001 - not up yet
                time.sleep(0.05)
                continue
            if answering != self.process.pid:
                self.stop()
                raise RuntimeError(f"another redis-server answers on port {self.port}")
            return self
        raise RuntimeError(f"redis-server on port {self.port} did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def fresh_redis_server(tries: int = 5) -> RedisServer:
    """A redis-server of our own on a free port, trying other ports if one is taken meanwhile."""
    for _ in range(tries - 1):
        try:
            return RedisServer().start()
        except RuntimeError:
            continue
    return RedisServer().start()


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = fresh_redis_server()
    try:
        yield server
    finally:
        server.stop()


def ensure_postgres() -> None:
    """Start the local PostgreSQL if it is installed but not answering."""
    if subprocess.run(["pg_isready", "-h", PG["host"], "-p", str(PG["port"])], capture_output=True).returncode == 0:
        return
    clusters = sorted(Path("/etc/postgresql").glob("*")) if Path("/etc/postgresql").exists() else []
    if not clusters:
        raise RuntimeError("PostgreSQL is not installed (.ci/run installs it)")
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", clusters[-1].name, "main", "start"], check=False)
    for _ in range(50):
        if subprocess.run(["pg_isready", "-h", PG["host"]], capture_output=True).returncode == 0:
            return
        time.sleep(0.2)
    raise RuntimeError("PostgreSQL did not start")


@contextmanager
def postgres_database() -> Iterator[dict[str, str]]:
    """A new, empty database; yields the environment that points the event store at it."""
    ensure_postgres()
    name = f"chronicle_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": name,
            "POSTGRES_HOST": PG["host"],
            "POSTGRES_PORT": str(PG["port"]),
            "POSTGRES_USER": PG["user"],
            "POSTGRES_PASSWORD": "",
        }
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **PG) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def sqlite_locked(path: Path) -> Iterator[None]:
    """The SQLite database at `path` held by a write transaction of another connection, as a
    backup or a long write holds it: readers go on (WAL), and a writer waits for the busy timeout
    and then fails with "database is locked"."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("BEGIN IMMEDIATE")
        yield
    finally:
        connection.rollback()
        connection.close()
