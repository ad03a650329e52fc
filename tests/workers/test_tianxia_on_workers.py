"""Tianxia's rivals on the RQ workers, against a real Redis: Li Mu's turns and the Bot's are jobs
a worker plays between the persons' moves, each recorded as the rules' own decision, and the
whole game audits as verified."""

from domain.rng import Rng
from services.disputes.audit import audit_game
from tests.workers.conftest import run_worker


def play_with_the_workers(services, queue, seats, seed, **options):
    created = services.commands.create("tianxia", seats, seed=seed, options=options or None)
    chooser, moves = Rng(seed, "chooser"), 0
    while not (game := services.store.game(created.id)).finished:
        seat = game.to_act()
        if seat is None:  # the rival's turn: nothing moves until a worker plays it
            assert game.rules.rules_turn(game.state) is not None
            assert queue.job_ids, "the rival's turn is waiting as a job"
            run_worker(queue)
            assert services.store.game(created.id).version > game.version
            continue
        action = chooser.choice(game.rules.legal_actions(game.state, seat))
        services.commands.act(created.id, seat, action, game.version)
        moves += 1
        assert moves < 3000
    causes = [stored.cause for stored in services.store.stored_events(created.id)[1:]]
    return created.id, {cause.get("rules") for cause in causes if cause.get("rules")}


def test_li_mu_plays_his_turns_on_the_workers_and_the_game_audits(services, queue):
    game_id, rivals = play_with_the_workers(services, queue, [{"name": "ana"}], "li-mu-on-workers", difficulty="hard")
    assert rivals == {"li-mu"}
    assert audit_game(services.store, game_id)["verified"]


def test_the_bot_plays_its_turns_on_the_workers_between_two_persons(services, queue):
    game_id, rivals = play_with_the_workers(services, queue, [{"name": "ana"}, {"name": "bo"}], "bot-on-workers")
    assert rivals == {"bot"}
    assert audit_game(services.store, game_id)["verified"]
