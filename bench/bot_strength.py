"""How well a bot plays: its win rate against another over many games, seats alternated.

Alone, one bot against another on both seats of the same deals:
`.venv/bin/python -m bench.bot_strength chi search:3 search:1 --deals 50`; or with every pairing of
the game's named decks, each deck of one bot against each of the other's:
`.venv/bin/python -m bench.bot_strength xi search general --every-deck --games 200`."""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bench.pool import played as played_by
from domain import registry
from domain.bot_moves import bot_of
from domain.bots import DeckChoosing
from services.offline.deck_matches import named_decks, play_game as play  # one game between bots; its winners
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


def seated(rules, spec: str):
    """The bot `BOT` or `BOT:STRENGTH` names (as `chronicle tournament bots --bots` names one)."""
    bot, _, level = spec.partition(":")
    return bot_of(rules, {"bot": bot, **({"strength": int(level)} if level else {})})


def head_to_head(game: str, bot: str, against: str, deals: int, seed: str = "head-to-head") -> dict:
    """`bot` against `against` at two seats (each `BOT` or `BOT:STRENGTH`), every deal played
    twice, `bot` first in seat 0 then in seat 1, so that neither the deal nor the seat favours one:
    `bot`'s score (a shared win a half) and its 95% interval, and how many deals it won from both
    seats, from neither, or from one (the deal decided it)."""
    rules = registry.get(game)
    players = seated(rules, bot), seated(rules, against)
    scores: list[tuple[float, float]] = []
    for number in range(deals):
        both_ways = []
        for seat in (0, 1):
            bots = list(players) if seat == 0 else list(reversed(players))
            winners = play(rules, bots, f"{seed}-{number}")
            both_ways.append(1 / len(winners) if seat in winners else 0.0)
        scores.append((both_ways[0], both_ways[1]))
    won = sum(first + second for first, second in scores)
    games = 2 * deals
    low, high = wilson(won, games)
    return {"games": games, "won": won, "rate": won / games, "low": low, "high": high,
            "both": sum(1 for pair in scores if min(pair) == 1), "neither": sum(1 for pair in scores if max(pair) == 0)}


def head_to_head_line(game: str, bot: str, against: str, figures: dict) -> str:
    deals = figures["games"] // 2
    return (f"{registry.get(game).title}: {bot} against {against} over {figures['games']} games ({deals} "
            f"deal{'s' if deals != 1 else ''}, each from both seats): {figures['won']:g} won ({figures['rate']:.1%}, a shared win a half), 95% interval "
            f"{figures['low']:.1%} to {figures['high']:.1%}; {figures['both']} deals won from both seats, "
            f"{figures['neither']} from neither")


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


def _searched_game(task: tuple[str, str, str, int]) -> tuple[float, list[float]]:
    """Game `number` of `bot` against one `against`, `bot` in seat `number % 2`: its share of the
    win, and each of its decisions' thinking time."""
    game, bot, against, number = task
    rules = registry.get(game)
    timed = Timed(rules.bots[bot])
    seat = number % 2
    bots = [rules.bots[against]] * 2
    bots[seat] = timed
    winners = play(rules, bots, f"search-{number}")
    return (1 / len(winners) if seat in winners else 0.0), timed.seconds


def searching(game: str, bot: str, against: str, games: int, workers: int = 2) -> dict:
    """Wins of `bot` against one `against` (seats alternated, a shared win a half) and its thinking
    time per decision, mean and slowest; each game seeded by its number, so the games and their
    results are the same however many `workers` play them."""
    played = played_by(_searched_game, [(game, bot, against, number) for number in range(games)], workers)
    wins = sum(share for share, _ in played)
    seconds = [second for _, timings in played for second in timings]
    low, high = wilson(wins, games)
    return {"games": games, "rate": wins / games, "low": low, "high": high,
            "mean": sum(seconds) / len(seconds), "slowest": max(seconds)}


