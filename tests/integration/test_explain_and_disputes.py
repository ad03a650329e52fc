"""Explaining a step, and disputes on the record: answered at once, never editing the game."""

import pytest

from services.disputes.disputes import file_dispute, whole_record
from services.errors import InvalidRequest
from services.log.explain import DECISION_CHUNK, decision_of, explain_step, table_diff
from tests.playing import play_to_end


def first_person_move(services, created):
    """Make the first move of the game; returns (version decided on, seat, action)."""
    game = services.store.game(created.id)
    seat = game.to_act()
    action = game.rules.legal_actions(game.state, seat)[0]
    services.commands.act(created.id, seat, action, game.version)
    return game.version, seat, action


def test_a_step_is_explained_with_the_choice_the_seat_had_and_the_rules_that_acted(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="explain")
    version, seat, action = first_person_move(services, created)
    game = services.store.game(created.id)
    told = explain_step(services.store, game, version + 1, seat)
    assert told["decision"]["action"] == action
    assert action in told["decision"]["legal_actions"] and len(told["decision"]["legal_actions"]) > 1
    assert told["rules"][0]["id"].startswith("chi.") and told["rules"][0]["text"]
    assert told["rerun"]["same_events"] is True
    assert told["changes"], "the table did not change"


def test_another_seat_is_not_shown_what_the_acting_seat_could_have_played(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="explain-hidden")
    version, seat, _ = first_person_move(services, created)
    told = explain_step(services.store, services.store.game(created.id), version + 1, 1 - seat)
    assert "legal_actions" not in told["decision"] and "action" not in told["decision"]
    assert told["decision"]["hidden"] == ["legal_actions", "action"]


def test_the_table_diff_names_the_places_that_changed_and_compares_cards_whole():
    before = {"row": [{"id": "a", "kind": "yin"}, None], "deck_count": 40}
    after = {"row": [None, {"id": "a", "kind": "yin"}], "deck_count": 39}
    assert table_diff(before, after) == [
        {"path": "deck_count", "before": 40, "after": 39},
        {"path": "row[0]", "before": {"id": "a", "kind": "yin"}, "after": None},
        {"path": "row[1]", "before": None, "after": {"id": "a", "kind": "yin"}},
    ]


def test_a_dispute_is_recorded_with_the_engines_answer_and_the_game_is_unchanged(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="dispute")
    version, seat, _ = first_person_move(services, created)
    before = services.store.game(created.id).version
    dispute = file_dispute(services.store, created.id, 1 - seat, version + 1, "that draw should not have been allowed")
    assert dispute["number"] == 1 and dispute["answer"]["rerun"]["same_events"]
    assert services.store.game(created.id).version == before
    listed = whole_record(services.store, created.id, 1 - seat)["disputes"]
    assert [d["claim"] for d in listed] == ["that draw should not have been allowed"]
    step = services.queries.replay_step(created.id, version + 1, created.tokens[1 - seat]["token"])
    assert [d["number"] for d in step["disputes"]] == [1]
    assert services.queries.replay(created.id, None)["steps"][version]["disputes"] == [1]


def test_a_dispute_about_a_step_that_does_not_exist_is_refused(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="no-step")
    with pytest.raises(InvalidRequest) as refused:
        file_dispute(services.store, created.id, 0, 999, "it never happened")
    assert refused.value.field == "step"
    with pytest.raises(InvalidRequest):
        file_dispute(services.store, created.id, 0, 2, "   ")


def test_a_seats_dispute_answer_is_shown_to_the_other_seat_without_the_first_seats_hand(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="dispute-secret")
    version, seat, _ = first_person_move(services, created)
    file_dispute(services.store, created.id, seat, version + 1, "I meant another card")
    mine = whole_record(services.store, created.id, seat)["disputes"][0]["answer"]["decision"]
    theirs = whole_record(services.store, created.id, 1 - seat)["disputes"][0]["answer"]["decision"]
    assert "legal_actions" in mine and "legal_actions" not in theirs


def test_once_the_game_is_over_every_dispute_shows_the_whole_account(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="dispute-end")
    version, seat, _ = first_person_move(services, created)
    file_dispute(services.store, created.id, seat, version + 1, "check this")
    play_to_end(services, created.id)
    assert "legal_actions" in whole_record(services.store, created.id, None)["disputes"][0]["answer"]["decision"]


def test_a_steps_decision_is_found_reading_its_events_and_a_few_more_early_or_late_in_a_long_game(
        services, monkeypatch):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="long-explain")
    while (game := services.store.game(created.id)).version < 400:  # draw and discard: the game goes on
        seat = game.to_act()
        legal = game.rules.legal_actions(game.state, seat)
        services.commands.act(created.id, seat, next(a for a in legal if a["type"] in ("draw", "discard")),
                              game.version)
    read = []
    stored_events = services.store.stored_events

    def counted(game_id, gt=None, lte=None):
        events = stored_events(game_id, gt=gt, lte=lte)
        read.append(len(events))
        return events

    monkeypatch.setattr(services.store, "stored_events", counted)
    for step in (3, 10, 200, game.version - 1, game.version):
        read.clear()
        decided_on, cause, events = decision_of(services.store, game, step)
        assert decided_on < step <= events[-1].originator_version and all(e.cause == cause for e in events)
        assert sum(read) <= 1 + len(events) + DECISION_CHUNK, (step, read)
