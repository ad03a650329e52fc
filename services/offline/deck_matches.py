"""Games between decks, played by the rules alone (no store): how each named deck fares against
each other, and how a bot does with each deck against another bot.

A game whose seats bring decks and that names some (`named_decks`, `bring_deck`: see
domain/contract.py) can be played deck against deck: each seat's bot is wrapped so that it brings
the deck wanted (a name, or a list of cards, e.g. a named deck in one of the game's
`deck_variants`), and otherwise plays as itself. Seats alternate from game to game: game k of a pairing puts the row's deck in seat k % 2.
Every game's seed is fixed by the pairing and k, so the counts are the same however many worker
processes play them (`workers`, 2 by default: both cores of the machine the bench runs on).
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from domain import registry, rules_turns
from domain.bots import DeckChoosing
from domain.game import Game
from domain.rng import Rng

MOST_DECISIONS = 20_000
Deck = str | tuple[str, ...]  # a named deck, or a list of card ids


def named_decks(rules: Game[Any]) -> list[str]:
    """The decks a seat may bring by name (a game's decks), in order; [] for a game without."""
    return list(rules.decks.named) if rules.decks else []


def variants(rules: Game[Any]) -> dict[str, dict[str, Deck]]:
    """Each of the game's deck variants by its title: every named deck as that variant's list."""
    if rules.decks is None:
        return {}
    named = rules.decks.named
    return {title: {name: tuple(vary(named[name])) for name in named} for title, vary in rules.decks.variants.items()}


def play_game(rules: Any, bots: Sequence[Any], seed: str) -> list[int]:
    """One game between bots (seat order as given), dealt as the service deals it; the winners."""
    state = rules.setup(len(bots), rules.new_game_options({}), Rng(seed, "setup")).state
    for decision in range(MOST_DECISIONS):
        if (played := rules_turns.play_due(rules, state, Rng(seed, f"decision:{decision}"))) is not None:
            state = played.state
            continue
        seat = rules.to_act(state)
        if seat is None:
            return rules.outcome(state).winners
        action = bots[seat].choose(rules.view(state, seat), rules.legal_actions(state, seat),
                                   Rng(seed, f"bot:{decision}"))
        state = rules.decide(state, seat, action, Rng(seed, f"decision:{decision}")).state
    raise RuntimeError(f"a game of {rules.name} with seed {seed!r} did not end in {MOST_DECISIONS} decisions")


@dataclass
class Tally:
    """The games of one pairing, from the row side's point of view."""

    games: int = 0
    wins: int = 0
    losses: int = 0

    @property
    def draws(self) -> int:
        return self.games - self.wins - self.losses

    @property
    def rate(self) -> float:
        """The row side's share of wins, a draw counting as no win."""
        return self.wins / self.games if self.games else 0.0

    def add(self, other: "Tally") -> None:
        self.games += other.games
        self.wins += other.wins
        self.losses += other.losses


@dataclass(frozen=True)
class Pairing:
    """Row side against column side: each a bot's name and the deck it brings."""

    game: str
    row: tuple[str, Deck]
    column: tuple[str, Deck]
    seed: str


def _play(task: tuple[Pairing, int, int]) -> tuple[Pairing, Tally]:
    """Games `start` to `stop - 1` of a pairing (what one worker process plays at a time)."""
    pairing, start, stop = task
    rules = registry.get(pairing.game)
    row = DeckChoosing(rules.bots[pairing.row[0]], rules.decks.bring(pairing.row[1]))
    column = DeckChoosing(rules.bots[pairing.column[0]], rules.decks.bring(pairing.column[1]))
    tally = Tally()
    for number in range(start, stop):
        seat = number % 2
        bots = [column, column]
        bots[seat] = row
        winners = play_game(rules, bots, f"{pairing.seed}-{number}")
        tally.games += 1
        tally.wins += winners == [seat]
        tally.losses += winners == [1 - seat]
    return pairing, tally


CHUNK = 25  # games a worker plays before reporting: small enough for a smooth progress bar


def play_pairings(pairings: Sequence[Pairing], games: int, workers: int = 2,
                  progress: Callable[[int], None] = lambda done: None) -> dict[Pairing, Tally]:
    """`games` games of each pairing, seats alternated; their tallies, in the order given."""
    tallies = {pairing: Tally() for pairing in pairings}
    tasks = [(pairing, start, min(start + CHUNK, games)) for pairing in pairings for start in range(0, games, CHUNK)]
    done = 0
    with _pool(workers) as pool:
        for pairing, tally in pool.imap_unordered(_play, tasks):
            tallies[pairing].add(tally)
            done += tally.games
            progress(done)
    return tallies


class _InProcess:
    """One worker: the games played here, in order (what a test wants)."""

    def __enter__(self) -> "_InProcess":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    @staticmethod
    def imap_unordered(function: Callable, tasks: Sequence) -> Any:
        return map(function, tasks)


def _pool(workers: int) -> Any:
    return _InProcess() if workers <= 1 else multiprocessing.get_context("fork").Pool(workers)


def deck_matrix(game: str, bot: str, decks: Mapping[str, Deck], games: int, seed: str, workers: int = 2,
                progress: Callable[[int], None] = lambda done: None, rows: Sequence[str] | None = None
                ) -> dict[tuple[str, str], Tally]:
    """Each deck against each (itself included), `bot` in both seats: by (row, column) name, the
    row deck's tally. `rows` plays some rows only (a cell's games do not depend on the others)."""
    pairings = {(row, column): Pairing(game, (bot, decks[row]), (bot, decks[column]), f"{seed}-{row}-{column}")
                for row in (rows or decks) for column in decks}
    tallies = play_pairings(list(pairings.values()), games, workers, progress)
    return {key: tallies[pairing] for key, pairing in pairings.items()}


def bot_against(game: str, bot: str, against: str, decks: Mapping[str, Deck], games: int, seed: str,
                workers: int = 2, progress: Callable[[int], None] = lambda done: None
                ) -> dict[tuple[str, str], Tally]:
    """`bot` with each deck against `against` with each deck: by (bot's deck, other's deck), the
    bot's tally."""
    pairings = {(mine, theirs): Pairing(game, (bot, decks[mine]), (against, decks[theirs]),
                                        f"{seed}-{mine}-{theirs}")
                for mine in decks for theirs in decks}
    tallies = play_pairings(list(pairings.values()), games, workers, progress)
    return {key: tallies[pairing] for key, pairing in pairings.items()}
