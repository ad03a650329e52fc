"""bench/instructions.py counts the tables bench/engine.py times, both from bench/games.py."""

from bench import engine, instructions
from bench.games import TABLES
from domain import registry


def test_every_game_is_measured_and_every_timed_table_has_its_target():
    assert {row.game for row in TABLES} == set(registry.GAMES)
    assert set(engine.TARGETS) == {row.label for row in TABLES}


def test_a_marked_run_plays_the_games_it_deals_and_counts_the_decisions_of_each():
    decisions = instructions._play("The Court of Xiang Chi", 4, "checked")
    assert len(decisions) == 4 and all(count > 0 for count in decisions)
    assert instructions._play("The Court of Xiang Chi", 4, "trusted") == decisions