class CpuTimed(Timed):
    """A timed bot that also counts each choice's CPU time (`cpu`): on a machine other work
    shares, the thinking a bot does, apart from the waiting for a core."""

    def __init__(self, bot):
        super().__init__(bot)
        self.cpu: list[float] = []

    def choose(self, view, legal, rng):
        started = time.process_time()
        chosen = super().choose(view, legal, rng)
        self.cpu.append(time.process_time() - started)
        return chosen


def _deck_game(task: tuple[str, str, str, str, str, int]) -> tuple[float, list[float], list[float]]:
    """One game of `bot` bringing deck `mine` against `against` bringing `theirs`, `bot` in seat
    `number % 2`: its share of the win, and each of its decisions' thinking time, wall and CPU."""
    game, bot, against, mine, theirs, number = task
    rules = registry.get(game)
    timed = CpuTimed(seated(rules, bot))
    ours = DeckChoosing(timed, rules.decks.bring(mine))
    other = DeckChoosing(seated(rules, against), rules.decks.bring(theirs))
    seat = number % 2
    bots = [other, other]
    bots[seat] = ours
    winners = play(rules, bots, f"every-deck-{mine}-{theirs}-{number}")
    return (1 / len(winners) if seat in winners else 0.0), timed.seconds, timed.cpu


