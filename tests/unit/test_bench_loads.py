"""`make bench` is not run by `make test`, so a change that breaks one of its modules would go
unseen until someone measures: the benchmark's runner, and every module it uses, must load."""

import importlib


def test_the_benchmark_runner_and_the_modules_it_uses_load():
    runner = importlib.import_module("bench.__main__")
    assert callable(runner.main)


def test_the_ratings_benchmark_rates_every_game_it_draws():
    from bench.ratings import rating_figures, report

    figures = rating_figures(games=2_000)
    assert figures["games"] == 2_000 and figures["seats"] >= 2 * 2_000
    assert "Ratings rebuilt from 2,000 finished games" in report(figures)[0]
