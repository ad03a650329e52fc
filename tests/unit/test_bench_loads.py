"""`make bench` is not run by `make test`, so a change that breaks one of its modules would go
unseen until someone measures: the benchmark's runner, and every module it uses, must load."""

import importlib


def test_the_benchmark_runner_and_the_modules_it_uses_load():
    runner = importlib.import_module("bench.__main__")
    assert callable(runner.main)
