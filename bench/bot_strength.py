"""How well a bot plays: its win rate against another over many games, seats alternated."""

from __future__ import annotations

import math

from domain import registry
from services.deck_matches import play_game as play  # one game between bots; its winners


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def win_rate(game: str, bot: str, against: str, games: int = 1000, players: int = 2) -> dict:
    """Wins of `bot` against `players - 1` copies of `against` (a shared win counts as a share),
    the bot's seat going round the table from game to game."""
    rules = registry.get(game)
    wins = ties = 0.0
    for number in range(games):
        seat = number % players
        bots = [rules.bots[against]] * players
        bots[seat] = rules.bots[bot]
        winners = play(rules, bots, f"strength-{players}-{number}" if players != 2 else f"strength-{number}")
        if seat in winners:
            wins += 1 / len(winners)
            ties += 1 if len(winners) > 1 else 0
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "ties": ties, "rate": wins / games, "low": low, "high": high}
