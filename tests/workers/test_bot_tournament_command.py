"""`chronicle tournament bots` where bots play on RQ (CHRONICLE_BOTS=rq): the command organises the
tournament, a `chronicle-worker` of its own process plays every game and records every result,
and the command waits for the end, telling each game that ends, then reports."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from uuid import UUID

from services.compose import build

BOUND = 240  # seconds: two games of Chi between quick bots take a few on a worker


def test_the_command_waits_for_the_workers_to_play_the_tournament_to_its_end(env, tmp_path):
    with open(tmp_path / "worker.log", "w") as log:
        worker = subprocess.Popen([sys.executable, "-m", "workers.cli", "run"], env={**os.environ, **env},
                                  stdout=log, stderr=subprocess.STDOUT)
    try:
        done = subprocess.run([sys.executable, "-m", "cli.chronicle", "tournament", "bots", "chi", "--bots",
                               "random,greedy", "--rounds", "2", "--timeout", str(BOUND)],
                              env={**os.environ, **env}, capture_output=True, text=True, timeout=BOUND + 60)
    finally:
        worker.terminate()
        worker.wait(timeout=60)

    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("A Swiss of Chi: 2 bots, 2 rounds, 2 games")
    told = done.stderr.splitlines()
    assert told and all(re.fullmatch(r"round [12] of 2: [01] of 1 games finished", line) for line in told), \
        "while it waits, the command tells where the tournament is"
    tournament_id = lines[0].split("(tournament ")[1].split(",")[0]
    services = build(env)
    shown = services.commands.tournaments.shown(tournament_id)
    assert shown["status"] == "finished" and [len(r["tables"]) for r in shown["rounds"]] == [1, 1]
    for played in shown["rounds"]:
        game = services.store.game(UUID(played["tables"][0]["game_id"]))
        assert game.finished
    assert any(line.startswith("Rating changes at Chi") and "as the ratings recorded them" in line for line in lines)
    assert "Traceback" not in (tmp_path / "worker.log").read_text()


def test_the_command_gives_up_waiting_when_no_worker_plays(env):
    done = subprocess.run([sys.executable, "-m", "cli.chronicle", "tournament", "bots", "chi", "--bots",
                           "random,greedy", "--rounds", "1", "--timeout", "1"],
                          env={**os.environ, **env}, capture_output=True, text=True, timeout=120)

    assert done.returncode == 2
    assert "has not finished after 1 s (round 1 of 1: 0 of 1 games finished)" in done.stderr
    assert "are workers running" in done.stderr
