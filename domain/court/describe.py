"""One line per event for the replay, naming cards as the rulebook does."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event
from domain.court.cards import name_of

Data = Mapping[str, Any]


def _space(n: int) -> str:
    return f"space {n + 1}"


def _cards(ids: Sequence[str]) -> str:
    return ", ".join(name_of(card) for card in ids) if ids else "nothing"


def _bought(d: Data) -> str:
    covers = f", covering {name_of(d['covers'])}" if d.get("covers") else ""
    return f"buys {name_of(d['card'])} from slot {d['slot'] + 1} for {d['price']} CP and places it on {_space(d['space'])}{covers}"


def _tax(d: Data) -> str:
    gain = f"{d['amount']} VP" if d["take"] == "vp" else f"{d['amount']} CP (the card goes to the Court of the Daemon Princes)"
    return f"the Tax Collector discards {name_of(d['card'])} from {_space(d['space'])} for {gain}"


def _row(d: Data) -> str:
    slots = ", ".join(f"slot {slot + 1}: {name_of(card) if card else 'empty'}" for slot, card in enumerate(d["row"]))
    return f"Society Row is laid out as the scenario says: {slots}"


def _court(d: Data) -> str:
    stacks = "; ".join(f"{_space(space)}: " + " on ".join(name_of(card) for card in reversed(stack))
                       for space, stack in enumerate(d["court"]) if stack)
    return f"The Royal Court of {d['spaces']} spaces is laid out as the scenario says: {stacks or 'all empty'}"


_PILES = {"set_aside": "set aside", "discard": "discard pile", "daemon_court": "Court of the Daemon Princes",
          "defeated": "defeated"}


def _piles(d: Data) -> str:
    piles = "; ".join(f"{label}: {_cards(d[name])}" for name, label in _PILES.items() if d[name])
    return f"The scenario's piles are laid out: {piles}"


_PHASES = {"choose": "while the starting cards are chosen", "buy": "in Phase 1A",
           "fight": "in Phase 2, a fight offered", "power": "with a power waiting for its decision"}


def _started(d: Data) -> str:
    turn = "" if d["phase"] == "choose" else f" on turn {d['turn']}"
    exchanged = ", a Courtesan exchanged already" if d["exchanged"] else ""
    return (f"The scenario starts{turn} {_PHASES[d['phase']]}{exchanged}, with {d['cp']} CP, {d['vp']} VP and "
            f"{d['drawn_daemons']} Daemon Princes drawn")


def _ended(d: Data) -> str:
    why = "four Daemon Princes stand in Society Row" if d["reason"] == "four-daemons" else "all nine Daemon Princes were drawn"
    return (f"The game ends ({why}): {d['vp']} VP + {d['cp_bonus']} for {d['cp']} CP - {d['penalty']} for the Court of "
            f"the Daemon Princes = {d['score']}: {d['title']}")


_LINES: dict[str, Callable[[Data], str]] = {
    "deck_shuffled": lambda d: f"The {d['count']} cards are shuffled into the draw deck",
    "row_dealt": lambda d: f"{name_of(d['card'])} is dealt to slot {d['slot'] + 1} of Society Row",
    "daemon_set_aside": lambda d: f"{name_of(d['card'])} is dealt and set aside until the starting cards are chosen",
    "choice_offered": lambda d: f"Choose {d['choose']} starting cards; the treasury holds {d['cp']} CP",
    "starting_card_placed": lambda d: f"{name_of(d['card'])} is placed on {_space(d['space'])} as a starting card (no power)",
    "daemons_shuffled_back": lambda d: f"The {d['count']} Daemon Princes set aside are shuffled back into the deck",
    "row_slid": lambda d: f"{name_of(d['card'])} slides next to the draw deck",
    "turn_started": lambda d: f"Turn {d['turn']}: Phase 1A",
    "card_drawn": lambda d: f"{name_of(d['card'])} is drawn into slot {d['slot'] + 1} of Society Row",
    "row_left_short": lambda d: "The deck is empty: Society Row stays short",
    "only_daemons": lambda d: (f"Phase {d['phase']}: only Daemon Princes stand in Society Row; "
                               + ("nothing is discarded" if d["phase"] == "1B" else "they take nothing")),
    "card_bought": _bought,
    "courtesan_exchanged": lambda d: (f"the Courtesan on {_space(d['space'])} is exchanged for {name_of(d['card'])} "
                                      f"from slot {d['slot'] + 1}"),
    "minister_paid": lambda d: f"the Minister collects {d['cp']} CP from {_cards(d['from'])}",
    "poet_honoured": lambda d: f"the Poet gains {d['vp']} VP for {_cards(d['cards'])}",
    "power_awaits": lambda d: ("the Tax Collector may discard a card of its clan" if d["power"] == "tax"
                               else "the General may lead the Generals against a Daemon Prince"),
    "tax_collected": _tax,
    "power_declined": lambda d: "the power is not used",
    "power_done": lambda d: "the power is done",
    "fight_offered": lambda d: "Phase 2: the Generals may fight a Daemon Prince",
    "daemon_defeated": lambda d: (f"the Generals defeat {name_of(d['card'])}" + (f", paying {d['pay']} CP" if d["pay"] else "")
                                  + f": +{d['vp']} VP"),
    "fight_passed": lambda d: ("Phase 2: no Daemon Prince can be defeated" if d["automatic"] else "Phase 2: no fight"),
    "row_card_discarded": lambda d: f"Phase 1B: {name_of(d['card'])} is discarded from slot {d['slot'] + 1}",
    "income": lambda d: f"Phase 1B: the treasury gains {d['cp']} CP",
    "daemons_took": lambda d: f"Phase 3: the Daemon Princes take {name_of(d['card'])} into their court",
    "game_ended": _ended,
    "row_laid_out": _row,
    "court_laid_out": _court,
    "piles_laid_out": _piles,
    "scenario_started": _started,
}

# A sandbox game's opening (rule court.scenario) reuses the deal's shuffle; this line says so.
_SCENARIO_LINES: dict[str, Callable[[Data], str]] = {
    "deck_shuffled": lambda d: (f"The {d['count']} cards are laid out as the scenario says; the cards it does not "
                                "name are shuffled into the bottom of the draw deck"),
}


def describe(event: Event, names: Sequence[str]) -> str:
    lines = _SCENARIO_LINES if event.rule == "court.scenario" and event.type in _SCENARIO_LINES else _LINES
    line = lines[event.type](event.data)
    return line[0].upper() + line[1:]
