"""Turns the rules play themselves, through the service: a rival that is not a seat.

The game is Dealer (tests/fixtures/dealer.py), registered for these tests only: a player asks
for a card, and the dealer deals it in a turn of the rules' own, drawn from the game's generator.
The service plays that turn as it plays a bot seat's: at once in-process, or as a worker's job
(tests/workers/test_rules_turn_jobs.py). Here: what it records, what every reader shows of it,
and that the audit, takebacks, what-ifs and the REST API treat it as the rules' and no seat's.
"""

from __future__ import annotations

import json
from uuid import UUID

import pytest

from domain import registry
from domain.errors import IllegalAction, NotYourTurn
from services.disputes.audit import audit_game, export_lines, verify_export
from services.compose import build
from services.errors import InvalidRequest
from services.log.explain import explain_step
from services.disputes.what_if import what_if
from tests.exports import rechained
from tests.fixtures.dealer import HIT, RULES, STAND
from web.app import create_app

MEMORY = {"PERSISTENCE_MODULE": "eventsourcing.popo"}
# Rules turns are jobs for workers there, and no Redis answers: they stay due until played by hand.
NO_WORKERS = {**MEMORY, "CHRONICLE_BOTS": "rq", "REDIS_URL": "redis://127.0.0.1:1/0"}
TAKE_BACK = {"type": "take_back"}


@pytest.fixture(autouse=True)
def dealer_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, RULES.name, RULES)


@pytest.fixture
def services():
    return build(MEMORY)


@pytest.fixture
def waiting():
    """A service whose rules turns wait for a worker that never comes."""
    return build(NO_WORKERS)


def act(services, game_id, seat, action):
    return services.commands.act(game_id, seat, action, services.store.game(game_id).version)


def two_players(services, seed="dealer"):
    return services.commands.create("dealer", [{"name": "ana"}, {"name": "bo"}], seed=seed)


def test_a_card_asked_for_is_dealt_at_once_by_the_dealer_in_a_decision_of_its_own(services):
    created = two_players(services)
    asked = act(services, created.id, 0, HIT)
    game = services.store.game(created.id)
    dealt = services.store.stored_events(created.id, gt=asked["version"])
    assert [stored.domain_event["type"] for stored in dealt] == ["card_dealt", "turn_started"]
    assert {key: value for key, value in dealt[0].cause.items() if key != "at"} == {
        "rules": "dealer", "rng": f"decision:{asked['version']}"}, "the rules' turn, on its version's stream, no seat"
    card = dealt[0].domain_event["data"]["card"]
    assert 1 <= card <= 10 and game.state.totals == [card, 0]
    assert game.to_act() == 1, "bo's turn once the card is dealt"
    line = services.queries.replay_step(created.id, asked["version"] + 1, None)["description"]
    assert line == f"the dealer deals ana a {card} (total {card})"


def test_while_the_dealer_is_to_deal_no_seat_may_act_and_the_table_says_whose_turn_it_is(waiting):
    created = two_players(waiting)
    asked = act(waiting, created.id, 0, HIT)
    assert asked["to_act"] is None and asked["rules_turn"] == "dealer" and asked["status"] == "running"
    table = waiting.queries.table(created.id, None)
    assert table["to_act"] is None and table["rules_turn"] == "dealer" and table["status"] == "running"
    for seat in (0, 1):
        with pytest.raises(NotYourTurn, match="it is dealer's turn, which the rules play"):
            act(waiting, created.id, seat, STAND)
    assert waiting.store.game(created.id).version == asked["version"], "a refused move changes nothing"


def test_the_dealers_turn_is_played_once_on_its_version_and_a_late_repeat_changes_nothing(waiting):
    created = two_players(waiting)
    version = act(waiting, created.id, 0, HIT)["version"]
    assert waiting.commands.play_rules_turn(created.id, version) is True
    after = waiting.store.game(created.id)
    assert after.version == version + 2 and after.to_act() == 1
    assert waiting.commands.play_rules_turn(created.id, version) is False, "a repeated job is stale"
    assert waiting.commands.play_rules_turn(created.id, after.version) is False, "bo's turn is not the dealer's"
    assert waiting.store.game(created.id).version == after.version


