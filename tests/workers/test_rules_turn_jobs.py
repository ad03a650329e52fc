"""Turns the rules play themselves, as RQ jobs against a real Redis: the job of a bot turn plays
them (keyed by game and version), a stale one changes nothing, and the sweeper finds one lost.

The game is Dealer (tests/fixtures/dealer.py), registered for these tests only; the workers run
in this process, so they know it too.
"""

import pytest
from redis import Redis
from rq.job import JobStatus

from domain import registry
from services.disputes.audit import audit_game
from tests.fixtures.dealer import HIT, RULES, STAND
from tests.workers.conftest import run_worker
from workers.sweeper import Sweeper


@pytest.fixture(autouse=True)
def dealer_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, RULES.name, RULES)


def asked_for_a_card(services):
    """A game of ana against the dealer, with the card ana asked for still to deal."""
    created = services.commands.create("dealer", [{"name": "ana"}], seed="on-workers")
    version = services.commands.act(created.id, 0, HIT, services.store.game(created.id).version)["version"]
    game = services.store.game(created.id)
    assert game.version == version and game.to_act() is None and game.rules.rules_turn(game.state) == "dealer"
    return game


def test_the_dealers_turn_is_one_job_keyed_by_game_and_version_and_a_worker_plays_it(services, queue):
    game = asked_for_a_card(services)
    job_id = services.reactions.bots.job_id(game.id, game.version)
    assert queue.job_ids == [job_id]
    assert services.reactions.bots.enqueue(game.id, game.version) is False, "a second enqueue collapses"
    run_worker(queue)
    after = services.store.game(game.id)
    assert after.to_act() == 0 and after.state.totals[0] >= 1
    dealt = services.store.stored_events(game.id, gt=game.version)[0]
    assert dealt.domain_event["type"] == "card_dealt" and dealt.cause["rules"] == "dealer"
    assert queue.fetch_job(job_id).return_value() == "played"


def test_a_stale_job_of_the_dealers_changes_nothing_and_ends_cleanly(services, queue):
    game = asked_for_a_card(services)
    run_worker(queue)
    version = services.store.game(game.id).version
    queue.connection.delete(f"rq:job:{services.reactions.bots.job_id(game.id, game.version)}")
    assert services.reactions.bots.enqueue(game.id, game.version)
    run_worker(queue)
    job = queue.fetch_job(services.reactions.bots.job_id(game.id, game.version))
    assert job.get_status() == JobStatus.FINISHED and job.return_value() == "stale"
    assert services.store.game(game.id).version == version


def test_a_game_against_the_dealer_runs_on_the_workers_between_a_persons_moves(services, queue):
    created = services.commands.create("dealer", [{"name": "ana"}], seed="whole-game")
    while not (game := services.store.game(created.id)).finished:
        assert game.to_act() == 0, "after each worker run, the table is ana's again (or the game is over)"
        action = HIT if game.state.totals[0] < 12 else STAND
        services.commands.act(created.id, 0, action, game.version)
        run_worker(queue)
    causes = [stored.cause for stored in services.store.stored_events(created.id)[1:]]
    assert any(cause.get("rules") == "dealer" for cause in causes), "the workers dealt the cards"
    assert audit_game(services.store, created.id)["verified"]


def test_the_sweeper_enqueues_a_dealers_turn_that_redis_forgot(services, queue, redis):
    game = asked_for_a_card(services)
    Redis.from_url(redis.url).flushall()
    assert Sweeper(services, redis.url).sweep() == [services.reactions.bots.job_id(game.id, game.version)]
    run_worker(queue)
    assert services.store.game(game.id).version > game.version
