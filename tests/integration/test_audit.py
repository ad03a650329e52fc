"""Provable games: a finished game verifies, and every kind of tampering with its export is caught."""

import json

import pytest

from services.disputes.audit import audit_game, export_lines, import_game, verify_export
from services.compose import build
from services.errors import InvalidRequest, NotFinished
from tests.exports import rechained
from tests.playing import play_to_end


@pytest.fixture
def finished(services):
    created = services.commands.create("chi", [{"bot": "greedy"}, {"bot": "random"}], seed="provable")
    return services, created.id


@pytest.fixture
def lines(finished):
    services, game_id = finished
    return list(export_lines(services.store, game_id))


def edited(lines, number, change):
    """The export with line `number` (1 = header) changed by `change(row)`."""
    out = list(lines)
    row = json.loads(out[number - 1])
    change(row)
    out[number - 1] = json.dumps(row)
    return out


def first_line_with(lines, kind):
    return next(n for n, line in enumerate(lines, start=1) if n > 1 and json.loads(line)["event"]["type"] == kind)


def test_a_finished_game_verifies_from_the_store_and_from_its_export(finished, lines):
    services, game_id = finished
    assert audit_game(services.store, game_id)["verified"]
    report = verify_export(lines)
    assert report.verified and not report.problem


def test_a_running_game_cannot_be_audited_before_its_seed_is_revealed(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="running")
    with pytest.raises(NotFinished):
        audit_game(services.store, created.id)


def test_a_changed_card_breaks_the_chain_at_its_step(lines):
    number = first_line_with(lines, "card_drawn")
    tampered = edited(lines, number, lambda row: row["event"]["data"].update(card="chi-1"))
    problem = verify_export(tampered).problem
    assert problem.check == "chain" and problem.step == json.loads(lines[number - 1])["version"]


def test_a_changed_card_with_the_chain_recomputed_is_caught_by_re_running_the_rules(lines):
    number = first_line_with(lines, "card_drawn")
    tampered = edited(lines, number, lambda row: row["event"]["data"].update(card="chi-1"))
    problem = verify_export(rechained(tampered)).problem
    assert problem.check == "events" and problem.step == json.loads(lines[number - 1])["version"]
    assert problem.found["data"]["card"] == "chi-1" and problem.expected["data"]["card"] != "chi-1"


def with_header_seat(lines, seat, **changes):
    return edited(lines, 1, lambda row: row["header"]["seats"][seat].update(changes))


def first_bot_move(lines, seat):
    return next(n for n, line in enumerate(lines, start=1)
                if n > 1 and json.loads(line)["cause"].get("seat") == seat and "actor" in json.loads(line)["cause"])


def test_every_bot_move_is_re_run_and_the_report_says_so(lines):
    report = verify_export(lines)
    assert report.verified
    assert any("bot moves is the choice of the bot the header seats there" in check for check in report.checks)


def test_a_re_chained_export_that_seats_another_bot_is_caught_at_its_first_move(lines):
    number = first_bot_move(lines, 0)
    problem = verify_export(rechained(with_header_seat(lines, 0, bot="random"))).problem
    assert problem.check == "bot" and problem.step == json.loads(lines[number - 1])["version"]
    assert problem.expected["bot"] == "random" and problem.found["bot"] == "greedy"


def test_a_re_chained_export_whose_bot_moves_also_name_the_other_bot_is_caught_by_re_running_it(lines):
    tampered = with_header_seat(lines, 0, bot="random")
    for number in range(2, len(tampered) + 1):
        if json.loads(tampered[number - 1])["cause"].get("seat") == 0:
            tampered = edited(tampered, number, lambda row: row["cause"].get("actor", {}).update(bot="random"))
    problem = verify_export(rechained(tampered)).problem
    assert problem.check == "bot" and "re-run from its seat's view, chooses another action" in problem.reason


def test_a_re_chained_export_that_seats_a_person_where_a_bot_played_is_caught(lines):
    problem = verify_export(rechained(with_header_seat(lines, 0, bot=None, name="ana"))).problem
    assert problem.check == "bot" and "no bot plays" in problem.reason


def test_a_bot_move_stripped_of_its_record_is_caught(lines):
    number = first_bot_move(lines, 1)
    tampered = edited(lines, number, lambda row: row["cause"].pop("actor"))
    problem = verify_export(rechained(tampered)).problem
    assert problem.check == "bot" and problem.expected == "random" and problem.found is None


