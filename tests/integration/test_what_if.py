"""What if: the engine answers a counterfactual, with the game's own random stream, and keeps the answer."""

import pytest

from domain.chi.cards import ALL_IDS, KIND, YANG
from services.disputes.dispute_log import MAX_WHAT_IFS
from services.disputes.disputes import record_what_if, whole_record
from services.errors import Forbidden, InvalidRequest, LimitReached
from services.log.explain import decision_of
from services.disputes.what_if import what_if
from tests.playing import play_to_end

PEOPLE = [{"name": "ana"}, {"name": "bo"}]


def finished_chi(services, seed="what-if"):
    created = services.commands.create("chi", PEOPLE, seed=seed)
    play_to_end(services, created.id, seed=seed)
    return services.store.game(created.id)


def decision_steps(services, game):
    """Each step a decision was taken on, with its seat and the action taken: step -> (seat, action)."""
    steps, step = {}, 2
    while step <= game.version:
        decided_on, cause, events = decision_of(services.store, game, step)
        if not cause.get("setup"):
            steps[decided_on] = (cause["seat"], cause["action"])
        step = events[-1].originator_version + 1
    return steps


def test_another_legal_draw_shows_the_card_the_seat_would_have_drawn_and_the_table_after(services):
    game = finished_chi(services)
    step, (seat, taken) = next((step, taken) for step, taken in decision_steps(services, game).items()
                               if taken[1]["type"] == "draw")
    other = next(action for action in services.store.game(game.id, version=step).rules.legal_actions(
        services.store.game(game.id, version=step).state, seat) if action["type"] == "draw" and action != taken)
    row_then = game.rules.view(services.store.game(game.id, version=step).state, None, reveal=True)["row"]
    answer = what_if(services.store, game, step, other, None)
    assert answer["legal"] and not answer["same_as_taken"] and answer["taken"] == taken
    drawn = answer["events"][0]
    assert drawn["type"] == "card_drawn" and drawn["data"]["card"] == row_then[other["slot"]]["id"]
    assert drawn["description"].startswith("ana draws") or drawn["description"].startswith("bo draws")
    assert row_then[other["slot"]] in answer["table"]["hands"][seat]
    assert answer["to_act"]["seat"] == 1 - seat and answer["fork"] == {"at": step}


def test_asking_about_the_action_that_was_taken_gives_exactly_the_events_the_log_holds(services):
    game = finished_chi(services, "what-if-same")
    for step, (seat, taken) in list(decision_steps(services, game).items())[:12]:
        answer = what_if(services.store, game, step, taken, None)
        _, _, recorded = decision_of(services.store, game, step + 1)
        assert answer["same_as_taken"] and [event["type"] for event in answer["events"]] == [
            stored.domain_event["type"] for stored in recorded]
        assert [event["data"] for event in answer["events"]] == [
            {**stored.domain_event["data"], **stored.domain_event["private"], **stored.domain_event["secret"]}
            for stored in recorded]


def test_an_action_the_rules_refuse_is_answered_with_the_rule_and_the_reason_in_plain_words(services):
    game = finished_chi(services, "what-if-illegal")
    step, (seat, _) = next(iter(decision_steps(services, game).items()))
    then = services.store.game(game.id, version=step)
    held = set(then.state.hands[seat])
    not_held = next(card for card in ALL_IDS if KIND[card] == YANG and card not in held)
    answer = what_if(services.store, game, step, {"type": "play_yang", "card": not_held}, None)
    assert answer["legal"] is False and "events" not in answer and "table" not in answer
    assert answer["refused"]["rule"]["id"].startswith("chi.") and answer["refused"]["rule"]["text"]
    assert not_held in answer["refused"]["reason"]


@pytest.mark.parametrize("step, says", [(0, "there is no step 0"), ("7", "there is no step 7")])
def test_a_step_that_is_not_one_is_refused(services, step, says):
    game = finished_chi(services, "what-if-steps")
    with pytest.raises(InvalidRequest, match=says) as refused:
        what_if(services.store, game, step, {"type": "pass"}, None)
    assert refused.value.field == "step"


