"""Xi bots: the general bot, and Xi's way of scoring a search bot's playout cut short
(`search_rewards`, at the end: the search bot itself is domain/search.py's).

The general bot decides from its seat's view and the legal actions only (and the public
catalogue), never from the state. In its own turn it plays, in this order:
1. a spell or ability that opens the way for its units this turn (a blocker killed, a Flood);
2. the skirmish that gains most: a kill without loss first, then trades weighted by worth (about
   the cost), the elemental cycle counted exactly by the damage pipeline, the player when they
   have no unit to skirmish;
3. the cards its Time pays for that gain most together (a knapsack over T; a unit valued against
   the units facing it), and a draw first whenever that plan leaves 3T or more;
4. leftover T banked as pT before the turn ends (first toward a card dearer than a turn's T);
   pT is spent as T only above what the pT answers in its hand may need.
In a window it answers only when the loss prevented (the skirmish under way, the card
Prevented) is above what the answer costs; otherwise it passes. Choices go to the option that
gains most, the deck step to a named deck chosen with the rng it is given.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from domain.contract import Action
from domain.rng import Rng
from domain.xi.bots.table import Fighter, Table, life_value, unit_worth
from domain.xi.bots.values import (
    Baseline,
    ability_score,
    answer_score,
    choice_score,
    hold,
    play_score,
    source_card,
)
from domain.xi.cards.catalogue import CARDS
from domain.xi.engine.abilities import ABILITY
from domain.xi.engine.play import COST_CHANGE
from domain.xi.language.layers import derive_all
from domain.xi.state import DRAW_COST, LIFE_CAP, TURN_T

# The coin's winner goes first. Measured over 3,000 games of the general bot against itself with
# the starters (the stone mirror aside): the first player won 50.7%, so the 4T less on the first
# turn and the turn of tempo about cancel out; going first is never worse.
GO_FIRST = True
WORTH_DOING = 0.25  # a gain below this (in T) is noise
View = Mapping[str, Any]


class GeneralBot:
    """A player that values every decision in T from the public table (see the module)."""

    name = "general"
    version = "1"

    def choose(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        kind = legal[0]["type"]
        if kind == "bring_deck":
            return rng.choice(legal)
        if kind == "choose_order":
            return next(action for action in legal if action["first"] is GO_FIRST)
        if len(legal) == 1:
            return legal[0]
        table = Table(view)
        top = view["pending"][-1] if view["pending"] else None
        if top is not None and top["kind"] == "choose":
            return max(legal, key=lambda action: choice_score(table, top["card"], top["source"], action["choice"]))
        if top is not None and top["kind"] == "window":
            return _answer(table, top["on"], legal)
        if top is not None and top["kind"] == "skirmish":
            return _strike(table, legal)
        return own_turn(table, legal)


def search_rewards(state: Any) -> list[float]:
    """Each seat's reward for a search bot's playout cut short: its lead in what it holds, in T as
    the general bot counts it (`holding`), not life alone: a unit played or a card drawn costs
    Time now and pays later, which life alone would score as a loss."""
    held = holding(state)
    rewards = []
    for seat, value in enumerate(held):
        best_other = max(other for index, other in enumerate(held) if index != seat)
        rewards.append(0.5 + 0.5 * math.tanh((value - best_other) / HOLDING_SCALE))
    return rewards


HOLDING_SCALE = 10.0  # T: a lead of this much is worth about 0.88 of a win
A_CARD_IN_HAND = 1.5  # T: what a card held is worth, whatever it is: a draw's price in T_LEFT
T_LEFT = 0.5  # what a T still to spend this turn is worth: it expires at the turn's end
PT_WORTH = 1.5  # a pT lasts: the 2T banked for it are worth more than T left, less than a card's use
_LIFE_WORTH = [0.0]
for _life in range(1, LIFE_CAP + 1):  # a life point is worth more the lower the life (life_value)
    _LIFE_WORTH.append(_LIFE_WORTH[-1] + life_value(_life))


def holding(state: Any) -> list[float]:
    """What each seat holds, in T: its life (each point as the general bot values it), its units
    (their worth as the general bot counts it, less for a wounded one), its pT and its T still
    to spend this turn (less: it expires), its cards in hand; nothing for a seat out."""
    held = [0.0 if player.out else (_LIFE_WORTH[min(max(player.life, 0), LIFE_CAP)] + PT_WORTH * player.pt
                                    + T_LEFT * player.t + A_CARD_IN_HAND * len(player.hand))
            for player in state.players]
    for unit in derive_all(state).values():
        if unit.life > 0 and not state.players[unit.controller].out:
            worth = unit_worth(CARDS[unit.card], unit.damage, unit.max_life, unit.keywords)
            held[unit.controller] += worth * (0.35 + 0.65 * min(unit.life, unit.max_life) / max(unit.max_life, 1))
    return held


def _answer(table: Table, window: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """Pass (listed first), unless an answer gains more than it costs."""
    best, chosen = WORTH_DOING, legal[0]
    for action in legal[1:]:
        gain = answer_score(table, action, window)
        if gain > best:
            best, chosen = gain, action
    return chosen


def _strike(table: Table, legal: Sequence[Action]) -> Action:
    """Strike with the most damage a picked damage allows, unless a card or an ability turns
    the skirmish under way for more than it costs."""
    strikes = [action for action in legal if action["type"] == "strike"]
    best, chosen = WORTH_DOING, max(strikes, key=lambda action: action.get("damage", 0))
    for action in legal:
        if action["type"] == "use" or (action["type"] == "play" and CARDS[action["card"]].kind != "unit"):
            gain = answer_score(table, action, None)
            if gain > best:
                best, chosen = gain, action
    return chosen


def skirmish_score(table: Table, action: Action) -> float:
    """What a skirmish gains: the exchange itself (or the first blow of several that destroy the
    target this turn), the player it leaves open to the bot's other units, and the bot's own
    player it leaves open when its last unit falls."""
    attacker = table.units[action["unit"]]
    aim = action["target"]
    target = table.units[aim] if isinstance(aim, str) else aim
    gain = table.exchange(attacker, target)
    if isinstance(target, Fighter):
        gain = max(gain, gang_kill(table, attacker, target))
        if table.hit(attacker, target) >= target.life and table.targetable(target.seat) == [target]:
            others = [unit for unit in table.mine() if unit is not attacker and unit.left > 0]
            gain += 0.8 * table.face(target.seat, sum(table.hit(unit, target.seat) for unit in others))
        if table.hit(target, attacker) >= attacker.life and table.targetable(table.me) == [attacker]:
            facing = [unit for unit in table.units.values() if unit.seat != table.me and unit is not target]
            gain -= 0.5 * table.face(table.me, sum(table.hit(unit, table.me) for unit in facing))
    return gain


def gang_kill(table: Table, attacker: Fighter, target: Fighter) -> float:
    """What destroying `target` this turn with `attacker` and the fewest other ready units of
    the bot's gains, each taking the target's blow back (0 if they cannot, or `attacker` is not
    needed): chip damage healed by the next turn is worth nothing, a kill is."""
    dealt, gang = table.hit(attacker, target), [attacker]
    if dealt >= target.life:  # `attacker` alone destroys it
        return 0.0
    ready = [unit for unit in table.mine() if unit is not attacker and unit.left > 0]
    if not ready:
        return 0.0
    ready.sort(key=lambda unit: -table.hit(unit, target))
    for unit in ready:
        if dealt >= target.life:
            break
        dealt += table.hit(unit, target)
        gang.append(unit)
    if dealt < target.life or len(gang) == 1:
        return 0.0
    forgone = sum(max(0.0, best_exchange(table, unit)) for unit in gang[1:])  # what the others give up
    return table.value(target) - sum(table.loss(unit, table.hit(target, unit)) for unit in gang) - forgone


def best_exchange(table: Table, unit: Fighter) -> float:
    """The best a unit of the bot's could gain by one skirmish on its own now."""
    aims = [aim for seat in table.opponents for aim in (table.targetable(seat) or [seat])]
    return max((table.exchange(unit, aim) for aim in aims), default=0.0)


