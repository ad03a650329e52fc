"""The check a game's `decide` makes answers from the table (without building the legal list):
it must accept exactly the actions `legal_actions` lists. Random games are played, and at every
step each candidate action (every well-formed action within the game's ranges, a game's own
generator of them) is put to `decide`: refused if and only if it is not listed."""

from __future__ import annotations

from typing import Any, Callable, Iterable

from domain.errors import RulesError
from domain.rng import Rng


def assert_check_agrees_with_legal_list(rules: Any, seats: int, options: dict, seeds: Iterable[str],
                                        candidates: Callable[[Any, int], Iterable[dict]], most: int = 400) -> int:
    """Play random games; at each step, every candidate is accepted by `decide` exactly when
    `legal_actions` lists it. The number of candidates tried (so a test can see it tried some)."""
    tried = 0
    for seed in seeds:
        state = rules.setup(seats, options, Rng(seed, "setup")).state
        chooser = Rng(seed, "player")
        for number in range(most):
            if (seat := rules.to_act(state)) is None:
                break
            legal = rules.legal_actions(state, seat)
            for action in candidates(state, seat):
                tried += 1
                try:
                    rules.decide(state, seat, action, Rng(seed, "candidate"))
                    accepted = True
                except RulesError:
                    accepted = False
                assert accepted == (action in legal), (seed, number, action, accepted)
            state = rules.decide(state, seat, chooser.choice(legal), Rng(seed, f"decision:{number}")).state
    return tried
