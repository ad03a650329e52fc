"""The analysis of a game still running (a sandbox game, a game between bots) tells a reader nothing
of another seat's hidden hand: what it plans, counts, streams and answers depends only on the
public log, whether a rival's decision was forced by its hand or taken with a choice.

Two Xi Cards tables differ only in bob's hidden cards: in one his hand holds Dispel (he may answer
ana's Flame Lick, and passes by hand), in the other a Pearl Diver and Dispel in his deck (he cannot
answer: his standing rule passes for him). ana's view is the same on both, and so must be every
part of the analysis she or a spectator may read."""

from __future__ import annotations

from uuid import UUID

import pytest

from domain import analysis as engine
from services.analysis import analyses
from services.analysis.runs import ring
from tests.api.test_streams import Script, read

FLAME_LICK = {"type": "play", "card": "flame-lick", "target": "u1"}
PASS = {"type": "pass"}
CAN_ANSWER = (["dispel"], ["pearl-diver"])  # bob's hand, bob's deck
CANNOT_ANSWER = (["pearl-diver"], ["dispel"])


def xi_table(hand: list[str], deck: list[str]) -> dict:
    """ana's turn, her Flame Lick in hand and bob's Crocodile in play; bob has 2 pT and one card."""
    return {"turn": 5, "active": 0, "first": 0,
            "players": [{"life": 20, "t": 10, "hand": ["flame-lick", "ember-imp"], "deck": ["ember-spark", "scorch"],
                         "deck_list": "ember"},
                        {"life": 20, "pt": 2, "hand": hand, "deck": deck, "deck_list": "aqua"}],
            "units": [{"card": "crocodile-of-gree", "controller": 1}]}


def played_table(client, services, bob_cards) -> tuple[UUID, dict, dict]:
    """The sandbox game after ana's Flame Lick and bob's pass (by hand, or by his standing rule when
    he had nothing to answer with), then ana's draw, which his standing rule lets through on both
    tables (Dispel answers no draw); still running. Its id, ana's header and bob's."""
    created = client.post("/api/games", json={"game": "xi", "seats": [{"name": "ana"}, {"name": "bob"}],
                                              "scenario": xi_table(*bob_cards), "seed": "hidden-hands"})
    assert created.status_code == 201, created.json
    game_id = UUID(created.json["id"])
    ana, bob = ({"Authorization": f"Bearer {each['token']}"} for each in sorted(created.json["tokens"],
                                                                            key=lambda each: each["seat"]))
    services.commands.act(game_id, 0, FLAME_LICK, services.store.game(game_id).version)
    game = services.store.game(game_id)
    if game.to_act() == 1:  # bob holds an answer: the window waits for him
        assert game.rules.legal_actions(game.state, 1) == [PASS, {"type": "play", "card": "dispel"}]
        services.commands.act(game_id, 1, PASS, game.version)
    game = services.store.game(game_id)
    assert game.to_act() == 0
    services.commands.act(game_id, 0, {"type": "draw"}, game.version)
    assert not services.store.game(game_id).finished
    return game_id, ana, bob


def public_parts(answer: dict) -> dict:
    """An analysis answer without the game's id (the tables are two games)."""
    return {key: value for key, value in answer.items() if key != "game_id"}


@pytest.fixture
def one_seed(monkeypatch):
    """Both games' analyses on the same seed (it derives from the game's id): the only difference
    between the tables is then bob's hand."""
    monkeypatch.setattr(engine, "analysis_seed", lambda game_id, version=engine.ANALYSIS_VERSION: "one-seed")


def test_a_running_games_analysis_is_the_same_for_two_tables_that_differ_only_in_a_rivals_hidden_hand(
        client, app, services, one_seed):
    seen = []
    for bob_cards in (CAN_ANSWER, CANNOT_ANSWER):
        game_id, ana, bob = played_table(client, services, bob_cards)
        asked, _ = analyses.request(services.store, game_id, 1)  # computed below, a decision at a time
        queued = {reader: public_parts(client.get(f"/api/games/{game_id}/analysis", headers=headers).json)
                  for reader, headers in (("spectator", {}), ("ana", ana))}
        steps = [lambda step=step: analyses.analyse(services.store, game_id, 1, [step],
                                                    lambda saved: ring(services, saved)) for step in asked.steps]
        answer, messages = read(client, app, f"/api/games/{game_id}/stream", Script(steps, lifetime=30.0), ana)
        assert answer.status_code == 200
        told = [data for event, _, data in messages if event == "analysis"]
        assert told[-1]["status"] == "done"
        done = {reader: public_parts(client.get(f"/api/games/{game_id}/analysis", headers=headers).json)
                for reader, headers in (("spectator", {}), ("ana", ana))}
        assert done["ana"]["decisions"] and {entry["seat"] for entry in done["ana"]["decisions"]} == {0}
        assert done["spectator"]["decisions"] == [] and done["spectator"]["chart"] == []
        assert [message["progress"] for message in told] == [0.0, 0.25, 0.5, 0.75, 1.0], told
        assert (done["spectator"]["withheld"], done["ana"]["withheld"]) == (4, 2), "bob's two answers, forced or not"
        bobs = client.get(f"/api/games/{game_id}/analysis", headers=bob).json["decisions"]
        seen.append({"steps": asked.steps, "queued": queued, "told": told, "done": done, "bob's": bobs})
    can, cannot = seen
    # bob sees his own entries: the pass he chose is judged, the one his hand forced is passed over.
    assert [entry["played"] for entry in can["bob's"]] == [PASS] and cannot["bob's"] == []
    assert can["steps"] == cannot["steps"], "the decisions planned are the public log's"
    assert can["queued"] == cannot["queued"]
    assert can["told"] == cannot["told"], "the stream's analysis messages"
    assert can["done"] == cannot["done"], "the answers to ana and to a spectator"
