"""The search bot through REST: a seat may give it a strength (1 to 5, each step doubling its
thinking), the game binds it and shows it, the bot's moves record it, and re-running a move at
that strength from the seat's view gives the recorded one. Other bots and people take none."""

from __future__ import annotations

from domain.bot_moves import bot_rng, view_mac


def create(client, seats, game="chi", seed="strength"):
    return client.post("/api/games", json={"game": game, "seats": seats, "seed": seed})


def test_the_rules_say_which_bots_take_a_strength_and_which_levels(client):
    shown = client.get("/api/rules/chi").json
    assert shown["bot_strengths"] == {"search": [1, 2, 3, 4, 5]}
    assert "greedy" in shown["bots"] and "greedy" not in shown["bot_strengths"]


def test_a_search_bot_at_the_weakest_strength_plays_a_game_and_its_moves_say_so(client, services):
    created = create(client, [{"bot": "search", "strength": 1}, {"bot": "random"}])
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    shown = client.get(f"/api/games/{game_id}").json
    assert shown["status"] == "finished"
    assert shown["seats"][0]["bot"] == "search" and shown["seats"][0]["strength"] == 1
    assert "strength" not in shown["seats"][1]

    moves = [event for event in services.store.stored_events(game_id)[1:]
             if event.cause.get("actor") and event.cause["seat"] == 0]
    assert moves and all(move.cause["actor"]["strength"] == 1 for move in moves)
    rules = services.store.game(game_id).rules
    weakest, default = rules.bots["search"].at_strength(1), rules.bots["search"]
    differs = 0
    for move in {move.cause["rng"]: move for move in reversed(moves)}.values():  # a decision's first event
        version = move.originator_version - 1
        before = services.store.game(game_id, version=version)
        view, legal = rules.view(before.state, 0), rules.legal_actions(before.state, 0)
        assert view_mac(before.seed, view) == move.cause["actor"]["view_mac"]
        assert weakest.choose(view, legal, bot_rng(before.seed, version)) == move.cause["action"]
        differs += default.choose(view, legal, bot_rng(before.seed, version)) != move.cause["action"]
        if differs:
            break
    assert differs, "at its own budget the bot would have chosen otherwise at least once"

    audit = client.get(f"/api/games/{game_id}/audit").json
    assert audit["verified"] and audit["first_problem"] is None, audit


def test_the_strength_is_bound_to_the_game_so_a_fork_keeps_it(client, services):
    game_id = create(client, [{"bot": "search", "strength": 1}, {"bot": "random"}], seed="fork-strength").json["id"]
    stored = services.store.stored_events(game_id)
    ends = [event.originator_version for event, after in zip(stored[1:], stored[2:]) if event.cause != after.cause]
    fork = client.post(f"/api/games/{game_id}/fork?at={ends[-3]}")  # near the end: a few moves left to play
    assert fork.status_code == 201, fork.json
    assert client.get(f"/api/games/{fork.json['id']}").json["seats"][0]["strength"] == 1


def test_a_strength_for_a_bot_without_levels_or_a_person_or_off_the_scale_is_refused(client):
    for seats, field, words in (
        ([{"bot": "greedy", "strength": 3}, {"bot": "random"}], "seats[0].strength",
         "the greedy bot has no strength to choose: only a searching bot does (in Chi: search)"),
        ([{"name": "ana", "strength": 3}, {"bot": "search"}], "seats[0].strength", "a person has no strength"),
        ([{"name": "ana"}, {"bot": "search", "strength": 6}], "seats[1].strength",
         "the search bot's strength is one of 1, 2, 3, 4, 5, not 6"),
        ([{"name": "ana"}, {"bot": "search", "strength": "3"}], "seats[1].strength", "not '3'"),
        ([{"name": "ana"}, {"bot": "search", "strength": True}], "seats[1].strength", "not True"),
    ):
        answer = create(client, seats)
        assert answer.status_code == 400, seats
        problem = answer.json
        assert problem["field"] == field and words in problem["detail"], (seats, problem)
    assert client.get("/api/games").json["games"] == []


def test_a_null_strength_is_the_games_own_budget(client):
    created = create(client, [{"name": "ana"}, {"bot": "search", "strength": None}], seed="null-strength")
    assert created.status_code == 201, created.json
    assert "strength" not in client.get(f"/api/games/{created.json['id']}").json["seats"][1]


def test_a_game_with_a_chosen_strength_moves_to_another_store_and_still_audits(client, services):
    from services.disputes.audit import audit_game, export_lines, import_game
    from services.compose import build

    game_id = create(client, [{"bot": "search", "strength": 1}, {"bot": "random"}], seed="strength-export").json["id"]
    elsewhere = build({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    moved = import_game(elsewhere.store, list(export_lines(services.store, game_id)))
    report = audit_game(elsewhere.store, moved)
    assert report["verified"], report["first_problem"]
    assert elsewhere.store.game(moved).seats[0]["strength"] == 1
