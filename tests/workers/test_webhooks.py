"""Webhooks through real RQ jobs to a real receiver on 127.0.0.1: "your turn", signed the Standard
Webhooks way, retried while the receiver fails, dropped once the decision is no longer the
player's, and never sent to a local address the operator has not allowed; a tournament's news
(a round's game, a withdrawal after a loss on time) alike."""

from __future__ import annotations

from datetime import datetime, timezone
from uuid import UUID

import pytest
from rq.job import Job, JobStatus

from services.compose import build
from services.errors import InvalidRequest
from services.players.webhooks import delivery_id
from tests.clocks import FakeClock
from tests.playing import players_game
from tests.receiver import Receiver
from tests.workers.conftest import run_worker


@pytest.fixture
def env(env, monkeypatch):
    """The receiver listens on 127.0.0.1, which the API and the workers must be told to allow."""
    monkeypatch.setenv("CHRONICLE_WEBHOOK_ALLOW_HOSTS", "127.0.0.1")
    return {**env, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "127.0.0.1"}


def awaiting_ana(services, receiver):
    """ana (with a callback to the receiver, which checks her signatures) and bo, in a game that
    awaits ana."""
    players = services.commands.players
    ana = players.register("ana", receiver.url)
    receiver.secret = ana["webhook_secret"]
    return ana, players_game(services, ana, players.register("bo"), awaiting="ana", seed="hook")


def test_a_player_is_told_by_a_signed_post_that_it_is_their_turn(services, queue):
    with Receiver() as receiver:
        ana, game = awaiting_ana(services, receiver)
        assert services.reactions.webhooks.job_id(ana["id"], game.id, game.version) in queue.job_ids
        run_worker(queue)
        calls = receiver.wait_for(1)
    [call] = [call for call in calls if call["json"]["version"] == game.version]
    assert call["refusal"] is None, "the standardwebhooks library verifies it"
    assert call["headers"]["webhook-id"] == delivery_id(ana["id"], game.id, game.version)
    notice = call["json"]
    assert notice["type"] == "your_turn" and notice["game"] == str(game.id)
    assert notice["version"] == game.version and notice["seat"] == 0 and notice["opponents"] == ["bo"]
    assert notice["links"]["actions"] == f"/api/games/{game.id}/actions"


@pytest.mark.parametrize("failure", [500, (302, {"Location": "http://127.0.0.1:9/elsewhere"})])
def test_a_receiver_that_fails_or_redirects_gets_the_same_delivery_again_later(services, queue, failure):
    with Receiver(answers=[failure]) as receiver:
        ana, game = awaiting_ana(services, receiver)
        run_worker(queue)
        job = Job.fetch(services.reactions.webhooks.job_id(ana["id"], game.id, game.version),
                        connection=queue.connection)
        assert job.get_status() == JobStatus.SCHEDULED and job.retries_left == 4, "retried with backoff, a few times"
        queue.enqueue_job(job)  # the backoff has passed
        run_worker(queue)
        calls = [call for call in receiver.wait_for(2) if call["json"]["version"] == game.version]
    assert [call["answered"] for call in calls] == [failure if isinstance(failure, int) else failure[0], 200]
    assert calls[0]["headers"]["webhook-id"] == calls[1]["headers"]["webhook-id"] == delivery_id(ana["id"], game.id, game.version)
    assert all(call["refusal"] is None for call in calls), "each attempt is signed afresh"


def test_no_notice_goes_once_the_player_has_moved(services, queue):
    with Receiver() as receiver:
        ana, game = awaiting_ana(services, receiver)
        services.commands.act(game.id, 0, game.rules.legal_actions(game.state, 0)[0], game.version)
        job = Job.fetch(services.reactions.webhooks.job_id(ana["id"], game.id, game.version),
                        connection=queue.connection)
        run_worker(queue)
        assert Job.fetch(job.id, connection=queue.connection).return_value() == "stale"
    assert all(call["json"]["version"] != game.version for call in receiver.received)


def test_a_player_without_a_callback_gets_no_job(services, queue):
    players = services.commands.players
    game = players_game(services, players.register("ana"), players.register("bo"), seed="no-hook")
    assert not [job for job in queue.job_ids if "-turn-" in job]
    assert game.version > 1


