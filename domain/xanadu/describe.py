"""One line per Xanadu event for the replay (nothing a seat may not see: hidden cards are not named)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event, seat_name
from domain.xanadu.cards import name_of

Data = Mapping[str, Any]


_LINES: dict[str, Callable[[Data, Callable[[int], str]], str]] = {
    "deck_shuffled": lambda d, who: f"The {d['count']} buildings are shuffled",
    "hand_dealt": lambda d, who: f"{who(d['seat'])} is dealt {d['count']} cards",
    "starting_offered": lambda d, who: "Each player chooses a starting building",
    "starting_chosen": lambda d, who: f"{who(d['seat'])} chooses a starting building",
    "starting_revealed": lambda d, who: "Starting buildings: " + "; ".join(
        f"{who(seat)}: {name_of(card)}" for seat, card in enumerate(d["cards"])),
    "turn_started": lambda d, who: f"Turn {d['turn']}: {who(d['seat'])} to play",
    "foothold_offered": lambda d, who: f"{who(d['seat'])} has no building in play and puts one from hand into play",
    "foothold_placed": lambda d, who: f"{who(d['seat'])} puts {name_of(d['card'])} into play",
    "building_sold": lambda d, who: f"{who(d['seat'])} gifts {name_of(d['card'])} to the Khan for {d['value']} tong bao",
    "building_autosold": lambda d, who: f"{name_of(d['card'])} is full: {who(d['seat'])} scores {d['value']} tong bao for it",
    "sell_ended": lambda d, who: f"{who(d['seat'])} may construct",
    "build_skipped": lambda d, who: f"{who(d['seat'])} constructs nothing" + (" (nothing can be paid for)" if d["automatic"] else ""),
    "build_chosen": lambda d, who: f"{who(d['seat'])} plans a construction",
    "cover_planned": lambda d, who: f"{who(d['seat'])} plans a worker",
    "covering_done": lambda d, who: f"{who(d['seat'])} chooses {d['workers']} cards to place as workers",
    "worker_chosen": lambda d, who: f"{who(d['seat'])} chooses a worker card",
    "undone": lambda d, who: f"{who(d['seat'])} undoes a step of the turn",
    "building_constructed": lambda d, who: f"{who(d['seat'])} constructs {name_of(d['card'])}",
    "workers_placed": lambda d, who: f"{who(d['seat'])} places {d['count']} workers: " + ", ".join(
        f"row {row + 1} of {who(owner)}'s building {index + 1}" for owner, index, row in d["covers"]),
    "cards_drawn": lambda d, who: f"{who(d['seat'])} draws {d['count']} card{'s' if d['count'] != 1 else ''}",
    "deck_reshuffled": lambda d, who: f"The deck is out: the {d['count'] - 1} discarded cards are shuffled, END OF GAME among the last 10",
    "end_marker_drawn": lambda d, who: f"{who(d['seat'])} draws the END OF GAME marker",
    "buildings_scored": lambda d, who: "Every building in play scores: " + "; ".join(
        f"{who(seat)} +{sum(values)}" for seat, values in enumerate(d["values"])),
    "game_ended": lambda d, who: "The game ends: " + ", ".join(f"{who(s)} {score}" for s, score in enumerate(d["scores"]))
    + "; " + " and ".join(who(s) for s in d["winners"]) + (" share the win" if len(d["winners"]) > 1 else " wins"),
}


def _laid_out(d: Data, who: Callable[[int], str]) -> str:
    def building(b: Mapping[str, Any]) -> str:
        rows = f" ({b['workers']} row{'s' if b['workers'] != 1 else ''} covered)" if b["workers"] else ""
        return name_of(b["card"]) + rows

    return "The buildings in play are laid out as the scenario says, workers face down: " + "; ".join(
        f"{who(seat)}: " + (", ".join(building(b) for b in owned) or "none") for seat, owned in enumerate(d["buildings"]))


_LINES.update({
    # Only a sandbox game's opening (rule xanadu.scenario) has these.
    "buildings_laid_out": _laid_out,
    "discard_laid_out": lambda d, who: f"The scenario's discard pile of {d['count']} card{'s' if d['count'] != 1 else ''} is laid out face down",
    "scores_laid_out": lambda d, who: "The scores are laid out as the scenario says: " + ", ".join(
        f"{who(seat)} {score}" for seat, score in enumerate(d["scores"])),
    "end_marker_laid_out": lambda d, who: f"As the scenario says, the deck was reshuffled once: the END OF GAME marker lies among its last {d['among_last']} cards",
})

SCENARIO = "xanadu.scenario"
# A sandbox game's opening reuses a deal's events; these lines say the scenario laid them out.
_SCENARIO_LINES: dict[str, Callable[[Data, Callable[[int], str]], str]] = {
    "deck_shuffled": lambda d, who: (
        f"The {d['count']} buildings are laid out as the scenario says; those it does not name are shuffled, to be the"
        " workers it does not name and the deck under the named cards"),
    "hand_dealt": lambda d, who: f"{who(d['seat'])} is dealt the scenario's hand of {d['count']} card{'s' if d['count'] != 1 else ''}",
}


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return seat_name(names, seat)

    if event.rule == SCENARIO and event.type in _SCENARIO_LINES:
        return _SCENARIO_LINES[event.type](event.data, who)
    return _LINES[event.type](event.data, who)
