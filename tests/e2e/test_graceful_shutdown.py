"""SIGTERM to the API server during play, streams open: moves in flight finish, each stream is told
to come back (a `retry:`) and ends, the server exits 0; on the server started next the stream
clients resume with Last-Event-ID and see every version once, and no move is lost or doubled."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests

from cli.server_process import ROOT, free_port, gunicorn_command, wait_until_up

pytestmark = pytest.mark.e2e

BOUND = 60  # seconds: how long anything may take on a busy machine before the test fails


class Server:
    """The API as `make run` serves it (gunicorn, gevent), on one port and one data folder, that
    can be stopped with SIGTERM and started again."""

    def __init__(self, data: Path):
        self.data, self.port, self.process = data, free_port(), None
        self.base = f"http://127.0.0.1:{self.port}"
        self.logs: list[Path] = []

    def start(self) -> None:
        env = {**os.environ, "CHRONICLE_DATA": str(self.data), "PYTHONPATH": str(ROOT),
               "CHRONICLE_STREAM_SECONDS": "3600"}
        env.pop("PERSISTENCE_MODULE", None)
        log = self.data / f"server-{len(self.logs)}.log"
        self.logs.append(log)
        with open(log, "w") as out:
            self.process = subprocess.Popen(gunicorn_command(f"127.0.0.1:{self.port}", workers=1), cwd=ROOT, env=env,
                                            stdout=out, stderr=subprocess.STDOUT)
        wait_until_up(self.base + "/openapi.json", self.process)

    def terminate(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=BOUND)

    def output(self) -> str:
        return "\n".join(log.read_text() for log in self.logs)


class StreamClient(threading.Thread):
    """An SSE client as a browser's EventSource is: it reads a game's stream, and when the stream
    ends it waits the `retry` it was told and reconnects with Last-Event-ID, until told to stop."""

    def __init__(self, url: str, headers: dict):
        super().__init__(daemon=True)
        self.url, self.headers = url, headers
        self.versions: list[int] = []
        self.endings: list[dict] = []  # how each connection ended: the last retry it was told, and why
        self.last_id: str | None = None
        self.stop = threading.Event()
        self.connected = threading.Event()

    def run(self) -> None:
        retry = 1000
        while not self.stop.is_set():
            headers = {**self.headers, **({"Last-Event-ID": self.last_id} if self.last_id else {})}
            try:
                with requests.get(self.url, headers=headers, stream=True, timeout=BOUND) as answer:
                    self.connected.set()
                    comments, fields = [], {}
                    for line in answer.iter_lines(decode_unicode=True):
                        if line.startswith(":"):
                            comments.append(line[1:].strip())
                        elif line:
                            name, _, value = line.partition(": ")
                            fields[name] = value
                        else:
                            retry = int(fields.get("retry", retry))
                            if "id" in fields:
                                self.last_id = fields["id"]
                                self.versions.append(int(fields["id"]))
                            fields = {}
                    self.endings.append({"retry": retry, "said": comments[-1:]})
            except requests.ConnectionError:
                pass  # the server is away: try again after `retry`, as an EventSource does
            self.stop.wait(retry / 1000)


class Mover(threading.Thread):
    """A person moving as fast as the server answers: each move carries an Idempotency-Key, and is
    sent again with it after a broken connection, so a move is taken once whatever the server did."""

    def __init__(self, base: str, created: dict):
        super().__init__(daemon=True)
        self.base, self.game_url = base, f"{base}/api/games/{created['id']}"
        self.tokens = {t["seat"]: t["token"] for t in created["tokens"]}
        self.answered: list[int] = []  # the version each move's 200 answer gave
        self.stop = threading.Event()
        self.failures: list[str] = []
        self.hiccups: list[str] = []  # what the moves and reads met while the server was away

    def read(self, url: str, **headers: str) -> dict:
        answer = requests.get(url, headers=headers, timeout=BOUND)
        answer.raise_for_status()  # a read refused while the server stops: read again once it is back
        return answer.json()

    def move_once(self) -> bool:
        game = self.read(self.game_url)
        if game["to_act"] is None:
            self.failures.append(f"the game ended at version {game['version']}")
            return False
        auth = {"Authorization": f"Bearer {self.tokens[game['to_act']['seat']]}"}
        action = self.read(f"{self.game_url}/actions", **auth)["actions"][0]
        body, key = {"action": action, "expected_version": game["version"]}, uuid.uuid4().hex
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline:
            try:
                answer = requests.post(f"{self.game_url}/actions", json=body, timeout=BOUND,
                                       headers={**auth, "Idempotency-Key": key})
            except requests.RequestException as away:  # refused, cut off or timed out: the same move again, same key
                self.hiccups.append(repr(away))
                time.sleep(0.2)
                continue
            if answer.status_code == 429:  # quicker than the limit on moves: wait as told, then the same move again
                time.sleep(float(answer.headers.get("Retry-After", 1)))
                continue
            if answer.status_code != 200:
                self.failures.append(f"{answer.status_code} {answer.text[:200]}")
                return False
            self.answered.append(answer.json()["version"])
            return True
        self.failures.append("no answer within the bound")
        return False

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                if not self.move_once():
                    return
            except requests.RequestException as away:  # reading the game while the server is away
                self.hiccups.append(repr(away))
                time.sleep(0.2)
            except Exception as broken:  # anything else ends the mover, and the test says what it was
                self.failures.append(repr(broken))
                return


def wait_until(check, what) -> None:
    """Wait for `check`; `what` names it, or is called to say what was seen if it never came."""
    deadline = time.monotonic() + BOUND
    while not check():
        assert time.monotonic() < deadline, f"waited {BOUND} s for {what() if callable(what) else what}"
        time.sleep(0.05)


def test_sigterm_during_play_loses_no_move_and_streams_resume_on_the_next_server(tmp_path):
    server = Server(tmp_path)
    server.start()
    try:
        created = requests.post(f"{server.base}/api/games", timeout=BOUND, json={
            "game": "chi", "seats": [{"name": "ana"}, {"name": "bo"}], "seed": "shutdown"}).json()
        stream_url = f"{server.base}/api/games/{created['id']}/stream"
        readers = [StreamClient(stream_url, {}),
                   StreamClient(stream_url, {"Authorization": f"Bearer {created['tokens'][0]['token']}"})]
        for reader in readers:
            reader.start()
            assert reader.connected.wait(BOUND)
        mover = Mover(server.base, created)
        mover.start()
        wait_until(lambda: len(mover.answered) >= 5 and all(r.versions for r in readers), "play to be under way")

        assert server.terminate() == 0, server.output()
        moves_before = len(mover.answered)
        for reader in readers:
            wait_until(lambda: reader.endings, "the stream to end")
            assert reader.endings[0]["retry"] == 2000 and "server is stopping" in reader.endings[0]["said"][0]

        server.start()
        wait_until(lambda: len(mover.answered) >= moves_before + 5 or not mover.is_alive(),
                   lambda: f"moves on the restarted server (the mover met {mover.hiccups[-3:]})\n{server.output()[-2000:]}")
        assert mover.is_alive(), f"the mover stopped: {mover.failures}, after {mover.hiccups[-3:]}"
        mover.stop.set()
        mover.join(BOUND)
        assert not mover.failures, mover.failures
        final = requests.get(f"{server.base}/api/games/{created['id']}", timeout=BOUND).json()["version"]
        # Every move answered is in the log, each once: the versions the answers gave follow one another.
        assert mover.answered == sorted(set(mover.answered)) and mover.answered[-1] == final
        for reader in readers:
            wait_until(lambda: reader.versions and reader.versions[-1] == final, "the stream to catch up")
            reader.stop.set()
            assert reader.versions == list(range(reader.versions[0], final + 1)), "every version once, none lost"
            assert len(reader.endings) >= 1
        output = server.output()
        assert "Traceback" not in output and "Exception in worker process" not in output, output
        assert "live streams are told to come back" in output and "exited with code" not in output, output
    finally:
        if server.process.poll() is None:
            server.terminate()
