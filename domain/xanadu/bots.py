"""Xanadu players: the random one, and a builder that plays for points.

Builder prefers, in order: selling a building whose value will only fall or is full, building the
most valuable building it can pay for, covering rows that pay for it or improve its own
buildings or degrade a rival's, and keeping its best buildings in hand as workers last."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, best_of
from domain.contract import Action
from domain.rng import Rng

__all__ = ["Builder", "RandomBot"]

View = Mapping[str, Any]


class Builder:
    name = "builder"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return best_of(legal, lambda action: _value(view, action), rng)


def _card(view: View, card: str) -> Mapping[str, Any]:
    """A card of the bot's hand as the view shows it (the game's edition of the deck)."""
    return next(shown for shown in view["hand"] if shown["id"] == card)


def _worth(building: Mapping[str, Any]) -> float:
    return max(building["values"]) + len(building["passive"]) * 1.5 + sum(1 for row in building["rows"] if row["favor"])


def _value(view: View, action: Action) -> float:
    me = view["viewer"]
    kind = action["type"]
    if kind == "start":
        return _worth(_card(view, action["card"]))
    if kind == "sell":
        building = view["buildings"][me][action["building"]]
        falling = building["trend"] in ("down", None) or building["trend"] == "flat"
        return building["value"] - 1.5 if falling and building["value"] >= 3 else -5
    if kind == "end_sell":
        return 0
    if kind == "skip_turn":
        return -1 + 0.2 * (7 - view["hand_sizes"][me])
    if kind == "build":
        return 5 + _worth(_card(view, action["card"]))
    if kind == "skip_build":
        return 0
    if kind == "cover":
        building = view["buildings"][action["owner"]][action["building"]]
        trend = building["trend"]
        if action["owner"] == me:
            return 1.5 if trend == "up" else 0.5 if trend == "flat" else -1
        return 1.0 if trend == "down" else -0.5
    if kind == "done_covering":
        return 0.2
    if kind == "worker":
        return -_worth(_card(view, action["card"]))
    return 0
