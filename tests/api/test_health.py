"""/healthz and /readyz, as a load balancer or Kubernetes probes them: readiness follows the Redis
that bot turns go through (a private redis-server, stopped and started again) and the read models'
distance behind the event log; a probe costs one read of one notification at most, and pings
Redis over the connection the process keeps for it."""

from __future__ import annotations

import threading

import pytest
from redis import Redis

from tests.infra import RedisServer, redis_server
from web.app import create_app


@pytest.fixture
def redis():
    with redis_server() as server:
        yield server


def test_the_process_is_alive_and_ready_with_its_store_and_read_models_caught_up(client):
    assert client.get("/healthz").status_code == 200
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.get_json() == {"status": "ready"}


def test_readiness_is_lost_while_redis_is_down_and_comes_back_with_it(redis, tmp_path):
    app = create_app(env={"CHRONICLE_DATA": str(tmp_path), "CHRONICLE_BOTS": "rq", "REDIS_URL": redis.url})
    client = app.test_client()
    assert client.get("/readyz").status_code == 200

    redis.stop()
    down = client.get("/readyz")
    assert down.status_code == 503
    assert down.content_type == "application/problem+json"
    assert down.get_json()["type"] == "/problems/not-ready"
    assert down.get_json()["reasons"] == ["Redis does not answer, and bot turns go through it"]
    assert client.get("/healthz").status_code == 200, "the process itself lives on"

    restarted = RedisServer(port=redis.port).start()
    try:
        assert client.get("/readyz").status_code == 200
    finally:
        restarted.stop()


def test_read_models_further_behind_the_log_than_their_bound_are_not_ready(tmp_path):
    app = create_app(env={"CHRONICLE_DATA": str(tmp_path), "CHRONICLE_READY_LAG_SECONDS": "0"})
    chronicle = app.extensions["chronicle"]
    chronicle.commands.create("chi", [{"bot": "random"}, {"bot": "random"}], seed="health")
    behind = app.test_client().get("/readyz")
    assert behind.status_code == 503
    (reason,) = behind.get_json()["reasons"]
    assert reason.startswith("the read models are") and "behind the event log" in reason

    chronicle.game_list.catch_up()
    assert app.test_client().get("/readyz").status_code == 200


def test_probes_ping_redis_over_one_connection_the_process_keeps(redis, tmp_path):
    app = create_app(env={"CHRONICLE_DATA": str(tmp_path), "CHRONICLE_BOTS": "rq", "REDIS_URL": redis.url})
    client = app.test_client()
    observer = Redis.from_url(redis.url)

    def connections_received() -> int:
        return observer.info("stats")["total_connections_received"]

    assert client.get("/readyz").status_code == 200
    before = connections_received()
    assert [client.get("/readyz").status_code for _ in range(20)] == [200] * 20
    assert connections_received() == before, "a probe opened a connection of its own"


def test_a_probe_reads_one_notification_of_the_event_store_at_most(tmp_path, monkeypatch):
    app = create_app(env={"CHRONICLE_DATA": str(tmp_path), "CHRONICLE_READY_LAG_SECONDS": "0"})
    chronicle = app.extensions["chronicle"]
    for n in range(3):
        chronicle.commands.create("chi", [{"bot": "random"}, {"bot": "random"}], seed=f"probe-{n}")
    recorder = chronicle.store.recorder
    reads: list[object] = []
    prober = threading.get_ident()

    def counted(method):
        def read(*args, **kwargs):
            result = method(*args, **kwargs)
            if threading.get_ident() == prober:
                reads.append(result)
            return result
        return read

    for name in ("select_notifications", "max_notification_id", "select_events"):
        monkeypatch.setattr(recorder, name, counted(getattr(recorder, name)))

    behind = app.test_client().get("/readyz")
    assert behind.status_code == 503 and "behind the event log" in behind.get_json()["detail"]
    assert len(reads) == 1 and len(reads[0]) == 1, "the probe read more than one notification"

    chronicle.game_list.catch_up()
    reads.clear()
    assert app.test_client().get("/readyz").status_code == 200
    assert len(reads) == 1 and reads[0] == []
