"""`make run` (cli.launch): the API and a worker with Redis, or bots in-process without it."""

import os
import signal
import subprocess
import sys
import time

import pytest
import requests

from tests.infra import redis_server
from cli.server_process import ROOT, free_port, wait_until_up

pytestmark = pytest.mark.e2e


def launch(tmp_path, own_session: bool = False, **env):
    port = free_port()
    settings = {**os.environ, "PORT": str(port), "CHRONICLE_DATA": str(tmp_path), "PYTHONPATH": str(ROOT), **env}
    for key in ("PERSISTENCE_MODULE", "CHRONICLE_BOTS"):
        settings.pop(key, None)
    log = open(tmp_path / "launch.log", "w")
    process = subprocess.Popen([sys.executable, "-m", "cli.launch"], cwd=ROOT, env=settings,
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=own_session)
    base = f"http://127.0.0.1:{port}"
    wait_until_up(base + "/openapi.json", process)
    return process, base, log


def bots_play_to_the_end(base: str) -> bool:
    created = requests.post(f"{base}/api/games", json={"game": "chi", "seats": [{"bot": "random"}, {"bot": "greedy"}]})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if requests.get(f"{base}/api/games/{created.json()['id']}").json()["status"] == "finished":
            return True
        time.sleep(0.2)
    return False


def children_of(pid: int) -> dict[int, str]:
    """The launcher's child processes: pid -> command line."""
    found = {}
    for child in open(f"/proc/{pid}/task/{pid}/children").read().split():
        with open(f"/proc/{child}/cmdline", "rb") as cmdline:
            found[int(child)] = cmdline.read().replace(b"\0", b" ").decode()
    return found


def the_child(pid: int, part: str, other_than: int | None = None) -> int:
    """The pid of the launcher's child whose command line holds `part`, once there is one (other
    than `other_than`, a child killed a moment ago)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        matching = [child for child, command in children_of(pid).items() if part in command and child != other_than]
        if matching:
            return matching[0]
        time.sleep(0.1)
    raise AssertionError(f"the launcher has no child running {part}")


def stop(process, log):
    process.terminate()
    process.wait(timeout=20)
    log.close()


def test_with_redis_bot_turns_are_played_by_the_worker_it_starts(tmp_path):
    with redis_server() as redis:
        process, base, log = launch(tmp_path, REDIS_URL=redis.url)
        try:
            assert bots_play_to_the_end(base)
        finally:
            stop(process, log)
    text = (tmp_path / "launch.log").read_text()
    assert "bot turns run on RQ workers" in text and "rq.worker" in text


def test_without_redis_bot_turns_run_in_process_and_the_log_says_so(tmp_path):
    # No Redis answers on this port, and no redis-server is on the PATH to start one.
    process, base, log = launch(tmp_path, REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
                                PATH=os.path.dirname(sys.executable) + ":/usr/bin/env-none")
    try:
        assert bots_play_to_the_end(base)
    finally:
        stop(process, log)
    assert "bot turns run in-process" in (tmp_path / "launch.log").read_text()


def test_a_worker_or_an_api_server_that_dies_is_started_again(tmp_path):
    with redis_server() as redis:
        process, base, log = launch(tmp_path, REDIS_URL=redis.url)
        try:
            for part in ("workers.cli", "gunicorn"):
                victim = the_child(process.pid, part)
                os.kill(victim, signal.SIGKILL)
                the_child(process.pid, part, other_than=victim)
            wait_until_up(base + "/openapi.json", process)
            assert bots_play_to_the_end(base), "the restarted worker plays the bots' turns"
        finally:
            stop(process, log)
    text = (tmp_path / "launch.log").read_text()
    assert "the worker (pid" in text and "the API server (pid" in text and "starting it again" in text


def test_ctrl_c_stops_everything_in_one_line_with_no_traceback(tmp_path):
    # The terminal sends Ctrl-C's SIGINT to its whole foreground process group: here, the launcher's.
    with redis_server() as redis:
        process, base, log = launch(tmp_path, own_session=True, REDIS_URL=redis.url)
        try:
            assert requests.get(f"{base}/api/games").status_code == 200
            os.killpg(process.pid, signal.SIGINT)
            assert process.wait(timeout=60) == 0
        finally:
            if process.poll() is None:
                process.kill()
            log.close()
    text = (tmp_path / "launch.log").read_text()
    assert "Ctrl-C: stopping the API server and the worker" in text
    assert "Traceback" not in text and "SystemExit" not in text, text
    # The start-up line names the event store's file, as the command line does.
    assert f"event store: the SQLite file {tmp_path / 'events.sqlite'}" in text
