"""Helpers that play games through the service layer by choosing among the legal actions."""

from __future__ import annotations

from domain.rng import Rng
from services.bootstrap import Services


def play_to_end(services: Services, game_id, seed: str = "test", limit: int = 5000) -> int:
    """Play every person's decision with a seeded random legal action; returns the decisions made."""
    rng = Rng(seed, "test-player")
    made = 0
    while made < limit:
        game = services.store.game(game_id)
        seat = game.to_act()
        if seat is None:
            return made
        legal = game.rules.legal_actions(game.state, seat)
        services.commands.act(game_id, seat, rng.choice(legal), game.version)
        made += 1
    raise AssertionError(f"game {game_id} did not end within {limit} decisions")
