"""Standing answers through the service: a seat's standing rule answers a window at once, as a
decision of that seat recorded with the one that opened the window, and the other seat cannot
tell it from an answer given by hand (events, causes, times, views, replays).

The game is Parry (tests/fixtures/parry.py), registered for these tests only. The store's times
follow the test's clock, so that two games played alike record the same times but where a person
took longer over a window's answer than a rule does.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain import registry
from domain.rng import Rng
from services.disputes.audit import audit_game
from services.compose import build
from services.play.bot_choice import bot_to_act
from services.log.game import Game
from services.play.takebacks import refusal
from tests.clocks import START, FakeClock
from tests.fixtures.parry import RULES
from tests.integration.test_conformance import check_interrupts
from web.app import create_app

MEMORY = {"PERSISTENCE_MODULE": "eventsourcing.popo"}
STAND = {"type": "set_standing", "pass": True}
ASK = {"type": "set_standing", "pass": False}
STRIKE, REST, PASS = {"type": "strike"}, {"type": "rest"}, {"type": "pass"}
# Keyed by the secret seed and covering the whole cause, the chain's hashes differ between any
# two games and tell nothing until the seed is revealed: they are left out of the comparisons.
OPAQUE = ("chain", "receipt", "id", "game_id")
# When the game last moved is the live channel the design accepts (docs/design/xi-cards.md,
# 3.3): the striker sees the window close, at once for a rule, later for a person.
LIVE = ("last_activity",)


@pytest.fixture
def clock():
    return FakeClock()


def services_playing(monkeypatch, clock, name, rules):
    """The service, with `rules` registered as `name` and the store's times taken from `clock`."""
    monkeypatch.setitem(registry.GAMES, name, rules)
    for event in (Game.Created, Game.Recorded):
        monkeypatch.setattr(event, "create_timestamp", staticmethod(clock.now))
    services = build(MEMORY)
    services.commands.clock = clock
    return services


@pytest.fixture
def parry(monkeypatch, clock):
    return services_playing(monkeypatch, clock, "parry", RULES)


def act(services, game_id, seat, action):
    return services.commands.act(game_id, seat, action, services.store.game(game_id).version)


def played(services, clock, by_rule: bool):
    """Bo sets a standing rule (to pass, or to be asked), Ana strikes, and Bo's window passes: by
    the rule at once, or by Bo's hand an hour later. Then Bo rests and Ana strikes again."""
    clock.at = START
    created = services.commands.create("parry", [{"name": "ana"}, {"name": "bo"}], seed="twins")
    act(services, created.id, 1, STAND if by_rule else ASK)
    act(services, created.id, 0, STRIKE)
    if not by_rule:
        assert services.store.game(created.id).to_act() == 1
        clock.advance(hours=1)
        act(services, created.id, 1, PASS)
    clock.at = START.replace(hour=12)
    act(services, created.id, 1, REST)
    return created


def without(value: Any, keys: tuple[str, ...]) -> Any:
    if isinstance(value, dict):
        return {key: without(item, keys) for key, item in value.items() if key not in keys}
    if isinstance(value, list):
        return [without(item, keys) for item in value]
    return value


def everything_shown(services, game_id, token) -> dict[str, Any]:
    """Every answer the service gives the asker about the game: table, actions, events, replay."""
    queries = services.queries
    last = services.store.game(game_id).version
    return without({
        "table": queries.table(game_id, token),
        "actions": queries.legal_actions(game_id, token) if token else None,
        "events": queries.events(game_id, token),
        "replay": queries.replay(game_id, token),
        "steps": [queries.replay_step(game_id, step, token) for step in range(1, last + 1)],
    }, OPAQUE + LIVE)


def answer_of(services, game_id, token):
    """The window's answer, as the asker sees it in the event log."""
    return next(event for event in services.queries.events(game_id, token)["events"] if event["type"] == "window_passed")


def test_a_pass_by_a_standing_rule_is_recorded_with_the_strike_as_a_decision_of_the_seat_it_answers_for(parry, clock):
    created = played(parry, clock, by_rule=True)
    stored = parry.store.stored_events(created.id)
    strike = next(event for event in stored[1:] if event.domain_event["type"] == "strike_declared")
    passed = next(event for event in stored[1:] if event.domain_event["type"] == "window_passed")
    assert passed.originator_version == strike.originator_version + 1
    assert passed.cause == {"seat": 1, "action": PASS, "rng": f"decision:{strike.originator_version}",
                            "at": strike.cause["at"], "standing": True, "interrupt": True}
    bo = created.tokens[1]["token"]
    assert answer_of(parry, created.id, bo)["cause"] == passed.cause  # Bo sees its own rule at work


