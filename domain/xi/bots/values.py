"""What each decision is worth to the general bot, in T, read from the public table.

A card played is tried on a copy of the table (bot_whatif.py): what it changes for good, what it
lets the bot's units gain by skirmishing this turn, and what it changes of the other side's
threat in its next turn, half counted. Keeping a card has a value too (`hold`), so a removal
spell waits for a target worth it. An answer in a window is worth the loss it prevents (the
skirmish under way scored again after it, the card it Prevents as its declarer values it) less
what it costs; a trigger's target is the one that gains most.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.xi.bots.table import ON_PLAY, PICKS_DAMAGE, TRIGGERS, Fighter, Table, entries, price_in_t
from domain.xi.bots.whatif import Cause, WhatIf, attack_now, skirmish_under_way, threat_next
from domain.xi.cards.catalogue import CARDS, Card
from domain.xi.engine.abilities import ABILITY
from domain.xi.language.board import RESTRICTIONS
from domain.xi.language.layers import selects
from domain.xi.language.reading import unit_options

THREAT_WEIGHT = 0.5  # the other side's next turn is theirs to play: counted at half
# How many times a trigger is counted when its card enters play: a few turns, discounted (a word
# the vocabulary gains later counts 0.5).
FIRINGS = {"turn_start": 2.0, "own_turn_start": 1.0, "deals_damage": 0.5, "destroyed": 0.3}
AN_ABILITY = 0.75  # an ability to use later, whatever it does
HAND_KEPT = 5  # cards a hand keeps for later at full worth: more wait longer for their Time


class Score:
    """What a card or an ability gains (read only; a plain class: one is made for every card tried)."""

    __slots__ = ("total", "attack")

    def __init__(self, total: float, attack: float):
        self.total = total  # the whole gain, in T
        self.attack = attack  # of which: what it adds to the skirmishes the bot's units can still win this turn


class Baseline:
    """The table before a decision: what the bot's units can gain now and what the others threaten,
    each worked out when first asked (a decision whose what-ifs leave the units as they are never
    asks)."""

    def __init__(self, table: Table):
        self.table = table
        self._attack: float | None = None
        self._threat: float | None = None

    @property
    def attack(self) -> float:
        if self._attack is None:
            self._attack = attack_now(self.table, self.table.units, self.table.me)
        return self._attack

    @property
    def threat(self) -> float:
        if self._threat is None:
            self._threat = threat_next(self.table, self.table.units)
        return self._threat


def hold(card: Card, in_hand: int = 1) -> float:
    """What keeping the card in hand for later is worth: little for a unit (it is best on the
    table), more for a spell that waits for its moment, most for an answer; and less in a hand
    of more cards than a few turns' Time can play (`in_hand`)."""
    if card.cost_unit == "pt":
        kept = 1.0 + 0.5 * card.cost
    elif card.kind == "unit":
        kept = 0.25 * price_in_t(card)
    else:
        kept = 0.45 * price_in_t(card)
    return kept * min(1.0, HAND_KEPT / max(in_hand, 1))


def entering(table: Table, card_id: str) -> Fighter:
    """The unit `card_id` would be, entering play on the bot's side."""
    card = CARDS[card_id]
    damage = card.damage
    if card_id in PICKS_DAMAGE:
        damage = max([table.odd_max] + [n for n in (card.cost, card.damage, card.life) if n % 2])
    uid = f"new:{card_id}"
    left = 1
    # Only the few cards in play that let units skirmish more than once a turn are looked into.
    for unit in table.units.values():
        if unit.card in _RAISES:
            left = _skirmishes(unit.card, (unit.uid, unit.seat, None), uid, table.me, card.type, left)
    for held, seat, iid, on in table.in_play:
        if held in _RAISES:
            left = _skirmishes(held, (iid, seat, on), uid, table.me, card.type, left)
    return Fighter(uid, card_id, table.me, card.type, damage, card.life, card.life, card.keywords, left,
                   danger=table.danger_to(table.me))


# The cards whose restrictions let units skirmish more than once a turn, with those entries.
_RAISES = {card: raising for card, entries in RESTRICTIONS.items()
           if (raising := tuple(entry for entry in entries if entry["op"] == "skirmishes_per_turn"))}


