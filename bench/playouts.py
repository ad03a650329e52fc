"""Random playouts in the pure domain: the rules' own cost, with no store around them."""

from __future__ import annotations

import time

from domain import registry
from domain.rng import Rng


def random_game(rules, seed: str) -> int:
    """Play one game with uniformly random legal actions; returns the number of events."""
    state = rules.new_state(2, {})
    events = rules.setup(2, {}, Rng(seed, "setup"))
    for event in events:
        state = rules.evolve(state, event)
    chooser = Rng(seed, "chooser")
    count, decision = len(events), 0
    while (seat := rules.to_act(state)) is not None:
        action = chooser.choice(rules.legal_actions(state, seat))
        for event in rules.decide(state, seat, action, Rng(seed, f"decision:{decision}")):
            state = rules.evolve(state, event)
            count += 1
        decision += 1
    return count


def games_per_second(game: str = "chi", seconds: float = 5.0) -> dict:
    rules = registry.get(game)
    started, games, events = time.perf_counter(), 0, 0
    while time.perf_counter() - started < seconds:
        events += random_game(rules, f"bench-{games}")
        games += 1
    elapsed = time.perf_counter() - started
    return {
        "games": games,
        "games_per_second": games / elapsed,
        "events_per_game": events / games,
        "seconds_per_event": elapsed / events,
    }