def test_a_player_may_leave_while_the_dealer_is_to_deal_and_the_card_is_never_dealt(waiting):
    created = two_players(waiting)
    version = act(waiting, created.id, 0, HIT)["version"]
    act(waiting, created.id, 0, {"type": "resign"})
    game = waiting.store.game(created.id)
    assert game.to_act() == 1 and game.rules.rules_turn(game.state) is None
    assert waiting.commands.play_rules_turn(created.id, version) is False
    after = waiting.store.game(created.id)
    assert after.version == game.version and after.state.totals == [0, 0]


def test_a_decision_the_dealer_answered_cannot_be_taken_back_and_one_it_did_not_can(services, waiting):
    created = two_players(services)
    act(services, created.id, 0, HIT)
    act(services, created.id, 1, STAND)
    act(services, created.id, 0, HIT)
    with pytest.raises(IllegalAction, match="dealer has played since your last decision"):
        act(services, created.id, 0, TAKE_BACK)
    other = two_players(services, seed="stand")
    act(services, other.id, 0, STAND)
    undone = act(services, other.id, 0, TAKE_BACK)
    assert undone["to_act"]["seat"] == 0, "ana's stand is taken back: nobody decided since"
    due = two_players(waiting)
    act(waiting, due.id, 0, HIT)
    with pytest.raises(IllegalAction, match="it is dealer's turn"):
        act(waiting, due.id, 0, TAKE_BACK)


def finished_game(services, seed="audited"):
    created = services.commands.create("dealer", [{"name": "ana"}, {"bot": "cautious"}], seed=seed)
    while (game := services.store.game(created.id)).to_act() is not None:
        act(services, created.id, game.to_act(), HIT if game.state.totals[0] < 15 else STAND)
    assert game.finished
    return created.id


def test_a_finished_game_with_the_dealers_turns_audits_as_verified(services):
    game_id = finished_game(services)
    causes = [stored.cause for stored in services.store.stored_events(game_id)[1:]]
    assert sum(1 for cause in causes if cause.get("rules") == "dealer") >= 4
    assert audit_game(services.store, game_id)["verified"]


def test_a_forged_draw_of_the_dealers_is_caught_by_re_running_its_turn(services):
    lines = list(export_lines(services.store, finished_game(services)))
    number = next(n for n, line in enumerate(lines) if n and json.loads(line)["event"]["type"] == "card_dealt")
    row = json.loads(lines[number])
    forged = 10 if row["event"]["data"]["card"] != 10 else 9
    row["event"]["data"]["card"] = forged
    problem = verify_export(rechained(lines[:number] + [json.dumps(row)] + lines[number + 1:])).problem
    assert problem.check == "events" and problem.step == row["version"]
    assert problem.found["data"]["card"] == forged and problem.expected["data"]["card"] != forged


def test_a_dealers_turn_recorded_where_none_was_due_is_caught(services):
    lines = list(export_lines(services.store, finished_game(services)))
    number = next(n for n, line in enumerate(lines) if n and json.loads(line)["cause"].get("seat") == 0
                  and json.loads(line)["event"]["type"] == "card_asked")
    row = json.loads(lines[number])
    row["cause"] = {"rules": "dealer", "rng": row["cause"]["rng"], "at": row["cause"]["at"]}
    problem = verify_export(rechained(lines[:number] + [json.dumps(row)] + lines[number + 1:])).problem
    assert problem.step == row["version"] and problem.check == "rules" and "it is a seat's" in problem.reason