def _skirmishes(held: str, holder: tuple, uid: str, seat: int, type_: str, left: int) -> int:
    """The skirmishes a turn a unit (`uid`, of `seat` and `type_`) has, `left` at least, under the
    card `held` in play (by `holder`)."""
    for entry in _RAISES[held]:
        if selects(entry["to"], holder, uid, seat, type_):
            left = max(left, entry["value"])
    return left


def play_score(table: Table, base: Baseline, card_id: str, target: Any) -> Score:
    """What playing `card_id` (at `target`) now gains the bot, before what holding it is worth."""
    whatif = enter(table, card_id, target)
    if whatif.unchanged():  # the units as they are: no change to what they can gain or threaten
        attack = threat = 0.0
    else:
        attack = whatif.attack(table.me) - base.attack if table.view["active"] == table.me else 0.0
        threat = whatif.threat() - base.threat
    return Score(whatif.board + whatif.extra + attack - THREAT_WEIGHT * threat, attack)


def enter(table: Table, card_id: str, target: Any) -> WhatIf:
    """The table after `card_id` resolves: the unit or card in play, its statics, its `on_play`,
    and what its triggers, tag and abilities promise later (in `extra`)."""
    card = CARDS[card_id]
    whatif = WhatIf(table)
    source = f"new:{card_id}"
    cause = Cause(card_id, table.me, source, target if card.on else None, target)
    if card.kind == "unit":
        whatif.enter(entering(table, card_id))
    if card.tag:
        whatif.tags = whatif.tags | {card.tag}
        whatif.extra += 0.0 if card.tag in table.tags else _tag_worth(table, card.tag)
    if card.kind != "point":
        whatif.card_statics(card_id, cause)
    for entry in ON_PLAY[card_id]:
        whatif.perform(entry, cause)
    if card.kind != "point":
        whatif.extra += later(table, card, source)
    return whatif


def later(table: Table, card: Card, source: str) -> float:
    """What a card in play promises beyond now: its triggers over a few turns, its abilities."""
    worth = AN_ABILITY * len(card.ability)
    for entry in TRIGGERS[card.id]:
        if entry["when"] == "destroyed" and entry["do"] == "return_to_hand":
            continue  # counted in the unit's worth (bot_table.COMES_BACK)
        worth += FIRINGS.get(entry["when"], 0.5) * _best_firing(table, card, source, entry)
    return worth


def _best_firing(table: Table, card: Card, source: str, entry: Mapping[str, Any]) -> float:
    dealt = card.damage or 0
    aims: list[Any] = [None]
    if entry["to"].startswith("target:"):
        aims = options(table, entry["to"])
    elif entry.get("if") == "target_is_player":
        aims = table.opponents[:1]
    best = None
    for aim in aims:
        whatif = WhatIf(table)
        whatif.perform(entry, Cause(card.id, table.me, source, None, aim, dealt=dealt))
        gained = whatif.board + whatif.extra
        best = gained if best is None else max(best, gained)
    return best or 0.0


def options(table: Table, selector: str) -> list[Any]:
    """What a `target:` selector of the bot's could name now, as the rules list it (board.options)."""
    in_play = [(unit.uid, unit.seat, unit.type) for unit in table.units.values()]
    found: list[Any] = list(unit_options(selector, table.me, in_play))
    if selector.split("+", 1)[0] == "target:unit_or_player":
        found += [seat for seat in range(table.seats) if not table.out[seat]]
    return found


def _tag_worth(table: Table, tag: str) -> float:
    """A statement's fact is worth what the bot's own cards gain from it: those in hand most."""
    wanted = f"tag:{tag}"
    hand = table.view["hand"] or []
    deck = table.view["deck"] or []
    return sum(1.0 for card in hand if wanted in CONDITIONS[card]) + sum(
        0.3 for card in deck if wanted in CONDITIONS[card])


def _conditions(card: Card) -> frozenset[str]:
    """The `if` conditions a card's entries (and their bonuses) read."""
    found = set()
    for shape in ("on_play", "trigger", "ability", "static"):
        for entry in entries(card, shape):
            found.add(entry.get("if"))
            if "bonus" in entry:
                found.add(dict(entry["bonus"]).get("if"))
    return frozenset(found - {None})


