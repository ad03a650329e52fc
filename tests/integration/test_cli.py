"""The `chronicle` command line: export, verify offline, import, replay, simulate; where it looks
for its store, how it ends when its reader goes away, and how the README and the docs run it."""

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys

import psycopg
import pytest

from tests.infra import PG, postgres_database
from cli.chronicle import parser as cli_parser
from cli.server_process import ROOT

UNKNOWN_GAME = "00000000-0000-0000-0000-000000000000"


def settings_for(data, env=None) -> dict:
    """This environment without any store settings, then CHRONICLE_DATA=data (unless None) and `env`."""
    settings = {key: value for key, value in os.environ.items()
                if not key.startswith(("CHRONICLE_", "POSTGRES_", "SQLITE_")) and key != "PERSISTENCE_MODULE"}
    settings["PYTHONPATH"] = str(ROOT)
    if data is not None:
        settings["CHRONICLE_DATA"] = str(data)
    return {**settings, **(env or {})}


def chronicle(*args, data, env=None, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "cli.chronicle", *args], cwd=cwd, env=settings_for(data, env),
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def exported(tmp_path):
    """A finished game made in one data folder, exported to a file."""
    from services.compose import build

    first = tmp_path / "first"
    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(first)})
    game_id = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="cli").id
    services.store.close()
    path = tmp_path / "game.jsonl"
    done = chronicle("export", str(game_id), "-o", str(path), data=first)
    assert done.returncode == 0, done.stderr
    return game_id, path


def test_verify_accepts_an_honest_export_with_no_database(exported, tmp_path):
    _, path = exported
    done = chronicle("verify", str(path), data=tmp_path / "nowhere")
    assert done.returncode == 0 and done.stdout.startswith("verified")
    assert not (tmp_path / "nowhere").exists()  # no store was opened


def test_verify_exits_non_zero_with_the_first_problem_for_a_tampered_file(exported, tmp_path):
    _, path = exported
    lines = path.read_text().splitlines()
    row = json.loads(lines[3])
    row["event"]["data"]["count"] = 99
    lines[3] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n")
    done = chronicle("verify", str(path), data=tmp_path)
    assert done.returncode == 1 and "NOT verified: step 4" in done.stderr


def test_import_moves_a_game_to_another_store_where_it_replays(exported, tmp_path):
    game_id, path = exported
    other = tmp_path / "other"
    done = chronicle("import", str(path), data=other)
    assert done.returncode == 0 and str(game_id) in done.stdout
    replay = chronicle("replay", str(game_id), data=other)
    assert replay.returncode == 0
    assert replay.stdout.splitlines()[0].split()[0] == "1" and "[chi." in replay.stdout


def subcommands() -> list[str]:
    """Every command the parser knows."""
    return sorted(next(action for action in cli_parser()._actions
                       if isinstance(action, argparse._SubParsersAction)).choices)


def test_every_command_has_help(capsys):
    """Each command the parser knows, asked for --help, prints its usage and ends well (in this
    process: the entry point itself is run by the README's test below)."""
    assert {"verify", "import", "export", "replay", "projections", "serve"} <= set(subcommands())
    for command in subcommands():
        with pytest.raises(SystemExit) as ended:
            cli_parser().parse_args([command, "--help"])
        assert ended.value.code == 0 and capsys.readouterr().out.startswith(f"usage: chronicle {command}"), command


@pytest.mark.parametrize("command", [["export", UNKNOWN_GAME], ["replay", UNKNOWN_GAME], ["projections", "rebuild"]])
def test_a_command_reading_a_store_that_is_not_there_names_where_it_looked_and_creates_nothing(tmp_path, command):
    done = chronicle(*command, data=None, cwd=tmp_path)  # no CHRONICLE_DATA: the default, var/
    assert done.returncode == 2
    assert done.stderr.startswith(f"chronicle {command[0]}: no event store in the SQLite file "
                                  f"{tmp_path / 'var' / 'events.sqlite'}: the file does not exist")
    assert "CHRONICLE_DATA" in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_missing_game_is_named_with_the_store_it_was_looked_for_in(exported, tmp_path):
    done = chronicle("replay", UNKNOWN_GAME, data=tmp_path / "first")
    assert done.returncode == 2
    assert done.stderr.strip() == (f"chronicle replay: there is no game {UNKNOWN_GAME} "
                                   f"(event store: the SQLite file {tmp_path / 'first' / 'events.sqlite'})")


