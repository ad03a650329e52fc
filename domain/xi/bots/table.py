"""The general bot's picture of the table, read from its seat's view alone (never the state).

A view lists every unit with its derived stats (layers.py has applied the statics in play), each
seat's life, T and pT, the cards in play, and the seat's own hand and remaining deck. That is all
the damage pipeline needs: a skirmish is scored exactly with `damage.deal`, the multipliers in
play (Flood, Warden) by `damage.multipliers_held` on the cards the view shows in play, a player's
immunities by `board.immunities`, and a Thesis taking the largest odd number printed on a unit in
play (`special.odd_numbers_printed`).

Values are in T: a unit is worth about what it costs and what its damage and life can do; a
wounded unit is worth less, a dead one nothing (or a little, when it comes back to its owner's
hand); a player's life point is worth more the lower their life.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from domain.xi.cards.catalogue import CARDS, Card
from domain.xi.language.board import PLAYER_DAMAGE, immunities
from domain.xi.language.damage import DAMAGE_MODS, deal, multipliers_held
from domain.xi.language.layers import Keyworded
from domain.xi.language.special import odd_numbers_printed

View = Mapping[str, Any]
Holder = tuple  # (id, controller, the unit it is on): a card in play whose statics select units


def entries(card: Card, shape: str) -> list[dict]:
    """A card's `on_play`, `trigger`, `ability` or `static` entries as plain dicts."""
    return [dict(entry) for entry in getattr(card, shape)]


# Each card's entries as plain dicts, made once (read only): the bot tries the cards in hand at every
# decision of a search's playouts.
ON_PLAY = {card.id: tuple(entries(card, "on_play")) for card in CARDS.values()}
TRIGGERS = {card.id: tuple(entries(card, "trigger")) for card in CARDS.values()}
STATICS = {card.id: tuple(entries(card, "static")) for card in CARDS.values()}


# What the catalogue says about each card, read once: whether it multiplies a unit's damage (the
# typed list "damage", read by damage.py), units that pick their damage (Thesis), and units that
# come back to hand when destroyed (Endless Jet).
MULTIPLIES = frozenset(card for card, mods in DAMAGE_MODS.items() if any(mod["op"] == "multiply" for mod in mods))
PICKS_DAMAGE = frozenset(card.id for card in CARDS.values() if any(e.get("code") for e in entries(card, "static")))
COMES_BACK = frozenset(card.id for card in CARDS.values()
                       if any(e["when"] == "destroyed" and e["do"] == "return_to_hand" and e["to"] == "self"
                              for e in entries(card, "trigger")))

# The cards in play that can make their controller immune to a damage type (board.immunities).
GRANTS_IMMUNITY = frozenset(card for card, found in PLAYER_DAMAGE.items() if any(e["op"] == "immune" for e in found))

LETHAL = 100.0  # a blow that ends a player: above anything else on the table


def price_in_t(card: Card) -> float:
    """A card's cost in T; a pT is worth the 2T it took to bank."""
    return card.cost * (2 if card.cost_unit == "pt" else 1)


def unit_worth(card: Card, damage: float, max_life: int, keywords: tuple[str, ...] = (),
               danger: Mapping[str, float] | None = None) -> float:
    """What a unit at full life is worth, in T: half its price, half what its numbers can do, and
    its keywords; an immunity is worth as much as the other side deals damage of that type
    (`danger`: the share of each type among their cards, as far as they are known)."""
    worth = 0.5 * price_in_t(card) + 0.5 * (1.2 * damage + 0.4 * max_life)
    for keyword in keywords:
        if keyword == "untargetable" and damage > 0:
            worth += 2.0  # it hits and cannot be hit back by a skirmish
        elif keyword.startswith("reduce:"):
            worth += int(keyword.split(":")[1])
        elif keyword.startswith("immune:"):
            worth += 3.0 * (danger or {}).get(keyword.split(":", 1)[1], 0.25)
    return max(worth, 0.5)


def _plain_worth(card: str, damage: float, max_life: int) -> float:
    """`unit_worth` of a unit without keywords (which reads no danger), kept: a table makes a
    Fighter of every unit at every decision of a search's playouts."""
    found = _PLAIN_WORTHS.get((card, damage, max_life))
    if found is None:
        if len(_PLAIN_WORTHS) >= 10_000:
            _PLAIN_WORTHS.clear()
        found = _PLAIN_WORTHS[card, damage, max_life] = unit_worth(CARDS[card], damage, max_life)
    return found


