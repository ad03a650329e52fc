"""The game list and results read models: caught up from the log, rebuildable from zero."""

import threading
import time

from projections.database import ProjectionDatabase
from projections.game_list import NOTES, READ_GAMES, TOPICS, GameList
from projections.inbox import Inbox
from projections.runner import ProjectionRunner
from tests.playing import play_to_end


def test_the_game_list_shows_status_seats_and_whose_turn(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="list")
    games = GameList(services.store, ProjectionDatabase(":memory:")).games()
    [row] = games
    game = services.store.game(created.id)
    assert row["id"] == str(created.id) and row["status"] == "running" and row["game"] == "chi"
    assert [s["name"] for s in row["seats"]] == ["ana", "bo"]
    assert row["to_act"]["seat"] == game.to_act()
    assert row["version"] == game.version


def test_finished_games_get_their_result_and_the_list_can_be_filtered(services):
    running = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="a")
    done = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="b")
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    assert [g["id"] for g in game_list.games(status="finished")] == [str(done.id)]
    assert [g["id"] for g in game_list.games(status="running")] == [str(running.id)]
    [result] = game_list.results()
    outcome = services.store.game(done.id).rules.outcome(services.store.game(done.id).state)
    assert result["scores"] == outcome.scores and result["winners"] == outcome.winners


def test_a_restarted_projection_catches_up_from_its_tracked_position(services, tmp_path):
    path = str(tmp_path / "projections.sqlite")
    first = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="c")
    before = GameList(services.store, ProjectionDatabase(path))
    before.catch_up()
    seen = before.position()
    play_to_end(services, first.id)
    after_restart = GameList(services.store, ProjectionDatabase(path))
    assert after_restart.position() == seen
    unseen = services.store.recorder.select_notifications(
        start=seen, limit=100_000, topics=TOPICS, inclusive_of_start=False
    )
    assert after_restart.catch_up() == len(unseen) > 0
    assert after_restart.games()[0]["status"] == "finished"


def test_rebuilding_from_scratch_gives_the_same_rows(services):
    for seed in ("x", "y", "z"):
        services.commands.create("chi", [{"bot": "random"}, {"name": f"p{seed}"}], seed=seed)
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    games, results = game_list.games(), game_list.results()
    assert game_list.rebuild() > 0
    assert game_list.games() == games and game_list.results() == results


def wait_until(condition, timeout=60.0):
    """Wait for `condition` to hold; the timeout only bounds a failure."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.01)


def test_a_read_brings_only_a_few_games_up_to_date_and_the_runner_brings_the_rest(services):
    created = [services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed=f"many-{n}").id
               for n in range(READ_GAMES + 6)]
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    first = game_list.games()
    assert sorted(g["id"] for g in first) == sorted(str(game_id) for game_id in created[:READ_GAMES]), \
        "a read answers after bringing the oldest few games up to date, not the whole log"
    runner = ProjectionRunner(game_list, every=0.01).start()
    try:
        wait_until(lambda: game_list.total("games") == len(created))
    finally:
        runner.stop()
    assert {g["id"] for g in game_list.games()} == {str(game_id) for game_id in created}


def test_a_read_shows_a_game_as_it_is_even_when_it_wrote_more_events_than_one_batch_reads(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="long")
    while (game := services.store.game(created.id)).version <= NOTES:  # draw and discard: the game goes on
        seat = game.to_act()
        legal = game.rules.legal_actions(game.state, seat)
        action = next((a for a in legal if a["type"] in ("draw", "discard")), legal[0])
        services.commands.act(created.id, seat, action, game.version)
    services.commands.act(created.id, 0, {"type": "resign"}, services.store.game(created.id).version)
    [row] = GameList(services.store, ProjectionDatabase(":memory:")).games()
    assert row["status"] == "finished" and row["version"] == services.store.game(created.id).version


def test_processes_sharing_one_read_model_file_process_each_notification_once(services, tmp_path):
    for n in range(12):
        services.commands.create("chi", [{"bot": "random"}, {"name": f"p{n}"}], seed=f"shared-{n}")
    path = str(tmp_path / "projections.sqlite")
    workers = [GameList(services.store, ProjectionDatabase(path)) for _ in range(2)]
    unseen = len(services.store.recorder.select_notifications(start=0, limit=100_000, topics=TOPICS))
    processed = []
    threads = [threading.Thread(target=lambda gl=gl: processed.append(gl.catch_up(games=1))) for gl in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(processed) == unseen, "every notification processed once, by one process or the other"
    alone = GameList(services.store, ProjectionDatabase(":memory:"))
    alone.catch_up()
    assert workers[0].games(limit=500) == workers[1].games(limit=500) == alone.games(limit=500)
    assert workers[0].results(limit=500) == alone.results(limit=500)
    assert workers[0].total("games") == 12


def test_each_lists_total_counts_its_rows_as_games_finish_and_seats_fill(services):
    players = services.commands.players
    ana = players.register("ana")
    bo = players.register("bo")
    game_list = GameList(services.store, ProjectionDatabase(":memory:"))
    open_game = services.commands.create("chi", [{"player": ana["id"]}, {"open": True}], seed="t-open",
                                         host_key=ana["key"])
    services.commands.create("chi", [{"name": "cy"}, {"bot": "random"}], seed="t-running")
    finished = services.commands.create("chi", [{"player": ana["id"]}, {"bot": "random"}], seed="t-done",
                                        host_key=ana["key"])
    play_to_end(services, finished.id)
    services.commands.create("court", [{"bot": "autoplayer"}], seed="t-court")

    def assert_totals():
        game_list.catch_up()
        for status in (None, "running", "finished"):
            for game in (None, "chi", "court"):
                for open_only in (None, True):
                    page = game_list.games_page(status=status, game=game, open=open_only, limit=500)
                    assert page.total == len(page.rows), (status, game, open_only)
            page = game_list.results_page(game=game, limit=500)
            assert page.total == len(page.rows)
        for player in (ana, bo):
            for status in (None, "running", "finished"):
                page = Inbox(game_list).page(player["id"], status, limit=500)
                assert page.total == len(page.rows), (player["name"], status)

    assert_totals()
    assert game_list.games_page(open=True).total == 1
    services.commands.join(open_game.id, 1, players.get(bo["id"]))
    assert_totals()
    assert game_list.games_page(open=True).total == 0 and Inbox(game_list).page(bo["id"]).total == 1
    play_to_end(services, open_game.id)
    assert_totals()
    assert game_list.games_page(status="finished").total == 3