def test_on_postgresql_a_missing_database_or_an_empty_one_is_named_and_left_as_it_was(tmp_path):
    postgres = {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_HOST": PG["host"],
                "POSTGRES_PORT": str(PG["port"]), "POSTGRES_USER": PG["user"], "POSTGRES_PASSWORD": ""}
    missing = chronicle("export", UNKNOWN_GAME, data=None, cwd=tmp_path,
                        env={**postgres, "POSTGRES_DBNAME": "chronicle_no_such_database"})
    assert missing.returncode == 2
    assert missing.stderr.startswith("chronicle export: no event store in the PostgreSQL database "
                                     f"'chronicle_no_such_database' on {PG['host']}:{PG['port']}: cannot connect")
    with postgres_database() as empty:
        done = chronicle("replay", UNKNOWN_GAME, data=None, cwd=tmp_path, env=empty)
        assert done.returncode == 2
        assert f"'{empty['POSTGRES_DBNAME']}'" in done.stderr and "has no table chronicle_events" in done.stderr
        with psycopg.connect(dbname=empty["POSTGRES_DBNAME"], **PG) as connection:
            tables = connection.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
        assert tables == []
    assert list(tmp_path.iterdir()) == []  # nor a data folder for read models


def test_simulating_an_unknown_game_or_bot_is_one_line_naming_what_there_is():
    for args, message in (
        (["chess", "--bot", "random"], "chronicle simulate: there is no game 'chess' (known: chi, court, tianxia, xanadu, xi)"),
        (["xanadu", "--bot", "autoplayer"], "chronicle simulate: Xanadu has no bot 'autoplayer' (it has: builder, random, search)"),
        (["court", "--bot", "autoplayer", "--against", "greedy"],
         "chronicle simulate: The Court of Xiang Chi has no bot 'greedy' (it has: autoplayer, random, search)"),
    ):
        done = chronicle("simulate", *args, "--games", "1", data=None)
        assert (done.returncode, done.stderr, done.stdout) == (2, message + "\n", ""), args
    zero = chronicle("simulate", "court", "--bot", "random", "--games", "0", data=None)
    assert zero.returncode == 2 and "--games: '0' is not a whole number of at least 1" in zero.stderr


