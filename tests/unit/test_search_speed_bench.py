"""bench.search_speed counts the search bot's rules steps without changing how it plays, on
positions where there is a choice to make."""

from bench.search_speed import CountingSearch, positions
from domain import registry
from domain.rng import Rng


def test_counting_the_rules_steps_leaves_the_search_choosing_as_the_games_own_bot():
    chi = registry.get("chi")
    own = chi.bots["search"]
    found = positions(chi, 2, {}, count=2)
    assert len(found) == 2 and all(len(legal) > 1 for _, legal in found)
    counting = CountingSearch(chi, own.budget)
    for number, (view, legal) in enumerate(found):
        rng = f"count-{number}"
        assert counting.choose(view, legal, Rng(rng)) == own.choose(view, legal, Rng(rng))
    assert counting.steps >= 2 * own.budget.playouts  # a step at least for each playout's first move


def test_the_counted_searches_are_bench_search_speeds_own_and_take_rules_steps():
    from bench.search_instructions import _child

    playouts = registry.get("court").bots["search"].budget.playouts
    counted = _child("court", 1)
    assert counted["decisions"] == 1 and counted["random_steps"] > 0
    assert counted["steps"] >= playouts  # a step at least for each playout's first move


def test_a_machine_half_as_fast_as_issue_32s_is_held_to_half_its_playouts():
    from bench.mcts_peer import ISSUE_RUN, machine_scale

    assert machine_scale(ISSUE_RUN / 2) == 0.5, "OpenSpiel's MCTSBot made half its simulations here"
    assert machine_scale(ISSUE_RUN * 2) == 2.0
    assert machine_scale(None) == 1.0, "without OpenSpiel, the issue's own figures"
