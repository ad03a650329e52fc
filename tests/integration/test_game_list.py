"""The game list and results read models: caught up from the log, rebuildable from zero."""

from projections.database import ProjectionDatabase
from projections.game_list import TOPICS, GameList
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
