"""A tournament notice, or a "your turn", whose webhook job was lost after the save (never
enqueued, or gone from Redis before a worker ran it) reaches the player's callback all the same,
through the sweeper, exactly once; one given up after its retries is not started again. Real RQ
workers, a real Redis and a real receiver on 127.0.0.1."""

from __future__ import annotations

import pytest
from rq.job import Job, JobStatus

from services.players.deliveries import GIVEN_UP, SENT, outcome_of
from services.reactions.webhook_jobs import WebhookJobs
from services.players import webhooks
from services.tournaments.news import delivery_id
from tests.playing import players_game
from tests.receiver import Receiver
from tests.workers.conftest import run_worker
from workers.sweeper import Sweeper

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}


@pytest.fixture
def env(env, monkeypatch):
    """The receiver listens on 127.0.0.1, which the API and the workers must be told to allow."""
    monkeypatch.setenv("CHRONICLE_WEBHOOK_ALLOW_HOSTS", "127.0.0.1")
    return {**env, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"}


def started_with_ana_hooked(services, receiver):
    """oli's Swiss of Chi, one round, ana (her callback the receiver) against a bot: started."""
    players = services.commands.players
    oli = players.get(players.register("oli")["id"])
    ana = players.register("ana", receiver.url)
    receiver.secret = ana["webhook_secret"]
    tournaments = services.commands.tournaments
    opened = tournaments.organise(oli, {"game": "chi", "rounds": 1, "rated": False, "clock": DAY,
                                        "bots": [{"bot": "random", "name": "robo"}]})
    tournaments.join(opened["id"], players.get(ana["id"]))
    tournaments.start(opened["id"], oli)
    return ana["id"], opened["id"]


def notices(received):
    """The tournament notices among the POSTs received ("your turn" ones come too)."""
    return [call for call in received if call["json"]["type"] == "tournament"]


def lose_the_job(services, queue, ana, tournament):
    job_id = services.reactions.webhooks.tournament_notice_job_id(tournament, ana, "round-1")
    Job.fetch(job_id, connection=queue.connection).delete()


@pytest.mark.parametrize("lost", ["never enqueued", "deleted from Redis"])
def test_a_notice_whose_job_was_lost_after_the_save_is_sent_by_the_sweeper_once(services, queue, redis,
                                                                                monkeypatch, lost):
    with Receiver() as receiver:
        if lost == "never enqueued":  # the process died between the save and the enqueue, say
            with monkeypatch.context() as dying:
                dying.setattr(WebhookJobs, "enqueue_tournament_notice", lambda self, *notice: False)
                ana, tournament = started_with_ana_hooked(services, receiver)
        else:  # Redis restarted and lost it, say
            ana, tournament = started_with_ana_hooked(services, receiver)
            lose_the_job(services, queue, ana, tournament)
        run_worker(queue)
        assert notices(receiver.received) == [], "nothing sent the notice"

        sweeper = Sweeper(services, redis.url)
        job_id = services.reactions.webhooks.tournament_notice_job_id(tournament, ana, "round-1")
        assert job_id in sweeper.sweep()
        run_worker(queue)
        [call] = receiver.wait_until(notices)
        assert call["refusal"] is None and call["json"]["words"] == "Round 1 of Chi, a Swiss by oli: your game against robo"
        assert call["headers"]["webhook-id"] == delivery_id(ana, tournament, "round-1")
        assert outcome_of(services.store, delivery_id(ana, tournament, "round-1")) == SENT

        Job.fetch(job_id, connection=queue.connection).delete()  # its result expired, hours later
        assert Sweeper(services, redis.url).sweep() == [], "its record says it was sent"
        run_worker(queue)
        assert len(notices(receiver.received)) == 1, "sent once"


def test_a_sweep_racing_the_save_s_own_job_adds_none(services, queue, redis):
    with Receiver() as receiver:
        ana, tournament = started_with_ana_hooked(services, receiver)
        assert Sweeper(services, redis.url).sweep() == [], "the save's job is queued"
        run_worker(queue)
        receiver.wait_until(notices)
        assert Sweeper(services, redis.url).sweep() == []
        run_worker(queue)
        assert len(notices(receiver.received)) == 1


def test_a_notice_given_up_after_its_retries_is_not_started_again(services, queue, redis):
    with Receiver(answers=[500, 500]) as receiver:  # her "your turn" may come first: it fails too
        ana, tournament = started_with_ana_hooked(services, receiver)
        job = Job.fetch(services.reactions.webhooks.tournament_notice_job_id(tournament, ana, "round-1"),
                        connection=queue.connection)
        job.retries_left = 0  # as after the last of its retries
        job.save()
        run_worker(queue)
        assert [call["answered"] for call in receiver.wait_until(notices)] == [500]
        assert job.get_status() == JobStatus.FAILED
        assert outcome_of(services.store, delivery_id(ana, tournament, "round-1")) == GIVEN_UP

        job.delete()  # its failure expired
        assert Sweeper(services, redis.url).sweep() == []
        run_worker(queue)
        assert len(notices(receiver.received)) == 1, "given up for good"


def test_a_your_turn_whose_job_was_lost_is_sent_by_the_sweeper_once(services, queue, redis):
    with Receiver() as receiver:
        players = services.commands.players
        ana = players.register("ana", receiver.url)
        receiver.secret = ana["webhook_secret"]
        game = players_game(services, ana, players.register("bo"), awaiting="ana", seed="lost-hook")
        job_id = services.reactions.webhooks.job_id(ana["id"], game.id, game.version)
        Job.fetch(job_id, connection=queue.connection).delete()  # Redis restarted and lost it, say
        assert job_id in Sweeper(services, redis.url).sweep()
        run_worker(queue)
        [call] = receiver.wait_until(lambda received: [c for c in received if c["json"]["version"] == game.version])
        assert call["refusal"] is None and call["json"]["type"] == "your_turn"
        assert call["headers"]["webhook-id"] == webhooks.delivery_id(ana["id"], game.id, game.version)

        Job.fetch(job_id, connection=queue.connection).delete()  # its result expired, the turn still hers
        assert Sweeper(services, redis.url).sweep() == [], "its record says it was sent"
        run_worker(queue)
        assert len([c for c in receiver.received if c["json"]["version"] == game.version]) == 1, "sent once"
