"""Seeded games played to the end by choosing legal actions, for the property tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from domain.chi import RULES
from domain.chi.state import ChiState
from domain.contract import Bot, Event
from domain.rng import Rng

MAX_DECISIONS = 2000


@dataclass
class Playout:
    """A finished game: its events, its final state, the decisions taken."""

    events: list[Event] = field(default_factory=list)
    state: ChiState | None = None
    decisions: int = 0


def play_out(
    seed: str,
    bots: tuple[Bot | None, Bot | None] = (None, None),
    on_state: Callable[[ChiState], None] | None = None,
) -> Playout:
    """Play a game from `seed`; a seat without a bot picks uniformly among the legal actions."""
    game = Playout()
    state = RULES.new_state(2, {})
    for event in RULES.setup(2, {}, Rng(seed, "setup")).events:
        state = RULES.evolve(state, event)
        game.events.append(event)
    chooser = Rng(seed, "players")
    while (seat := RULES.to_act(state)) is not None:
        assert game.decisions < MAX_DECISIONS, f"game {seed} did not end"
        if on_state:
            on_state(state)
        legal = RULES.legal_actions(state, seat)
        bot = bots[seat]
        action = bot.choose(RULES.view(state, seat), legal, chooser) if bot else chooser.choice(legal)
        decision = RULES.decide(state, seat, action, Rng(seed, f"decision:{game.decisions}"))
        game.events += decision.events
        state = decision.state
        game.decisions += 1
    if on_state:
        on_state(state)
    game.state = state
    return game
