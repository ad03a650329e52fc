"""CPU-bound work in the API's process (an audit re-running a searching bot's moves, an analysis
computed where no worker runs), run in a thread of its own under gevent: on the event loop it
would hold every other request and live stream of the worker until it ended, and gunicorn would
take the silent worker for dead."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")


def off_the_loop(work: Callable[[], T]) -> T:
    """`work()`, in gevent's thread pool when the process runs gevent (the request's greenlet
    waits, the others go on), else at once. `work` must touch no socket or store connection."""
    try:
        from gevent import get_hub, monkey
    except ImportError:  # pragma: no cover - gevent is a dependency; only a stripped install lacks it
        return work()
    if not monkey.is_module_patched("threading"):
        return work()
    return get_hub().threadpool.apply(work)
