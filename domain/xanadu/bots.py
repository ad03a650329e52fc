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
from domain.xanadu.cards import DECKS, Building

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


def _worth(card: Building) -> float:
    """What a building of one's hand is worth keeping: its best value, its passives, its Favors."""
    favors = [row for row in card.rows if row.favor]
    return max(card.values) + len(card.passive) * 1.5 + len(favors)


# Each card's worth by edition of the deck, worked out once: the builder weighs a card of its hand
# (to start, build or place as a worker) by the card's id, looked up in the public deck list of the
# view's edition, at every decision of a search's playout.
WORTHS: dict[int, dict[str, float]] = {edition: {card.id: _worth(card) for card in cards.values()}
                                       for edition, cards in DECKS.items()}


def _hand_worth(view: View, card: str) -> float:
    """The worth of a card of the bot's hand (the view's edition of the deck)."""
    return WORTHS[view["edition"]][card]


def _own_cover(view: View, action: Action, building: Mapping[str, Any]) -> float:
    """Covering the next row of one's own building: unlocking a Favor is worth a lasting resource;
    a rising value is worth a worker; filling a building that gives passives or Favors sells it
    at the end of the turn and loses them (the rulebook's tip: keep a few such buildings)."""
    card = building["card"]
    rows, values = card["rows"], card["values"]
    covered = building["workers"] + _planned(view, action["owner"], action["building"])
    step = values[covered + 1] - values[covered]
    score = 1.5 if step > 0 else 0.5 if step == 0 else -1
    if rows[covered]["favor"]:
        score += FAVOR_UNLOCK
    if covered + 1 == len(rows) and (card["passive"] or _gives_favors(rows)):
        score -= KEEPER_FILLED
    return score


# Plain loops, not generators, in the two below: the builder values every cover a search's
# playout offers.
def _planned(view: View, owner: int, index: int) -> int:
    """How many rows of that building the turn's plan covers already."""
    planned = 0
    for cover_owner, cover_index in view.get("plan", {}).get("covers", ()):
        if cover_owner == owner and cover_index == index:
            planned += 1
    return planned


def _gives_favors(rows: Sequence[Mapping[str, Any]]) -> bool:
    for row in rows:
        if row["favor"]:
            return True
    return False


def _value(view: View, action: Action) -> float:
    """How much the builder likes `action`; the kinds in the order a search's playouts offer
    them most (covers, then workers), as each is one more comparison away."""
    kind = action["type"]
    if kind == "cover":
        building = view["buildings"][action["owner"]][action["building"]]
        if action["owner"] == view["viewer"]:
            return _own_cover(view, action, building)
        return 1.0 if building["trend"] == "down" else -0.5
    if kind == "worker":
        return -_hand_worth(view, action["card"])
    if kind == "done_covering":
        plan = view.get("plan") or {}
        idle = not (plan.get("build") or plan.get("covers") or view["sold_this_turn"])
        # A turn that does nothing with a full hand draws nothing: the game would stand still.
        return -3 if idle and view["hand_sizes"][view["viewer"]] >= HAND else 0.2
    if kind == "build":
        return 5 + _hand_worth(view, action["card"])
    if kind == "end_sell" or kind == "skip_build":
        return 0
    if kind == "start":
        return _hand_worth(view, action["card"])
    if kind == "sell":
        building = view["buildings"][view["viewer"]][action["building"]]
        falling = building["trend"] in ("down", None) or building["trend"] == "flat"
        # A building whose Favors are unlocked pays for later buildings while it stays in play.
        kept = FAVOR_KEPT * len(building["favors"])
        return building["value"] - 1.5 - kept if falling and building["value"] >= 3 else -5
    if kind == "skip_turn":
        return -1 + 0.2 * (7 - view["hand_sizes"][view["viewer"]])
    return 0
