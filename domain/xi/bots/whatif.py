"""What a card, an ability or a trigger would do, tried on a copy of the bot's table.

The bot reads the card vocabulary (design 4.1) with the rules' own reading of it (selectors,
amounts and conditions: language/reading.py, this copy answering its questions), on the public
table only, and plays each effect as the interpreter would: damage goes through the pipeline, healing stops at the maximum, a destroyed unit is
gone, a stolen one fights for its taker this turn only, a static of a card entering play changes
the units it selects, a cancel ends the skirmish under way. What the copy cannot play out (a card
drawn, pT gained, a trigger's later turns) is counted in `extra` at a rough rate in T.

Every change is scored as it is made, from the seat of the table's bot (`Table.me`): `board`
holds what lasting changes gain or lose it, and the units left on the copy say what can still
fight this turn and the next.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.xi.bots.table import STATICS, Fighter, Table, dealt, life_value
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.vocabulary import ELEMENTS
from domain.xi.language.layers import selects
from domain.xi.language.reading import amount, holds, resolve

A_CARD = 2.5  # a card drawn, in T (drawing one costs 3T)
A_PT = 1.8  # a pT gained (banking one costs 2T)
HEALTH = 0.6  # how much a life point gained is worth beside one lost


class Cause:
    """What an entry acts for: its card, the seat controlling it, the id of the card or unit
    holding it, the unit it is on, the target and choice it was given, and the damage just dealt
    (for a `deals_damage` trigger). Read only; a plain class, not a frozen dataclass, whose
    fields are each set by a call: one is made for every card tried at every decision."""

    __slots__ = ("card", "seat", "source", "on", "target", "choice", "dealt")

    def __init__(self, card: str, seat: int, source: str | None = None, on: str | None = None,
                 target: str | int | None = None, choice: Any = None, dealt: int = 0):
        self.card, self.seat, self.source, self.on = card, seat, source, on
        self.target, self.choice, self.dealt = target, choice, dealt


class WhatIf:
    """A copy of the table's units and lives on which effects are tried and scored."""

    def __init__(self, table: Table):
        self.table = table
        self.units = dict(table.units)  # the table's own units until one is changed (`_changing`)
        self._copied: set[str] = set()
        # The table's own lives, tags and immunities until an effect changes them (then copied):
        # a what-if is made for every card tried, and most change none of them.
        self.life = table.life
        self.tags = table.tags
        self.holders: list | None = None  # None: the table's own damage multipliers
        self.immune = table.immune
        self.board = 0.0  # what lasting changes gain the bot, in T
        self.extra = 0.0  # what the copy cannot play out, in T
        self.cancelled = False  # the skirmish under way
        self.prevented = False  # the card a window answers

    # -- the changes ---------------------------------------------------------------------------

    def _changing(self, unit: Fighter) -> Fighter:
        """This what-if's own copy of `unit`, to change."""
        if unit.uid not in self._copied:
            unit = self.units[unit.uid] = unit.copy()
            self._copied.add(unit.uid)
        return self.units[unit.uid]

    def enter(self, unit: Fighter) -> None:
        self.units[unit.uid] = unit
        self._copied.add(unit.uid)
        self.board += self.table.sign(unit.home) * self.table.value(unit)

    def set_life(self, unit: Fighter, life: int) -> None:
        unit = self._changing(unit)
        before = self.table.value(unit)
        unit.wounded(life)
        self.board += self.table.sign(unit.home) * (self.table.value(unit) - before)
        if life <= 0:
            del self.units[unit.uid]

    def leave(self, unit: Fighter) -> None:
        """Back to its owner's hand: the card is kept, its place on the table lost."""
        self.board -= self.table.sign(unit.home) * (self.table.value(unit) - 0.4 * unit.worth)
        del self.units[unit.uid]

    def player_life(self, seat: int, by: int) -> None:
        if self.life is self.table.life:
            self.life = list(self.life)
        life = self.life[seat]
        if by < 0:
            lost = min(-by, life)
            self.board -= self.table.sign(seat) * (self.table.face(seat, lost) if life == self.table.life[seat]
                                                   else lost * life_value(life))
        else:
            gained = min(by, 99 - life)
            self.board += self.table.sign(seat) * gained * life_value(life) * HEALTH
        self.life[seat] = max(0, min(99, life + by))

    def change(self, unit: Fighter, lasting: bool, **fields: Any) -> None:
        """A unit's numbers change: for good (a card in play), or for this turn only."""
        unit = self._changing(unit)
        before = self.table.value(unit)
        for name, value in fields.items():
            setattr(unit, name, value)
        unit.changed(lasting)
        if lasting:
            self.board += self.table.sign(unit.home) * (self.table.value(unit) - before)

    # -- the vocabulary --------------------------------------------------------------------------

    # What the vocabulary asks of this copy (language/reading.py reads selectors, amounts and
    # conditions on it as the rules do on theirs): units are this copy's Fighters.

    def named(self, target: str | int) -> list[Fighter | int]:
        if isinstance(target, str):
            return [self.units[target]] if target in self.units else []
        return [target]

    def selected(self, selector: str, cause: Cause) -> list[Fighter]:
        holder = (cause.source, cause.seat, cause.on)
        return [unit for unit in self.units.values() if selects(selector, holder, unit.uid, unit.seat, unit.type)]

    def opponents(self, seat: int) -> list[int]:
        return [other for other in range(self.table.seats) if other != seat and not self.table.out[other]]

    def copies(self, card: str) -> int:
        return sum(unit.card == card for unit in self.units.values()) + sum(
            held == card for held, *_ in self.table.in_play)

    def true_tags(self) -> frozenset[str]:
        return self.tags

    def active(self) -> int | None:
        return self.table.view["active"]

    def unit_type(self, target: str | int | None) -> str | None:
        unit = self.units.get(target) if isinstance(target, str) else None
        return unit.type if unit is not None else None

    def attacker_type(self) -> str | None:
        attacker = self.units.get(skirmish_under_way(self.table.view)[0] or "")
        return attacker.type if attacker is not None else None

    def perform(self, entry: Mapping[str, Any], cause: Cause) -> None:
        """One entry of `on_play`, `trigger` or `ability`, as the interpreter would play it."""
        if "if" in entry and not holds(self, entry["if"], cause):
            return
        do = entry["do"]
        if do == "cancel_skirmish":
            self.cancelled = True
            return
        if do == "prevent":
            self.prevented = True
            return
        value = entry.get("amount", 0)
        if type(value) is not int:  # most amounts are numbers: no call for them
            value = amount(self, value, cause)
        if do == "damage":
            bonus = entry.get("bonus")
            bonus = None if bonus is None else dict(bonus)
            if bonus and holds(self, bonus["if"], cause):
                value += bonus["add"]
            dtype = entry.get("type", CARDS[cause.card].type)
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    hurt = dealt(value, dtype, target.type, target.immune, target.reductions, ())
                    self.set_life(target, target.life - hurt)
                else:
                    self.player_life(target, -dealt(value, dtype, None, self.immune[target], (), ()))
        elif do in ("heal", "gain_life"):
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.set_life(target, max(target.life, min(target.max_life, target.life + value)))
                else:
                    self.player_life(target, value)
        elif do == "lose_life":
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.set_life(target, target.life - value)
                else:
                    self.player_life(target, -value)
        elif do == "move_life":
            for giver in resolve(self, entry["from"], cause):
                if isinstance(giver, Fighter):
                    given = min(value, max(0, giver.life))
                    self.set_life(giver, giver.life - given)
                    for seat in resolve(self, entry["to"], cause):
                        if isinstance(seat, int):
                            self.player_life(seat, given)
        elif do == "destroy":
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.set_life(target, 0)
        elif do == "return_to_hand":
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.leave(target)
        elif do == "draw":
            for seat in resolve(self, entry["to"], cause):
                if isinstance(seat, int) and self.table.view["players"][seat]["deck_size"]:
                    self.extra += self.table.sign(seat) * value * A_CARD
        elif do == "gain_pt":
            for seat in resolve(self, entry["to"], cause):
                if isinstance(seat, int):
                    self.extra += self.table.sign(seat) * value * A_PT
        elif do == "take_control":
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.change(target, False, seat=cause.seat, left=0)
        elif do == "add_effect":
            effect = dict(entry["effect"])
            where = effect.get("layer") or effect.get("list")
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.static(target, where, effect["op"], effect.get("value", cause.choice), lasting=False)

    def static(self, unit: Fighter, where: str, op: str, value: Any, lasting: bool) -> None:
        """A layered static, or a restriction, on one unit."""
        if where == "2" and value in (*ELEMENTS, "celestial", "shadow"):
            self.change(unit, lasting, type=value)
        elif where == "3" and op == "grant" and value not in unit.keywords:
            self.change(unit, lasting, keywords=(*unit.keywords, value))
        elif where in ("4a", "4b") and type(value) is int:
            self.change(unit, lasting, damage=max(0, value))
        elif where == "4c" and type(value) is int:
            self.change(unit, lasting, damage=max(0, unit.damage + value))
        elif where == "5a" and type(value) is int:
            self.change(unit, lasting, max_life=value, life=min(unit.life, value))
        elif where == "5b" and type(value) is int:
            self.change(unit, lasting, max_life=unit.max_life + value)
        elif where == "restriction" and op == "cannot_skirmish":
            self.change(unit, lasting, left=0)
        elif where == "restriction" and op == "skirmishes_per_turn" and type(value) is int:
            self.change(unit, False, left=max(unit.left, unit.left + value - 1))
            if lasting:
                self.extra += self.table.sign(unit.home) * (value - 1) * unit.damage * 0.5

    def card_statics(self, card_id: str, cause: Cause) -> None:
        """The statics of a card entering play, on what they select now; those the copy cannot
        hold (a cost change) are counted in `extra`."""
        for entry in STATICS[card_id]:
            if entry.get("list") == "damage" and entry["op"] == "multiply":
                self._multiplier(card_id, entry, cause)
                continue
            if entry.get("list") == "damage" and entry["op"] == "immune":
                for seat in resolve(self, entry["to"], cause):
                    if isinstance(seat, int):
                        kinds = (entry["value"],) if isinstance(entry["value"], str) else entry["value"]
                        if self.immune is self.table.immune:
                            self.immune = dict(self.immune)
                        self.immune[seat] = self.immune[seat] | frozenset(kinds)
                continue
            if entry.get("list") == "cost" and entry["op"] == "add":
                hand = [card for card in self.table.view["hand"] or () if CARDS[card].cost_unit == "t"]
                self.extra -= entry["value"] * (1.0 + 0.5 * len(hand))
                continue
            if "layer" in entry and "if" in entry and not holds(self, entry["if"], cause):
                continue  # a static that holds only while it rains, or in its holder's turn: not now
            where = entry.get("layer") or entry.get("list")
            for target in resolve(self, entry["to"], cause):
                if isinstance(target, Fighter):
                    self.static(target, where, entry["op"], entry.get("value"), lasting=True)

    def _multiplier(self, card_id: str, entry: Mapping[str, Any], cause: Cause) -> None:
        if self.holders is None:
            self.holders = list(self.table.holders)
        self.holders.append((card_id, (cause.source, cause.seat, cause.on)))
        for unit in self.units.values():
            if selects(entry["to"], (cause.source, cause.seat, cause.on), unit.uid, unit.seat, unit.type):
                self.extra += self.table.sign(unit.home) * unit.damage * (entry["value"] - 1) * 0.5

    # -- what can still fight ------------------------------------------------------------------

    def unchanged(self) -> bool:
        """Whether this copy's units and damage multipliers are still the table's own, the same
        units in the same order (none entered, changed or gone): then what they can gain this
        turn and threaten the next is the table's, and `attack` and `threat` need not count it again."""
        return not self._copied and self.holders is None and len(self.units) == len(self.table.units)

    def attack(self, seat: int) -> float:
        """What `seat`'s units could still gain by skirmishing this turn."""
        return attack_now(self.table, self.units, seat, self.holders)

    def threat(self) -> float:
        """What the other seats' units could gain against the bot's side in their next turns."""
        return threat_next(self.table, self.units, self.holders)