def every_deck(game: str, bot: str, against: str, games: int, workers: int = 2) -> dict:
    """`bot` against `against` (each `BOT` or `BOT:STRENGTH`) over `games` games spread evenly over
    every pairing of the game's named decks (each of `bot`'s decks against each of the other's,
    seats alternated within a pairing; a pairing's games are seeded by the pairing and their
    number, so the count is the same however many `workers` play them): `bot`'s score (a shared
    win a half) and its 95% interval, the pairings, and its thinking time per decision, wall
    (mean and slowest) and CPU (mean)."""
    decks = named_decks(registry.get(game))
    pairings = [(mine, theirs) for mine in decks for theirs in decks]
    tasks = [(game, bot, against, *pairings[index % len(pairings)], index // len(pairings)) for index in range(games)]
    played = played_by(_deck_game, tasks, workers)
    won = sum(share for share, _, _ in played)
    seconds = [second for _, timings, _ in played for second in timings]
    cpu = [second for _, _, timings in played for second in timings]
    low, high = wilson(won, games)
    return {"games": games, "won": won, "rate": won / games, "low": low, "high": high, "pairings": len(pairings),
            "mean": sum(seconds) / len(seconds), "slowest": max(seconds), "cpu": sum(cpu) / len(cpu)}


def every_deck_line(game: str, bot: str, against: str, figures: dict, target: float | None = None) -> str:
    verdict = "" if target is None else f" (target at least {target:.0%}: {'meets' if figures['low'] >= target else 'MISSES'})"
    return (f"{registry.get(game).title}: {bot} against {against} over {figures['games']} games, every pairing of the "
            f"{figures['pairings']} pairings of named decks, seats alternated: {figures['won']:g} won ({figures['rate']:.1%}, a shared "
            f"win a half), 95% interval {figures['low']:.1%} to {figures['high']:.1%}{verdict}; thinking "
            f"{figures['cpu'] * 1e3:.0f} ms of CPU a decision on average ({figures['mean'] * 1e3:.0f} ms wall, "
            f"{figures['slowest'] * 1e3:.0f} ms at the slowest)")


def _solo_game(task: tuple[str, str, str, dict]) -> tuple[bool, list[float]]:
    """One solo game of `bot` against the rival the rules play, as `chronicle simulate` plays it
    (services.offline.simulation.play_out): whether the seat won, and each decision's thinking time."""
    game, bot, seed, options = task
    rules = registry.get(game)
    timed = Timed(seated(rules, bot))
    outcome, _ = play_out(rules, timed, seed, options)
    return bool(outcome.winners), timed.seconds


def solo_rates(game: str, bots: list[str], games: int, options: dict, workers: int = 2) -> dict[str, dict]:
    """Each bot's wins (`BOT` or `BOT:STRENGTH`), alone against the rules' rival, over the same `games` seeds (`chronicle
    simulate`'s sim-0, sim-1, ...), with its thinking time per decision, mean and slowest."""
    rates = {}
    for bot in bots:
        tasks = [(game, bot, f"sim-{number}", options) for number in range(games)]
        played = played_by(_solo_game, tasks, workers)
        wins = sum(won for won, _ in played)
        seconds = [second for _, timings in played for second in timings]
        low, high = wilson(wins, games)
        rates[bot] = {"games": games, "wins": wins, "rate": wins / games, "low": low, "high": high,
                      "mean": sum(seconds) / len(seconds), "slowest": max(seconds)}
    return rates

def _solitaire_deal(task: tuple[str, str, str]) -> tuple[int, str, list[float]]:
    """Deal `seed` of a solitaire played by `bot`: its final score and title, and each decision's
    thinking time."""
    game, bot, seed = task
    timed = Timed(registry.get(game).bots[bot])
    outcome, _ = play_out(registry.get(game), timed, seed)
    return outcome.scores[0], outcome.detail["title"], timed.seconds


def solitaire(game: str, bot: str, against: str, games: int, seed: str = "sim", workers: int = 2) -> dict:
    """`bot` and `against` each playing the same `games` deals of a solitaire (the seeds
    `chronicle simulate` plays): each one's median final score and the title of its median game
    (`rules.titles`, lowest first), the share of deals `bot` scored more on (a tie counts half)
    with its 95% interval, and `bot`'s thinking time per decision, mean and slowest."""
    order = list(registry.get(game).titles)
    tasks = [(game, name, f"{seed}-{number}") for number in range(games) for name in (bot, against)]
    played = played_by(_solitaire_deal, tasks, workers)
    scores = {name: [score for (score, _, _), task in zip(played, tasks) if task[1] == name] for name in (bot, against)}
    titles = {name: [order.index(title) for (_, title, _), task in zip(played, tasks) if task[1] == name]
              for name in (bot, against)}
    seconds = [second for (_, _, timings), task in zip(played, tasks) if task[1] == bot for second in timings]
    better = sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                 for mine, theirs in zip(scores[bot], scores[against]))
    low, high = wilson(better, games)
    return {"games": games, "median": {name: statistics.median(got) for name, got in scores.items()},
            "title": {name: order[sorted(got)[len(got) // 2]] for name, got in titles.items()},
            "rank": {name: sorted(got)[len(got) // 2] for name, got in titles.items()},
            "better": better / games, "low": low, "high": high,
            "mean": sum(seconds) / len(seconds), "slowest": max(seconds)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.bot_strength", description=head_to_head.__doc__)
    parser.add_argument("game")
    parser.add_argument("bot", help="BOT or BOT:STRENGTH, e.g. search:3")
    parser.add_argument("against", help="BOT or BOT:STRENGTH, e.g. search:1")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", default="head-to-head")
    parser.add_argument("--every-deck", action="store_true",
                        help="every pairing of the game's named decks, --games games spread evenly over them")
    parser.add_argument("--games", type=int, default=200, help="with --every-deck: games in all")
    parser.add_argument("--workers", type=int, default=2, help="with --every-deck: processes playing them")
    arguments = parser.parse_args()
    if arguments.every_deck:
        figures = every_deck(arguments.game, arguments.bot, arguments.against, arguments.games, arguments.workers)
        print(every_deck_line(arguments.game, arguments.bot, arguments.against, figures), flush=True)
        sys.exit(0)
    figures = head_to_head(arguments.game, arguments.bot, arguments.against, arguments.deals, arguments.seed)
    print(head_to_head_line(arguments.game, arguments.bot, arguments.against, figures), flush=True)
    sys.exit(0)
