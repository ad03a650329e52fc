"""Games played side by side: each task in a process of a forked pool, or in this process when
one worker is asked for (as the tests ask: a process that forks under a test runner inherits
whatever the runner holds, its threads' locks and its signal handlers)."""

from __future__ import annotations

from multiprocessing import get_context
from typing import Callable, Iterable, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def played(function: Callable[[Task], Result], tasks: Iterable[Task], workers: int) -> list[Result]:
    """`function` of every task, in the tasks' order."""
    if workers <= 1:
        return [function(task) for task in tasks]
    with get_context("fork").Pool(workers) as pool:
        return pool.map(function, list(tasks), chunksize=1)