@pytest.mark.parametrize("command", ["replay", "export"])
def test_a_reader_that_closed_its_pipe_ends_the_command_quietly(exported, tmp_path, command):
    game_id, _ = exported
    reading, writing = os.pipe()
    os.close(reading)  # as `| head` does once it has its lines: every write now meets a closed pipe
    try:
        done = subprocess.run([sys.executable, "-m", "cli.chronicle", command, str(game_id)], cwd=ROOT,
                              env=settings_for(tmp_path / "first"), stdout=writing, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    finally:
        os.close(writing)
    assert done.stderr == ""
    assert done.returncode == 128 + signal.SIGPIPE  # as a Unix tool the pipe's signal ended


def test_a_reader_taking_the_first_lines_gets_them_and_no_error(exported, tmp_path):
    game_id, _ = exported
    done = subprocess.run(f"{shlex.quote(sys.executable)} -m cli.chronicle replay {game_id} | head -n 2", shell=True,
                          cwd=ROOT, env=settings_for(tmp_path / "first"), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert [line.split()[0] for line in done.stdout.splitlines()] == ["1", "2"]


# The README and the pages of docs/ that tell how to use the service (not the designs, nor the
# pages the command line prints, which name it `chronicle` alone).
GUIDE = ["README.md"] + [f"docs/{page}.md" for page in (
    "cli", "playing-over-rest", "api", "viewer", "players", "clocks", "streams-and-webhooks", "replays-and-audit",
    "disputes", "bots", "operating", "benchmarks", "how-it-works", "code-layout", "adding-a-game",
    "games/chi", "games/court", "games/xanadu", "games/xi", "games/tianxia")]


def readme_commands() -> list[str]:
    """Every `chronicle ...` command the README and the guide show (in code spans or blocks), spaces normalised."""
    spans = [span for page in GUIDE for span in re.findall(r"`([^`]*)`", (ROOT / page).read_text(), flags=re.S)]
    return [" ".join(span.split()) for span in spans if re.match(r"\s*(\S*/)?chronicle\s", span)]


def test_the_readme_runs_chronicle_as_make_install_leaves_it():
    commands = readme_commands()
    assert ".venv/bin/chronicle --help" in commands and len(commands) >= 8
    assert "`make install`" in (ROOT / "README.md").read_text()  # what makes .venv/bin/chronicle
    for command in commands:
        assert command.startswith(".venv/bin/chronicle "), f"the README shows {command!r}"
        words = [UNKNOWN_GAME if word in ("GAME", "TOURNAMENT") else word for word in shlex.split(command)[1:]]
        if "--help" in words:
            continue
        cli_parser().parse_args(words)  # argparse exits, failing the test, on arguments it refuses
    shown = sorted({shlex.split(command)[1] for command in commands} - {"--help"})
    assert set(shown) <= set(subcommands()), "the README shows only commands there are"
    # The command make install leaves, run as the README runs it: it starts and knows its commands
    # (each command's own help is test_every_command_has_help's).
    done = subprocess.run([str(ROOT / ".venv/bin/chronicle"), "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: chronicle"), done.stderr
    assert all(command in done.stdout for command in shown), done.stdout


def test_replay_prints_every_step_of_a_game_longer_than_a_page(tmp_path):
    from services.compose import build
    from services.play.queries import MAX_PAGE

    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path)})
    game_id = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="cli-long").id
    while (game := services.store.game(game_id)).version <= MAX_PAGE:  # draw and discard: the game goes on
        seat = game.to_act()
        legal = game.rules.legal_actions(game.state, seat)
        services.commands.act(game_id, seat, next(a for a in legal if a["type"] in ("draw", "discard")), game.version)
    services.store.close()
    done = chronicle("replay", str(game_id), data=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [int(line.split()[0]) for line in done.stdout.splitlines()] == list(range(1, game.version + 1))


def test_cards_prints_the_xi_card_list_as_the_docs_show_it_and_names_the_games_that_have_one():
    done = chronicle("cards", "xi", data=None)
    assert done.returncode == 0 and done.stdout == (ROOT / "docs" / "xi-cards.md").read_text()
    assert "| Snow Beast | unit | 10T | 4 / 16 |" in done.stdout and "| aqua | 50 |" in done.stdout
    missing = chronicle("cards", "chi", data=None)
    assert (missing.returncode, missing.stderr) == (2, "chronicle cards: 'chi' has no card table (games with one: xi)\n")


def test_projections_rebuild_throws_the_read_models_away_and_gives_the_same_ratings(tmp_path):
    from projections.database import ProjectionDatabase
    from projections.game_list import GameList
    from services.compose import build

    services = build({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path)})
    for number in range(4):
        services.commands.create("chi", [{"bot": "greedy"}, {"bot": "search" if number % 2 else "random",
                                                             **({"strength": 1} if number % 2 else {})}],
                                 seed=f"cli-ratings-{number}")
    read_models = GameList(services.store, ProjectionDatabase(str(tmp_path / "projections.sqlite")))
    read_models.catch_up()
    before = [dict(row) for row in read_models.db.query("SELECT * FROM ratings ORDER BY rater")]
    read_models.db.close()
    services.store.close()
    assert {row["rater"] for row in before} == {"bot:greedy@1", "bot:random@1", "bot:search@1/1"}
    done = chronicle("projections", "rebuild", data=tmp_path)
    assert done.returncode == 0 and "rebuilt the game list, results and ratings" in done.stdout, done.stderr
    after = ProjectionDatabase(str(tmp_path / "projections.sqlite"))
    assert [dict(row) for row in after.query("SELECT * FROM ratings ORDER BY rater")] == before
