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
    if event.type == "card_drawn" and event.rule.startswith(_CARD_RULE):  # a card's free draw, not the opening one
        return f"{_who(names, event.data['seat'])} draws a card ({NAME[event.rule[len(_CARD_RULE):]]})"
    line = _LINES.get(event.type)
    return line(event.data, names) if line else event.type.replace("_", " ")


_who = seat_name
_CARD_RULE = "xi.card."  # the rule id of a card's own effects


def _target(target: str | int, names: Names, data: Data | None = None) -> str:
    """A seat by its name; a unit or spell in play by its card's name and its id where the event
    names the card, else by its id."""
    if not isinstance(target, str):
        return _who(names, target)
    card = (data or {}).get("cards", {}).get(target)
    return f"{NAME[card]} ({target})" if card else target


def _units(ids: Sequence[str], data: Data) -> str:
    return ", ".join(_target(uid, (), data) for uid in ids)


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
        have = "has" if len(data["fallen"]) == 1 else "have"
        return f"{fallen} {have} 0 life; {_winners(data['winners'], names)}"
    if data["reason"] == "no-win":
        if data["quiet_turns"]:
            return f"{data['quiet_turns']} quiet turns with every deck empty: nobody can win, the game is a draw"
        return "Every deck and hand is empty and nothing in play can change life: the game is a draw"
    return "Turn 400 has ended: the game is a draw" if data["reason"] == "turn-limit" else "The game ends"


def _winners(winners: Sequence[int], names: Names) -> str:
    return " and ".join(_who(names, seat) for seat in winners) + (" wins" if len(winners) == 1 else " win")


def _source(source: str, data: Data) -> str:
    """A unit or spell in play by its card and id; a point spell, which has none, by its name."""
    return NAME[source] if source in NAME else _target(source, (), data)


def _aimed(data: Data, names: Names) -> str:
    return f" on {_target(data['target'], names, data)}" if "target" in data else ""


def _declared(data: Data, names: Names) -> str:
    verb = "answers with" if "answering" in data else "plays"
    return f"{_who(names, data['seat'])} pays {_cost(data['paid'])} and {verb} {NAME[data['card']]}{_aimed(data, names)}"


def _window(data: Data, names: Names) -> str:
    declarer, kind = _who(names, data["declarer"]), data["kind"]
    what = {"spell": lambda: f"{declarer}'s {NAME.get(data.get('card'), 'card')}",
            "ability": lambda: f"{declarer}'s use of {NAME.get(data.get('card'), 'an ability')}",
            "skirmish": lambda: f"the skirmish of {_attacker(data)} on {_target(data.get('target'), names)}",
            "draw": lambda: f"{declarer}'s draw", "end_turn": lambda: f"{declarer} ending the turn"}[kind]()
    return f"{_who(names, data['seat'])} may answer {what}"


def _attacker(facts: Data) -> str:
    """A window's attacker: its facts name its card."""
    return f"{NAME[facts['card']]} ({facts['attacker']})" if facts.get("card") in NAME else str(facts.get("attacker"))


def _cancelled(data: Data, names: Names) -> str:
    why = f" by {NAME[data['by']]}" if "by" in data else ": one of its units is gone"
    return (f"The skirmish of {_target(data['attacker'], names, data)} on {_target(data['target'], names, data)} "
            f"is cancelled{why}")


def _ability(data: Data, names: Names) -> str:
    chosen = f", choosing {data['choice']}" if "choice" in data else ""
    return (f"{_who(names, data['seat'])} pays {_cost(data['paid'])} and uses {_target(data['source'], names, data)}"
            f"{_aimed(data, names)}{chosen}")


def _life(data: Data, names: Names) -> str:
    who, by = _target(data["target"], names, data), data["by"]
    if by > 0:
        return f"{who} {'heals' if isinstance(data['target'], str) else 'gains'} {by} (to {data['to']})"
    return f"{who} loses {-by} life (to {data['to']})"


