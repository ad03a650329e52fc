"""`chronicle tournament bots GAME`: a whole tournament of a game's built-in bots at several
strengths, organised, played to its end and reported in one command: the crosstable as the
tournament's standings give it, and each bot's rating change, recorded by the ratings where the
games were rated, implied by the rating code where they counted for nothing. The search bot plays
a few short playouts (tests/quick_bots.py): these check the tournament, not the bots."""

from __future__ import annotations

import re
from pathlib import Path
from uuid import UUID

import pytest

from cli.bot_tournament import leaderboards_of
from cli.chronicle import main
from domain import registry
from projections.ratings import MODEL, ordinal, places
from services.compose import build
from tests.quick_bots import quick_search

HEADER = re.compile(r"^A (Swiss|tables tournament) of (\S+): (\d+) bots, (\d+) rounds?, (\d+) games? "
                    r"\(tournament ([0-9a-f-]{36}), (rated|casual)\)$")


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A SQLite store in a folder of its own, as `make run` keeps one, bots played in this process."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(tmp_path / "data"),
           "CHRONICLE_BOTS": "inprocess"}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    quick_search(monkeypatch)
    return env


def run(capsys, *args):
    status = main(["tournament", "bots", *args])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def section(lines, header):
    """The rows of the table whose header row starts with `header`, each split into its columns."""
    at = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[at + 1:]:
        if not line or line.startswith("("):
            break
        rows.append(re.split(r" {2,}", line))
    return rows


def test_a_swiss_of_chi_bots_at_several_strengths_is_run_to_its_end_and_reported(store, capsys):
    status, lines, _ = run(capsys, "chi", "--bots", "random,greedy,search:1,search:2", "--rounds", "3")

    assert status == 0
    kind, title, bots, rounds, games, tournament_id, rated = HEADER.match(lines[0]).groups()
    assert (kind, title, bots, rounds, games, rated) == ("Swiss", "Chi", "4", "3", "6", "rated")
    services = build(store)
    shown = services.commands.tournaments.shown(tournament_id)
    assert shown["status"] == "finished"
    rows = section(lines, "place  bot")
    assert [row[1] for row in rows] == [s["player"] for s in shown["standings"]], \
        "the crosstable is the standings, best first"
    assert sorted(s["player"] for s in shown["standings"]) == ["greedy-bot", "random-bot", "search-bot 1",
                                                               "search-bot 2"]
    for row, standing in zip(rows, shown["standings"]):
        results = row[-3:]
        assert all(re.fullmatch(r"[-+=][1-4]", result) for result in results), row
        wins = sum(result.startswith("+") for result in results)
        assert wins == standing["wins"]
        assert row[0] == str(standing["place"])

    changes = section(lines, "bot  ")
    assert "as the ratings recorded them" in next(line for line in lines if line.startswith("Rating changes"))
    leaderboards = leaderboards_of(services)
    for name, _, before, after, change, played in changes:
        bot, _, strength = name.partition(" ")
        seat = {"bot": bot.removesuffix("-bot"), **({"strength": int(strength)} if strength else {})}
        assert float(before) == 0, "each bot starts as a newcomer in a fresh store"
        assert float(after) == pytest.approx(leaderboards.rating("chi", seat), abs=0.01), \
            "the rating shown after is the bot's rating on the leaderboard now"
        assert float(change) == pytest.approx(float(after) - float(before), abs=0.02)
        assert played == "3"
    assert [row[0] for row in changes] == [s["player"] for s in shown["standings"]]


