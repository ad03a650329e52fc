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

from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, highest
from domain.contract import Action
from domain.rng import Rng

__all__ = ["Autoplayer", "RandomBot"]

View = Mapping[str, Any]


class Autoplayer:
    name = "autoplayer"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """The legal action of highest value; ties broken at random (bots.best_of's way)."""
        if len(legal) == 1:  # a lone skip or decline: nothing to weigh, the stream moves on as a tie among one moves it
            rng.below(1)
            return legal[0]
        return highest(legal, values(view, legal), rng)


def values(view: View, legal: Sequence[Action]) -> list[float]:
    """What each legal action is worth from `view`: the facts its actions share read once, and what
    placing each card of Society Row on each space is worth read once per card."""
    tops = view["tops"]
    row = view["row"]
    deck = view["deck_count"]
    cp = 0.34 + 0.5 * deck / 54  # what one CP is worth in VP now: more early, when it still buys cards
    income = cp * 1.5 * deck / 12  # a Tax Collector's income in every Phase 1B to come
    collectors = []  # (space, VP, clan) of each Tax Collector on top
    general_clans = set()
    clan_vp: dict[str, int] = {}  # each clan's VP on top of the court
    # Each space's (what covering its top card loses, the bonus for filling it): an empty space
    # loses nothing (x - 0.0 is x) and brings 0.5, a card's space no bonus.
    covering: list[tuple[float, float]] = []
    for space, top in enumerate(tops):
        if not top:
            covering.append((0.0, 0.5))
            continue
        role, clan, vp = top["role"], top["clan"], top["vp"]
        clan_vp[clan] = clan_vp.get(clan, 0) + vp
        if role == "tax-collector":
            collectors.append((space, vp, clan))
            covering.append((income, 0.0))
        elif role == "general":
            general_clans.add(clan)
            covering.append((top["strength"] * 0.9, 0.0))
        elif role == "courtesan":
            covering.append((0.8 * vp, 0.0))
        else:
            covering.append((0.3, 0.0))  # a spent Minister or Poet: little but a clan for later Poets

    def placements(card: Mapping[str, Any], spend: float) -> list[float]:
        """What taking `card` onto each space is worth, `spend` CP paid: its power now, its promise,
        less what it covers and the CP, plus an empty space's bonus (one list made per card and
        price: each space's terms taken together, in the order an action's value adds them up)."""
        role, clan = card["role"], card["clan"]
        if role == "minister":  # the Tax Collectors left on top once it is placed (whole numbers)
            taxed = {at: vp + (1 if of == clan else 0) for at, vp, of in collectors}
            total = sum(taxed.values())
            return [cp * (total - taxed.get(space, 0)) - loss - spend + bonus
                    for space, (loss, bonus) in enumerate(covering)]
        if role == "poet":  # its clan's other cards on top (not the one it covers)
            honours = clan_vp.get(clan, 0)
            return [0.0 + card["vp"] + (honours - covered["vp"] if covered and covered["clan"] == clan else honours)
                    - loss - spend + bonus for covered, (loss, bonus) in zip(tops, covering)]
        if role == "tax-collector":  # the best card of its clan it could tax (not the one it covers)
            best, at_best, second = 0, None, 0  # the best VP of its clan on top, where, and the best elsewhere
            for at, top in enumerate(tops):
                if top and top["clan"] == clan and top["vp"] > second:
                    if top["vp"] > best:
                        best, at_best, second = top["vp"], at, best
                    else:
                        second = top["vp"]
            return [income + (second if space == at_best else best) * 0.8 - loss - spend + bonus
                    for space, (loss, bonus) in enumerate(covering)]
        if role == "general":
            gain = 0.0 + (card["strength"] * 0.9 + (1.5 if len(general_clans | {clan}) == 3 else 0))
        elif role == "courtesan":
            gain = 0.0 + 0.8 * card["vp"]
        else:
            gain = 0.0
        return [gain - loss - spend + bonus for loss, bonus in covering]

    bought: dict[int, list[float]] = {}  # by slot of Society Row: its card bought onto each space
    free: dict[int, list[float]] = {}  # by slot: its card taken for nothing (a start, an exchange)
    out = []
    for action in legal:
        kind = action["type"]
        if kind == "buy":
            slot = action["slot"]
            worth = bought.get(slot) or bought.setdefault(slot, placements(row[slot]["card"], cp * row[slot]["price"]))
            out.append(worth[action["space"]])
        elif kind == "start":
            slot = action["slot"]
            worth = free.get(slot) or free.setdefault(slot, placements(row[slot]["card"], cp * 0))
            out.append(worth[action["space"]])
        elif kind == "exchange":  # onto a Courtesan: no bonus, and x - 0.0 + 0.0 + 0.2 is x + 0.2
            slot = action["slot"]
            worth = free.get(slot) or free.setdefault(slot, placements(row[slot]["card"], cp * 0))
            out.append(worth[action["space"]] + 0.2)
        elif kind == "skip":
            daemons = sum(1 for slot in row if slot["card"] and slot["card"]["role"] == "daemon")
            out.append(cp * (1 + len(collectors)) - 0.2 * daemons)
        elif kind in ("tax_for_vp", "tax_for_cp"):
            card = tops[action["space"]]
            gain = card["vp"] if kind == "tax_for_vp" else cp * card["vp"] - card["vp"]
            out.append(gain - covering[action["space"]][0] * 0.5)
        elif kind == "fight":
            out.append(row[action["slot"]]["card"]["vp"] + 3.0 - cp * action["pay"])
        else:
            out.append(0.0)  # decline
    return out
