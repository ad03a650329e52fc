"""Court sandbox games through the service: a game from a scenario plays and verifies, and a
finished game forks at any decision into a game whose table is the one at that step."""

import pytest

from domain.court.scenario import SCENARIO_EXAMPLE
from domain.errors import IllegalAction
from services.disputes.audit import audit_game, export_lines, verify_export
from tests.playing import play_to_end


def decision_ends(services, game_id) -> list[int]:
    """The steps at which a decision (or the deal) ends: the next event has another cause."""
    stored = services.store.stored_events(game_id)
    return [event.originator_version for event, after in zip(stored[1:], stored[2:]) if event.cause != after.cause]


def test_a_court_game_from_a_scenario_is_a_sandbox_that_plays_to_the_end_and_verifies(services):
    created = services.commands.create("court", [{"name": "ana"}], seed="court-sandbox", scenario=SCENARIO_EXAMPLE)
    game = services.store.game(created.id)
    assert game.options == {"sandbox": True} and services.queries.table(created.id, None)["sandbox"] is True
    assert game.state.row == SCENARIO_EXAMPLE["row"] and game.state.turn == 9 and game.to_act() == 0
    play_to_end(services, created.id, seed="court-sandbox")
    assert services.store.game(created.id).finished
    assert audit_game(services.store, created.id)["verified"]
    assert verify_export(list(export_lines(services.store, created.id))).verified


def test_a_court_scenario_takes_the_advanced_option_and_must_agree_with_it(services):
    created = services.commands.create("court", [{"name": "ana"}], options={"advanced": True},
                                       scenario={**SCENARIO_EXAMPLE, "court": SCENARIO_EXAMPLE["court"][:6],
                                                 "placed_on": SCENARIO_EXAMPLE["placed_on"][:6]})
    assert services.store.game(created.id).state.spaces == 6
    with pytest.raises(IllegalAction) as refused:
        services.commands.create("court", [{"name": "ana"}], options={"advanced": True},
                                 scenario={**SCENARIO_EXAMPLE, "advanced": False})
    assert refused.value.rule == "court.scenario" and refused.value.reason.startswith("scenario.advanced: ")


@pytest.mark.parametrize("advanced", [False, True])
def test_a_finished_court_game_forks_at_any_decision_into_the_same_table(services, advanced):
    original = services.commands.create("court", [{"name": "ana"}], seed=f"court-fork-{advanced}",
                                        options={"advanced": advanced})
    play_to_end(services, original.id, seed="court-fork")
    ends = decision_ends(services, original.id)
    phases = set()
    for step in ends[::4] + ends[-1:]:
        then = services.store.game(original.id, version=step)
        forked = services.commands.fork(original.id, step)
        fork = services.store.game(forked.id)
        phases.add(then.state.phase)
        assert fork.options == {"sandbox": True, "forked_from": {"game": str(original.id), "step": step},
                                "advanced": advanced}, "a fork plays under the game's own options"
        assert fork.state == then.state and fork.state.spaces == (6 if advanced else 8)
        assert fork.rules.view(fork.state, 0) == then.rules.view(then.state, 0)
    assert {"choose", "buy"} <= phases


def test_a_court_game_cannot_be_forked_at_its_end(services):
    created = services.commands.create("court", [{"bot": "autoplayer"}], seed="court-end")
    game = services.store.game(created.id)
    assert game.finished
    with pytest.raises(IllegalAction) as refused:
        services.commands.fork(created.id, game.version)
    assert refused.value.rule == "court.scenario" and "the game is over" in refused.value.reason
