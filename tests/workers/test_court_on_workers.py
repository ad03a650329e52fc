"""The Court's autoplayer on RQ workers: a game with no person in it is played to the end by the
workers alone, one job per decision, as a person watching in the viewer would see it happen."""

from tests.workers.conftest import run_worker


def test_the_workers_play_a_whole_court_game_for_the_autoplayer(services, queue):
    created = services.commands.create("court", [{"bot": "autoplayer"}], seed="court-on-workers")
    game = services.store.game(created.id)
    assert not game.finished and queue.job_ids == [services.reactions.bots.job_id(game.id, game.version)], "nothing played in the API"
    run_worker(queue)
    final = services.store.game(created.id)
    assert final.finished and final.rules.outcome(final.state).detail["title"]
    causes = [stored.cause for stored in services.store.stored_events(created.id, gt=1)]
    decisions = {cause["rng"] for cause in causes if not cause.get("setup")}
    assert len(decisions) > 20, "a whole game, decision by decision"
    assert all(cause["actor"]["bot"] == "autoplayer" for cause in causes if not cause.get("setup"))
