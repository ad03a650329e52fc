"""Xanadu players: the random one, and a builder that plays for points.

Builder prefers, in order: selling a building whose value will only fall or is full (unless its
Favors are unlocked), building the most valuable building it can pay for, covering rows that pay
for it, unlock its own Favors, improve its own buildings or degrade a rival's, and keeping its
best buildings in hand as workers last. As the rulebook's tips advise, it keeps the buildings that
give passives or Favors: it does not fill them (a full building is sold that turn). With a full
hand it places a worker rather than pass, or the game could stand still."""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, best_of
from domain.contract import Action
from domain.rng import Rng

__all__ = ["Builder", "RandomBot"]

View = Mapping[str, Any]
HAND = 7
FAVOR_UNLOCK = 2.0  # covering a row of one's own that unlocks a Favor, beside what the row does to the value
FAVOR_KEPT = 2.0  # a sale loses each unlocked Favor of the building
KEEPER_FILLED = 3.0  # filling a building with passives or Favors: it is sold at the end of the turn


class Builder:
    name = "builder"
    version = "2"  # 2: values Favors, keeps buildings that give passives or Favors, never stands still

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return best_of(legal, partial(_value, view), rng)


def _card(view: View, card: str) -> Mapping[str, Any]:
    """A card of the bot's hand as the view shows it (the game's edition of the deck)."""
    for shown in view["hand"]:  # a loop, not next() over a generator: asked of every card a search's playout weighs
        if shown["id"] == card:
            return shown
    raise KeyError(card)


def _worth(building: Mapping[str, Any]) -> float:
    favors = [row for row in building["rows"] if row["favor"]]
    return max(building["values"]) + len(building["passive"]) * 1.5 + len(favors)


def _own_cover(view: View, action: Action, building: Mapping[str, Any]) -> float:
    """Covering the next row of one's own building: unlocking a Favor is worth a lasting resource;
    a rising value is worth a worker; filling a building that gives passives or Favors sells it
    at the end of the turn and loses them (the rulebook's tip: keep a few such buildings)."""
    card = building["card"]
    rows, values = card["rows"], card["values"]
    planned = sum(1 for cover in view.get("plan", {}).get("covers", ())
                  if list(cover) == [action["owner"], action["building"]])
    covered = building["workers"] + planned
    step = values[covered + 1] - values[covered]
    score = 1.5 if step > 0 else 0.5 if step == 0 else -1
    if rows[covered]["favor"]:
        score += FAVOR_UNLOCK
    if covered + 1 == len(rows):
        keeps = card["passive"] or any(row["favor"] for row in rows)
        if keeps:
            score -= KEEPER_FILLED
    return score


def _value(view: View, action: Action) -> float:
    me = view["viewer"]
    kind = action["type"]
    if kind == "start":
        return _worth(_card(view, action["card"]))
    if kind == "sell":
        building = view["buildings"][me][action["building"]]
        falling = building["trend"] in ("down", None) or building["trend"] == "flat"
        # A building whose Favors are unlocked pays for later buildings while it stays in play.
        kept = FAVOR_KEPT * len(building["favors"])
        return building["value"] - 1.5 - kept if falling and building["value"] >= 3 else -5
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
            return _own_cover(view, action, building)
        return 1.0 if trend == "down" else -0.5
    if kind == "done_covering":
        plan = view.get("plan") or {}
        idle = not (plan.get("build") or plan.get("covers") or view["sold_this_turn"])
        # A turn that does nothing with a full hand draws nothing: the game would stand still.
        return -3 if idle and view["hand_sizes"][me] >= HAND else 0.2
    if kind == "worker":
        return -_worth(_card(view, action["card"]))
    return 0