def test_games_that_count_for_nothing_show_the_rating_change_they_imply(store, capsys):
    status, lines, _ = run(capsys, "tianxia", "--bots", "random,steward,search:1", "--rounds", "1")

    assert status == 0
    kind, title, bots, rounds, games, tournament_id, rated = HEADER.match(lines[0]).groups()
    assert (kind, title, bots, games, rated) == ("tables tournament", "Tianxia", "3", "1", "rated")
    heading = next(line for line in lines if line.startswith("Rating changes"))
    assert "counted for nothing (Tianxia's ratings count games between players only)" in heading
    assert "the changes they imply" in heading
    services = build(store)
    [table] = services.commands.tournaments.shown(tournament_id)["rounds"][0]["tables"]
    game = services.store.game(UUID(table["game_id"]))
    newcomers = [[MODEL.rating()] for _ in table["players"]]
    rated = MODEL.rate(newcomers, ranks=places(registry.get("tianxia").outcome(game.state)))
    expected = {name: ordinal(team[0].mu, team[0].sigma) for name, team in zip(table["players"], rated)}
    changes = section(lines, "bot  ")
    assert {row[0] for row in changes} == set(table["players"])
    for name, _, before, after, change, played in changes:
        assert (float(before), played) == (0, "1"), "a bot with no rating starts as a newcomer"
        assert float(after) == pytest.approx(expected[name], abs=0.01), \
            "the change is the one the rating model gives the game's places"
    leaderboards = leaderboards_of(services)
    assert leaderboards.rating("tianxia", {"bot": "steward"}) is None, "the leaderboards were not touched"


def test_every_bot_tournament_is_organised_by_the_same_house_player(store, capsys):
    """The organiser is the service's own player, one for every run: running the command again
    registers no new player."""
    organisers = []
    for _ in range(2):
        status, lines, _ = run(capsys, "chi", "--bots", "random,greedy", "--rounds", "1")
        assert status == 0
        tournament_id = HEADER.match(lines[0]).groups()[5]
        organisers.append(build(store).commands.tournaments.shown(tournament_id)["organiser"])
    assert organisers[0] == organisers[1]
    assert organisers[0]["name"] == "bot-tournaments"


@pytest.mark.parametrize("args, says", [
    (["chi", "--bots", "random,genius"], "Chi has no bot 'genius'"),
    (["chi", "--bots", "random,search:9"], "strength is one of 1, 2, 3, 4, 5, not 9"),
    (["court", "--bots", "random,autoplayer"], "The Court of Xiang Chi is not played by two"),
    (["go", "--bots", "random,greedy"], "there is no game 'go'"),
])
def test_a_tournament_the_service_refuses_says_why_and_leaves_nothing_behind(store, capsys, args, says):
    status, _, err = run(capsys, *args)

    assert status == 2 and err.startswith("chronicle tournament: ") and says in err
    services = build(store)
    assert (services.store.recorder.max_notification_id() or 0) == 0, "no organiser, no tournament, no game saved"


@pytest.mark.parametrize("bots, says", [
    ("random,search:2,search:2", "search:2 is named twice"),
    ("random,search:two", "'search:two' is not a bot, such as random or search:2"),
    ("random,,greedy", "'' is not a bot"),
])
def test_a_field_the_command_cannot_read_is_refused_before_anything_is_done(store, capsys, bots, says):
    with pytest.raises(SystemExit) as ended:
        main(["tournament", "bots", "chi", "--bots", bots])
    assert ended.value.code == 2
    assert says in capsys.readouterr().err
    assert not (Path(store["CHRONICLE_DATA"]) / "events.sqlite").exists(), "no store was even opened"


def test_a_bot_turn_that_fails_in_this_process_is_tried_again_while_the_command_waits(store, capsys, monkeypatch):
    from domain import bot_moves

    real, failed = bot_moves.decide, []

    def fails_once(*args, **kwargs):
        if not failed:
            failed.append(True)
            raise RuntimeError("the bot's machine hiccuped")
        return real(*args, **kwargs)

    monkeypatch.setattr(bot_moves, "decide", fails_once)
    status, lines, err = run(capsys, "chi", "--bots", "random,greedy", "--rounds", "1", "--timeout", "60")

    assert failed and status == 0, err
    assert lines[0].startswith("A Swiss of Chi: 2 bots, 1 round, 1 game")
    assert "round 1 of 1: 0 of 1 games finished" in err.splitlines(), "the command waited for the turn tried again"