def refusal(services, game, step) -> str:
    with pytest.raises(InvalidRequest) as refused:
        what_if(services.store, game, step, {"type": "pass"}, None)
    assert refused.value.field == "step"
    return refused.value.reason


def test_the_creation_and_the_deal_are_refused_as_no_seats_decision_pointing_where_play_starts(services):
    game = finished_chi(services, "what-if-deal")
    first = min(decision_steps(services, game))
    assert refusal(services, game, 1).startswith("no seat decided on step 1: it is the game's creation")
    for step in range(2, first):
        said = refusal(services, game, step)
        assert said.startswith(f"no seat decided on step {step}: it is part of the deal (steps 2 to {first} ")
        assert f"play starts on step {first}: ask about it" in said
    assert what_if(services.store, game, first, {"type": "pass"}, None)["step"] == first, "where it points is askable"


def test_a_step_inside_a_seats_decision_names_the_seat_and_the_step_it_was_taken_on(services):
    game = finished_chi(services, "what-if-inside")
    decided_on, (seat, _) = next((step, taken) for step, taken in decision_steps(services, game).items()
                                 if len(decision_of(services.store, game, step + 1)[2]) > 1)
    name = game.seats[seat]["name"]
    assert refusal(services, game, decided_on + 1) == (
        f"step {decided_on + 1} is inside {name}'s decision, taken on step {decided_on}: ask about step {decided_on}")
    assert what_if(services.store, game, decided_on, {"type": "pass"}, None)["step"] == decided_on


def test_the_last_step_of_a_finished_game_took_no_decision(services):
    game = finished_chi(services, "what-if-last")
    with pytest.raises(InvalidRequest, match="the game ended there"):
        what_if(services.store, game, game.version, {"type": "pass"}, None)


def test_an_action_that_is_not_an_object_with_a_type_is_refused(services):
    game = finished_chi(services, "what-if-shape")
    with pytest.raises(InvalidRequest) as refused:
        what_if(services.store, game, 7, ["draw"], None)
    assert refused.value.field == "action"


