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