_PLAIN_WORTHS: dict[tuple[str, float, int], float] = {}


def life_value(life: int) -> float:
    """What one life point of a player at `life` is worth, in T."""
    return 0.3 + 10.0 / (max(life, 0) + 10.0)


class Fighter(Keyworded):
    """A unit as the bot sees it: derived stats from the view, its worth, and the seat it will
    go back to (`home`) when a control effect ends."""

    # `untargetable` a slot, not Keyworded's property: every onslaught and target list asks it of
    # every unit (set again when its keywords change: `changed`).
    __slots__ = ("uid", "card", "seat", "home", "type", "damage", "life", "max_life", "keywords", "left", "worth",
                 "danger", "untargetable", "_key", "_immune", "_reductions", "_shown")

    def __init__(self, uid: str, card: str, seat: int, type_: str, damage: int, life: int, max_life: int,
                 keywords: tuple[str, ...], left: int, home: int | None = None,
                 danger: Mapping[str, float] | None = None):
        self.uid, self.card, self.seat, self.type = uid, card, seat, type_
        self.home = seat if home is None else home
        self.damage, self.life, self.max_life, self.keywords, self.left = damage, life, max_life, keywords, left
        self.danger = danger
        self.worth = unit_worth(CARDS[card], damage, max_life, keywords, danger) if keywords else _plain_worth(
            card, damage, max_life)
        self.untargetable = "untargetable" in keywords
        self._key: tuple | None = None
        self._shown: tuple | None = None
        self._immune: frozenset[str] | None = None
        self._reductions: tuple[int, ...] | None = None

    def copy(self) -> "Fighter":
        twin = object.__new__(Fighter)  # every slot, one by one: a what-if copies units by the thousand
        twin.uid, twin.card, twin.seat, twin.home, twin.type = self.uid, self.card, self.seat, self.home, self.type
        twin.damage, twin.life, twin.max_life, twin.keywords = self.damage, self.life, self.max_life, self.keywords
        twin.left, twin.worth, twin.danger, twin._key = self.left, self.worth, self.danger, self._key
        twin.untargetable, twin._shown = self.untargetable, self._shown
        twin._immune, twin._reductions = self._immune, self._reductions
        return twin

    # Its keywords' immunities and reductions (Keyworded's), read once until its keywords change:
    # the damage pipeline asks them of every unit hit in every what-if.
    @property
    def immune(self) -> frozenset[str]:
        if self._immune is None:
            self._immune = Keyworded.immune.fget(self)
        return self._immune

    @property
    def reductions(self) -> tuple[int, ...]:
        if self._reductions is None:
            self._reductions = Keyworded.reductions.fget(self)
        return self._reductions

    def changed(self, lasting: bool) -> None:
        """Its numbers were changed by an effect: its worth too if for good."""
        self._key = self._immune = self._reductions = self._shown = None
        self.untargetable = "untargetable" in self.keywords
        if lasting:
            self.worth = unit_worth(CARDS[self.card], self.damage, self.max_life, self.keywords, self.danger)

    def key(self) -> tuple:
        """What the damage it deals or takes depends on."""
        if self._key is None:
            self._key = (self.uid, self.seat, self.type, self.damage, self.keywords)
        return self._key

    def shown(self) -> tuple:
        """What an onslaught reads of it (`Table.onslaught`), its seat and skirmishes left aside;
        kept until it changes (`changed`, `wounded`)."""
        if self._shown is None:
            self._shown = (self.uid, self.type, self.damage, self.keywords, self.card, self.life, self.max_life,
                           self.worth)
        return self._shown

    def wounded(self, life: int) -> None:
        """Its life is now `life` (nothing else changes)."""
        self.life = life
        self._shown = None


