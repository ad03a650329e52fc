"""How well a bot plays: its win rate against another over many games, seats alternated."""

from __future__ import annotations

from domain import registry
from services.deck_matches import play_game as play  # one game between bots; its winners
from services.simulation import wilson


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
