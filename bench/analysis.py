"""The analysis (domain.analysis) measured: time per decision at a strength, and how many marks
the search bot's own games get (the thresholds are chosen so they get few), beside the random
bot's. Games are played in memory, every seat by one bot, and each decision with a choice judged."""

from __future__ import annotations

import time
from collections import Counter

from domain import analysis, registry
from domain.rng import Rng
from domain.search import DEFAULT_STRENGTH

SEARCHING = [name for name, rules in registry.GAMES.items() if "search" in rules.bots]
MAX_DECISIONS = 60  # judged per game at most: enough for the rates, bounded for the slow games


def played_decisions(rules, bot, seats: int, seed: str):
    """A game with `bot` at every seat: each decision with a choice, as (state, seat, action)."""
    judge_rng = Rng(seed, "play")
    runner = analysis.bot_at(rules, 1)  # its steps play the rules' own turns after each decision
    state = runner._rules_turns(rules.setup(seats, {}, Rng(seed, "setup")).state, judge_rng)
    step = runner._step
    taken = []
    while (seat := rules.to_act(state)) is not None and len(taken) < MAX_DECISIONS:
        legal = rules.legal_actions(state, seat)
        action = bot.choose(rules.view(state, seat), legal, Rng(seed, f"bot:{len(taken)}"))
        if len(legal) > 1:
            taken.append((state, seat, action))
        state = step(state, seat, action, judge_rng)
    return taken


def marks_of(game: str, player: str, games: int, strength: int, player_strength: int = 1) -> dict:
    rules = registry.get(game)
    bot = rules.bots[player].at_strength(player_strength) if player == "search" else rules.bots[player]
    judge = analysis.bot_at(rules, strength)
    marks: Counter = Counter()
    losses, seconds = [], []
    for number in range(games):
        seed = f"analysis-bench-{game}-{player}-{number}"
        for index, (state, seat, action) in enumerate(played_decisions(rules, bot, rules.seats[0], seed)):
            started = time.perf_counter()
            numbers = analysis.judge(rules, judge, state, seat, action, analysis.step_rng(seed, index))
            seconds.append(time.perf_counter() - started)
            losses.append(numbers["loss"])
            marks[analysis.mark(game, numbers["loss"])] += 1
    decisions = len(losses)
    ranked = sorted(losses) or [0.0]
    quantiles = {f"p{q}": ranked[min(len(ranked) - 1, len(ranked) * q // 100)] for q in (50, 80, 90, 95)}
    return {"game": game, "player": player, "decisions": decisions, "seconds": sum(seconds) / max(decisions, 1),
            "losses": quantiles,
            "accuracy": analysis.accuracy(losses), **{name: marks[name] / max(decisions, 1) for name in analysis.MARKS}}


def analysis_figures(games: int = 2, strength: int = DEFAULT_STRENGTH) -> list[dict]:
    return [marks_of(game, player, games, strength) for game in SEARCHING for player in ("search", "random")]


def report(figures: list[dict]) -> list[str]:
    lines = ["Analysis (each decision with a choice judged at the default strength; all seats one bot):"]
    for row in figures:
        lines.append(f"  {row['game']:8} {row['player']:7} {row['decisions']:4} decisions, {row['seconds'] * 1e3:6.0f} ms "
                     f"each; accuracy {row['accuracy']}; marked: inaccuracy {row['inaccuracy']:.0%}, mistake "
                     f"{row['mistake']:.0%}, blunder {row['blunder']:.0%}; losses "
                     + ", ".join(f"{name} {value:.2f}" for name, value in row["losses"].items()))
    return lines


if __name__ == "__main__":
    import sys

    chosen = sys.argv[1:] or SEARCHING
    for name in chosen:
        print("\n".join(report([marks_of(name, player, 2, DEFAULT_STRENGTH) for player in ("search", "random")])[1:]),
              flush=True)
