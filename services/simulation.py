"""Simulated games between bots, played by the rules alone (no store): how well a bot plays.

Every seat of a game is played by the same bot. For a game with titles (the Court's Aristocracy)
the report gives each title's share; for every game, the distribution of seat 0's score.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from domain import clock, registry
from domain.contract import Outcome
from domain.rng import Rng

MOST_DECISIONS = 20_000


def play_out(rules: Any, bot: str, seed: str, options: Mapping[str, Any] | None = None) -> Outcome:
    """One whole game with `bot` in every seat; its outcome."""
    options = dict(options or {})
    seats = rules.seats[0]
    state = rules.new_state(seats, options)
    for event in rules.setup(seats, options, Rng(seed, "setup")):
        state = rules.evolve(state, event)
    player = rules.bots[bot]
    for decision in range(MOST_DECISIONS):
        seat = rules.to_act(state)
        if seat is None:
            return rules.outcome(state)
        action = player.choose(rules.view(state, seat), rules.legal_actions(state, seat), Rng(seed, f"bot:{decision}"))
        for event in rules.decide(state, seat, action, Rng(seed, f"decision:{decision}")):
            state = clock.fold(rules, state, event)
    raise RuntimeError(f"a game of {rules.name} with seed {seed!r} did not end in {MOST_DECISIONS} decisions")


@dataclass
class Report:
    bot: str
    scores: list[int] = field(default_factory=list)
    titles: dict[str, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return len(self.scores)

    def percentile(self, share: float) -> int:
        ordered = sorted(self.scores)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    @property
    def median(self) -> float:
        return statistics.median(self.scores)

    def title_share(self, title: str) -> float:
        return self.titles.get(title, 0) / self.games

    def median_title(self, order: list[str]) -> str | None:
        """The title of the median game, ranks counted in `order` (lowest first)."""
        if not self.titles:
            return None
        ranks = sorted(order.index(title) for title, count in self.titles.items() for _ in range(count))
        return order[ranks[len(ranks) // 2]]


def simulate(game: str, bot: str, games: int, seed: str = "sim", options: Mapping[str, Any] | None = None,
             progress: Callable[[int], None] = lambda done: None) -> Report:
    rules = registry.get(game)
    report = Report(bot)
    for number in range(games):
        outcome = play_out(rules, bot, f"{seed}-{number}", options)
        report.scores.append(outcome.scores[0])
        if "title" in outcome.detail:
            report.titles[outcome.detail["title"]] = report.titles.get(outcome.detail["title"], 0) + 1
        progress(number + 1)
    return report
