"""One line per event for the replay, read from the event's public data only.

The line is shown to everyone, so it never names a hidden card (a deck list, a drawn card, a
shuffled order).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event, seat_name
from domain.xi.cards import NAME

Data = Mapping[str, Any]
Names = Sequence[str]


def describe(event: Event, names: Names) -> str:
    """The event as one sentence, naming seats by `names`."""
    line = _LINES.get(event.type)
    return line(event.data, names) if line else event.type.replace("_", " ")


_who = seat_name


def _target(target: str | int, names: Names) -> str:
    return target if isinstance(target, str) else _who(names, target)


def _cost(cost: Data) -> str:
    parts = [f"{cost['t']}T"] if cost["t"] or not cost["pt"] else []
    return " and ".join(parts + ([f"{cost['pt']}pT"] if cost["pt"] else []))


def _drawn(data: Data, names: Names) -> str:
    if not data["cost"]["t"] and not data["cost"]["pt"]:
        return f"{_who(names, data['seat'])} draws an opening card"
    return f"{_who(names, data['seat'])} pays {_cost(data['cost'])} and draws a card"


def _order(data: Data, names: Names) -> str:
    choice = "first" if data["first"] else "second"
    order = ", then ".join(_who(names, seat) for seat in data["order"])
    return f"{_who(names, data['seat'])} chooses to go {choice}: {order}"


def _ended(data: Data, names: Names) -> str:
    if data["reason"] == "zero-life":
        fallen = " and ".join(_who(names, seat) for seat in data["fallen"])
        if not data["winners"]:
            return f"{fallen} reach 0 life together: the game is a draw"
        return f"{fallen} has 0 life; {' and '.join(_who(names, seat) for seat in data['winners'])} wins"
    return "Turn 400 has ended: the game is a draw" if data["reason"] == "turn-limit" else "The game ends"


def _resigned(data: Data, names: Names) -> str:
    winners = " and ".join(_who(names, seat) for seat in data["winners"])
    return f"{_who(names, data['seat'])} resigns; {winners} wins"


_LINES: dict[str, Callable[[Data, Names], str]] = {
    "game_prepared": lambda d, n: f"{d['seats']} players sit down with {d['life']} life each",
    "deck_brought": lambda d, n: f"{_who(n, d['seat'])} brings a deck of {d['count']} cards",
    "deck_shuffled": lambda d, n: f"{_who(n, d['seat'])}'s deck of {d['count']} cards is shuffled",
    "card_drawn": _drawn,
    "draw_missed": lambda d, n: f"{_who(n, d['seat'])} pays {_cost(d['cost'])} to draw, but the deck is empty",
    "coin_tossed": lambda d, n: f"The coin falls for {_who(n, d['winner'])}, who chooses to go first or second",
    "order_chosen": _order,
    "turn_started": lambda d, n: f"Turn {d['turn']}: {_who(n, d['seat'])} has {d['t']}T",
    "time_banked": lambda d, n: f"{_who(n, d['seat'])} banks {d['t']}T as {d['pt']}pT",
    "turn_ended": lambda d, n: f"{_who(n, d['seat'])} ends the turn" + (f"; {d['t']}T is lost" if d["t"] else ""),
    "card_declared": lambda d, n: f"{_who(n, d['seat'])} pays {_cost(d['paid'])} and plays {NAME[d['card']]}",
    "unit_entered": lambda d, n: f"{NAME[d['card']]} ({d['uid']}) enters play for {_who(n, d['controller'])}",
    "skirmish_declared": lambda d, n: f"{d['attacker']} skirmishes {_target(d['target'], n)}",
    "damage_dealt": lambda d, n: f"{d['source']} deals {d['amount']} {d['type']} damage to {_target(d['target'], n)}",
    "unit_destroyed": lambda d, n: f"{NAME[d['card']]} ({d['uid']}) is destroyed",
    "resigned": _resigned,
    "game_ended": _ended,
}