def running_game_after_moves(services, seed, moves):
    created = services.commands.create("chi", PEOPLE, seed=seed)
    for _ in range(moves):
        game = services.store.game(created.id)
        seat = game.to_act()
        services.commands.act(created.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    return services.store.game(created.id)


def test_in_a_running_game_only_the_seat_that_decided_may_ask_and_a_draw_is_withheld(services):
    game = running_game_after_moves(services, "what-if-running", 3)
    step, (seat, taken) = next(iter(decision_steps(services, game).items()))
    for asker, says in ((None, "a spectator may ask what-ifs once it is over"), (1 - seat, f"seat {seat}'s decision")):
        with pytest.raises(Forbidden, match=says):
            what_if(services.store, game, step, taken, asker)
    other = next(a for a in game.rules.legal_actions(services.store.game(game.id, version=step).state, seat)
                 if a["type"] == "draw" and a != taken)
    answer = what_if(services.store, game, step, other, seat)
    assert answer["legal"] and "the game ends" in answer["withheld"]
    assert "events" not in answer and "table" not in answer, "the card under the row would show"
    with pytest.raises(InvalidRequest, match="still to be taken"):
        what_if(services.store, game, game.version, other, game.to_act())


def test_in_a_running_game_a_yang_played_instead_is_shown_as_the_seat_sees_it(services):
    for number in range(40):  # a deal where the first decision could play a Yang
        created = services.commands.create("chi", PEOPLE, seed=f"what-if-yang-{number}")
        game = services.store.game(created.id)
        seat = game.to_act()
        yang = [a for a in game.rules.legal_actions(game.state, seat) if a["type"] == "play_yang"]
        if yang:
            break
    draw = next(a for a in game.rules.legal_actions(game.state, seat) if a["type"] == "draw")
    step = game.version
    services.commands.act(created.id, seat, draw, step)
    answer = what_if(services.store, services.store.game(created.id), step, yang[0], seat)
    assert answer["legal"] and "withheld" not in answer
    assert answer["events"][0]["type"] == "yang_played"
    table = answer["table"]
    assert table["viewer"] == seat and "hands" not in table, "no other hand is shown"
    assert yang[0]["card"] not in [card["id"] for card in table["hand"]], "the Yang left the seat's own hand"
    assert "fork" not in answer, "a running game is not forked"


def test_what_ifs_are_kept_with_the_disputes_once_per_question_and_shown_as_the_asker_may_see_them(services):
    game = running_game_after_moves(services, "what-if-kept", 3)
    step, (seat, taken) = next(iter(decision_steps(services, game).items()))
    first = record_what_if(services.store, game.id, what_if(services.store, game, step, taken, seat))
    again = record_what_if(services.store, game.id, what_if(services.store, game, step, taken, seat))
    assert first["number"] == again["number"] == 1 and first["asked_by"] == seat
    assert services.store.game(game.id).version == game.version, "the game's log is untouched"
    assert whole_record(services.store, game.id, seat)["what_ifs"] == [first]
    assert whole_record(services.store, game.id, 1 - seat)["what_ifs"] == [] and whole_record(services.store, game.id, None)["what_ifs"] == []
    play_to_end(services, game.id, seed="what-if-kept")
    assert whole_record(services.store, game.id, None)["what_ifs"] == [first], "once over, everyone reads the record"


def test_the_record_keeps_a_bounded_number_of_what_ifs_per_asker(services, monkeypatch):
    monkeypatch.setattr("services.disputes.dispute_log.MAX_WHAT_IFS", 2)
    game = finished_chi(services, "what-if-bound")
    steps = list(decision_steps(services, game).items())
    for step, (_, taken) in steps[:2]:
        record_what_if(services.store, game.id, what_if(services.store, game, step, taken, None))
    step, (_, taken) = steps[2]
    with pytest.raises(LimitReached, match="at most 2 different what-ifs") as refused:
        record_what_if(services.store, game.id, what_if(services.store, game, step, taken, None))
    assert refused.value.limit == 2 and refused.value.field == "action"
    assert record_what_if(services.store, game.id, what_if(services.store, game, steps[0][0], steps[0][1][1], None))
    assert MAX_WHAT_IFS >= 100


def test_a_spectator_of_a_running_game_is_refused_before_anything_about_the_step_is_said(services):
    created = services.commands.create("chi", PEOPLE, seed="what-if-delay", spectator_delay=10)
    for _ in range(6):
        game = services.store.game(created.id)
        seat = game.to_act()
        services.commands.act(created.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
    game = services.store.game(created.id)
    said = set()
    for step in (3, game.version - 1, game.version, game.version + 5, "x"):
        with pytest.raises(Forbidden) as refused:
            what_if(services.store, game, step, {"type": "pass"}, None)
        said.add(refused.value.reason)
    assert len(said) == 1, "the same answer whatever the step: nothing of the game past the delay shows"
    assert not any(character.isdigit() for character in said.pop())


def test_an_action_too_large_to_be_any_games_is_refused_and_not_kept(services):
    game = finished_chi(services, "what-if-large")
    step = next(iter(decision_steps(services, game)))
    with pytest.raises(InvalidRequest, match="at most 1024 bytes") as refused:
        what_if(services.store, game, step, {"type": "draw", "slot": 1, "note": "y" * 2000}, None)
    assert refused.value.field == "action" and whole_record(services.store, game.id, None)["what_ifs"] == []


def test_a_what_if_withheld_while_the_game_ran_is_answered_whole_when_asked_again_after_the_end(services):
    game = running_game_after_moves(services, "what-if-withheld", 3)
    step, (seat, taken) = next(iter(decision_steps(services, game).items()))
    other = next(a for a in game.rules.legal_actions(services.store.game(game.id, version=step).state, seat)
                 if a["type"] == "draw" and a != taken)
    during = record_what_if(services.store, game.id, what_if(services.store, game, step, other, seat))
    assert "withheld" in during
    services.commands.act(game.id, 1 - services.store.game(game.id).to_act(), {"type": "resign"},
                          services.store.game(game.id).version)
    ended = services.store.game(game.id)
    assert ended.finished
    after = record_what_if(services.store, game.id, what_if(services.store, ended, step, other, seat))
    assert "withheld" not in after and after["events"] and after["number"] == 2
    assert [kept["number"] for kept in whole_record(services.store, game.id, None)["what_ifs"]] == [1, 2]
