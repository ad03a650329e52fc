"""/healthz and /readyz, as a load balancer or Kubernetes probes them: readiness follows the Redis
that bot turns go through (a private redis-server, stopped and started again) and the read models'
distance behind the event log."""

from __future__ import annotations

import pytest

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
