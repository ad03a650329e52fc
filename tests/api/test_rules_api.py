"""GET /api/rules/{game}: every game's public rules (seats, bots, rule index), and Xi's cards and
named decks as a table script draws them; an unknown game is a 404 problem naming it."""

import pytest

from domain import registry
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from tests.api.test_games_api import PROBLEM


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_every_game_answers_its_title_seats_bots_and_rule_index(client, game):
    rules = registry.get(game)
    answer = client.get(f"/api/rules/{game}")
    assert answer.status_code == 200, answer.json
    shown = answer.json
    assert (shown["game"], shown["title"], shown["version"]) == (game, rules.title, rules.version)
    assert shown["seats"] == {"min": rules.seats[0], "max": rules.seats[1]}
    assert shown["bots"] == sorted(rules.bots)
    assert [rule["id"] for rule in shown["rules"]] == list(rules.rulebook)
    assert all(rule["section"] and rule["text"] for rule in shown["rules"])


def test_xis_cards_are_the_catalogue_as_printed_flood_with_its_cost(client):
    shown = client.get("/api/rules/xi").json
    cards = {card["id"]: card for card in shown["cards"]}
    assert list(cards) == list(CARDS)
    flood = CARDS["flood"]
    assert cards["flood"]["name"] == "Flood" and cards["flood"]["cost"] == {flood.cost_unit: flood.cost}
    assert cards["flood"]["statement"] == flood.statement
    assert all({"id", "name", "kind", "type", "cost", "text"} <= set(card) for card in cards.values())


def test_xis_named_decks_list_their_card_ids(client):
    decks = client.get("/api/rules/xi").json["decks"]
    assert [deck["name"] for deck in decks] == list(NAMED)
    for deck in decks:
        assert deck["cards"] == list(NAMED[deck["name"]]) and set(deck["cards"]) <= set(CARDS)


def test_games_without_cards_or_named_decks_answer_neither(client):
    shown = client.get("/api/rules/chi").json
    assert "cards" not in shown and "decks" not in shown


def test_the_rules_are_the_same_for_anyone_asking(client):
    created = client.post("/api/games", json={"game": "xi", "seats": [{"name": "ana"}, {"bot": "random"}]}).json
    seated = client.get("/api/rules/xi", headers={"Authorization": f"Bearer {created['tokens'][0]['token']}"})
    assert seated.json == client.get("/api/rules/xi").json


@pytest.mark.parametrize("game", ["nope", "XI", "x i", "é"])
def test_an_unknown_game_is_a_404_problem_naming_it(client, game):
    answer = client.get(f"/api/rules/{game}")
    assert answer.status_code == 404 and answer.content_type == PROBLEM
    assert answer.json["field"] == "game" and repr(game) in answer.json["detail"] and "xi" in answer.json["detail"]