@pytest.mark.parametrize("change", [{"bot_version": "0"}, {"strength": 5}, {"view_mac": "0" * 64}], ids=str)
def test_a_bot_move_whose_record_was_changed_is_caught(lines, change):
    number = first_bot_move(lines, 0)
    version = json.loads(lines[number - 1])["version"]
    tampered = lines
    for each in range(number, len(lines) + 1):  # every event of that decision carries the record
        if json.loads(lines[each - 1])["version"] >= version and json.loads(lines[each - 1])["cause"] == \
                json.loads(lines[number - 1])["cause"]:
            tampered = edited(tampered, each, lambda row: row["cause"]["actor"].update(change))
    problem = verify_export(rechained(tampered)).problem
    assert problem.check == "bot" and problem.step == version


def test_a_dropped_event_is_caught(lines):
    tampered = lines[:10] + lines[11:]
    problem = verify_export(tampered).problem
    assert problem.check == "order" and problem.step == json.loads(lines[10])["version"]


def test_two_lines_swapped_are_caught(lines):
    tampered = list(lines)
    tampered[20], tampered[21] = tampered[21], tampered[20]
    assert verify_export(tampered).problem.check == "order"


def test_a_wrong_seed_is_caught(lines):
    tampered = edited(lines, 1, lambda row: row.update(seed="another-seed"))
    assert verify_export(tampered).problem.check == "seed"


def test_a_changed_seat_in_the_header_breaks_the_chain_from_the_first_event(lines):
    tampered = edited(lines, 1, lambda row: row["header"]["seats"][0].update(name="mallory"))
    problem = verify_export(tampered).problem
    assert problem.check == "chain" and problem.step == 2


def test_a_game_under_rules_this_code_does_not_implement_says_so_plainly(lines):
    tampered = edited(lines, 1, lambda row: row["header"].update(rules_version="0"))
    problem = verify_export(tampered).problem
    assert problem.check == "rules" and "cannot re-run" in problem.reason


def test_an_imported_game_is_the_same_game_on_another_server(finished, lines):
    services, game_id = finished
    other = build({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    assert import_game(other.store, lines) == game_id
    moved = other.store.game(game_id)
    assert moved.state == services.store.game(game_id).state and moved.head == services.store.game(game_id).head
    assert audit_game(other.store, game_id)["verified"]
    with pytest.raises(InvalidRequest):
        import_game(other.store, lines)  # already there


def test_a_tampered_export_is_not_imported(lines):
    other = build({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    with pytest.raises(InvalidRequest) as refused:
        import_game(other.store, lines[:10] + lines[11:])
    assert "does not verify" in refused.value.reason


SCENARIO = {
    "hands": [["yang-pink-1", "chi-1"], ["yin-red-1", "yang-blue-1"]],
    "row": ["yang-red-1", "yang-red-2", "yin-blue-1", "chi-2", "yang-gold-1", "yin-gold-1"],
    "areas": [[["yang-orange-1"], ["yang-black-1"], ["yang-white-1"], ["yang-grey-1"], ["yang-brown-1"]], []],
    "to_play": 0,
}


def test_a_scenario_game_is_a_sandbox_everywhere_and_verifies_once_over(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "greedy"}], scenario=SCENARIO)
    game = services.store.game(created.id)
    assert services.queries.table(created.id, None)["sandbox"] is True
    assert game.options["sandbox"] is True
    play_to_end(services, created.id)
    lines = list(export_lines(services.store, created.id))
    assert json.loads(lines[0])["sandbox"] is True and json.loads(lines[0])["header"]["options"]["sandbox"]
    assert verify_export(lines).verified


def test_the_second_player_gets_the_extra_turn_in_a_scenario_as_the_rulebook_says(services):
    # "if this happens on the start player's turn then the second player takes one additional turn"
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], scenario=SCENARIO)
    game = services.store.game(created.id)
    services.commands.act(created.id, 0, {"type": "play_yang", "card": "yang-pink-1"}, game.version)
    game = services.store.game(created.id)
    assert not game.finished and game.to_act() == 1
    legal = game.rules.legal_actions(game.state, 1)
    services.commands.act(created.id, 1, next(a for a in legal if a["type"] == "draw"), game.version)
    assert services.store.game(created.id).finished


def test_a_bad_scenario_is_refused_naming_the_field(services):
    from domain.errors import IllegalAction

    with pytest.raises(IllegalAction) as refused:
        services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}],
                                 scenario={**SCENARIO, "hands": [["yang-red-1"], ["yang-red-1"]]})
    assert refused.value.rule == "chi.scenario" and "scenario.hands" in refused.value.reason


def test_a_fork_starts_a_sandbox_game_from_a_step_of_a_finished_game(finished):
    services, game_id = finished
    stored = services.store.stored_events(game_id)
    # The table after a whole decision (the next event has another cause), at the start of a turn.
    step = next(e.originator_version for e, after in zip(stored[20:], stored[21:])
                if e.cause != after.cause and services.store.game(game_id, version=e.originator_version).state.phase == "action")
    forked = services.commands.fork(game_id, step)
    fork = services.store.game(forked.id, version=forked.version)  # as laid out, before its bots played on
    then = services.store.game(game_id, version=step)
    assert fork.options == {"sandbox": True, "forked_from": {"game": str(game_id), "step": step}}
    assert fork.rules.view(fork.state, None, reveal=True) == then.rules.view(then.state, None, reveal=True)


