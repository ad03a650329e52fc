"""Simulated games between bots, played by the rules alone (no store): how well a bot plays, and
how a designed deck plays out.

Every seat of a game is played by the same bot. For every game the report gives the length of
the games and the distribution of seat 0's score; for a game with titles (the Court's
Aristocracy) each title's share; for a game that names a `tally_event` (Xanadu's construction)
how often each card was built; for a game that declares `tallies(state, events)` (the named
counts of one decision, from the table before it and its events: Xanadu's Favors unlocked and
used, its buildings built by colour) each count's mean a game and the share of games with any.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from domain import registry, rules_turns
from domain.contract import Outcome
from domain.rng import Rng

MOST_DECISIONS = 20_000


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play_out(rules: Any, bot: str | Any, seed: str, options: Mapping[str, Any] | None = None,
             seen: Callable[[Any], None] = lambda event: None,
             decided: Callable[[Any, Any], None] = lambda state, events: None) -> tuple[Outcome, int]:
    """One whole game with `bot` (one of the game's bots by name, or a bot) in every seat; its
    outcome and its number of decisions. `seen` is shown every event, and `decided` the table
    before each decision and its events, for tallies."""
    options = rules.new_game_options(options)  # as the service creates a game
    seats = rules.seats[0]
    state = rules.setup(seats, options, Rng(seed, "setup")).state
    player = rules.bots[bot] if isinstance(bot, str) else bot
    for decision in range(MOST_DECISIONS):
        taken = rules_turns.play_due(rules, state, Rng(seed, f"decision:{decision}"))
        if taken is None:
            seat = rules.to_act(state)
            if seat is None:
                return rules.outcome(state), decision
            action = player.choose(rules.view(state, seat), rules.legal_actions(state, seat), Rng(seed, f"bot:{decision}"))
            taken = rules.decide(state, seat, action, Rng(seed, f"decision:{decision}"))
        for event in taken.events:
            seen(event)
        decided(state, taken.events)
        state = taken.state
    raise RuntimeError(f"a game of {rules.name} with seed {seed!r} did not end in {MOST_DECISIONS} decisions")


@dataclass
class Report:
    bot: str
    scores: list[int] = field(default_factory=list)
    titles: dict[str, int] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)  # decisions a game
    tally: Counter = field(default_factory=Counter)  # how often each card was built (the game's tallies event)
    tally_games: Counter = field(default_factory=Counter)  # in how many games each card was built
    counts: Counter = field(default_factory=Counter)  # the game's named counts (rules.tallies), all games
    count_games: Counter = field(default_factory=Counter)  # in how many games each named count was not 0
    beaten_by: Counter = field(default_factory=Counter)  # games won by a rival the rules play (Li Mu), by rival

    @property
    def games(self) -> int:
        return len(self.scores)

    def percentile(self, share: float) -> int:
        ordered = sorted(self.scores)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    @property
    def median(self) -> float:
        return statistics.median(self.scores)

    def per_game(self, name: str) -> float:
        """A named count's mean a game."""
        return self.counts[name] / self.games

    def game_share(self, name: str) -> float:
        """The share of games in which a named count was not 0."""
        return self.count_games[name] / self.games

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
    counted = rules.tallies.event if rules.tallies else None
    tallies = rules.tallies.count if rules.tallies else None
    game_tally: Counter = Counter()
    game_counts: Counter = Counter()

    def seen(event: Any) -> None:
        if event.type == counted:
            game_tally[event.data["card"]] += 1

    def decided(state: Any, events: Any) -> None:
        if tallies is not None:
            game_counts.update(tallies(state, events))

    for number in range(games):
        game_tally.clear()
        game_counts.clear()
        outcome, decisions = play_out(rules, bot, f"{seed}-{number}", options, seen, decided)
        report.tally.update(game_tally)
        report.tally_games.update(card for card, count in game_tally.items() if count)
        report.counts.update(game_counts)
        report.count_games.update(name for name, count in game_counts.items() if count)
        report.lengths.append(decisions)
        report.scores.append(outcome.scores[0])
        if outcome.beaten_by is not None:
            report.beaten_by[outcome.beaten_by] += 1
        if "title" in outcome.detail:
            report.titles[outcome.detail["title"]] = report.titles.get(outcome.detail["title"], 0) + 1
        progress(number + 1)
    return report