class _Option:
    """A card to play or an ability to use this turn: its gain, the T it takes, and what it
    adds to the skirmishes the bot's units can still win."""

    __slots__ = ("gain", "cost", "attack", "action")

    def __init__(self, gain: float, cost: int, attack: float, action: Action):
        self.gain, self.cost, self.attack, self.action = gain, cost, attack, action


class _Kinds:
    """The bot's legal actions on its own turn sorted by kind, in one pass (a loop, not a
    comprehension per kind: its own turn is most of a search's playout decisions)."""

    __slots__ = ("cards", "units", "skirmishes", "banks", "draw", "end", "order")

    def __init__(self, legal: Sequence[Action]):
        self.cards: list[Action] = []  # plays of cards other than units, and abilities used
        self.units: list[Action] = []  # plays of unit cards
        self.skirmishes: list[Action] = []
        self.banks: dict[int, Action] = {}
        self.draw = self.end = None
        self.order: dict[str, None] = {}  # each card and ability source, in the order it first comes
        for action in legal:
            kind = action["type"]
            if kind == "bank":  # the kinds most often listed first
                self.banks[action["pt"]] = action
            elif kind == "play":
                card = action["card"]
                (self.units if CARDS[card].kind == "unit" else self.cards).append(action)
                self.order[card] = None
            elif kind == "end_turn":
                self.end = self.end or action
            elif kind == "draw":
                self.draw = self.draw or action
            elif kind == "skirmish":
                self.skirmishes.append(action)
            elif kind == "use":
                self.cards.append(action)
                self.order[action["source"]] = None


