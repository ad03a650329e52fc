"""Two services on one Redis: each deployment's jobs are its own, whatever its workers' number."""

from __future__ import annotations

import pytest
from redis import Redis

from services.compose import build
from tests.workers.conftest import run_worker
from tests.workers.test_bot_jobs import game_waiting_on_the_bot


def deployment(redis, folder) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "CHRONICLE_DATA": str(folder), "CHRONICLE_BOTS": "rq",
            "REDIS_URL": redis.url}


def test_a_worker_of_another_service_on_the_same_redis_never_takes_this_services_bot_turns(redis, tmp_path, env):
    ours = build(env)  # the store the jobs run in this process are played against
    theirs = build(deployment(redis, tmp_path / "theirs"))
    game = game_waiting_on_the_bot(ours)
    assert ours.namespace != theirs.namespace
    run_worker(theirs.reactions.jobs.queue)  # their worker, on the same Redis
    assert ours.store.game(game.id).version == game.version, "their worker took our bot's turn"
    assert ours.reactions.jobs.queue.job_ids == [ours.reactions.bots.job_id(game.id, game.version)]
    run_worker(ours.reactions.jobs.queue)
    assert ours.store.game(game.id).version > game.version


def test_every_process_sharing_a_store_shares_its_namespace_and_every_key_carries_it(redis, tmp_path, env):
    api, worker = build(deployment(redis, tmp_path / "shared")), build(deployment(redis, tmp_path / "shared"))
    assert api.namespace == worker.namespace
    Redis.from_url(redis.url).flushall()
    game_waiting_on_the_bot(api)
    keys = [key.decode() for key in Redis.from_url(redis.url).keys("*")]
    assert keys and all(api.namespace in key for key in keys if key != "rq:queues"), keys


def test_the_namespace_can_be_chosen_and_must_be_a_plain_name(redis, tmp_path, env):
    chosen = build({**deployment(redis, tmp_path / "a"), "CHRONICLE_NAMESPACE": "blue-team"})
    assert chosen.namespace == "blue-team" and chosen.reactions.jobs.queue.name == "chronicle-blue-team"
    with pytest.raises(ValueError, match="CHRONICLE_NAMESPACE"):
        build({**deployment(redis, tmp_path / "b"), "CHRONICLE_NAMESPACE": "no spaces:or colons"})