def _effect(data: Data, names: Names) -> str:
    units = _units(data["to"], data)
    if data["where"] == "1":
        return f"{_who(names, data['value'])} takes control of {units} until the end of the turn"
    if data["where"] == "2":
        return f"{units} become{'s' if len(data['to']) == 1 else ''} {data['value']} until the end of the turn"
    if data["op"] == "cannot_skirmish":
        return f"{units} cannot skirmish this turn"
    return f"{NAME[data['source']]} affects {units} until the end of the turn"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _out(data: Data, names: Names) -> str:
    left = f"; {len(data['cards'])} of their cards leave play" if data["cards"] else ""
    return f"{_who(names, data['seat'])} has 0 life and is out of the game{left}"


def _resigned(data: Data, names: Names) -> str:
    return f"{_who(names, data['seat'])} resigns; {_winners(data['winners'], names)}"


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
    "pt_gained": lambda d, n: f"{_who(n, d['seat'])} gains {d['by']}pT ({d['to']}pT)",
    "turn_ended": lambda d, n: f"{_who(n, d['seat'])} ends the turn" + (f"; {d['t']}T is lost" if d["t"] else ""),
    "card_declared": _declared,
    "ability_declared": _ability,
    "card_in_play": lambda d, n: f"{NAME[d['card']]} ({d['iid']}) is in play for {_who(n, d['controller'])}"
                                 + (f" on {_target(d['on'], n, d)}" if d["on"] else ""),
    "card_discarded": lambda d, n: f"{NAME[d['card']]} goes to {_who(n, d['owner'])}'s discard pile",
    "card_returned": lambda d, n: f"{NAME[d['card']]} ({d['uid']}) returns to {_who(n, d['owner'])}'s hand",
    "life_changed": _life,
    "effect_started": _effect,
    "effect_ended": lambda d, n: f"{NAME[d['source']]}'s effect on {_units(d['to'], d)} ends",
    "choice_asked": lambda d, n: f"{_who(n, d['seat'])} chooses for {NAME[d['card']]} ({d['source']})",
    "choice_made": lambda d, n: f"{_who(n, d['seat'])} chooses "
                                + (f"{d['choice']} damage" if d["resume"] == "strike" else _target(d["choice"], n)),
    "unit_entered": lambda d, n: f"{NAME[d['card']]} ({d['uid']}) enters play for {_who(n, d['controller'])}",
    "skirmish_declared": lambda d, n: f"{_target(d['attacker'], n, d)} skirmishes {_target(d['target'], n, d)}",
    "damage_dealt": lambda d, n: f"{_source(d['source'], d)} deals {d['amount']} {d['type']} damage to "
                                 f"{_target(d['target'], n, d)}",
    "unit_destroyed": lambda d, n: f"{NAME[d['card']]} ({d['uid']}) is destroyed",
    "window_opened": _window,
    "window_passed": lambda d, n: f"{_who(n, d['seat'])} does not answer",
    "struck": lambda d, n: f"{_target(d['attacker'], n, d)} strikes {_target(d['target'], n, d)}"
                           + (f", picking {d['damage']} damage" if "damage" in d else ""),
    "card_prevented": lambda d, n: f"{NAME[d['by']]} prevents {_who(n, d['seat'])}'s {NAME[d['card']]}",
    "skirmish_cancelled": _cancelled,
    "standing_set": lambda d, n: f"{_who(n, d['seat'])} sets standing rules",
    "player_out": _out,
    "seat_laid_out": lambda d, n: f"{_who(n, d['seat'])} sits down with {d['life']} life, {d['t']}T and {d['pt']}pT, "
                                  f"{_cards(d['hand_count'])} in hand and {_cards(d['deck_count'])} in the deck"
                                  + (" (out of the game)" if d["out"] else ""),
    "table_laid_out": lambda d, n: f"The table is laid out: turn {d['turn']}, {_who(n, d['active'])}'s, with "
                                   f"{len(d['units'])} units and {len(d['in_play'])} spells in play",
    "resigned": _resigned,
    "game_ended": _ended,
}
