"""Turns played in the API's process (no Redis) that raise: the move that made the turn due is
answered and stored all the same, the failure is logged and shown in the game's JSON, and the
process's watch tries the turn again after 1, 3, 9 seconds, then after a pause that doubles, until
it is played. The Dealer (tests/fixtures/dealer.py) deals with a bug that raises IndexError."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from services.log.clocks import timestamp
from services.reactions.overdue import ClockWatch
from tests.clocks import START, FakeClock
from tests.fixtures.broken_deal import break_the_deal
from tests.fixtures.dealer import HIT


@pytest.fixture
def broken_deal(monkeypatch):
    return break_the_deal(monkeypatch)


@pytest.fixture
def clock(services):
    services.commands.clock = FakeClock()
    return services.commands.clock


def ask_for_a_card(client) -> tuple[str, int]:
    """ana asks the dealer for a card over HTTP; the game's id and the version of the dealer's turn."""
    created = client.post("/api/games", json={"game": "dealer", "seats": [{"name": "ana"}], "seed": "in-process"})
    game_id, token = created.get_json()["id"], created.get_json()["tokens"][0]["token"]
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    answer = client.post(f"/api/games/{game_id}/actions", json={"action": HIT, "expected_version": version},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, "the move is stored and answered, though the turn it made due failed"
    return game_id, answer.get_json()["version"]


def failed_turn(client, game_id) -> dict | None:
    return client.get(f"/api/games/{game_id}").get_json()["failed_turn"]


def test_a_rules_turn_that_raises_in_process_fails_no_request_and_is_shown_in_the_games_json(
        client, services, clock, broken_deal, caplog):
    caplog.set_level(logging.INFO, logger="services.reactions.in_process")
    game_id, version = ask_for_a_card(client)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["rules_turn"] == "dealer" and game["version"] == version
    assert failed_turn(client, game_id) == {"attempts": 1, "error": "IndexError", "since": timestamp(START),
                                            "next_try": timestamp(START + timedelta(seconds=1)),
                                            "retries_spent": False}
    warned = [r for r in caplog.records if r.name == "services.reactions.in_process" and r.levelno == logging.WARNING]
    assert len(warned) == 1 and game_id in warned[0].getMessage() and "IndexError" in warned[0].getMessage()


def test_the_watch_tries_a_failed_turn_again_with_growing_pauses_and_flags_it_once_the_quick_tries_are_spent(
        client, services, clock, broken_deal, caplog):
    caplog.set_level(logging.INFO, logger="services.reactions.in_process")
    game_id, version = ask_for_a_card(client)
    watch = ClockWatch(services.commands, every=5, bots=services.in_process)
    for pause in (1, 3, 9):
        watch.look()
        assert failed_turn(client, game_id)["attempts"] == 1 + [1, 3, 9].index(pause), "not before its pause"
        clock.advance(seconds=pause)
        watch.look()
    shown = failed_turn(client, game_id)
    assert shown["attempts"] == 4 and shown["retries_spent"]
    assert shown["next_try"] == timestamp(clock.now() + timedelta(seconds=30))
    flagged = [r for r in caplog.records if r.name == "services.reactions.in_process" and r.levelno == logging.ERROR]
    assert len(flagged) == 1 and game_id in flagged[0].getMessage() and f"version {version}" in flagged[0].getMessage()

    broken_deal.broken = False  # the bug is fixed
    clock.advance(seconds=29)
    watch.look()
    assert services.store.game(game_id).version == version
    clock.advance(seconds=1)
    watch.look()
    assert services.store.game(game_id).version > version
    assert failed_turn(client, game_id) is None