def test_a_local_callback_is_refused_when_set_unless_the_operator_allows_it(env):
    with Receiver() as receiver:
        strict = build({**env, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": ""})
        with pytest.raises(InvalidRequest, match="loopback") as refused:
            strict.commands.players.register("ana", receiver.url)
        assert refused.value.field == "callback_url"
    assert receiver.received == []


def test_a_local_callback_allowed_when_set_gets_nothing_once_the_workers_no_longer_allow_it(env, queue, monkeypatch,
                                                                                          caplog):
    monkeypatch.setenv("CHRONICLE_WEBHOOK_ALLOW_HOSTS", "")  # the workers' setting: nothing allowed
    with Receiver() as receiver:
        lenient = build({**env, "CHRONICLE_WEBHOOK_ALLOW_HOSTS": "localhost"})
        players = lenient.commands.players
        ana = players.register("ana", f"http://localhost:{receiver.port}/hook")  # localhost is 127.0.0.1
        game = players_game(lenient, ana, players.register("bo"), awaiting="ana", seed="no-longer")
        job_id = lenient.reactions.webhooks.job_id(ana["id"], game.id, game.version)
        run_worker(queue)
        job = Job.fetch(job_id, connection=queue.connection)
        assert job.get_status() == JobStatus.SCHEDULED, "a failed delivery"
        assert "may not point at localhost (127.0.0.1): a loopback address" in caplog.text
    assert receiver.received == [], "no connection was made"


def test_a_tournament_round_is_told_by_a_signed_post_of_its_kind_from_a_job(services, queue):
    with Receiver() as receiver:
        players = services.commands.players
        oli = players.get(players.register("oli")["id"])
        ana = players.register("ana", receiver.url)
        receiver.secret = ana["webhook_secret"]
        tournaments = services.commands.tournaments
        opened = tournaments.organise(oli, {"game": "chi", "rounds": 1, "rated": False, "bots": [{"bot": "random"}],
                                            "clock": {"per_decision": "P1D", "on_timeout": "forfeit"}})
        tournaments.join(opened["id"], players.get(ana["id"]))
        [table] = tournaments.start(opened["id"], oli)["rounds"][0]["tables"]
        key = f"{services.reactions.jobs.namespace}-tournament-{ana['id']}-{opened['id']}-round-1"
        assert key in queue.job_ids
        run_worker(queue)
        [call] = receiver.wait_until(lambda received: [c for c in received if c["json"]["type"] == "tournament"])
    assert call["refusal"] is None, "the standardwebhooks library verifies it"
    assert call["headers"]["webhook-id"] == f"tournament-{ana['id']}-{opened['id']}-round-1"
    notice = call["json"]
    assert (notice["kind"], notice["game"], notice["round"]) == ("round", table["game_id"], 1)
    assert notice["words"] == "Round 1 of Chi, a Swiss by oli: your game against random-bot"
    assert notice["links"]["game"] == f"/api/games/{table['game_id']}"


def test_a_player_withdrawn_after_losing_on_time_is_told_by_a_job(services, queue):
    # The workers' bots move on the real clock: the deadline of ana's decision is a day after it.
    services.commands.clock = clock = FakeClock(datetime.now(timezone.utc))
    with Receiver() as receiver:
        players = services.commands.players
        oli = players.get(players.register("oli")["id"])
        ana = players.register("ana", receiver.url)
        receiver.secret = ana["webhook_secret"]
        tournaments = services.commands.tournaments
        opened = tournaments.organise(oli, {"game": "chi", "rounds": 2, "rated": False, "withdraw_after_timeouts": 1,
                                            "bots": [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}],
                                            "clock": {"per_decision": "P1D", "on_timeout": "forfeit"}})
        tournaments.join(opened["id"], players.get(ana["id"]))
        tournaments.start(opened["id"], oli)
        run_worker(queue)  # the bots play until each game awaits ana or is over
        [table] = [t for t in tournaments.shown(opened["id"])["rounds"][0]["tables"] if "ana" in t["players"]]
        game = services.store.game(UUID(table["game_id"]))
        assert game.seats[game.to_act()]["name"] == "ana"
        clock.advance(days=1, minutes=1)
        assert services.commands.time_out(game.id, game.version)
        run_worker(queue)
        [call] = receiver.wait_until(lambda received: [c for c in received if c["json"].get("kind") == "withdrawn"])
    assert call["refusal"] is None
    assert call["headers"]["webhook-id"] == f"tournament-{ana['id']}-{opened['id']}-withdrawn"
    assert call["json"]["words"] == ("Chi, a Swiss by oli: you were withdrawn after losing 1 game on time; "
                                     "your results so far stand")
