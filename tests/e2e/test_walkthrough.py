"""The README's curl walkthrough works as printed, against a real server: with bots played in the
API's process (the bot has answered by the time ana's move is), and with bots played later by an
RQ worker, which the script must wait for."""

import os
import subprocess
import threading
from pathlib import Path

import pytest

from tests.e2e.cluster import WorkerProcess
from tests.infra import redis_server
from cli.server_process import running_server

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs/walkthrough.sh"


def test_the_readme_prints_the_walkthrough_script_as_it_is():
    script = SCRIPT.read_text().rstrip()
    assert script in (ROOT / "README.md").read_text()


def printed_in_readme() -> list[str]:
    """The output the README shows under the script, without its first line (ids and tokens
    differ on every run) and the "..." standing for the moves left out."""
    readme = (ROOT / "README.md").read_text()
    shown = readme.split("What it printed here (tokens and ids differ on every run", 1)[1]
    block = shown.split("```text\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines()[1:] if line != "..."]


def assert_the_game_the_readme_shows(output: str) -> None:
    lines = output.splitlines()
    assert lines[0].startswith('{"id":') and '"seed_commitment":' in lines[0]
    shown = printed_in_readme()
    assert len(shown) > 8
    missing = [line for line in shown if line not in lines]
    assert not missing, f"the README shows lines the script did not print: {missing}"
    assert [line for line in lines if line in shown] == shown, "the README shows them in another order"


def test_the_walkthrough_plays_a_whole_game_and_replays_it(server):
    done = subprocess.run(
        ["bash", str(SCRIPT)],
        env={**os.environ, "API": server}, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert_the_game_the_readme_shows(done.stdout)


def test_the_walkthrough_waits_for_a_bot_played_later_by_a_worker(tmp_path):
    """No worker runs until the script has made ana's first move, so the bot's reply comes after
    the script has looked for ana's next turn: it must wait for it rather than act on nothing."""
    with redis_server() as redis:
        bots_on_rq = {"CHRONICLE_BOTS": "rq", "REDIS_URL": redis.url}
        with running_server(tmp_path, env=bots_on_rq) as api:
            script = subprocess.Popen(["bash", str(SCRIPT)], env={**os.environ, "API": api},
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            watchdog = threading.Timer(600, script.kill)  # a failure bound only
            watchdog.start()
            worker = None
            try:
                before_the_worker = []
                for line in script.stdout:
                    before_the_worker.append(line)
                    if line.startswith("version "):
                        break
                assert before_the_worker[-1].startswith("version 9: ana "), before_the_worker
                env = {key: value for key, value in os.environ.items() if key != "PERSISTENCE_MODULE"}
                worker = WorkerProcess({**env, **bots_on_rq, "CHRONICLE_DATA": str(tmp_path), "PYTHONPATH": str(ROOT)},
                                       tmp_path / "worker.log").start()
                rest, errors = script.communicate()
            finally:
                watchdog.cancel()
                if worker is not None:
                    worker.stop()
                if script.poll() is None:
                    script.kill()
                    script.wait()
    assert script.returncode == 0, errors + (tmp_path / "worker.log").read_text(errors="replace")[-3000:]
    assert_the_game_the_readme_shows("".join(before_the_worker) + rest)
