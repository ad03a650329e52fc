"""Court players: they decide from the view and the legal list only (the deck stays hidden).

RandomBot picks uniformly. Autoplayer scores each legal action by what it brings now and what it
promises: VP and CP gained (a CP is a third of a VP at the end, more early on, when it buys),
the powers the card will lend later (Tax Collectors for income and Ministers, Generals for
fights), and what a card on top of the court loses by being covered.

The autoplayer plays every decision of the search bot's playouts, so it reads what all its
actions share off the view once a decision (what a CP is worth, the Tax Collectors and Generals
on top, what covering each space loses) and only then values each action: the same values,
computed in the same order, as valuing each action from the view alone
(tests/unit/court/test_bots.py keeps that plain form and compares them).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.bots import RandomBot, best_of
from domain.contract import Action
from domain.rng import Rng

__all__ = ["Autoplayer", "RandomBot"]

View = Mapping[str, Any]


class Autoplayer:
    name = "autoplayer"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return best_of(legal, valuer(view), rng)


def valuer(view: View) -> Callable[[Action], float]:
    """What each action is worth from `view`: the facts its actions share read once."""
    tops = view["tops"]
    row = view["row"]
    deck = view["deck_count"]
    cp = 0.34 + 0.5 * deck / 54  # what one CP is worth in VP now: more early, when it still buys cards
    income = cp * 1.5 * deck / 12  # a Tax Collector's income in every Phase 1B to come
    collectors = []  # (space, VP, clan) of each Tax Collector on top
    general_clans = set()
    clan_vp: dict[str, int] = {}  # each clan's VP on top of the court
    losses = []  # what covering each space's top card loses (None: an empty space)
    for space, top in enumerate(tops):
        if not top:
            losses.append(None)
            continue
        role, clan, vp = top["role"], top["clan"], top["vp"]
        clan_vp[clan] = clan_vp.get(clan, 0) + vp
        if role == "tax-collector":
            collectors.append((space, vp, clan))
            losses.append(income)
        elif role == "general":
            general_clans.add(clan)
            losses.append(top["strength"] * 0.9)
        elif role == "courtesan":
            losses.append(0.8 * vp)
        else:
            losses.append(0.3)  # a spent Minister or Poet: little but a clan for later Poets

    def placement(card: Mapping[str, Any], space: int) -> float:
        """What placing `card` on `space` is worth: its power now, its promise, less what it covers."""
        value = 0.0
        role, clan = card["role"], card["clan"]
        covered = tops[space]
        if role == "minister":
            total = 0
            for at, vp, of in collectors:  # the Tax Collectors left on top once it is placed
                if at != space:
                    total += vp + (1 if of == clan else 0)
            value += cp * total
        elif role == "poet":
            honours = clan_vp.get(clan, 0)  # its clan's other cards on top (not the one it covers)
            if covered and covered["clan"] == clan:
                honours -= covered["vp"]
            value += card["vp"] + honours
        elif role == "tax-collector":
            value += income
            best = 0  # the best card of its clan it could tax (not the one it covers)
            for at, top in enumerate(tops):
                if top and at != space and top["clan"] == clan and top["vp"] > best:
                    best = top["vp"]
            value += best * 0.8
        elif role == "general":
            value += card["strength"] * 0.9 + (1.5 if len(general_clans | {clan}) == 3 else 0)
        elif role == "courtesan":
            value += 0.8 * card["vp"]
        if covered:
            value -= losses[space]
        return value

    def value(action: Action) -> float:
        kind = action["type"]
        if kind == "buy" or kind == "start":
            slot = row[action["slot"]]
            spend = 0 if kind == "start" else slot["price"]
            empty_bonus = 0.5 if tops[action["space"]] is None else 0.0
            return placement(slot["card"], action["space"]) - cp * spend + empty_bonus
        if kind == "exchange":
            return placement(row[action["slot"]]["card"], action["space"]) + 0.2
        if kind == "skip":
            daemons = sum(1 for slot in row if slot["card"] and slot["card"]["role"] == "daemon")
            return cp * (1 + len(collectors)) - 0.2 * daemons
        if kind in ("tax_for_vp", "tax_for_cp"):
            card = tops[action["space"]]
            gain = card["vp"] if kind == "tax_for_vp" else cp * card["vp"] - card["vp"]
            return gain - losses[action["space"]] * 0.5
        if kind == "fight":
            return row[action["slot"]]["card"]["vp"] + 3.0 - cp * action["pay"]
        return 0.0  # decline

    return value