CONDITIONS = {card.id: _conditions(card) for card in CARDS.values()}  # read once: asked of a whole deck


def ability_score(table: Table, base: Baseline, action: Mapping[str, Any]) -> Score:
    """What using an ability of the bot's in its own turn gains it."""
    whatif = WhatIf(table)
    card = source_card(table, action["source"])
    whatif.perform(ABILITY[card], Cause(card, table.me, action["source"], None, action.get("target"),
                                        action.get("choice")))
    if whatif.unchanged():
        attack = threat = 0.0
    else:
        attack = whatif.attack(table.me) - base.attack
        threat = whatif.threat() - base.threat
    return Score(whatif.board + whatif.extra + attack - THREAT_WEIGHT * threat, attack)


def source_card(table: Table, source: str) -> str:
    """The card of a unit or a spell in play, by its id."""
    if source in table.units:
        return table.units[source].card
    return next(card for card, _seat, iid, _on in table.in_play if iid == source)


def answer_score(table: Table, action: Mapping[str, Any], window: Mapping[str, Any] | None) -> float:
    """What a card or an ability played in a window (or while the bot's own skirmish waits to
    strike) gains the bot, its cost taken off."""
    if action["type"] == "play":
        card = CARDS[action["card"]]
        whatif = enter(table, card.id, action.get("target"))
        cost = price_in_t(card) + hold(card, len(table.view["hand"] or ()))
    else:
        card_id = source_card(table, action["source"])
        whatif = WhatIf(table)
        whatif.perform(ABILITY[card_id], Cause(card_id, table.me, action["source"], None, action.get("target"),
                                               action.get("choice")))
        unit, amount = ABILITY[card_id]["cost"]
        cost = amount * (2 if unit == "pt" else 0.5)
    gained = whatif.board + whatif.extra + _skirmish_change(table, whatif)
    active = table.view["active"]
    if active != table.me:  # the rest of their turn: units stopped from skirmishing gain them nothing
        gained += 0.0 if whatif.unchanged() else attack_now(table, table.units, active) - whatif.attack(active)
    if whatif.prevented and window is not None and window.get("kind") == "spell":
        gained += declared_worth(table, window)
    return gained - cost


def _skirmish_change(table: Table, whatif: WhatIf) -> float:
    """How the skirmish under way turns for the bot after an answer: cancelled, a unit of it
    gone or changed, or its damage changed."""
    attacker_id, target_id = skirmish_under_way(table.view)
    attacker = table.units.get(attacker_id or "")
    if attacker is None:
        return 0.0
    target = table.units.get(target_id) if isinstance(target_id, str) else target_id
    if target is None:
        return 0.0
    before = table.exchange(attacker, target)
    now_attacker = whatif.units.get(attacker.uid)
    now_target = whatif.units.get(target_id) if isinstance(target_id, str) else target_id
    if (whatif.cancelled or now_attacker is None or now_target is None or now_attacker.seat != attacker.seat
            or (isinstance(now_target, Fighter) and now_target.seat == attacker.seat)):
        after = 0.0
    else:
        after = table.exchange(now_attacker, now_target, whatif.holders)
    return table.sign(attacker.seat) * (after - before)


def declared_worth(table: Table, window: Mapping[str, Any]) -> float:
    """What the card a window answers is worth to the seat that declared it (what Prevent takes
    from them), as the bot would value it in their place."""
    theirs = Table(table.view, me=window["declarer"])
    return max(0.0, play_score(theirs, Baseline(theirs), window["card"], window.get("target")).total)


def choice_score(table: Table, card_id: str, source: str, option: Any) -> float:
    """What a trigger's target gains the bot (it is the trigger's controller)."""
    entry = next((entry for entry in TRIGGERS[card_id] if entry["to"].startswith("target:")), None)
    if entry is None:
        return float(option) if type(option) is int else 0.0  # a number to pick (Thesis): the most
    whatif = WhatIf(table)
    whatif.perform(entry, Cause(card_id, table.me, source, None, option))
    return whatif.board + whatif.extra
