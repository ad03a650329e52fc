"""Webhooks through real RQ jobs to a real receiver on 127.0.0.1: "your turn", signed, retried
while the receiver fails, and dropped once the decision is no longer the player's."""

from __future__ import annotations

import hashlib
import hmac

from rq.job import Job, JobStatus

from services.webhooks import DELIVERY, SIGNATURE, delivery_id
from tests.playing import players_game
from tests.receiver import Receiver
from tests.workers.conftest import run_worker


def awaiting_ana(services, callback_url):
    """ana (with a callback) and bo, in a game that awaits ana."""
    players = services.commands.players
    ana = players.register("ana", callback_url)
    return ana, players_game(services, ana, players.register("bo"), awaiting="ana", seed="hook")


def test_a_player_is_told_by_a_signed_post_that_it_is_their_turn(services, queue):
    with Receiver() as receiver:
        ana, game = awaiting_ana(services, receiver.url)
        job_id = delivery_id(ana["id"], game.id, game.version)
        assert job_id in queue.job_ids
        run_worker(queue)
        [call] = [call for call in receiver.wait_for(1) if call["json"]["version"] == game.version]
    expected = "sha256=" + hmac.new(ana["webhook_secret"].encode(), call["body"], hashlib.sha256).hexdigest()
    assert call["headers"][SIGNATURE] == expected
    assert call["headers"][DELIVERY] == job_id
    notice = call["json"]
    assert notice["type"] == "your_turn" and notice["game"] == str(game.id)
    assert notice["version"] == game.version and notice["seat"] == 0 and notice["opponents"] == ["bo"]
    assert notice["links"]["actions"] == f"/api/games/{game.id}/actions"


def test_a_receiver_that_fails_gets_the_same_delivery_again_later(services, queue):
    with Receiver(answers=[500]) as receiver:
        ana, game = awaiting_ana(services, receiver.url)
        job_id = delivery_id(ana["id"], game.id, game.version)
        run_worker(queue)
        job = Job.fetch(job_id, connection=queue.connection)
        assert job.get_status() == JobStatus.SCHEDULED and job.retries_left == 4, "retried with backoff"
        queue.enqueue_job(job)  # the backoff has passed
        run_worker(queue)
        calls = [call for call in receiver.wait_for(2) if call["json"]["version"] == game.version]
    assert [call["answered"] for call in calls] == [500, 200]
    assert calls[0]["headers"][DELIVERY] == calls[1]["headers"][DELIVERY] == job_id


def test_no_notice_goes_once_the_player_has_moved(services, queue):
    with Receiver() as receiver:
        ana, game = awaiting_ana(services, receiver.url)
        services.commands.act(game.id, 0, game.rules.legal_actions(game.state, 0)[0], game.version)
        job = Job.fetch(delivery_id(ana["id"], game.id, game.version), connection=queue.connection)
        run_worker(queue)
        assert Job.fetch(job.id, connection=queue.connection).return_value() == "stale"
    assert all(call["json"]["version"] != game.version for call in receiver.received)


def test_a_player_without_a_callback_gets_no_job(services, queue):
    players = services.commands.players
    game = players_game(services, players.register("ana"), players.register("bo"), seed="no-hook")
    assert not [job for job in queue.job_ids if job.startswith("turn-")]
    assert game.version > 1
