"""bench/instructions.py counts the rows bench/engine.py times (its own copy, so that its child
process loads one game alone): the two lists must not drift apart."""

from bench import engine, instructions


def test_the_instruction_count_measures_the_games_and_peers_the_timed_bench_measures():
    assert [row[:4] for row in engine.OURS] == list(instructions.OURS)
    assert engine.OPENSPIEL == instructions.OPENSPIEL


def test_a_marked_run_plays_the_games_it_deals_and_counts_the_decisions_of_each():
    decisions = instructions._play("The Court of Xiang Chi", 4, "checked")
    assert len(decisions) == 4 and all(count > 0 for count in decisions)
    assert instructions._play("The Court of Xiang Chi", 4, "trusted") == decisions
