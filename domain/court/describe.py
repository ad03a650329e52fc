"""One line per event for the replay, naming cards as the rulebook does (each event's line is
declared with it in events.py)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.contract import Event
from domain.court.cards import name_of

Data = Mapping[str, Any]
SCENARIO = "court.scenario"  # the rule a sandbox game's opening events cite


def _space(n: int) -> str:
    return f"space {n + 1}"


def _cards(ids: Sequence[str]) -> str:
    return ", ".join(name_of(card) for card in ids) if ids else "nothing"


def card_bought(d: Data) -> str:
    covers = f", covering {name_of(d['covers'])}" if d.get("covers") else ""
    return f"buys {name_of(d['card'])} from slot {d['slot'] + 1} for {d['price']} CP and places it on {_space(d['space'])}{covers}"


def tax_collected(d: Data) -> str:
    gain = f"{d['amount']} VP" if d["take"] == "vp" else f"{d['amount']} CP (the card goes to the Court of the Daemon Princes)"
    return f"the Tax Collector discards {name_of(d['card'])} from {_space(d['space'])} for {gain}"


def row_laid_out(d: Data) -> str:
    slots = ", ".join(f"slot {slot + 1}: {name_of(card) if card else 'empty'}" for slot, card in enumerate(d["row"]))
    return f"Society Row is laid out as the scenario says: {slots}"


def court_laid_out(d: Data) -> str:
    stacks = "; ".join(f"{_space(space)}: " + " on ".join(name_of(card) for card in reversed(stack))
                       for space, stack in enumerate(d["court"]) if stack)
    return f"The Royal Court of {d['spaces']} spaces is laid out as the scenario says: {stacks or 'all empty'}"


_PILES = {"set_aside": "set aside", "discard": "discard pile", "daemon_court": "Court of the Daemon Princes",
          "defeated": "defeated"}


def piles_laid_out(d: Data) -> str:
    piles = "; ".join(f"{label}: {_cards(d[name])}" for name, label in _PILES.items() if d[name])
    return f"The scenario's piles are laid out: {piles}"


_PHASES = {"choose": "while the starting cards are chosen", "buy": "in Phase 1A",
           "fight": "in Phase 2, a fight offered", "power": "with a power waiting for its decision"}


def scenario_started(d: Data) -> str:
    turn = "" if d["phase"] == "choose" else f" on turn {d['turn']}"
    exchanged = ", a Courtesan exchanged already" if d["exchanged"] else ""
    return (f"The scenario starts{turn} {_PHASES[d['phase']]}{exchanged}, with {d['cp']} CP, {d['vp']} VP and "
            f"{d['drawn_daemons']} Daemon Princes drawn")


def game_ended(d: Data) -> str:
    why = "four Daemon Princes stand in Society Row" if d["reason"] == "four-daemons" else "all nine Daemon Princes were drawn"
    return (f"The game ends ({why}): {d['vp']} VP + {d['cp_bonus']} for {d['cp']} CP - {d['penalty']} for the Court of "
            f"the Daemon Princes = {d['score']}: {d['title']}")


def deck_shuffled(d: Data) -> str:
    return f"The {d['count']} cards are shuffled into the draw deck"


def row_dealt(d: Data) -> str:
    return f"{name_of(d['card'])} is dealt to slot {d['slot'] + 1} of Society Row"


def daemon_set_aside(d: Data) -> str:
    return f"{name_of(d['card'])} is dealt and set aside until the starting cards are chosen"


def choice_offered(d: Data) -> str:
    return f"Choose {d['choose']} starting cards; the treasury holds {d['cp']} CP"


def starting_card_placed(d: Data) -> str:
    return f"{name_of(d['card'])} is placed on {_space(d['space'])} as a starting card (no power)"


def daemons_shuffled_back(d: Data) -> str:
    return f"The {d['count']} Daemon Princes set aside are shuffled back into the deck"


def row_slid(d: Data) -> str:
    return f"{name_of(d['card'])} slides next to the draw deck"


def turn_started(d: Data) -> str:
    return f"Turn {d['turn']}: Phase 1A"


def card_drawn(d: Data) -> str:
    return f"{name_of(d['card'])} is drawn into slot {d['slot'] + 1} of Society Row"


def row_left_short(d: Data) -> str:
    return "The deck is empty: Society Row stays short"


def only_daemons(d: Data) -> str:
    return (f"Phase {d['phase']}: only Daemon Princes stand in Society Row; "
        + ("nothing is discarded" if d["phase"] == "1B" else "they take nothing"))


def courtesan_exchanged(d: Data) -> str:
    return (f"the Courtesan on {_space(d['space'])} is exchanged for {name_of(d['card'])} "
        f"from slot {d['slot'] + 1}")


def minister_paid(d: Data) -> str:
    return f"the Minister collects {d['cp']} CP from {_cards(d['from'])}"


def poet_honoured(d: Data) -> str:
    return f"the Poet gains {d['vp']} VP for {_cards(d['cards'])}"


def power_awaits(d: Data) -> str:
    return ("the Tax Collector may discard a card of its clan" if d["power"] == "tax"
        else "the General may lead the Generals against a Daemon Prince")


def power_declined(d: Data) -> str:
    return "the power is not used"


def power_done(d: Data) -> str:
    return "the power is done"


def fight_offered(d: Data) -> str:
    return "Phase 2: the Generals may fight a Daemon Prince"


def daemon_defeated(d: Data) -> str:
    return (f"the Generals defeat {name_of(d['card'])}" + (f", paying {d['pay']} CP" if d["pay"] else "")
        + f": +{d['vp']} VP")


def fight_passed(d: Data) -> str:
    return "Phase 2: no Daemon Prince can be defeated" if d["automatic"] else "Phase 2: no fight"


def row_card_discarded(d: Data) -> str:
    return f"Phase 1B: {name_of(d['card'])} is discarded from slot {d['slot'] + 1}"


def income(d: Data) -> str:
    return f"Phase 1B: the treasury gains {d['cp']} CP"


def daemons_took(d: Data) -> str:
    return f"Phase 3: the Daemon Princes take {name_of(d['card'])} into their court"


# A sandbox game's opening (rule court.scenario) reuses the deal's shuffle; this line says so.
def scenario_deck_shuffled(d: Data) -> str:
    return (f"The {d['count']} cards are laid out as the scenario says; the cards it does not "
            "name are shuffled into the bottom of the draw deck")


def say(line: Callable[[Data], str], event: Event, names: Sequence[str]) -> str:
    """How the event table reads a Court line: from the event's data alone (a solitaire names no
    seat), its first letter a capital (a power's line starts with the power's own words)."""
    said = line(event.data)
    return said[0].upper() + said[1:]
