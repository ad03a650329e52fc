"""How well a bot plays: its win rate against another over many games, seats alternated."""

from __future__ import annotations

import statistics
import time

from domain import registry
from services.offline.deck_matches import play_game as play  # one game between bots; its winners
from services.offline.simulation import play_out, wilson


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


class Timed:
    """A bot whose every choice is timed: `seconds` holds each decision's thinking time."""

    def __init__(self, bot):
        self.bot, self.name, self.version = bot, bot.name, bot.version
        self.seconds: list[float] = []

    def choose(self, view, legal, rng):
        started = time.perf_counter()
        chosen = self.bot.choose(view, legal, rng)
        self.seconds.append(time.perf_counter() - started)
        return chosen


def searching(game: str, bot: str, against: str, games: int) -> dict:
    """Wins of `bot` against one `against` (seats alternated, a shared win a half) and its thinking
    time per decision, mean and slowest."""
    rules = registry.get(game)
    timed = Timed(rules.bots[bot])
    wins = 0.0
    for number in range(games):
        seat = number % 2
        bots = [rules.bots[against]] * 2
        bots[seat] = timed
        winners = play(rules, bots, f"search-{number}")
        if seat in winners:
            wins += 1 / len(winners)
    low, high = wilson(wins, games)
    return {"games": games, "rate": wins / games, "low": low, "high": high,
            "mean": sum(timed.seconds) / len(timed.seconds), "slowest": max(timed.seconds)}


def _solo_game(task: tuple[str, str, str, dict]) -> tuple[bool, list[float]]:
    """One solo game of `bot` against the rival the rules play, as `chronicle simulate` plays it
    (services.offline.simulation.play_out): whether the seat won, and each decision's thinking time."""
    game, bot, seed, options = task
    rules = registry.get(game)
    timed = Timed(rules.bots[bot])
    outcome, _ = play_out(rules, timed, seed, options)
    return bool(outcome.winners), timed.seconds


def solo_rates(game: str, bots: list[str], games: int, options: dict, workers: int = 2) -> dict[str, dict]:
    """Each bot's wins, alone against the rules' rival, over the same `games` seeds (`chronicle
    simulate`'s sim-0, sim-1, ...), with its thinking time per decision, mean and slowest."""
    import multiprocessing

    rates = {}
    for bot in bots:
        tasks = [(game, bot, f"sim-{number}", options) for number in range(games)]
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            played = pool.map(_solo_game, tasks)
        wins = sum(won for won, _ in played)
        seconds = [second for _, timings in played for second in timings]
        low, high = wilson(wins, games)
        rates[bot] = {"games": games, "wins": wins, "rate": wins / games, "low": low, "high": high,
                      "mean": sum(seconds) / len(seconds), "slowest": max(seconds)}
    return rates

def solitaire(game: str, bot: str, against: str, games: int, seed: str = "sim") -> dict:
    """`bot` and `against` each playing the same `games` deals of a solitaire (the seeds
    `chronicle simulate` plays): each one's median final score and the title of its median game
    (`rules.titles`, lowest first), the share of deals `bot` scored more on (a tie counts half)
    with its 95% interval, and `bot`'s thinking time per decision, mean and slowest."""
    rules = registry.get(game)
    timed = Timed(rules.bots[bot])
    order = list(rules.titles)
    scores: dict[str, list[int]] = {bot: [], against: []}
    titles: dict[str, list[int]] = {bot: [], against: []}
    for number in range(games):
        for name, player in ((bot, timed), (against, rules.bots[against])):
            outcome, _ = play_out(rules, player, f"{seed}-{number}")
            scores[name].append(outcome.scores[0])
            titles[name].append(order.index(outcome.detail["title"]))
    better = sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                 for mine, theirs in zip(scores[bot], scores[against]))
    low, high = wilson(better, games)
    return {"games": games, "median": {name: statistics.median(got) for name, got in scores.items()},
            "title": {name: order[sorted(got)[len(got) // 2]] for name, got in titles.items()},
            "rank": {name: sorted(got)[len(got) // 2] for name, got in titles.items()},
            "better": better / games, "low": low, "high": high,
            "mean": sum(timed.seconds) / len(timed.seconds), "slowest": max(timed.seconds)}
