"""A move's request id follows it: the request's log line, the bot turn it causes (an RQ job on a
real Redis, played by the service's worker) and the webhook that then tells the player it is her
turn all log under the id the client sent in X-Request-Id."""

from __future__ import annotations

import logging
import time

import pytest

from tests.receiver import Receiver
from web.app import create_app
from workers.cli import ChronicleWorker


@pytest.fixture
def env(env, monkeypatch):
    """The receiver listens on 127.0.0.1, which the API and the workers must be told to allow."""
    monkeypatch.setenv("CHRONICLE_WEBHOOK_ALLOW_HOSTS", "127.0.0.1")
    return {**env, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"}


def play_queued_jobs(queue) -> None:
    ChronicleWorker([queue.name], connection=queue.connection).work(burst=True)


def lines_under(caplog, request_id: str) -> list[str]:
    return [f"{record.name}: {record.getMessage()}" for record in caplog.records
            if getattr(record, "request_id", None) == request_id]


def test_a_moves_request_id_reaches_its_bot_turn_and_the_webhook_after_it(services, queue, caplog):
    caplog.set_level(logging.INFO)
    client = create_app(services=services).test_client()
    with Receiver() as receiver:
        ana = services.commands.players.register("ana", receiver.url)
        receiver.secret = ana["webhook_secret"]
        auth = {"Authorization": f"Bearer {ana['key']}"}
        created = client.post("/api/games", json={"game": "chi", "seats": [{"player": ana["id"]}, {"bot": "random"}],
                                                  "seed": "trace"}, headers=auth)
        assert created.status_code == 201, created.get_json()
        game = created.get_json()["id"]
        play_queued_jobs(queue)  # the bot's first turn, if the deal gives it the first decision
        state = client.get(f"/api/games/{game}", headers=auth).get_json()
        assert state["to_act"]["seat"] == 0
        action = client.get(f"/api/games/{game}/actions", headers=auth).get_json()["actions"][0]

        moved = client.post(f"/api/games/{game}/actions", json={"action": action, "expected_version": state["version"]},
                            headers={**auth, "X-Request-Id": "table-7-move-12"})
        assert moved.status_code == 200, moved.get_json()
        assert moved.headers["X-Request-Id"] == "table-7-move-12"
        play_queued_jobs(queue)
        receiver.wait_for(1)

    traced = lines_under(caplog, "table-7-move-12")
    assert any(line.startswith("chronicle.requests: POST /api/games/<uuid:game_id>/actions 200") for line in traced)
    assert any("workers.jobs.bot_turn" in line and ": done in" in line for line in traced), traced
    assert any("workers.jobs.webhook" in line and ": done in" in line for line in traced), traced
    assert any(f"told player {ana['id']} it is their turn in game {game}" in line for line in traced), traced


def test_a_sane_request_id_is_kept_and_anything_else_replaced(client, caplog):
    caplog.set_level(logging.INFO, logger="chronicle.requests")
    kept = client.get("/api/rules/chi", headers={"X-Request-Id": "lb-5f2c:01"})
    assert kept.headers["X-Request-Id"] == "lb-5f2c:01"
    for insane in ("has space", "x" * 65, "<script>", "line\nbreak"[:4] + "\u00e9"):
        replaced = client.get("/api/rules/chi", headers={"X-Request-Id": insane})
        assert replaced.headers["X-Request-Id"] != insane and len(replaced.headers["X-Request-Id"]) == 32
    fresh = client.get("/api/rules/chi")
    assert len(fresh.headers["X-Request-Id"]) == 32
    [line] = [record for record in caplog.records if getattr(record, "request_id", None) == "lb-5f2c:01"]
    assert line.getMessage().startswith("GET /api/rules/<string:game> 200 ")


def test_without_workers_the_webhook_thread_logs_under_the_request_id_of_the_move(caplog):
    from services.compose import build

    caplog.set_level(logging.INFO)
    services = build({"PERSISTENCE_MODULE": "eventsourcing.popo", "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"})
    client = create_app(services=services).test_client()
    with Receiver() as receiver:
        ana = services.commands.players.register("ana", receiver.url)
        receiver.secret = ana["webhook_secret"]
        auth = {"Authorization": f"Bearer {ana['key']}"}
        created = client.post("/api/games", json={"game": "chi", "seats": [{"player": ana["id"]}, {"bot": "random"}],
                                                  "seed": "trace"}, headers=auth)
        game = created.get_json()["id"]
        state = client.get(f"/api/games/{game}", headers=auth).get_json()
        action = client.get(f"/api/games/{game}/actions", headers=auth).get_json()["actions"][0]
        moved = client.post(f"/api/games/{game}/actions", json={"action": action, "expected_version": state["version"]},
                            headers={**auth, "X-Request-Id": "in-process-move"})
        assert moved.status_code == 200, moved.get_json()
        deadline = time.monotonic() + 60
        while not [record for record in caplog.records if getattr(record, "request_id", None) == "in-process-move"
                   and record.getMessage().startswith(f"told player {ana['id']} it is their turn")]:
            assert time.monotonic() < deadline, "no webhook logged under the move's request id"
            time.sleep(0.05)
