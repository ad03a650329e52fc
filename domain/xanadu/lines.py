"""Xanadu's lines read against the table just before each event (domain.lines): where a worker
goes (the building, its row, whose it is), which building a sale or a full building scores and
what the score becomes. The table and the event are the viewer's own, so a card the viewer may
not see (a worker face down, a card in a rival's hand) is never named."""

from __future__ import annotations

from typing import Sequence

from domain.lines import Data, View, Who
from domain.xanadu.cards import name_of


def building_name(view: View, owner: int, index: int, who: Who) -> str:
    """A building in play as a player names it: "bo's Armory", "bo's Armory (2)" for a second one."""
    owned = view["buildings"][owner]
    name = owned[index]["card"]["name"]
    same = [i for i, building in enumerate(owned) if building["card"]["name"] == name]
    number = f" ({same.index(index) + 1})" if len(same) > 1 else ""
    return f"{who(owner)}'s {name}{number}"


def _score(view: View, seat: int, gained: int, who: Who) -> str:
    before = view["scores"][seat]
    return f"{who(seat)}'s score {before} -> {before + gained}"


def cover_planned(view: View, d: Data, who: Who) -> str:
    if "owner" not in d:  # a rival's plan: where shows when the turn ends
        return f"{who(d['seat'])} plans a worker (where it goes is shown when the turn ends)"
    planned = [tuple(cover) for cover in (view.get("plan") or {}).get("covers", [])]
    target = (d["owner"], d["building"])
    row = view["buildings"][d["owner"]][d["building"]]["workers"] + planned.count(target) + 1
    return f"{who(d['seat'])} plans a worker on row {row} of {building_name(view, *target, who)}"


def worker_chosen(view: View, d: Data, who: Who) -> str:
    if "card" in d:
        return f"{who(d['seat'])} chooses {name_of(d['card'])} from hand as a worker, face down"
    return f"{who(d['seat'])} chooses a card from hand as a worker, face down"


def workers_placed(view: View, d: Data, who: Who) -> str:
    rows = "; ".join(f"row {row + 1} of {building_name(view, owner, index, who)}" for owner, index, row in d["covers"])
    count = d["count"]
    return f"{who(d['seat'])} places {count} worker{'s' if count != 1 else ''}: {rows}"


def building_sold(view: View, d: Data, who: Who) -> str:
    rows = f", {d['workers']} row{'s' if d['workers'] != 1 else ''} covered" if d.get("workers") else ""
    return (f"{who(d['seat'])} gifts {building_name(view, d['seat'], d['building'], who)}{rows} to the Khan for "
            f"{d['value']} tong bao ({_score(view, d['seat'], d['value'], who)})")


def building_autosold(view: View, d: Data, who: Who) -> str:
    return (f"{building_name(view, d['seat'], d['building'], who)} is full and sold to the Khan: {who(d['seat'])} scores "
            f"{d['value']} tong bao ({_score(view, d['seat'], d['value'], who)})")


def build_chosen(view: View, d: Data, who: Who) -> str:
    if "card" in d:
        return f"{who(d['seat'])} plans to construct {name_of(d['card'])}"
    return f"{who(d['seat'])} plans a construction (which building is shown when the turn ends)"


def cards_drawn(view: View, d: Data, who: Who) -> str:
    count = d["count"]
    drawn = f"{who(d['seat'])} draws {count} card{'s' if count != 1 else ''}"
    if "cards" in d:
        return f"{drawn}: " + ", ".join(name_of(card) for card in d["cards"])
    return drawn


def buildings_scored(view: View, d: Data, who: Who) -> str:
    def seat_line(seat: int, values: Sequence[int]) -> str:
        each = ", ".join(f"{building['card']['name']} {value}" for building, value in zip(view["buildings"][seat], values))
        return f"{who(seat)} +{sum(values)}" + (f" ({each})" if each else "")

    return "Every building in play scores: " + "; ".join(seat_line(seat, values) for seat, values in enumerate(d["values"]))
