"""Clocks over REST: set at creation, shown with every view as the decision's deadline, and the
order of a player's inbox."""

from __future__ import annotations

import pytest

from tests.api.test_games_api import PROBLEM, bearer, create
from tests.api.test_players_api import register, two_players_game
from tests.clocks import FakeClock


@pytest.fixture
def clock(services):
    services.commands.clock = FakeClock()
    return services.commands.clock


def create_with_clock(client, clock_setting, seats=None, seed="clock-api"):
    body = {"game": "chi", "seats": seats or [{"name": "ana"}, {"name": "bo"}], "seed": seed, "clock": clock_setting}
    return client.post("/api/games", json=body)


def test_a_game_with_a_clock_shows_its_setting_and_the_deadline_of_the_decision_at_hand(client, clock):
    answer = create_with_clock(client, {"per_decision": "PT6H", "on_timeout": "bot"})
    assert answer.status_code == 201, answer.json
    game = client.get(f"/api/games/{answer.json['id']}").json
    assert game["clock"] == {"per_decision": "PT6H", "on_timeout": "bot", "bot": "greedy"}
    assert game["deadline"] == "2026-11-23T15:00:00Z"
    assert client.get("/api/games").json["games"][0]["deadline"] == "2026-11-23T15:00:00Z"
    untimed = create(client)
    assert client.get(f"/api/games/{untimed['id']}").json["deadline"] is None


def test_a_clock_that_cannot_be_is_answered_400_naming_the_field(client):
    answer = create_with_clock(client, {"per_decision": "tomorrow"})
    assert answer.status_code == 400 and answer.content_type == PROBLEM
    assert answer.json["field"] == "clock.per_decision" and "ISO 8601" in answer.json["detail"]
    assert client.get("/api/games").json["games"] == []


def test_a_duration_in_other_digits_is_refused_and_one_with_a_fraction_is_shown_canonical(client, clock):
    refused = create_with_clock(client, {"per_decision": "PT\u0661\u0660S"})
    assert refused.status_code == 400 and refused.json["field"] == "clock.per_decision"
    answer = create_with_clock(client, {"per_decision": "PT0.25H"})
    assert answer.status_code == 201, answer.json
    assert client.get(f"/api/games/{answer.json['id']}").json["clock"]["per_decision"] == "PT15M"


def test_the_inbox_puts_the_nearest_deadline_first(client, clock, caught_up):
    ana, bo = register(client, "ana"), register(client, "bo")
    waiting_on_ana = []
    for number, per_decision in enumerate(["P2D", "PT1H", "P1D", "PT3H", "P3D", "PT2H"]):
        clock.advance(minutes=1)
        created = two_players_game(client, ana, bo, seed=f"urgent-{number}", clock={"per_decision": per_decision})
        game = client.get(f"/api/games/{created['id']}").json
        if game["to_act"]["name"] == "bo":  # bo moves at once, and the decision comes to ana
            action = client.get(f"/api/games/{created['id']}/actions", headers=bearer(bo["key"])).json["actions"][0]
            client.post(f"/api/games/{created['id']}/actions", headers=bearer(bo["key"]),
                        json={"action": action, "expected_version": game["version"]})
            game = client.get(f"/api/games/{created['id']}").json
        if game["to_act"]["name"] == "ana":
            waiting_on_ana.append((game["deadline"], created["id"]))
    assert len(waiting_on_ana) >= 4
    caught_up()
    inbox = client.get("/api/players/me/games", headers=bearer(ana["key"])).json["games"]
    mine = [(game["deadline"], game["id"]) for game in inbox if game["your_decision"]]
    assert mine == sorted(waiting_on_ana)
