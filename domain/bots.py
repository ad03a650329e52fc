"""What the bots of every game share: the random player, and picking the best-valued action.

A bot decides from its seat's view and the legal actions only, never from the whole state.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Action
from domain.rng import Rng

View = Mapping[str, Any]


class RandomBot:
    """Any legal action, uniformly at random."""

    name = "random"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """One of `legal`, uniformly."""
        return rng.choice(legal)


class DeckChoosing:
    """A bot that brings the deck it is given (`action`, taken whenever the legal actions offer
    one of its type: a list of one's own is never listed, only named decks are) and otherwise
    plays as `bot` does: how simulations pit one deck against another."""

    def __init__(self, bot: Any, action: Action):
        self.bot, self.action = bot, action
        self.name, self.version = bot.name, bot.version

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        if any(offered["type"] == self.action["type"] for offered in legal):
            return dict(self.action)
        return self.bot.choose(view, legal, rng)


def best_of(legal: Sequence[Action], value: Callable[[Action], float], rng: Rng) -> Action:
    """The legal action of highest value; ties broken at random."""
    if len(legal) == 1:  # nothing to weigh; the stream moves on as a tie among one moves it
        rng.skip()  # below(1)
        return legal[0]
    scores = list(map(value, legal))  # a search's playouts ask it at every decision: the loops in C
    return highest(legal, scores, rng)


def highest(legal: Sequence[Action], scores: list[float], rng: Rng) -> Action:
    """The legal action of highest score (`scores[i]` is `legal[i]`'s); ties broken at random."""
    return scored(legal, scores, max(scores), rng)


def scored(legal: Sequence[Action], scores: list[float], best: float, rng: Rng) -> Action:
    """The legal action of score `best`, the highest of `scores` (a caller that knows it saves a
    pass); ties broken at random."""
    ties = scores.count(best)
    if ties == 1:  # most decisions: no tie, found in C; the stream moves on as a tie among one moves it
        rng.skip()  # below(1)
        return legal[scores.index(best)]
    # The tie drawn as rng.choice draws among the tied indices, that index found in C (list.index).
    at = scores.index(best)
    for _ in range(rng.below(ties)):
        at = scores.index(best, at + 1)
    return legal[at]
