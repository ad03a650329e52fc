"""Takebacks: a seat takes back its own last decision while nobody else has decided since and it
drew nothing nor showed the seat anything new (Chi house rule 21); recorded as an event, never
by deleting one, and re-derived by the audit."""

from __future__ import annotations

import json
import pytest

from domain.chain import header_hash, link
from domain.errors import IllegalAction
from services.disputes.audit import audit_game, export_lines, verify_export
from tests.browser.scenarios import NO_TARGET

TAKE_BACK = {"type": "take_back"}
TWO = [{"name": "ana"}, {"name": "bo"}]


def sandbox(services, scenario=NO_TARGET, seed="takeback"):
    """A two-person game from a chosen position, ana (seat 0) to play; its id and the seats' tokens."""
    created = services.commands.create("chi", TWO, seed=seed, scenario=scenario)
    sandbox.tokens = {t["seat"]: t["token"] for t in created.tokens}
    return created.id


def act(services, game_id, seat, action):
    game = services.store.game(game_id)
    return services.commands.act(game_id, seat, action, game.version)


def offered(services, game_id, seat):
    return services.queries.legal_actions(game_id, sandbox.tokens[seat])["open_actions"]


def test_playing_a_yang_is_taken_back_and_the_table_is_as_it_was(services):
    game_id = sandbox(services)
    before = services.store.game(game_id)
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    reply = act(services, game_id, 0, TAKE_BACK)
    [event] = reply["events"]
    assert event["type"] == "taken_back" and event["rule"] == "game.takeback"
    assert event["data"]["to_version"] == before.version and "state" not in event["data"], "the table stays secret"
    after = services.store.game(game_id)
    assert after.rules.view(after.state, 0) == before.rules.view(before.state, 0)
    assert after.to_act() == 0 and "yang-blue-1" in after.state.hands[0]
    step = services.queries.replay_step(game_id, after.version, None)
    assert step["description"].startswith("ana takes back their last decision")
    assert step["explanation"]["rerun"]["same_events"]


def test_nothing_is_taken_back_once_the_other_seat_has_decided(services):
    game_id = sandbox(services)
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    game = services.store.game(game_id)
    act(services, game_id, 1, game.rules.legal_actions(game.state, 1)[0])
    with pytest.raises(IllegalAction) as refused:
        act(services, game_id, 0, TAKE_BACK)
    assert refused.value.rule == "game.takeback" and "another seat has decided" in refused.value.reason


def test_a_draw_from_the_row_is_never_taken_back_the_deck_refilled_it(services):
    game_id = sandbox(services)
    act(services, game_id, 0, {"type": "draw", "slot": 0})
    with pytest.raises(IllegalAction) as refused:
        act(services, game_id, 0, TAKE_BACK)
    assert "drew a card or showed you something" in refused.value.reason


def test_a_second_takeback_looks_past_the_first_to_the_decision_before(services):
    game_id = sandbox(services)
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    act(services, game_id, 0, TAKE_BACK)
    with pytest.raises(IllegalAction) as refused:
        act(services, game_id, 0, TAKE_BACK)
    assert "no decision of yours" in refused.value.reason, "before the Yang came the deal"
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    act(services, game_id, 0, TAKE_BACK)  # the new play may be taken back in turn
    assert "yang-blue-1" in services.store.game(game_id).state.hands[0]


def test_a_game_with_takebacks_verifies_and_a_forged_takeback_is_caught(services):
    game_id = sandbox(services, seed="takeback-audit")
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    act(services, game_id, 0, TAKE_BACK)
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    act(services, game_id, 1, {"type": "resign"})
    assert audit_game(services.store, game_id)["verified"]
    lines = list(export_lines(services.store, game_id))
    assert verify_export(lines).verified
    # Someone who knows the seed forges the restored table (a card moved) and re-chains the log.
    header = json.loads(lines[0])
    forged, previous = [lines[0]], header_hash(header["header"])
    for line in lines[1:]:
        row = json.loads(line)
        if row["event"]["type"] == "taken_back":
            hands = row["event"]["secret"]["state"]["hands"]
            hands[0], hands[1] = hands[1], hands[0]
        row["chain"] = previous = link(header["seed"], previous, row["version"], row["event"], row["cause"])
        forged.append(json.dumps(row))
    problem = verify_export(forged).problem
    assert problem.check == "events" and problem.found["type"] == "taken_back"


def test_the_seat_is_offered_the_takeback_only_when_it_may_take_it(services):
    game_id = sandbox(services)
    assert TAKE_BACK not in offered(services, game_id, 0)
    act(services, game_id, 0, {"type": "play_yang", "card": "yang-blue-1"})
    assert TAKE_BACK in offered(services, game_id, 0)
    assert TAKE_BACK not in offered(services, game_id, 1)