class Table:
    """The public table from `me`'s seat: units, lives, Time, the cards in play, and the damage
    any unit would deal any unit or player now."""

    # Built for every decision of a search's playouts: plain loops, not comprehensions (each a call).
    def __init__(self, view: View, me: int | None = None):
        self.view = view
        me = self.me = view["viewer"] if me is None else me
        players = view["players"]
        self.seats = len(players)
        self.life, self.out, self.opponents = [], [], []
        seat = 0
        for player in players:
            self.life.append(player["life"])
            self.out.append(player["out"])
            if seat != me and not player["out"]:
                self.opponents.append(seat)
            seat += 1
        self.t, self.pt = players[me]["t"], players[me]["pt"]
        self.tags = frozenset(view["tags"])
        # What a Thesis picks: the most.
        self.odd_max = odd_max(view["units"])
        # What the shares read, by closures over the view and the seat, never the table itself: a
        # table in a cycle of references outlives its decision until the garbage collector finds it.
        self.danger = {me: _LazyShares(lambda: _their_cards(view, me)),
                       None: _LazyShares(lambda: view["deck_list"] or [])}
        self.in_play: list[tuple[str, int, str, str | None]] = []
        in_play_holders, immunes = [], None
        for shown in view["in_play"]:
            held = card, seat, iid, on = shown["card"], shown["controller"], shown["iid"], shown["on"]
            self.in_play.append(held)
            if card in MULTIPLIES:
                in_play_holders.append((card, (iid, seat, on)))
            if card in GRANTS_IMMUNITY:
                immunes = [] if immunes is None else immunes
                immunes.append((card, seat))
        self.units: dict[str, Fighter] = {}
        self.holders: list[tuple[str, Holder]] = []
        for unit in view["units"]:
            card, uid = unit["card"], unit["uid"]
            fighter = self.units[uid] = Fighter(
                uid, card, unit["controller"], unit["type"], self.odd_max if card in PICKS_DAMAGE else unit["damage"],
                unit["life"], unit["max_life"], tuple(unit["keywords"]), unit["skirmishes_left"], unit["owner"],
                self.danger[me if unit["owner"] == me else None])
            if card in MULTIPLIES:
                self.holders.append((card, (uid, fighter.seat, None)))
        self.holders += in_play_holders  # the units' first
        self._held = tuple(self.holders)  # as an onslaught's key reads them
        self.immune = _no_immunity(self.seats) if immunes is None else {
            seat: immunities(card for card, held in immunes if held == seat) for seat in range(self.seats)}
        self._mine: list[Fighter] | None = None
        # Without a multiplier in play a blow is the same on any table: those are kept for all.
        self._hits: dict[tuple, int] = {} if self.holders else _PLAIN_HITS

    def danger_to(self, seat: int) -> Mapping[str, float]:
        """The share of each type among the cards `seat`'s side faces: the others' cards seen, for
        the bot; the bot's own deck list, for the others."""
        return self.danger[self.me if seat == self.me else None]

    # -- who is where ------------------------------------------------------------------------

    def mine(self) -> list[Fighter]:
        """The bot's units on this table (listed once; not to be changed)."""
        if self._mine is None:
            self._mine = [unit for unit in self.units.values() if unit.seat == self.me]
        return self._mine

    def targetable(self, seat: int, units: Mapping[str, Fighter] | None = None) -> list[Fighter]:
        """`seat`'s units another seat may skirmish."""
        return [unit for unit in (self.units if units is None else units).values()
                if unit.seat == seat and not unit.untargetable and unit.life > 0]

    # -- damage, exactly as the pipeline deals it ---------------------------------------------

    def hit(self, source: Fighter, target: Fighter | int, holders: list | None = None) -> int:
        """The damage `source` deals `target` (a unit, or a seat) in a skirmish; `holders` are
        the cards with damage multipliers in play, when a what-if adds one."""
        if holders is not None:  # a what-if's own cards in play: not this table's to remember
            return self._hit(source, target, holders)
        key = (source._key or source.key(),
               (target._key or target.key()) if isinstance(target, Fighter) else (target, self.immune[target]))
        found = self._hits.get(key)
        if found is None:
            if len(self._hits) >= _PLAIN_HITS_KEPT:
                self._hits.clear()
            found = self._hits[key] = self._hit(source, target, self.holders)
        return found

    def _hit(self, source: Fighter, target: Fighter | int, holders: list) -> int:
        unit = target if isinstance(target, Fighter) else None
        multipliers = tuple(multipliers_held(holders, source.uid, source.seat, source.type, unit))
        if unit is None:
            return dealt(source.damage, source.type, None, self.immune[target], (), multipliers)
        return dealt(source.damage, source.type, unit.type, unit.immune, unit.reductions, multipliers)

    # -- values --------------------------------------------------------------------------------

    def value(self, unit: Fighter, life: int | None = None) -> float:
        """What `unit` is worth at `life` (its own by default): nothing, or a little if it comes
        back to its owner's hand, once dead."""
        life = unit.life if life is None else life
        if life <= 0:
            return 0.4 * unit.worth if unit.card in COMES_BACK else 0.0
        most = unit.max_life  # min and max written out: asked for every blow weighed
        return unit.worth * (0.35 + 0.65 * (life if life < most else most) / (most if most > 1 else 1))

    def loss(self, unit: Fighter, damage: int) -> float:
        """What `damage` takes from `unit`'s worth."""
        return self.value(unit) - self.value(unit, unit.life - damage) if damage > 0 else 0.0

    def face(self, seat: int, damage: int) -> float:
        """What `damage` to the player at `seat` is worth to whoever deals it."""
        if damage <= 0:
            return 0.0
        if damage >= self.life[seat]:
            return LETHAL
        return damage * life_value(self.life[seat])

    def sign(self, seat: int) -> float:
        """+1 for the bot's own seat, -1 for the others: a loss of theirs is a gain of mine."""
        return 1.0 if seat == self.me else -1.0

    def exchange(self, attacker: Fighter, target: Fighter | int, holders: list | None = None) -> float:
        """What a skirmish of `attacker` on `target` gains the attacker's side: the worth it
        takes minus the worth it loses, both sides' damage dealt at once."""
        if not isinstance(target, Fighter):
            return self.face(target, self.hit(attacker, target, holders))
        return (self.loss(target, self.hit(attacker, target, holders))
                - self.loss(attacker, self.hit(target, attacker, holders)))

    def onslaught(self, seats: list[int], units: Mapping[str, Fighter], attackers: list[Fighter],
                  holders: list | None = None, ready: bool = False) -> float:
        """What `attackers` (of one side) could gain by skirmishing the `seats` they face, each
        taking its best skirmish in turn: the damage of one lands before the next chooses, and a
        player with no unit left to skirmish is hit. Only skirmishes that gain count. `ready`:
        each attacker has one skirmish, whatever it has left now (their next turn)."""
        # Everything the sum reads (see `_ONSLAUGHTS`), as values: a search's playouts start from the
        # same table again and again, and its bot weighs the same onslaughts at each decision.
        # Plain loops, not comprehensions: this is asked for every card tried at every decision.
        facing, sides = [], []
        for seat in seats:
            theirs, shown = [], []
            for unit in units.values():
                if unit.seat == seat and not unit.untargetable:
                    theirs.append(unit)
                    shown.append(unit._shown or unit.shown())
            facing.append((seat, theirs))
            sides.append((seat, self.life[seat], self.immune[seat], tuple(shown)))
        shown = []
        for unit in attackers:
            shown.append((unit._shown or unit.shown(), unit.seat, 1 if ready else unit.left))
        key = (self._held if holders is None else tuple(holders), tuple(sides), tuple(shown))
        found = _ONSLAUGHTS.get(key)
        if found is None:
            if len(_ONSLAUGHTS) >= _ONSLAUGHTS_KEPT:
                _ONSLAUGHTS.clear()
            found = _ONSLAUGHTS[key] = self._fought(facing, attackers, holders, ready)
        return found

    def _fought(self, facing: list[tuple[int, list[Fighter]]], attackers: list[Fighter],
                holders: list | None, ready: bool) -> float:
        """`onslaught`'s sum, the units each seat faced with listed."""
        lives = {unit.uid: unit.life for _seat, theirs in facing for unit in theirs}
        # Called for every action weighed at every decision of a search's playouts: the loops read
        # `value` inline (the same sums in the same order) and look the table's methods up once.
        hit, loss, face = self.hit, self.loss, self.face
        total = 0.0
        for attacker in sorted(attackers, key=lambda unit: -unit.damage):
            struck: dict[str, tuple[int, float]] = {}  # by aim: the damage dealt, and the loss taken back
            for _ in range(1 if ready else max(attacker.left, 0)):
                best, chosen, dealt = 0.0, None, 0
                for seat, theirs in facing:
                    aims = [unit for unit in theirs if lives[unit.uid] > 0]
                    if not aims:  # no unit of theirs left to skirmish: the player
                        hurt = hit(attacker, seat, holders)
                        gain = face(seat, hurt)
                        if gain > best:
                            best, chosen, dealt = gain, seat, hurt
                        continue
                    for aim in aims:
                        found = struck.get(aim.uid)
                        if found is None:
                            found = struck[aim.uid] = (hit(attacker, aim, holders),
                                                       loss(attacker, hit(aim, attacker, holders)))
                        hurt, back = found
                        life = lives[aim.uid]
                        worth, most = aim.worth, aim.max_life
                        left = life - hurt
                        full = most if most > 1 else 1  # max(most, 1), written out
                        if left <= 0:
                            after = 0.4 * worth if aim.card in COMES_BACK else 0.0
                        else:
                            after = worth * (0.35 + 0.65 * (left if left < most else most) / full)
                        gain = worth * (0.35 + 0.65 * (life if life < most else most) / full) - after - back
                        if gain > best:
                            best, chosen, dealt = gain, aim, hurt
                if chosen is None:
                    break
                total += best
                if isinstance(chosen, Fighter):
                    lives[chosen.uid] -= dealt
        return total


