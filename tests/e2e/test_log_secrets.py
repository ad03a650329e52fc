"""The logs of a whole run of `make run` (the API and its worker, a private Redis), in JSON lines:
players register (one gives an email address), play games against bots with their keys and seat
tokens on chosen seeds; afterwards no log line holds a token, a key, a webhook secret, a seed or an
email address, and the app's lines are JSON objects carrying request ids."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest
import requests

from tests.e2e.test_launch import launch
from tests.infra import redis_server

pytestmark = pytest.mark.e2e

PATIENCE = 60.0


def play_until_bots_wait_or_end(base: str, game: str, auth: dict, moves: int) -> None:
    """Make up to `moves` moves as the person's seat, waiting on the bot between them."""
    deadline = time.monotonic() + PATIENCE
    while moves and time.monotonic() < deadline:
        state = requests.get(f"{base}/api/games/{game}", headers=auth).json()
        if state["status"] == "finished":
            return
        if not state["to_act"] or state["to_act"]["seat"] != 0:
            time.sleep(0.1)
            continue
        action = requests.get(f"{base}/api/games/{game}/actions", headers=auth).json()["actions"][0]
        answer = requests.post(f"{base}/api/games/{game}/actions", headers=auth,
                               json={"action": action, "expected_version": state["version"]})
        assert answer.status_code in (200, 409), answer.text
        moves -= answer.status_code == 200


def test_a_whole_run_logs_no_token_key_seed_or_email_address(tmp_path):
    secrets: list[str] = []
    with redis_server() as redis:
        process, base, log = launch(tmp_path, own_session=True, REDIS_URL=redis.url, CHRONICLE_LOG_FORMAT="json")
        try:
            ana = requests.post(f"{base}/api/players", json={"name": "ana"}).json()
            secrets += [ana["key"]] + ([ana["webhook_secret"]] if ana.get("webhook_secret") else [])
            key = {"Authorization": f"Bearer {ana['key']}"}
            address = "ana.logcheck@example.org"
            secrets.append(address)
            emailed = requests.put(f"{base}/api/players/me/email", headers=key, json={"address": address})
            assert emailed.status_code in (200, 201, 202), emailed.text

            seed = "seed-that-must-stay-secret-4417"
            secrets.append(seed)
            created = requests.post(f"{base}/api/games", headers=key, json={
                "game": "chi", "seats": [{"player": ana["id"]}, {"bot": "greedy"}], "seed": seed})
            assert created.status_code == 201, created.text
            play_until_bots_wait_or_end(base, created.json()["id"], key, moves=4)

            token_seed = "another-seed-kept-from-logs-9931"
            secrets.append(token_seed)
            second = requests.post(f"{base}/api/games", json={
                "game": "chi", "seats": [{"name": "Bo"}, {"bot": "random"}], "seed": token_seed}).json()
            token = second["tokens"][0]["token"]
            secrets.append(token)
            play_until_bots_wait_or_end(base, second["id"], {"Authorization": f"Bearer {token}"}, moves=3)
            requests.get(f"{base}/api/games/{second['id']}/stream?token={token}", timeout=5, stream=True).close()
        finally:
            os.killpg(process.pid, signal.SIGINT)
            process.wait(timeout=60)
            log.close()

    text = (tmp_path / "launch.log").read_text()
    leaked = [secret for secret in secrets if secret in text]
    assert not leaked, f"the logs hold {leaked}"
    app_lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    moves = [line for line in app_lines if line["logger"] == "chronicle.requests" and line.get("status") == 200
             and line.get("route") == "/api/games/<uuid:game_id>/actions" and line.get("method") == "POST"]
    assert moves and all(line["request_id"] for line in moves)
    assert any(line["logger"] == "workers" and "workers.jobs.bot_turn" in line["message"] for line in app_lines)