# attack_now and threat_next are asked for every card tried at every decision of a search's
# playouts: plain loops, not comprehensions or any() (each a call).

def attack_now(table: Table, units: Mapping[str, Fighter], seat: int, holders: list | None = None) -> float:
    attackers = []
    for unit in units.values():
        if unit.seat == seat and unit.left > 0 and unit.damage > 0:
            attackers.append(unit)
    if not attackers:
        return 0.0
    facing = table.opponents if seat == table.me else [
        other for other in range(table.seats) if other != seat and not table.out[other]]
    return table.onslaught(facing, units, attackers, holders)


def threat_next(table: Table, units: Mapping[str, Fighter], holders: list | None = None) -> float:
    """Each other seat's units, back with their owners and each with one skirmish, against the
    bot's side."""
    for unit in units.values():
        if unit.seat != unit.home:
            units = {uid: _home(unit) for uid, unit in units.items()}
            break
    total = 0.0
    facing = [table.me]
    for seat in table.opponents:
        attackers = []
        for unit in units.values():
            if unit.seat == seat and unit.damage > 0:
                attackers.append(unit)
        if attackers:
            total += table.onslaught(facing, units, attackers, holders, True)
    return total


def _home(unit: Fighter) -> Fighter:
    if unit.seat == unit.home:
        return unit
    back = unit.copy()
    back.seat = back.home
    back.changed(False)
    return back


def skirmish_under_way(view: Mapping[str, Any]) -> tuple[str | None, str | int | None]:
    """The attacker and target of the skirmish declared and not yet struck, if there is one."""
    step = next((step for step in view["pending"] if step["kind"] == "skirmish"), None)
    return (step["attacker"], step["target"]) if step else (None, None)