def own_turn(table: Table, legal: Sequence[Action]) -> Action:
    """The bot's decision on its own turn, in the order of the module's docstring."""
    kinds = _Kinds(legal)
    base = Baseline(table)
    change = _cost_change(table)
    others = _options(table, base, change, kinds.cards)
    opener = None
    for option in others.values():
        if option.gain > 0.5 and option.attack > 0.5 and (opener is None or option.gain > opener.gain):
            opener = option
    if opener is not None:
        return opener.action
    if kinds.skirmishes:
        best, chosen = None, None
        for action in kinds.skirmishes:
            gain = skirmish_score(table, action)
            if best is None or gain > best:
                best, chosen = gain, action
        if best > WORTH_DOING:
            return chosen
    # The units' what-ifs, the dearest (each moves the table's units), only once a plan needs them.
    options = others | _options(table, base, change, kinds.units)
    reserve = _reserve(table)
    planned = _plan(table, [options[key] for key in kinds.order if options[key].gain > WORTH_DOING], reserve)
    left = table.t - min(table.t, sum(option.cost for option in planned))
    banks = kinds.banks
    saving = min(_saving(table, change, reserve), left // 2, max(banks, default=0))
    if saving > 0:
        return banks[saving]
    if kinds.draw is not None and left >= DRAW_COST and table.view["players"][table.me]["deck_size"]:
        return kinds.draw
    if planned:
        return max(planned, key=lambda option: option.gain).action
    if banks:
        return banks[max(banks)]
    return kinds.end


# _reserve, _saving and _cost_change are asked at every decision of the bot's own turns: plain
# loops, not generators (each a call and a frame).

def _reserve(table: Table) -> int:
    """The pT the bot keeps for its answers: the dearest pT card in its hand."""
    dearest = 0
    for card in table.view["hand"] or ():
        found = CARDS[card]
        if found.cost_unit == "pt" and found.cost > dearest:
            dearest = found.cost
    return dearest


def _saving(table: Table, change: int, reserve: int) -> int:
    """The pT still to bank for the dearest card in hand that a turn's T cannot pay (a 12T Drain
    Fairy needs 2pT more than the 10T of a turn), beyond the pT kept for answers (`reserve`);
    `change` is what the bot's cards in play change its T costs by."""
    dearest = None
    for card in table.view["hand"] or ():
        found = CARDS[card]
        if found.cost_unit == "t" and (dearest is None or found.cost + change > dearest):
            dearest = found.cost + change
    return max(0, (dearest or 0) - TURN_T - max(0, table.pt - reserve))


def _options(table: Table, base: Baseline, change: int, actions: Sequence[Action]) -> dict[str, _Option]:
    """Each card's best play among `actions` (its best target) and each ability's best use, with
    their gains, by card or ability source; `change` is what the bot's cards in play change its T
    costs by."""
    best: dict[str, _Option] = {}
    in_hand = len(table.view["hand"] or ())
    priced: dict[str, tuple[float, int]] = {}  # by card: what holding it is worth, and its cost (once a card)
    for action in actions:
        if action["type"] == "play":
            key = action["card"]
            score = play_score(table, base, key, action.get("target"))
            found = priced.get(key)
            if found is None:
                card = CARDS[key]
                found = priced[key] = hold(card, in_hand), 0 if card.cost_unit == "pt" else max(0, card.cost + change)
            gain, cost = score.total - found[0], found[1]
        else:
            key = action["source"]
            unit, amount = ABILITY[source_card(table, key)]["cost"]
            score = ability_score(table, base, action)
            gain, cost = score.total - 0.3 * amount * (1 if unit == "t" else 4), amount if unit == "t" else 0
        kept = best.get(key)
        if kept is None or gain > kept.gain:  # the first of equals
            best[key] = _Option(gain, cost, score.attack, action)
    return best


def _cost_change(table: Table) -> int:
    """How much the bot's cards in play change its T costs (Quickwind Sage's 1T less)."""
    change = 0
    for unit in table.mine():
        change += COST_CHANGE[unit.card]
    return change


def _plan(table: Table, options: list[_Option], reserve: int) -> list[_Option]:
    """The options this turn's Time pays for that gain most together (a knapsack over T). pT
    pays too, above what the bot's pT answers in hand may need (`reserve`)."""
    budget = table.t + max(0, table.pt - reserve)
    if len(options) < 2:  # what the knapsack gives for one option (its gain is above 0) or none
        return [option for option in options if option.cost <= budget]
    # best[spent]: the greatest gain, and the options giving it, for exactly `spent` T at most
    best: list[tuple[float, tuple[int, ...]]] = [(0.0, ())] * (budget + 1)
    for index, option in enumerate(options):
        for spent in range(budget, option.cost - 1, -1):
            gain, taken = best[spent - option.cost]
            if gain + option.gain > best[spent][0]:
                best[spent] = (gain + option.gain, (*taken, index))
    return [options[index] for index in max(best, key=lambda found: found[0])[1]]