def test_a_pass_by_a_standing_rule_and_one_by_hand_look_the_same_to_the_striker_and_to_spectators(parry, clock):
    by_rule, by_hand = played(parry, clock, by_rule=True), played(parry, clock, by_rule=False)
    for seat in (0, None):
        rule_token = by_rule.tokens[seat]["token"] if seat is not None else None
        hand_token = by_hand.tokens[seat]["token"] if seat is not None else None
        answer = answer_of(parry, by_rule.id, rule_token)
        assert answer["cause"] == {"seat": 1, "rng": answer["cause"]["rng"], "interrupt": True} and "at" not in answer
        assert everything_shown(parry, by_rule.id, rule_token) == everything_shown(parry, by_hand.id, hand_token)
    # The times of the other decisions are shown as ever: Bo's rest, at noon.
    rest = next(event for event in parry.queries.events(by_rule.id, None)["events"] if event["type"] == "turn_rested")
    assert rest["cause"]["at"] == "2026-11-23T12:00:00Z" and rest["at"].startswith("2026-11-23T12:00:00")


def test_once_the_game_is_over_everyone_sees_which_answer_a_rule_gave_and_both_games_audit(parry, clock):
    games = {by_rule: played(parry, clock, by_rule) for by_rule in (True, False)}
    for created in games.values():
        while (game := parry.store.game(created.id)).to_act() is not None:
            act(parry, created.id, game.to_act(), REST)
        assert audit_game(parry.store, created.id)["verified"]
    for by_rule, created in games.items():
        cause = answer_of(parry, created.id, None)["cause"]
        assert cause.get("standing", False) is by_rule and cause["action"] == PASS and "at" in cause


def test_a_seat_that_sets_its_rule_while_its_window_is_open_passes_at_once(parry):
    created = parry.commands.create("parry", [{"name": "ana"}, {"name": "bo"}], seed="late-rule")
    act(parry, created.id, 0, STRIKE)
    assert parry.store.game(created.id).to_act() == 1
    reply = act(parry, created.id, 1, STAND)
    assert [event["type"] for event in reply["events"]] == ["standing_set", "window_passed", "point_scored",
                                                             "turn_started"]
    assert reply["to_act"]["seat"] == 1 and parry.store.game(created.id).state.scores == [1, 0]


def test_a_standing_answer_cannot_be_taken_back(parry):
    """Taken back, the rule would only answer again: the seat changes its rule instead."""
    created = parry.commands.create("parry", [{"name": "ana"}, {"name": "bo"}], seed="no-undo")
    act(parry, created.id, 0, STRIKE)
    act(parry, created.id, 1, STAND)  # the rule answers the open window at once
    actions = parry.queries.legal_actions(created.id, created.tokens[1]["token"])
    assert {"type": "take_back"} not in actions["open_actions"]
    assert "standing rules answered that" in refusal(parry.store, parry.store.game(created.id), 1)


def test_a_bot_seat_with_a_standing_rule_is_answered_by_the_rule_and_no_bot_turn_is_due(parry):
    """The service answers in the transaction of the strike; the bot plays only its own turns."""
    created = parry.commands.create("parry", [{"name": "ana"}, {"bot": "random"}], seed="bot-rule")
    act(parry, created.id, 1, STAND)
    act(parry, created.id, 0, STRIKE)  # the bot's own turn follows, and the bot plays it in-process
    stored = parry.store.stored_events(created.id)
    passed = next(event for event in stored if getattr(event, "domain_event", {}).get("type") == "window_passed")
    assert passed.cause["standing"] is True and "actor" not in passed.cause
    assert any("actor" in event.cause for event in stored[1:] if event.cause.get("seat") == 1)  # the bot's turn
    # A table on which the rule's answer is due (the strike recorded without the answer) is no bot's turn.
    fresh = parry.commands.create("parry", [{"name": "ana"}, {"bot": "random"}], seed="bot-rule-2")
    act(parry, fresh.id, 1, STAND)
    game = parry.store.game(fresh.id)
    game.record_decision(RULES.decide(game.state, 0, STRIKE, None), {"seat": 0, "action": STRIKE})
    assert game.to_act() == 1 and game.seats[1]["bot"] == "random" and bot_to_act(game) is None


