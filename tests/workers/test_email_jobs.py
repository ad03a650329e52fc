"""Email when it is your move, sent by real RQ jobs to a real SMTP server (aiosmtpd, STARTTLS with a
trustme CA): only to a confirmed address, once per turn even when the job runs again, a daily
digest in the inbox's order, and a dead server or a refused address failing only the email's job."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from datetime import datetime, timezone

import pytest
from rq.job import Job, JobStatus

from services.email.digests import DigestRound
from tests.playing import players_game
from tests.smtp import SmtpServer, dead_smtp_env, link_in
from tests.workers.conftest import run_worker

ANA = "ana.reads@example.org"


@pytest.fixture
def smtp(tmp_path):
    with SmtpServer(tmp_path) as server:
        yield server


@pytest.fixture
def env(env, smtp, monkeypatch):
    """The workers send through the test's SMTP server."""
    for key, value in smtp.env.items():
        monkeypatch.setenv(key, value)
    return {**env, **smtp.env}


def email_jobs(queue, kind: str) -> list[str]:
    return [job_id for job_id in queue.job_ids if f"-email-{kind}-" in job_id]


def confirmed(services, queue, smtp, player: dict, address: str = ANA, **choices) -> None:
    """Give `player` an address with `choices`, and follow the link the confirmation email brings."""
    before = len(smtp.collector.messages)
    book = services.mail.book
    _, serial = book.set(services.commands.players.get(player["id"]), {"address": address, **choices})
    services.mail.confirmation(player["id"], serial)
    run_worker(queue)
    message = smtp.collector.wait_for(before + 1)[before]
    assert message["To"] == address and message["Subject"] == "Confirm your email for Tabletop Chronicle"
    token = link_in(message, "/email/confirm/").removeprefix("/email/confirm/")
    assert book.confirm(token) == "confirmed"
    assert book.confirm(token) == "already", "the link works once"


def test_an_unconfirmed_address_gets_no_turn_email_and_a_confirmed_one_gets_one(services, queue, smtp):
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    services.mail.book.set(players.get(ana["id"]), {"address": ANA, "your_turn": "each"})
    players_game(services, ana, bo, awaiting="ana", seed="unconfirmed")
    assert email_jobs(queue, "turn") == [], "nothing but the confirmation goes to an unconfirmed address"

    confirmed(services, queue, smtp, ana)
    game = players_game(services, ana, bo, awaiting="ana", seed="confirmed")
    assert len(email_jobs(queue, "turn")) == 1
    run_worker(queue)
    [_, turn] = smtp.collector.wait_for(2)
    assert all(smtp.collector.over_tls), "STARTTLS, verified against the CA the service was given"
    assert turn["Subject"] == "Your move in Chi against bo"
    body = turn.get_content()
    assert f"https://chronicle.example.org/games/{game.id}" in body and "It is your move." in body
    unsubscribe = turn["List-Unsubscribe"]
    assert unsubscribe.startswith("<https://chronicle.example.org/email/unsubscribe/") and unsubscribe.endswith(">")
    assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"List-Unsubscribe: {unsubscribe}\r\n".encode() in smtp.collector.raw[1], "written as a link, unfolded"


def test_a_turn_is_emailed_once_even_when_its_job_runs_again(services, queue, smtp):
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    confirmed(services, queue, smtp, ana)
    game = players_game(services, ana, bo, awaiting="ana", seed="once")
    [job_id] = email_jobs(queue, "turn")
    run_worker(queue)
    smtp.collector.wait_for(2)
    job = Job.fetch(job_id, connection=queue.connection)
    assert job.return_value() == "sent"
    services.mail.turn(game, players)  # a second web process, or the same move seen again
    queue.enqueue_job(job)  # the job itself, run again (as a retry would)
    run_worker(queue)
    assert Job.fetch(job_id, connection=queue.connection).return_value() == "sent already"
    assert len(smtp.collector.messages) == 2, "the confirmation and one email for the turn"


def test_a_dead_smtp_server_fails_only_the_email_job_which_is_tried_again(services, queue, smtp, monkeypatch):
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    confirmed(services, queue, smtp, ana)
    for key, value in dead_smtp_env(smtp).items():
        monkeypatch.setenv(key, value)
    game = players_game(services, ana, bo, awaiting="ana", seed="dead-server")
    [job_id] = email_jobs(queue, "turn")
    run_worker(queue)
    job = Job.fetch(job_id, connection=queue.connection)
    assert job.get_status() == JobStatus.SCHEDULED and job.retries_left == 4, "retried later, with backoff"
    assert services.store.game(game.id).version == game.version, "the move is saved"
    for key, value in smtp.env.items():
        monkeypatch.setenv(key, value)  # the server is back
    queue.enqueue_job(job)
    run_worker(queue)
    assert Job.fetch(job_id, connection=queue.connection).return_value() == "sent"
    assert len(smtp.collector.wait_for(2)) == 2


