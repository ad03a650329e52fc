"""Helpers that play games through the service layer by choosing among the legal actions."""

from __future__ import annotations

from domain.rng import Rng
from services.compose import Services


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


def players_game(services: Services, host: dict, guest: dict, awaiting: str | None = None, seed: str = "players",
                 **settings):
    """A game of Chi between two registered players: `host` seats themselves (with their key) and
    keeps seat 1 for `guest`, who joins it. With `awaiting` (a name), the first deal whose game,
    after at most one move of the other player's, awaits that player."""
    players = services.commands.players
    for number in range(20):
        created = services.commands.create("chi", [{"player": host["id"]}, {"open": True, "player": guest["id"]}],
                                           seed=f"{seed}-{number}", host_key=host["key"], **settings)
        game = services.commands.join(created.id, 1, players.get(guest["id"]))
        if awaiting is None:
            return game
        seat = game.to_act()
        if game.seats[seat]["name"] != awaiting:
            services.commands.act(game.id, seat, game.rules.legal_actions(game.state, seat)[0], game.version)
            game = services.store.game(created.id)
        if game.seats[game.to_act()]["name"] == awaiting:
            return game
    raise AssertionError(f"no deal came to {awaiting}")
