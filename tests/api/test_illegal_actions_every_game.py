"""The trusted path (Game.decide_trusted) skips re-checking an action the rules listed themselves;
nothing a client sends may reach it. In every game, played over the API, each action the rules
refuse at that table (the checked `decide` is the judge) is refused over REST too, and changes
nothing: a changed card, a number out of range, another type's fields, a stale action, a rival's
action, and anything else the mutations below make."""

from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import pytest

from domain import registry
from domain.errors import RulesError
from domain.rng import Rng
from tests.api.test_games_api import bearer

STEPS = 16  # decisions played per game, each probed with the illegal actions made from its table
PROBES = 5  # illegal actions sent per decision
TABLES = [(name, seats) for name, rules in registry.GAMES.items()
          for seats in sorted({rules.seats[0], min(rules.seats[1], 4)})]


def mutants(action: dict[str, Any], others: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Actions near a legal one: each field given a value out of range, of another kind, or another
    legal action's; a field dropped or added; the type swapped."""
    for key, value in action.items():
        if key == "type":
            continue
        for changed in strange_values(value, [other[key] for other in others if key in other]):
            yield {**action, key: changed}
        yield {name: field for name, field in action.items() if name != key}
    yield {**action, "extra": 1}
    for other in others:
        if other["type"] != action["type"]:
            yield {**action, "type": other["type"]}


def strange_values(value: Any, seen: list[Any]) -> Iterator[Any]:
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, value - 1, -1, 10_000, str(value))
    elif isinstance(value, str):
        yield from (value + "x", "", 0)
    elif isinstance(value, list):
        yield from ([], value + value[:1], list(reversed(value)), [None])
    elif isinstance(value, dict):
        yield from ({}, {**value, "extra": 1})
    elif value is None:
        yield 0
    yield from seen


def refused_by_the_rules(rules, state, seat: int, action: dict[str, Any]) -> bool:
    try:
        rules.decide(copy.deepcopy(state), seat, action, Rng("judge"))
    except RulesError:
        return True
    except Exception:  # noqa: BLE001 - a malformed action: the API's form check must refuse it first
        return True
    return False


@pytest.mark.parametrize("name, seats", TABLES, ids=[f"{name}-{seats}" for name, seats in TABLES])
def test_every_action_the_rules_refuse_is_refused_over_the_api_and_changes_nothing(client, services, name, seats):
    created = client.post("/api/games", json={"game": name, "seed": f"illegal-{name}-{seats}",
                                              "seats": [{"name": f"p{n}"} for n in range(seats)]})
    assert created.status_code == 201, created.json
    game_id, tokens = created.json["id"], {t["seat"]: t["token"] for t in created.json["tokens"]}
    chooser, sent, stale = random.Random(f"{name}-{seats}"), 0, []
    for _ in range(STEPS):
        game = services.store.game(game_id)
        seat = game.to_act()
        if seat is None:
            break
        legal = client.get(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat])).json["actions"]
        candidates = [mutant for action in legal for mutant in mutants(action, legal)] + stale
        for rival, token in tokens.items():
            if rival != seat:
                candidates += game.rules.legal_actions(game.state, rival)
        chooser.shuffle(candidates)
        probed = 0
        for action in candidates:
            if probed == PROBES:
                break
            if not refused_by_the_rules(game.rules, game.state, seat, action):
                continue
            probed += 1
            answer = client.post(f"/api/games/{game_id}/actions", json={"action": action,
                                 "expected_version": game.version}, headers=bearer(tokens[seat]))
            assert answer.status_code in (400, 422), (action, answer.status_code, answer.json)
            assert answer.json["detail"], action
            assert services.store.game(game_id).version == game.version, action
        sent += probed
        stale = legal
        played = client.post(f"/api/games/{game_id}/actions", json={"action": chooser.choice(legal),
                             "expected_version": game.version}, headers=bearer(tokens[seat]))
        assert played.status_code == 200, played.json
    assert sent >= STEPS, f"only {sent} illegal actions were found to send"
