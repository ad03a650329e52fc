"""examples/bot.py, run as its own process for each of two bot accounts against a real server: one
challenges the other to each game of two, and a game of the Court keeps a seat for it; every
game is played to its end, through a restart of the server in the middle, and the leaderboards
list both bots, as bots (the Court's solo board its score)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chronicle_client import Client
from tests.e2e.cluster import ApiServer
from tests.infra import redis_server

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
TWO_SEATS = ("chi", "xanadu", "xi", "tianxia")
# Tianxia's ratings count games between persons only (domain/tianxia/game.py: rated_seats): its game is
# played to the end like the others, and left off the leaderboard.
RATED = ("chi", "xanadu", "xi")
PATIENCE = 900.0  # seconds: only bounds a failure; a slow machine plays slowly


def wait_for(what: str, check, bots: list[subprocess.Popen], logs: list[Path], timeout: float = PATIENCE):
    """Until check() gives something true (returned), failing with the bots' logs if one exits or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for bot, log in zip(bots, logs):
            assert bot.poll() is None, f"a bot exited while waiting for {what}:\n{log.read_text()[-3000:]}"
        found = check()
        if found:
            return found
        time.sleep(0.5)
    said = "\n".join(log.read_text()[-2000:] for log in logs)
    raise AssertionError(f"no {what} within {timeout}s; bots said:\n{said}")


def start_bot(key: str, url: str, log: Path) -> subprocess.Popen:
    with open(log, "w") as out:
        return subprocess.Popen([sys.executable, str(ROOT / "examples/bot.py")], cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT,
                                env={**os.environ, "CHRONICLE_URL": url, "CHRONICLE_KEY": key})


@pytest.fixture
def news_redis():
    with redis_server() as server:
        yield server


def test_two_example_bots_play_every_game_to_the_end_through_a_server_restart(tmp_path, news_redis):
    # Two API workers tell each other of a move through Redis, as a deployment of several does: a
    # bot's turn reaches its stream on the other worker at once, not at that worker's next look.
    env = {**os.environ, "CHRONICLE_DATA": str(tmp_path / "data"), "PYTHONPATH": str(ROOT),
           "CHRONICLE_STREAM_SECONDS": "3600", "CHRONICLE_NEWS": "redis", "REDIS_URL": news_redis.url}
    env.pop("PERSISTENCE_MODULE", None)  # the embedded SQLite store, kept in the data folder across restarts
    (tmp_path / "data").mkdir()
    server = ApiServer(env, tmp_path / "server.log", workers=2, threads=16).start()
    bots: list[subprocess.Popen] = []
    logs = [tmp_path / "bot-ana.log", tmp_path / "bot-bo.log"]
    try:
        with Client(server.url) as anonymous:
            accounts = {}
            for name in ("ana-bot", "bo-bot"):
                player = anonymous.register_player({"name": name})
                client = anonymous.with_key(player["key"])
                assert client.become_bot()["bot"] is True
                accounts[name] = (client, player)
            (ana, ana_player), (bo, bo_player) = accounts.values()
            bots = [start_bot(ana_player["key"], server.url, logs[0]), start_bot(bo_player["key"], server.url, logs[1])]

            for game in TWO_SEATS:
                ana.challenge(bo_player["id"], game, rated=True)
            court = anonymous.create_game({"game": "court", "seats": [{"open": True, "player": bo_player["id"]}]})

            def challenge_games():
                accepted = [c for c in ana.list_challenges()["recent"] if c["status"] == "accepted"]
                return {c["game"]: c["game_id"] for c in accepted} if len(accepted) == len(TWO_SEATS) else None

            games = {**wait_for("challenge accepted by the bot", challenge_games, bots, logs), "court": court["id"]}

            def views():
                return {game: anonymous.get_game(game_id) for game, game_id in games.items()}

            def under_way():
                return all(view["version"] >= 20 or view["status"] == "finished" for view in views().values())

            def all_finished():
                now = views()
                return now if all(view["status"] == "finished" for view in now.values()) else None

            # Once every game is well under way, the server stops and starts again on the same data.
            wait_for("game well under way", under_way, bots, logs)
            running = [game for game, view in views().items() if view["status"] == "running"]
            assert running, "every game ended before the server could be restarted"
            server.stop()
            server.start()

            finished = wait_for("every game finished", all_finished, bots, logs)
            assert server.starts == 2
            for game in TWO_SEATS:
                assert {seat["player"] for seat in finished[game]["seats"]} == {ana_player["id"], bo_player["id"]}
            assert finished["court"]["seats"][0]["player"] == bo_player["id"]

            def rated(game):
                board = anonymous.get_leaderboard(game)["ratings"]
                ours = (ana_player["id"], bo_player["id"])
                mine = {entry["player"]: entry for entry in board if entry["player"] in ours}
                return mine if len(mine) == 2 else None

            for game in RATED:
                standings = wait_for(f"both bots on the {game} leaderboard", lambda: rated(game), bots, logs)
                assert all(entry["bot"] and entry["kind"] == "bot_account" and entry["games"] == 1
                           for entry in standings.values()), standings

            assert anonymous.get_game_ratings(games["tianxia"])["rated"] is False

            def solo_entry():
                entries = anonymous.get_solo_board("court", "standard")["entries"]
                return next((entry for entry in entries if entry["player"] == bo_player["id"]), None)

            entry = wait_for("the Court's solo board", solo_entry, bots, logs)
            assert entry["bot"] and entry["best_score"] == finished["court"]["outcome"]["scores"][0]
            print(f"restarted while {running} ran; versions {[view['version'] for view in finished.values()]}")
    finally:
        for bot in bots:
            bot.terminate()
            bot.wait(timeout=30)
        server.stop()