# The damage of each blow on a table without a multiplier in play, by what it depends on: the two
# units' `Fighter.key`, or the unit's and the seat hit with its immunities.
_PLAIN_HITS: dict[tuple, int] = {}
_PLAIN_HITS_KEPT = 20_000

# Onslaughts summed, by everything they read (kept for any table: a pure sum of those values):
# of each unit, what the damage it deals or takes depends on (`Fighter.key`), its card, life and
# worth, and an attacker's skirmishes left; each seat's life and immunities; the multipliers held.
_ONSLAUGHTS: dict[tuple, float] = {}
_ONSLAUGHTS_KEPT = 10_000


_NO_ODD = object()
_ODD_MAX: dict[str, Any] = {}  # card id -> the greatest odd number printed on it (None: none), read once


def odd_max(units: Iterable[Mapping[str, Any]]) -> int:
    """The greatest odd number printed on the cards of the units `units` (as a view shows them;
    special.odd_numbers_printed's last), 0 when there is none: each card's read once and kept,
    as a Table is built for every decision of a search's playouts."""
    best = None
    for unit in units:
        card = unit["card"]
        found = _ODD_MAX.get(card, _NO_ODD)
        if found is _NO_ODD:
            found = _ODD_MAX[card] = max(odd_numbers_printed((card,)), default=None)
        if found is not None and (best is None or found > best):
            best = found
    return 0 if best is None else best


