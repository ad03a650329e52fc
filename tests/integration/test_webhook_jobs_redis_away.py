"""A webhook job that cannot be enqueued because Redis is away is refused quietly (False, logged):
the notice still reaches the player's stream and inbox, and the move or round that caused it stands."""

from __future__ import annotations

import logging

from redis import Redis

from cli.server_process import free_port
from services.reactions.queue import JobQueue
from services.reactions.webhook_jobs import WebhookJobs


def test_a_turns_and_a_tournaments_webhook_are_refused_alike_when_redis_is_away(caplog):
    nobody = Redis(host="127.0.0.1", port=free_port(), socket_connect_timeout=1)  # a port nothing listens on
    jobs = WebhookJobs(JobQueue(nobody, "away"))
    with caplog.at_level(logging.WARNING):
        assert jobs.enqueue("p1", "g1", 7) is False
        assert jobs.enqueue_tournament_notice("t1", "p1", "round-2") is False
    warned = [record.getMessage() for record in caplog.records]
    assert any("the webhook of game g1 at version 7" in line for line in warned), warned
    assert any("the webhook of tournament t1's news round-2" in line for line in warned), warned
