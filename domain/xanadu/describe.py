"""One line per Xanadu event for the replay (nothing a seat may not see: hidden cards are not named)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event, seat_name
from domain.xanadu.cards import name_of

Data = Mapping[str, Any]
Who = Callable[[int], str]  # a seat's name
SCENARIO = "xanadu.scenario"  # the rule a sandbox game's opening events cite


def buildings_laid_out(d: Data, who: Who) -> str:
    def building(b: Mapping[str, Any]) -> str:
        rows = f" ({b['workers']} row{'s' if b['workers'] != 1 else ''} covered)" if b["workers"] else ""
        return name_of(b["card"]) + rows

    return "The buildings in play are laid out as the scenario says, workers face down: " + "; ".join(
        f"{who(seat)}: " + (", ".join(building(b) for b in owned) or "none") for seat, owned in enumerate(d["buildings"]))


def deck_shuffled(d: Data, who: Who) -> str:
    return f"The {d['count']} buildings are shuffled"


def hand_dealt(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} is dealt {d['count']} cards"


def starting_offered(d: Data, who: Who) -> str:
    return "Each player chooses a starting building"


def starting_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} chooses a starting building"


def starting_revealed(d: Data, who: Who) -> str:
    return ("Starting buildings: " + "; ".join(
        f"{who(seat)}: {name_of(card)}" for seat, card in enumerate(d["cards"])))


def turn_started(d: Data, who: Who) -> str:
    return f"Turn {d['turn']}: {who(d['seat'])} to play"


def foothold_offered(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} has no building in play and puts one from hand into play"


def foothold_placed(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} puts {name_of(d['card'])} into play"


def building_sold(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} gifts {name_of(d['card'])} to the Khan for {d['value']} tong bao"


def building_autosold(d: Data, who: Who) -> str:
    return f"{name_of(d['card'])} is full: {who(d['seat'])} scores {d['value']} tong bao for it"


def sell_ended(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} may construct"


def build_skipped(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} constructs nothing" + (" (nothing can be paid for)" if d["automatic"] else "")


def build_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} plans a construction"


def cover_planned(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} plans a worker"


def covering_done(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} chooses {d['workers']} cards to place as workers"


def worker_chosen(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} chooses a worker card"


def undone(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} undoes a step of the turn"


def building_constructed(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} constructs {name_of(d['card'])}"


def workers_placed(d: Data, who: Who) -> str:
    return (f"{who(d['seat'])} places {d['count']} workers: " + ", ".join(
        f"row {row + 1} of {who(owner)}'s building {index + 1}" for owner, index, row in d["covers"]))


def cards_drawn(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} draws {d['count']} card{'s' if d['count'] != 1 else ''}"


def deck_reshuffled(d: Data, who: Who) -> str:
    return f"The deck is out: the {d['count'] - 1} discarded cards are shuffled, END OF GAME among the last 10"


def end_marker_drawn(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} draws the END OF GAME marker"


def buildings_scored(d: Data, who: Who) -> str:
    return ("Every building in play scores: " + "; ".join(
        f"{who(seat)} +{sum(values)}" for seat, values in enumerate(d["values"])))


def game_ended(d: Data, who: Who) -> str:
    return ("The game ends: " + ", ".join(f"{who(s)} {score}" for s, score in enumerate(d["scores"]))
            + "; " + " and ".join(who(s) for s in d["winners"]) + (" share the win" if len(d["winners"]) > 1 else " wins"))


def discard_laid_out(d: Data, who: Who) -> str:
    return f"The scenario's discard pile of {d['count']} card{'s' if d['count'] != 1 else ''} is laid out face down"


def scores_laid_out(d: Data, who: Who) -> str:
    return ("The scores are laid out as the scenario says: " + ", ".join(
        f"{who(seat)} {score}" for seat, score in enumerate(d["scores"])))


def end_marker_laid_out(d: Data, who: Who) -> str:
    return f"As the scenario says, the deck was reshuffled once: the END OF GAME marker lies among its last {d['among_last']} cards"


# A sandbox game's opening reuses a deal's events; these lines say the scenario laid them out.
def scenario_deck_shuffled(d: Data, who: Who) -> str:
    return (f"The {d['count']} buildings are laid out as the scenario says; those it does not name are shuffled, to be the"
            " workers it does not name and the deck under the named cards")


def scenario_hand_dealt(d: Data, who: Who) -> str:
    return f"{who(d['seat'])} is dealt the scenario's hand of {d['count']} card{'s' if d['count'] != 1 else ''}"


def say(line: Callable[[Data, Who], str], event: Event, names: Sequence[str]) -> str:
    """How the event table reads a Xanadu line: from the event's public data, naming seats by `names`."""
    return line(event.data, lambda seat: seat_name(names, seat))