def _their_cards(view: View, me: int) -> list[str]:
    """The other seats' cards the bot at `me` has seen: in play, and in their discard piles."""
    seen = [unit["card"] for unit in view["units"] if unit["owner"] != me]
    seen += [card["card"] for card in view["in_play"] if card["controller"] != me]
    return seen + [card for seat, player in enumerate(view["players"]) if seat != me for card in player["discard"]]


_NO_IMMUNITIES: dict[int, dict[int, frozenset[str]]] = {}


def _no_immunity(seats: int) -> dict[int, frozenset[str]]:
    """Each seat immune to nothing (shared, read only: a what-if copies it before adding one)."""
    found = _NO_IMMUNITIES.get(seats)
    if found is None:
        found = _NO_IMMUNITIES[seats] = {seat: immunities(()) for seat in range(seats)}
    return found


@lru_cache(maxsize=4096)
def dealt(amount: int, dtype: str, target_type: str | None, immune: frozenset[str], reductions: tuple[int, ...],
          multipliers: tuple[int, ...]) -> int:
    """The damage the pipeline deals (`deal`'s amount, its steps left out), kept: a bot's tables
    ask the same few blows of it at every decision of a search's playouts."""
    return deal(amount, dtype, target_type, immune=immune, reductions=reductions, multipliers=multipliers)[0]


class _LazyShares(Mapping):
    """`_shares` of the cards `cards()` lists, worked out when first read: only the worth of an
    immunity reads them (unit_worth), which few units have, and a table is built for every
    decision of a search's playouts."""

    __slots__ = ("_cards", "_found")

    def __init__(self, cards: Callable[[], list[str]]):
        self._cards = cards
        self._found: Mapping[str, float] | None = None

    def _shares(self) -> Mapping[str, float]:
        if self._found is None:
            self._found = _shares(self._cards())
        return self._found

    def __getitem__(self, kind: str) -> float:
        return self._shares()[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._shares())

    def __len__(self) -> int:
        return len(self._shares())


def _shares(cards: list[str]) -> Mapping[str, float]:
    """Each type's share of `cards`; an even spread over the four elements when none is known.
    A bot's table is built for every decision, a search's playouts included, from the same deck
    list and cards seen most of a game: the shares are worked out once per list and shared (read only)."""
    return _shares_of(tuple(cards))


@lru_cache(maxsize=1024)
def _shares_of(cards: tuple[str, ...]) -> Mapping[str, float]:
    if not cards:
        return {element: 0.25 for element in ("aqua", "ember", "wind", "stone")}
    shares: dict[str, float] = {}
    for card in cards:
        shares[CARDS[card].type] = shares.get(CARDS[card].type, 0.0) + 1.0 / len(cards)
    return shares