def test_a_log_cut_where_the_dealers_turn_was_due_does_not_verify_as_a_finished_game(services):
    lines = list(export_lines(services.store, finished_game(services)))
    last_ask = max(n for n, line in enumerate(lines) if n and json.loads(line)["event"]["type"] == "card_asked")
    problem = verify_export(lines[:last_ask + 1]).problem
    assert problem.check == "rules" and "dealer's turn" in problem.reason
    assert problem.step == json.loads(lines[last_ask])["version"] + 1


def test_a_deal_recorded_in_place_of_the_dealers_turn_is_caught(services):
    """Someone with the seed drops a draw they did not like by laying out a table of their choosing."""
    lines = list(export_lines(services.store, finished_game(services)))
    number = next(n for n, line in enumerate(lines) if n and json.loads(line)["cause"].get("rules") == "dealer")
    row = json.loads(lines[number])
    row["cause"] = {"setup": True, "rng": "setup", "at": row["cause"]["at"],
                    "scenario": {"round": 1, "points": [0, 0], "totals": [21, 0], "done": [False, False],
                                 "current": 0, "turn": 2}}
    problem = verify_export(rechained(lines[:number] + [json.dumps(row)] + lines[number + 1:])).problem
    assert problem.step == row["version"] and problem.check == "order" and "a deal in the middle" in problem.reason


def test_a_seats_move_recorded_over_the_dealers_turn_is_refused_by_the_audit(services):
    lines = list(export_lines(services.store, finished_game(services)))
    number = next(n for n, line in enumerate(lines) if n and json.loads(line)["cause"].get("rules") == "dealer")
    row = json.loads(lines[number])
    row["cause"] = {"seat": 0, "action": STAND, "rng": row["cause"]["rng"], "at": row["cause"]["at"]}
    problem = verify_export(rechained(lines[:number] + [json.dumps(row)] + lines[number + 1:])).problem
    assert problem.step == row["version"] and problem.check == "rules" and "dealer's turn" in problem.reason


def test_the_replay_names_the_dealers_turns_as_the_rules_and_explains_them(services):
    game_id = finished_game(services)
    game = services.store.game(game_id)
    steps = services.queries.replay(game_id, None)["steps"]
    dealt = next(step for step in steps if step["type"] == "card_dealt")
    assert dealt["decision"] == {"seat": None, "rules": "dealer", "decided_on": dealt["step"] - 1}
    explained = explain_step(services.store, game, dealt["step"], None)
    assert explained["decision"]["kind"] == "rules" and explained["decision"]["rules"] == "dealer"
    assert explained["rerun"]["same_events"], explained["rerun"]
    with pytest.raises(InvalidRequest, match="the rules played dealer's turn, which no seat decides"):
        what_if(services.store, game, dealt["step"] - 1, STAND, 0)


def test_the_rest_api_shows_the_dealers_turn_and_refuses_a_what_if_about_it_plainly():
    services = build(NO_WORKERS)
    client = create_app(services=services).test_client()
    created = client.post("/api/games", json={"game": "dealer", "seats": [{"name": "ana"}]}).json
    token = created["tokens"][0]["token"]
    moved = client.post(f"/api/games/{created['id']}/actions", json={"action": HIT, "expected_version": 2},
                        headers={"Authorization": f"Bearer {token}"})
    assert moved.status_code == 200 and moved.json["rules_turn"] == "dealer" and moved.json["to_act"] is None
    shown = client.get(f"/api/games/{created['id']}").json
    assert shown["rules_turn"] == "dealer" and shown["status"] == "running"
    refused = client.post(f"/api/games/{created['id']}/actions", json={"action": STAND, "expected_version": 3},
                          headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 403 and "it is dealer's turn, which the rules play" in refused.json["detail"]
    assert services.commands.play_rules_turn(UUID(created["id"]), 3)
    asked = client.post(f"/api/games/{created['id']}/what-if", json={"step": 3, "action": STAND},
                        headers={"Authorization": f"Bearer {token}"})
    assert asked.status_code == 400 and "no seat decides" in asked.json["detail"]