def test_the_rest_api_records_standing_answers_and_shows_the_window_pending(parry):
    client = create_app(services=parry).test_client()
    created = client.post("/api/games", json={"game": "parry", "seats": [{"name": "ana"}, {"name": "bo"}],
                                              "seed": "over-rest"}).json
    ana, bo = (f"Bearer {token['token']}" for token in created["tokens"])
    url = f"/api/games/{created['id']}"

    def post(token, action):
        version = client.get(url, headers={"Authorization": token}).json["version"]
        answer = client.post(f"{url}/actions", json={"action": action, "expected_version": version},
                             headers={"Authorization": token})
        assert answer.status_code == 200, answer.json
        return answer.json

    post(ana, STRIKE)
    table = client.get(url, headers={"Authorization": ana}).json
    assert table["to_act"]["seat"] == 1
    assert table["pending"] == [{"seat": 1, "kind": "window", "rule": "parry.window", "facts": {"striker": 0},
                                 "decline": PASS}]
    reply = post(bo, STAND)
    assert [event["type"] for event in reply["events"]][:2] == ["standing_set", "window_passed"]
    assert client.get(url, headers={"Authorization": ana}).json["pending"] == []
    post(bo, STRIKE)
    reply = post(ana, STAND)
    seen_by_bo = client.get(f"{url}/events", headers={"Authorization": bo}).json["events"]
    answers = [event for event in seen_by_bo if event["type"] == "window_passed"]
    assert [answer["cause"] for answer in answers] == [
        {"seat": 1, "rng": answers[0]["cause"]["rng"], "interrupt": True, "action": PASS, "standing": True,
         "at": answers[0]["cause"]["at"]},
        {"seat": 0, "rng": answers[1]["cause"]["rng"], "interrupt": True}]


def test_parry_keeps_the_contracts_interrupts_on_every_step_of_random_games_with_random_standing_rules():
    """The conformance check of interrupts, on the one game here with a window and standing rules."""
    for seed in ("parry-1", "parry-2", "parry-3", "parry-4"):
        state, chooser, decisions, windows = RULES.setup(2, {}, Rng(seed, "setup")).state, Rng(seed, "player"), 0, 0
        check_interrupts(RULES, state)
        while (seat := RULES.to_act(state)) is not None:
            actions = RULES.legal_actions(state, seat) + RULES.open_actions(state, seat)
            state = RULES.decide(state, seat, chooser.choice(actions), Rng(seed, f"decision:{decisions}")).state
            check_interrupts(RULES, state)
            windows += bool(RULES.pending(state))
            decisions += 1
        assert windows


def test_a_bots_strike_is_answered_by_the_standing_rule_in_the_bots_own_transaction(parry):
    created = parry.commands.create("parry", [{"bot": "striker"}, {"name": "bo"}], seed="bot-strikes")
    assert parry.store.game(created.id).to_act() == 1  # the bot struck at once; Bo has no rule yet
    act(parry, created.id, 1, STAND)  # the rule answers the open window
    act(parry, created.id, 1, REST)  # the bot strikes again, in-process, and the rule answers it
    stored = parry.store.stored_events(created.id)[1:]
    strikes = [event for event in stored if event.domain_event["type"] == "strike_declared"]
    assert len(strikes) == 2 and "actor" in strikes[1].cause
    after = stored[stored.index(strikes[1]) + 1]
    assert after.domain_event["type"] == "window_passed" and after.cause["standing"] is True
    assert after.cause["rng"] == f"decision:{strikes[1].originator_version}"
    assert parry.store.game(created.id).to_act() == 1 and parry.store.game(created.id).state.scores == [2, 0]


def test_a_decision_the_clock_takes_is_answered_by_the_standing_rule_in_the_same_transaction(parry, clock):
    created = parry.commands.create("parry", [{"name": "ana"}, {"name": "bo"}], seed="clocked",
                                    clock={"per_decision": "PT1H", "on_timeout": "bot", "bot": "striker"})
    act(parry, created.id, 1, STAND)
    clock.advance(hours=2)
    reply = parry.commands.time_out(created.id, parry.store.game(created.id).version)
    assert [event["type"] for event in reply["events"]] == ["clock_ran_out", "strike_declared", "window_passed",
                                                            "point_scored", "turn_started"]
    assert reply["to_act"]["seat"] == 1
    while (game := parry.store.game(created.id)).to_act() is not None:
        act(parry, created.id, game.to_act(), REST)
    assert audit_game(parry.store, created.id)["verified"]