def test_a_refused_address_fails_the_job_for_good_and_is_never_logged(services, queue, smtp, caplog):
    caplog.set_level(logging.DEBUG)
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    confirmed(services, queue, smtp, ana)
    smtp.collector.refuse.add(ANA)
    game = players_game(services, ana, bo, awaiting="ana", seed="refused")
    [job_id] = email_jobs(queue, "turn")
    run_worker(queue)
    job = Job.fetch(job_id, connection=queue.connection)
    assert job.get_status() == JobStatus.FAILED and not job.retries_left, "not tried again"
    assert "550" in job.latest_result().exc_string and ANA not in job.latest_result().exc_string
    assert services.store.game(game.id).version == game.version, "the move is saved"
    ours = "\n".join(record.getMessage() + (record.exc_text or "") for record in caplog.records
                     if not record.name.startswith("mail.log"))  # the test's SMTP server logs what it is sent
    assert "the server refused the recipient" in ours
    assert ANA not in ours and ANA.split("@")[0] not in ours


def test_the_digest_lists_the_games_awaiting_the_player_nearest_deadline_first_once_a_day(services, queue, smtp):
    players = services.commands.players
    ana, bo, cy = players.register("ana"), players.register("bo"), players.register("cy")
    confirmed(services, queue, smtp, ana, your_turn="digest")
    unclocked = players_game(services, ana, bo, awaiting="ana", seed="digest-a")
    week = players_game(services, ana, cy, awaiting="ana", seed="digest-b", clock={"per_decision": "P7D"})
    day = players_game(services, ana, bo, awaiting="ana", seed="digest-c", clock={"per_decision": "P1D"})
    assert email_jobs(queue, "turn") == [], "a digest, not an email per game"

    digests = DigestRound(services.store, services.mail, hour=7)
    assert digests.run(datetime(2026, 11, 27, 6, 59, tzinfo=timezone.utc)) == [], "not before the hour"
    assert digests.run(datetime(2026, 11, 27, 7, 0, tzinfo=timezone.utc)) == [ana["id"]]
    assert digests.run(datetime(2026, 11, 27, 18, 0, tzinfo=timezone.utc)) == [], "once a day"
    run_worker(queue)
    [_, digest] = smtp.collector.wait_for(2)
    assert digest["Subject"] == "Your move in 3 games (Tabletop Chronicle)"
    body = digest.get_content()
    links = [body.index(f"/games/{game.id}") for game in (day, week, unclocked)]
    assert links == sorted(links), "the nearest deadline first, the games without a clock last"
    assert "Chi, against cy" in body and digest["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    again = DigestRound(services.store, services.mail, hour=7)  # another worker, or this one restarted
    assert again.run(datetime(2026, 11, 27, 8, 0, tzinfo=timezone.utc)) == [ana["id"]]
    run_worker(queue)
    assert len(smtp.collector.messages) == 2, "never twice for one day"


def test_a_real_worker_sends_the_email_and_prints_no_address(env, services, queue, smtp):
    players = services.commands.players
    ana = players.register("ana")
    _, serial = services.mail.book.set(players.get(ana["id"]), {"address": ANA})
    services.mail.confirmation(ana["id"], serial)
    worker = subprocess.run([sys.executable, "-m", "workers.cli", "run", "--burst"], env={**os.environ, **env},
                            capture_output=True, text=True, timeout=300)
    assert worker.returncode == 0, worker.stderr
    [message] = smtp.collector.wait_for(1)
    assert message["To"] == ANA
    output = worker.stdout + worker.stderr
    assert f"emailed the confirmation of player {ana['id']}'s address" in output
    assert ANA not in output and "ana.reads" not in output


def test_the_email_tells_the_opponents_last_move_as_the_move_list_says_it(services, queue, smtp):
    players = services.commands.players
    ana, bo = players.register("ana"), players.register("bo")
    confirmed(services, queue, smtp, ana)
    game = players_game(services, ana, bo, awaiting="bo", seed="last-move")
    for _ in range(10):  # bo's turn, however many decisions it takes
        seat = game.to_act()
        if game.seats[seat]["name"] != "bo":
            break
        services.commands.act(game.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
        game = services.store.game(game.id)
    assert game.seats[game.to_act()]["name"] == "ana"
    run_worker(queue)
    turn = smtp.collector.wait_for(2)[-1]
    assert turn["Subject"] == "Your move in Chi against bo"
    assert "Last move: bo " in turn.get_content()
    assert len(smtp.collector.messages) == 2, "one email, when the game came back to ana"
