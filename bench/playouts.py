"""Random playouts in the pure domain: the rules' own cost, with no store around them."""

from __future__ import annotations

import time

from domain import registry, rules_turns
from domain.rng import Rng


def random_game(rules, seed: str) -> int:
    """Play one game with uniformly random legal actions; returns the number of events."""
    dealt = rules.setup(2, {}, Rng(seed, "setup"))
    state = dealt.state
    chooser = Rng(seed, "chooser")
    count, decision = len(dealt.events), 0
    while True:
        taken = rules_turns.play_due(rules, state, Rng(seed, f"decision:{decision}"))
        if taken is None:
            if (seat := rules.to_act(state)) is None:
                break
            action = chooser.choice(rules.legal_actions(state, seat))
            taken = rules.decide(state, seat, action, Rng(seed, f"decision:{decision}"))
        state = taken.state
        count += len(taken.events)
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
