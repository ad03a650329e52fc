"""The Court's lines read against the table just before each event (domain.lines): which card's
power acts, from which space, on which card, and what the treasury (CP), the victory points and
the Daemon Princes' penalty become. A solitaire hides only the deck, which no line names,
and its lines name no seat."""

from __future__ import annotations

from domain.court.cards import VP, name_of
from domain.lines import Data, View, Who


def _space(view: View, space: int) -> str:
    """Space n of the Royal Court, named by the card on top of it."""
    stack = view["court"][space]
    return f"space {space + 1} ({name_of(stack[-1]['id'])})" if stack else f"space {space + 1}"


def _cp(view: View, change: int) -> str:
    return f"treasury {view['cp']} -> {view['cp'] + change} CP"


def _vp(view: View, change: int) -> str:
    return f"{view['vp']} -> {view['vp'] + change} VP"


def card_bought(view: View, d: Data, _who: Who) -> str:
    covers = f", covering {name_of(d['covers'])}" if d.get("covers") else ""
    paid = f"{d['price']} CP ({_cp(view, -d['price'])})" if d["price"] else "nothing"
    return f"Buys {name_of(d['card'])} from slot {d['slot'] + 1} for {paid} and places it on space {d['space'] + 1}{covers}"


def _power_card(view: View, space: int) -> str:
    """The card on top of `space` whose power acts, as a sentence starts with it."""
    stack = view["court"][space]
    named = name_of(stack[-1]["id"]) if stack else "the card"
    return named[:1].upper() + named[1:]


def minister_paid(view: View, d: Data, _who: Who) -> str:
    paid = ", ".join(name_of(card) for card in d["from"])
    return f"{_power_card(view, d['space'])} collects {d['cp']} CP from {paid} ({_cp(view, d['cp'])})"


def poet_honoured(view: View, d: Data, _who: Who) -> str:
    honoured = ", ".join(name_of(card) for card in d["cards"]) or "nothing"
    return f"{_power_card(view, d['space'])} gains {d['vp']} VP for {honoured} ({_vp(view, d['vp'])})"


def power_awaits(view: View, d: Data, _who: Who) -> str:
    power = ("may discard a card of its clan from the Royal Court" if d["power"] == "tax"
             else "may lead the Generals against a Daemon Prince")
    return f"{_power_card(view, d['space'])} on space {d['space'] + 1} {power}"


def tax_collected(view: View, d: Data, _who: Who) -> str:
    gain = (f"{d['amount']} VP ({_vp(view, d['amount'])})" if d["take"] == "vp"
            else f"{d['amount']} CP ({_cp(view, d['amount'])}; the card goes to the Court of the Daemon Princes)")
    return (f"{_power_card(view, d['by'])} discards {name_of(d['card'])} from space {d['space'] + 1} "
            f"for {gain}")


def daemon_defeated(view: View, d: Data, _who: Who) -> str:
    paid = f", paying {d['pay']} CP ({_cp(view, -d['pay'])})" if d["pay"] else ""
    return f"The Generals defeat {name_of(d['card'])} in slot {d['slot'] + 1}{paid}: +{d['vp']} VP ({_vp(view, d['vp'])})"


def income(view: View, d: Data, _who: Who) -> str:
    collectors = len(d.get("tax_collectors") or [])
    why = f" (1, and 1 for each of {collectors} Tax Collectors on top)" if collectors else ""
    return f"Phase 1B: the treasury gains {d['cp']} CP{why} ({_cp(view, d['cp'])})"


def daemons_took(view: View, d: Data, _who: Who) -> str:
    penalty = view["penalty"]
    return (f"Phase 3: the Daemon Princes take {name_of(d['card'])} from slot {d['slot'] + 1} into their court "
            f"(its {VP[d['card']]} VP count against you: penalty {penalty} -> {penalty + VP[d['card']]})")
