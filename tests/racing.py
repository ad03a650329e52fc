"""Two processes deciding the same move on the same version at the same moment."""

from __future__ import annotations

import threading

from services.errors import StaleVersion


def race(processes, game_id, seat, action, version) -> list:
    """Each process (Services) takes the move at once; the new version, or StaleVersion, of each."""
    outcomes: list = []
    barrier = threading.Barrier(len(processes))

    def move(services):
        barrier.wait()
        try:
            outcomes.append(services.commands.act(game_id, seat, action, version)["version"])
        except StaleVersion as stale:
            outcomes.append(stale)

    threads = [threading.Thread(target=move, args=(services,)) for services in processes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
