"""A job that waits for the test to let it finish: to stop a worker while it is busy."""

from __future__ import annotations

import time
from pathlib import Path

BOUND = 60.0


def wait_then_note(go: str, done: str) -> str:
    """Wait until the file `go` exists (a minute at most), then write the file `done`."""
    deadline = time.monotonic() + BOUND
    while not Path(go).exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{go} never appeared")
        time.sleep(0.05)
    Path(done).write_text("finished")
    return "finished"