def test_a_fork_in_the_middle_of_a_decision_is_refused_naming_the_step_it_ends(finished):
    services, game_id = finished
    stored = services.store.stored_events(game_id)
    inside = next(e.originator_version for e, after in zip(stored[20:], stored[21:]) if e.cause == after.cause)
    with pytest.raises(InvalidRequest) as refused:
        services.commands.fork(game_id, inside)
    assert refused.value.field == "at" and "fork at step" in refused.value.reason


def test_a_fork_inside_the_deal_is_refused_as_inside_the_deal_not_a_decision(finished):
    services, game_id = finished
    with pytest.raises(InvalidRequest) as refused:
        services.commands.fork(game_id, 3)
    assert refused.value.reason.startswith("step 3 is inside the deal, which ends at step ")


def test_a_running_game_cannot_be_forked(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"name": "bo"}], seed="no-fork")
    with pytest.raises(NotFinished):
        services.commands.fork(created.id, 3)


@pytest.fixture
def finished_xanadu(services):
    created = services.commands.create("xanadu", [{"bot": "builder"}, {"bot": "random"}, {"bot": "builder"}],
                                       seed="provable-xanadu")
    assert services.store.game(created.id).finished
    return services, created.id


def decision_ends(services, game_id) -> list[int]:
    """The steps that end a decision (the next event has another cause), after the deal."""
    stored = services.store.stored_events(game_id)
    return [e.originator_version for e, after in zip(stored[1:], stored[2:]) if e.cause != after.cause]


def test_a_xanadu_scenario_game_is_a_sandbox_laid_out_as_named_and_verifies_once_over(services):
    from domain.xanadu.scenario import SCENARIO_EXAMPLE

    created = services.commands.create("xanadu", [{"name": "ana"}, {"bot": "builder"}], scenario=SCENARIO_EXAMPLE)
    game = services.store.game(created.id)
    assert game.options["sandbox"] is True and services.queries.table(created.id, None)["sandbox"] is True
    assert game.state.hands[0] == SCENARIO_EXAMPLE["seats"][0]["hand"] and game.state.turn == 31
    assert game.to_act() == 0 and game.state.scores == [19, 27]
    services.commands.act(created.id, 0, {"type": "end_sell"}, game.version)
    game = services.store.game(created.id)
    assert {"type": "build", "card": "summer-palace"} in game.rules.legal_actions(game.state, 0)
    play_to_end(services, created.id)
    lines = list(export_lines(services.store, created.id))
    assert json.loads(lines[0])["sandbox"] is True and verify_export(lines).verified


def test_a_bad_xanadu_scenario_is_refused_naming_the_field(services):
    from domain.errors import IllegalAction

    with pytest.raises(IllegalAction) as refused:
        services.commands.create("xanadu", [{"name": "ana"}, {"name": "bo"}, {"name": "cy"}],
                                 scenario={"seats": [{"hand": ["mint"]}, {"hand": ["mint"]}, {}]})
    assert refused.value.rule == "xanadu.scenario" and refused.value.reason.startswith("scenario.seats[1].hand: ")


def test_a_finished_xanadu_game_forks_at_the_start_of_a_turn_but_not_in_the_middle_of_one(finished_xanadu):
    from domain.errors import IllegalAction

    services, game_id = finished_xanadu
    ends = decision_ends(services, game_id)
    starts = [step for step in ends if services.store.game(game_id, version=step).state.phase == "sell"
              and not services.store.game(game_id, version=step).state.plan["steps"]
              and not services.store.game(game_id, version=step).state.plan["sold"]]
    step = starts[len(starts) // 2]
    forked = services.commands.fork(game_id, step)
    fork = services.store.game(forked.id, version=forked.version)  # as laid out, before its bots played on
    then = services.store.game(game_id, version=step)
    assert fork.options == {"sandbox": True, "forked_from": {"game": str(game_id), "step": step},
                            "edition": then.options["edition"]}
    assert fork.state == then.state
    assert fork.rules.view(fork.state, None, reveal=True) == then.rules.view(then.state, None, reveal=True)
    assert services.store.game(forked.id).finished, "its bots played it on to the end"
    mid_turn = next(s for s in ends if services.store.game(game_id, version=s).state.phase in ("build", "workers"))
    with pytest.raises(IllegalAction) as refused:
        services.commands.fork(game_id, mid_turn)
    assert refused.value.rule == "xanadu.scenario" and "a fork must start at the beginning of a turn" in refused.value.reason
