"""Court players: they decide from the view and the legal list only (the deck stays hidden).

RandomBot picks uniformly. Autoplayer scores each legal action by what it brings now and what it
promises: VP and CP gained (a CP is a third of a VP at the end, more early on, when it buys),
the powers the card will lend later (Tax Collectors for income and Ministers, Generals for
fights), and what a card on top of the court loses by being covered.

The autoplayer plays every decision of the search bot's playouts, so it reads what all its
actions share off the view once a decision (the top cards by id and what covering each loses, once
an action asks: a fight does not), looks up what a card's face says in tables made at import, and
values each card of Society Row onto every space as one list, which a slot's run of buys takes
whole: the same values, computed in the same order, as valuing each action from the view alone
(tests/unit/court/test_bots.py keeps that plain form and compares them). Choosing, it values a run
only when its bound (what the card would be worth on the space that loses least) reaches the best
value found so far: a run below it holds no best action, and stands in the list at -inf.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

from domain.bots import RandomBot, scored
from domain.contract import Action
from domain.court.cards import CARDS, CLANS, COURTESAN, GENERAL, TAX_COLLECTOR
from domain.court.state import ROW_SLOTS
from domain.rng import Rng

__all__ = ["Autoplayer", "RandomBot"]

View = Mapping[str, Any]

# What the autoplayer reads of a card's face, by id, made once (a face is fixed): a top card's VP
# and clan, the tops of each clan and role it looks for.
VP = {card.id: card.vp for card in CARDS.values()}
CLAN = {card.id: card.clan for card in CARDS.values()}
CLAN_CARDS = {clan: frozenset(card.id for card in CARDS.values() if card.clan == clan) for clan in CLANS}
GENERALS = frozenset(card.id for card in CARDS.values() if card.role == GENERAL)
TAX_COLLECTORS = frozenset(card.id for card in CARDS.values() if card.role == TAX_COLLECTOR)

# By the deck's size: what one CP is worth in VP (more early, when it still buys cards), and a Tax
# Collector's income in every Phase 1B to come.
CP_WORTH = [0.34 + 0.5 * deck / 54 for deck in range(len(CARDS) + 1)]
INCOME = [cp * 1.5 * deck / 12 for deck, cp in enumerate(CP_WORTH)]


def _loss(card: Any, income: float) -> float:
    """What covering `card` loses: a Tax Collector's income, a General's strength, a Courtesan's
    exchange; a spent Minister or Poet little but a clan for later Poets."""
    if card.role == TAX_COLLECTOR:
        return income
    if card.role == GENERAL:
        return card.strength * 0.9
    return 0.8 * card.vp if card.role == COURTESAN else 0.3


# By the deck's size, what covering each card loses; an empty space (None) nothing (x - 0.0 is x).
LOSSES = [{None: 0.0, **{card.id: _loss(card, income) for card in CARDS.values()}} for income in INCOME]


class Autoplayer:
    name = "autoplayer"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        """The legal action of highest value; ties broken at random (bots.best_of's way)."""
        if len(legal) == 1:  # a lone skip or decline: nothing to weigh, the stream moves on as a tie among one moves it
            rng.skip()  # below(1)
            return legal[0]
        # The runs that cannot hold the best action stand at -inf, below it: the same best, ties
        # and draws as over every value.
        scores, best = _valued(view, legal, prune=True)
        return scored(legal, scores, best, rng)


def values(view: View, legal: Sequence[Action]) -> list[float]:
    """What each legal action is worth from `view`."""
    return _valued(view, legal, prune=False)[0]


def _valued(view: View, legal: Sequence[Action], prune: bool) -> tuple[list[float], float]:
    """Each legal action's value, and the best of them: a fight's off Society Row, the others' off
    the court's top cards (read once, on the first action that asks). The runs of buys that open a
    list (a slot's buys onto every space, in the spaces' order, as legal_actions lists them) are
    valued last, each as one list; pruned, a run that cannot reach the best value found stands at
    -inf instead."""
    count = len(legal)
    out = [-math.inf] * count  # a run not valued stays below every value
    court = _Court(view) if count and legal[0]["type"] == "buy" else None
    starts: list[int] = []  # where each run of buys starts
    slots: list[int] = []  # and its slot of Society Row
    at = 0
    if court is not None:
        spaces, ends = court.spaces, court.ends
        while at < count:  # a run: its first and last buys are one slot's onto the first and last spaces
            action = legal[at]
            if action["type"] != "buy" or action["space"] != 0 or legal[at + spaces - 1:at + spaces] != ends[action["slot"]]:
                break
            starts.append(at)
            slots.append(action["slot"])
            at += spaces
    runs_end = at
    row = view["row"]
    cp = CP_WORTH[view["deck_count"]]
    while at < count:  # the others, one by one
        action = legal[at]
        kind = action["type"]
        if kind == "fight":
            out[at] = row[action["slot"]]["card"]["vp"] + 3.0 - cp * action["pay"]
        elif kind == "decline":
            out[at] = 0.0
        else:
            if court is None:
                court = _Court(view)
            out[at] = court.value(action)
        at += 1
    if not starts:
        return out, max(out)
    # The best of the actions after the runs: a run below it holds no best action.
    floor = max(out[runs_end:]) if runs_end < count else -math.inf
    return out, court.fill(out, slots, starts, floor if prune else None)


class _Court:
    """What the actions that place, skip or tax share, read off the view once a decision: the top
    cards by id, what covering each loses, and each card of Society Row valued onto every space
    (made when first asked)."""

    def __init__(self, view: View):
        tops = self.tops = view["tops"]
        self.row = view["row"]
        deck = view["deck_count"]
        self.cp, self.income = CP_WORTH[deck], INCOME[deck]
        self.spaces = len(tops)
        self.ends = _ends(self.spaces)
        lost = LOSSES[deck]
        # Each space's top card (None if empty) and what covering it loses; the empty spaces (0.5
        # for filling one); the Tax Collectors on top (space, card). One loop, not comprehensions.
        ids: list[str | None] = []
        losses: list[float] = []
        empties: list[int] = []
        collectors: list[tuple[int, str]] = []
        for top in tops:
            if top:
                card = top["id"]
                if card in TAX_COLLECTORS:
                    collectors.append((len(ids), card))
                ids.append(card)
                losses.append(lost[card])
            else:
                empties.append(len(ids))
                ids.append(None)
                losses.append(0.0)
        self.ids, self.losses, self.empties, self.collectors = ids, losses, empties, collectors
        self._free: dict[int, list[float]] = {}  # by slot: its card taken for nothing (a start, an exchange)

    def fill(self, out: list[float], slots: list[int], starts: list[int], floor: float | None) -> float:
        """The values of the runs of buys of `slots`, starting at `starts` in `out` (the other
        actions' values there already, their best `floor`), and the best value of all. Pruned (a
        floor): the run of the highest bound first, then each other whose bound reaches the best
        value found so far; the others stay at -inf."""
        row, cp, spaces = self.row, self.cp, self.spaces
        # What a run's card is worth at most: on the space that loses least, with an empty space's
        # bonus if one is left (the terms in their order, so each space's value is at most this).
        least, bonus = min(self.losses), 0.5 if self.empties else 0.0
        priced = []  # (gain, covered, spend) of each run's card
        bounds = []
        for slot in slots:  # a loop, not a comprehension: a few a decision
            on = row[slot]
            gain, covered = self.gains(on["card"])
            spend = cp * on["price"]
            priced.append((gain, covered, spend))
            bounds.append(gain - least - spend + bonus)
        if floor is None:
            for at, (gain, covered, spend) in zip(starts, priced):
                out[at:at + spaces] = self.spread(gain, covered, spend)
            return max(out)
        first = bounds.index(max(bounds))
        for number in [first, *range(first), *range(first + 1, len(bounds))]:  # the highest bound's first
            if bounds[number] >= floor:  # it may reach the best value found so far
                at = starts[number]
                worth = out[at:at + spaces] = self.spread(*priced[number])
                floor = max(floor, max(worth))
        return floor

    def free(self, slot: int) -> list[float]:
        """The card of `slot` taken for nothing onto each space (a start, an exchange)."""
        worth = self._free.get(slot)
        if worth is None:
            gain, covered = self.gains(self.row[slot]["card"])
            worth = self._free[slot] = self.spread(gain, covered, self.cp * 0)
        return worth

    def gains(self, card: Mapping[str, Any]) -> tuple[float, list[tuple[int, float]]]:
        """What placing `card` gains on a space (its power now, its promise), the same on every space
        but those listed (space, gain there), lower: a Tax Collector's space for a Minister, a card of
        its clan for a Poet or a Tax Collector (not the one it covers)."""
        role, clan = card["role"], card["clan"]
        covered: list[tuple[int, float]] = []
        if role == "minister":  # the Tax Collectors left on top once it is placed (whole numbers)
            cp, taxed, total = self.cp, [], 0
            for at, top in self.collectors:
                vp = VP[top] + (1 if CLAN[top] == clan else 0)
                taxed.append((at, vp))
                total += vp
            for at, vp in taxed:
                covered.append((at, cp * (total - vp)))
            return cp * total, covered  # total - 0 off a space that holds no Tax Collector
        if role == "poet":  # its clan's other cards on top
            ids, mine, honours = self.ids, CLAN_CARDS[clan].intersection(self.ids), 0
            for top in mine:
                honours += VP[top]
            for top in mine:
                covered.append((ids.index(top), 0.0 + card["vp"] + (honours - VP[top])))
            return 0.0 + card["vp"] + honours, covered
        if role == "tax-collector":  # the best card of its clan it could tax
            best, at_best, second = 0, None, 0  # the best VP of its clan on top, where, and the best elsewhere
            for at, top in enumerate(self.ids):
                if top in CLAN_CARDS[clan] and VP[top] > second:
                    if VP[top] > best:
                        best, at_best, second = VP[top], at, best
                    else:
                        second = VP[top]
            if at_best is not None:
                covered.append((at_best, self.income + second * 0.8))
            return self.income + best * 0.8, covered
        if role == "general":
            clans = {clan}
            for top in GENERALS.intersection(self.ids):
                clans.add(CLAN[top])
            return 0.0 + (card["strength"] * 0.9 + (1.5 if len(clans) == 3 else 0)), covered
        if role == "courtesan":
            return 0.0 + 0.8 * card["vp"], covered
        return 0.0, covered

    def spread(self, gain: float, covered: list[tuple[int, float]], spend: float) -> list[float]:
        """gain - loss - spend + bonus on each space, `spend` CP paid, the terms in the order an
        action's value adds them up: an occupied space's bonus is 0.0 (x + 0.0 is x), an empty
        space's loss 0.0 and bonus 0.5."""
        losses, worth = self.losses, []
        for loss in losses:  # a loop, not a comprehension (which makes a function): cheaper over a court
            worth.append(gain - loss - spend)
        for at in self.empties:
            worth[at] += 0.5
        for at, there in covered:  # never an empty space
            worth[at] = there - losses[at] - spend
        return worth

    def value(self, action: Action) -> float:
        """What one action that is not a fight or a decline is worth (a buy outside a whole run)."""
        kind = action["type"]
        if kind == "start":
            return self.free(action["slot"])[action["space"]]
        if kind == "exchange":  # onto a Courtesan: no bonus, and x - 0.0 + 0.0 + 0.2 is x + 0.2
            return self.free(action["slot"])[action["space"]] + 0.2
        if kind == "skip":
            daemons = 0
            for slot in self.row:  # a loop, not a generator: every Phase 1A asks
                card = slot["card"]
                if card and card["role"] == "daemon":
                    daemons += 1
            return self.cp * (1 + len(self.collectors)) - 0.2 * daemons
        if kind == "buy":
            on = self.row[action["slot"]]
            gain, covered = self.gains(on["card"])
            return self.spread(gain, covered, self.cp * on["price"])[action["space"]]
        if kind in ("tax_for_vp", "tax_for_cp"):
            card = self.tops[action["space"]]
            gain = card["vp"] if kind == "tax_for_vp" else self.cp * card["vp"] - card["vp"]
            return gain - self.losses[action["space"]] * 0.5
        return 0.0  # a decline


# The last buy of each slot's run, by the court's size, in a list of one (compared with a slice).
_ENDS: dict[int, list[list[Action]]] = {}


def _ends(spaces: int) -> list[list[Action]]:
    """Each slot's last buy onto a court of `spaces` spaces, alone in a list."""
    ends = _ENDS.get(spaces)
    if ends is None:
        ends = _ENDS[spaces] = [[{"type": "buy", "slot": slot, "space": spaces - 1}] for slot in range(ROW_SLOTS)]
    return ends


