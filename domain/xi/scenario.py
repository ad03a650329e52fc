"""Scenarios: a chosen Xi table in place of a deal, for sandbox games and forks ("what if...").

A scenario is a JSON object (docs/design/xi-cards.md, 5.4); every field but `players` may be
left out:

  players   one object per seat (2-4), seat 0 first:
              life 1-99 (40), t (0; only the active player holds T, at most 10), pt 0-20 (0),
              hand, deck (top first), discard (bottom first): card ids ([]),
              deck_list: the whole deck the seat brought, a list or a named deck ("aqua");
                every card of the seat's (in hand, deck, discard pile, in play, declared) comes
                from it, and the cards of it named nowhere go under `deck`, shuffled by the
                game's generator. Left out, it is the cards named. It must be a legal deck.
              standing: the seat's standing rules ({"kinds": ..., "when": [...], "pass_when_unable": ...}) or null;
                left out, those every seat of a new table starts with (the game's options)
              out: true for a player out of a game of 3-4 (life 0, nothing in play)
  turn      the turn under way (1), `active` the seat whose turn it is (0), `first` who went
            first (the active seat)
  units     in order of entry: {card, controller, owner (the controller), life (printed),
            skirmishes (0), uses (0), id ("u<n>": the entry's timestamp; n counts on from 1)}
  in_play   lasting spells and statements, in order of entry: {card, controller, owner, on (an
            index into `units`, for a spell cast on a unit), uses, id ("s<n>")}
  effects   what cards and abilities started this turn: {source (a card id), to (unit ids),
            where (a layer or a list), op, value, since}
  pending   the stack, bottom first, as the view shows it: a skirmish under way
            {"kind": "skirmish", "seat", "attacker", "target"} and a window
            {"kind": "window", "seat", "on": {the declaration's public facts}}, so a fork may
            start inside a window. A choice an effect asks cannot be laid out: it holds where
            the rules resume, which is no position.
  clock     the last timestamp given (the largest named), quiet_turns (0), low_water (null):
            what xi.house.no-win has counted so far

Events (public facts public; each hand, deck list and standing rules private to its seat; every
deck's order secret): `seat_laid_out` per seat, then `table_laid_out`. Refusals are
IllegalAction(reason, rule="xi.scenario"), the reason starting with the field at fault.
"""

from __future__ import annotations

from collections import Counter
from copy import deepcopy
from typing import Any, Mapping

from domain.contract import Decision
from domain.errors import IllegalAction
from domain.rng import Rng
from domain.scenario_fields import is_list
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from domain.xi.cards.vocabulary import TYPES
from domain.xi.engine.actions import check_deck
from domain.xi.engine.standing import STANDING_KEYS, checked
from domain.xi.scenario_pending import CHECK, RULE, check_pending, pending_of
from domain.xi.state import CHOOSE_STEP, LIFE, LIFE_CAP, PLAY, PT_CAP, QUIET_TURNS_EACH, TURN_LIMIT, TURN_T, XiState

FIELDS = ("players", "turn", "active", "first", "units", "in_play", "effects", "pending", "clock", "quiet_turns",
          "low_water")
SEAT_FIELDS = ("life", "t", "pt", "hand", "deck", "discard", "deck_list", "standing", "out")
UNIT_FIELDS = ("card", "controller", "owner", "life", "skirmishes", "uses", "id")
SPELL_FIELDS = ("card", "controller", "owner", "on", "uses", "id")
EFFECT_FIELDS = ("source", "to", "where", "op", "value", "since")
_refuse = CHECK.refuse

# The effects cards and abilities start (a layer or a list, and its op), and what their value is.
def _effect_values() -> dict[tuple[str, str], Any]:
    """(layer or list, op) -> "seat" (a control effect), "type" (a chosen type), or the values the
    catalogue's cards give it (None for an effect with no value)."""
    found: dict[tuple[str, str], Any] = {("1", "set"): "seat"}  # take_control
    for card in CARDS.values():
        for entry in map(dict, (*card.on_play, *card.ability)):
            if entry["do"] == "add_effect":
                effect = dict(entry["effect"])
                key = (effect.get("layer") or effect["list"], effect["op"])
                if "choose" in entry:
                    found[key] = "type"
                else:
                    found[key] = found.get(key, frozenset()) | {effect.get("value")}
    return found


EFFECT_VALUES = _effect_values()

SCENARIO_EXAMPLE: dict[str, Any] = {
    # Jack's Snow Beast, under his Flood, has declared a skirmish on Jake's Beast of Pain (Flames
    # on it): Aqua on Ember, doubled twice. Jake's window is open: pass, or answer with Heat Stroke?
    "turn": 7, "active": 0, "first": 1,
    "players": [{"life": 31, "t": 4, "pt": 3, "hand": ["rainblast", "undertow"], "deck": ["rainfall"],
                 "deck_list": "aqua", "discard": ["river-sprite"], "standing": {"kinds": {"draw": "pass"}, "when": []}},
                {"life": 40, "pt": 2, "hand": ["heat-stroke"], "deck": [], "deck_list": "ember"}],
    "units": [{"card": "beast-of-pain", "controller": 1, "life": 12},
              {"card": "snow-beast", "controller": 0, "skirmishes": 1}],
    "in_play": [{"card": "flood", "controller": 0}, {"card": "flames-of-preservation", "controller": 1, "on": 0}],
    "pending": [{"kind": "skirmish", "seat": 0, "attacker": "u2", "target": "u1"},
                {"kind": "window", "seat": 1, "on": {"kind": "skirmish", "declarer": 0, "attacker": "u2",
                                                     "card": "snow-beast", "attacker_type": "aqua",
                                                     "target": "u1"}}],
}


def _number(value: Any, where: str, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _refuse(f"{where}: {value!r} is not {what} ({low} to {high})")
    return value


def _objects(value: Any, where: str) -> list[Any]:
    if not is_list(value):
        raise _refuse(f"{where}: a list of objects, not {value!r}")
    return list(value)


class _Plan:
    """A checked scenario: every seat, card in play, effect and pending step, and their ids."""

    def __init__(self, seats: int, scenario: Any, starting: dict[str, Any] | None = None):
        CHECK.fields(scenario, "scenario", FIELDS, "a scenario")
        self.starting = starting  # the standing rules of a seat whose own are left out
        raw_players = scenario.get("players")
        if not is_list(raw_players) or len(raw_players) != seats:
            raise _refuse(f"scenario.players: a list of {seats} seats, one per player (seat 0 first)")
        self.seats = seats
        self.players = [self._seat(raw, f"scenario.players[{index}]") for index, raw in enumerate(raw_players)]
        self.active = self.seat(scenario.get("active", 0), "scenario.active")
        self.first = self.seat(scenario.get("first", self.active), "scenario.first")
        self.turn = _number(scenario.get("turn", 1), "scenario.turn", 1, TURN_LIMIT, "a turn")
        if self.turn == 1 and self.first != self.active:
            raise _refuse(f"scenario.turn: turn 1 is the first player's, seat {self.first}, not seat {self.active}")
        if self.players[self.active]["out"]:
            raise _refuse(f"scenario.active: seat {self.active} is out of the game")
        for index, player in enumerate(self.players):
            if player["t"] and index != self.active:
                raise _refuse(f"scenario.players[{index}].t: T is only the active player's; it falls to 0 when a "
                              "turn ends (xi.time.expires)")
        self.units = [self._unit(raw, f"scenario.units[{index}]", index)
                      for index, raw in enumerate(_objects(scenario.get("units", []), "scenario.units"))]
        self.in_play = [self._spell(raw, f"scenario.in_play[{index}]", index)
                        for index, raw in enumerate(_objects(scenario.get("in_play", []), "scenario.in_play"))]
        self._check_ids()
        self.effects = [self._effect(raw, f"scenario.effects[{index}]")
                        for index, raw in enumerate(_objects(scenario.get("effects", []), "scenario.effects"))]
        stamps = [held["since"] for held in self.units + self.in_play] + [effect["since"] for effect in self.effects]
        if len(stamps) != len(set(stamps)):
            raise _refuse("scenario.effects: an effect's since is a timestamp of its own, given to nothing else")
        self.clock = _number(scenario.get("clock", max(stamps, default=0)), "scenario.clock", max(stamps, default=0),
                             10**9, "the last timestamp given, at least the largest named")
        in_game = sum(not player["out"] for player in self.players)
        most = QUIET_TURNS_EACH * in_game - 1
        self.quiet_turns = _number(scenario.get("quiet_turns", 0), "scenario.quiet_turns", 0, most,
                                   "a count of quiet turns below the draw")
        self.low_water = scenario.get("low_water")
        if self.low_water is not None:
            self.low_water = _number(self.low_water, "scenario.low_water", 0, 10**6,
                                     "the least life on the table at a turn's end since every deck emptied")
        self.pending = check_pending(self, _objects(scenario.get("pending", []), "scenario.pending"))
        self._check_cards()

    def seat(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.seats:
            raise _refuse(f"{where}: {value!r} is not a seat; the seats are 0 to {self.seats - 1}")
        return value

    def seat_in(self, value: Any, where: str) -> int:
        seat = self.seat(value, where)
        if self.players[seat]["out"]:
            raise _refuse(f"{where}: seat {seat} is out of the game")
        return seat

    def _seat(self, raw: Any, where: str) -> dict[str, Any]:
        CHECK.fields(raw, where, SEAT_FIELDS, "a seat")
        out = raw.get("out", False)
        if type(out) is not bool:
            raise _refuse(f"{where}.out: true or false")
        life = _number(raw.get("life", 0 if out else LIFE), f"{where}.life", 0 if out else 1, 0 if out else LIFE_CAP,
                       "the life of a player out" if out else "the life of a player in the game")
        seat = {"life": life, "t": _number(raw.get("t", 0), f"{where}.t", 0, TURN_T, "T"),
                "pt": _number(raw.get("pt", 0), f"{where}.pt", 0, PT_CAP, "pT"), "out": out,
                "hand": CHECK.cards(raw.get("hand", []), f"{where}.hand"),
                "deck": CHECK.cards(raw.get("deck", []), f"{where}.deck"),
                "discard": CHECK.cards(raw.get("discard", []), f"{where}.discard"),
                "deck_list": self._deck_list(raw.get("deck_list"), f"{where}.deck_list"),
                "standing": self._standing(raw["standing"], f"{where}.standing") if "standing" in raw
                else deepcopy(self.starting)}
        return seat

    @staticmethod
    def _deck_list(value: Any, where: str) -> list[str] | None:
        if value is None:
            return None
        if isinstance(value, str):
            if value not in NAMED:
                raise _refuse(f"{where}: {value!r} is not a named deck; one of {', '.join(NAMED)}, or a list")
            return list(NAMED[value])
        cards = CHECK.cards(value, where)
        _legal(cards, where)
        return cards

    @staticmethod
    def _standing(value: Any, where: str) -> dict[str, Any] | None:
        if value is None:
            return None
        if not isinstance(value, Mapping) or not set(value) <= STANDING_KEYS:
            raise _refuse(f"{where}: standing rules, an object of kinds, when and pass_when_unable, or null")
        try:
            return checked(value)
        except IllegalAction as refused:
            raise _refuse(f"{where}.{refused.reason}") from None

    def _held(self, raw: Any, where: str, fields: tuple[str, ...], what: str, kinds: tuple[str, ...]) -> dict:
        CHECK.fields(raw, where, fields, what)
        card = CHECK.card(raw.get("card"), f"{where}.card")
        if CARDS[card].kind not in kinds:
            raise _refuse(f"{where}.card: {CARDS[card].name} is a {CARDS[card].kind}, not a {' or '.join(kinds)}")
        controller = self.seat_in(raw.get("controller"), f"{where}.controller")
        owner = self.seat_in(raw.get("owner", controller), f"{where}.owner")
        return {"card": card, "controller": controller, "owner": owner,
                "uses": _number(raw.get("uses", 0), f"{where}.uses", 0, 99, "uses of its ability this turn")}

    def _unit(self, raw: Any, where: str, index: int) -> dict[str, Any]:
        unit = self._held(raw, where, UNIT_FIELDS, "a unit", ("unit",))
        unit["life"] = _number(raw.get("life", CARDS[unit["card"]].life), f"{where}.life", 1, LIFE_CAP,
                               "a unit's life (a unit at 0 is destroyed)")
        unit["skirmishes"] = _number(raw.get("skirmishes", 0), f"{where}.skirmishes", 0, 9, "skirmishes used this turn")
        unit["since"] = self._stamp(raw.get("id"), "u", f"{where}.id", index + 1)
        return unit

    def _spell(self, raw: Any, where: str, index: int) -> dict[str, Any]:
        spell = self._held(raw, where, SPELL_FIELDS, "a lasting spell or a statement", ("lasting", "statement"))
        on = raw.get("on")
        if CARDS[spell["card"]].on is None and on is not None:
            raise _refuse(f"{where}.on: {CARDS[spell['card']].name} is not cast on a unit")
        if CARDS[spell["card"]].on is not None:
            if isinstance(on, bool) or not isinstance(on, int) or not 0 <= on < len(self.units):
                raise _refuse(f"{where}.on: {CARDS[spell['card']].name} is cast on a unit: an index into units, "
                              f"not {on!r}")
        spell["on"] = on
        spell["since"] = self._stamp(raw.get("id"), "s", f"{where}.id", len(self.units) + index + 1)
        return spell

    @staticmethod
    def _stamp(value: Any, letter: str, where: str, default: int) -> int:
        if value is None:
            return default
        if not isinstance(value, str) or value[:1] != letter or not value[1:].isdigit() or int(value[1:]) < 1:
            raise _refuse(f"{where}: {value!r} is not an id of the form {letter}<n> (n its timestamp, 1 or more)")
        return int(value[1:])

    def _check_ids(self) -> None:
        for name, held in (("units", self.units), ("in_play", self.in_play)):
            stamps = [item["since"] for item in held]
            if stamps != sorted(set(stamps)):
                raise _refuse(f"scenario.{name}: ids are timestamps, each given once and rising in order of entry")
        clash = {u["since"] for u in self.units} & {s["since"] for s in self.in_play}
        if clash:
            raise _refuse(f"scenario.in_play: timestamp {min(clash)} is a unit's too; each is given once")

    @property
    def unit_ids(self) -> list[str]:
        return [f"u{unit['since']}" for unit in self.units]

    def _effect(self, raw: Any, where: str) -> dict[str, Any]:
        CHECK.fields(raw, where, EFFECT_FIELDS, "an effect")
        source = CHECK.card(raw.get("source"), f"{where}.source")
        to = raw.get("to")
        if not is_list(to) or not to or not all(uid in self.unit_ids for uid in to):
            raise _refuse(f"{where}.to: a list of ids of units in play ({', '.join(self.unit_ids) or 'none'})")
        kind = EFFECT_VALUES.get((raw.get("where"), raw.get("op")))
        if kind is None:
            known = ", ".join(f"{where_} {op}" for where_, op in EFFECT_VALUES)
            raise _refuse(f"{where}.where: no card starts a {raw.get('where')!r} {raw.get('op')!r} effect; one of {known}")
        value = raw.get("value")
        if kind == "seat":
            self.seat_in(value, f"{where}.value")
        elif kind == "type" and value not in TYPES:
            raise _refuse(f"{where}.value: {value!r} is not a type for this effect")
        elif kind not in ("seat", "type") and (value not in kind or type(value) is bool):
            given = ", ".join("null" if given is None else repr(given) for given in sorted(kind, key=repr))
            raise _refuse(f"{where}.value: {value!r} is not a value a card gives this effect ({given})")
        since = _number(raw.get("since"), f"{where}.since", 1, 10**9, "the timestamp it began")
        return {"source": source, "to": list(to), "where": raw["where"], "op": raw["op"], "value": value,
                "since": since}

    def owned(self, seat: int) -> list[str]:
        """The cards of `seat`'s own deck outside its hand, deck and discard pile."""
        cards = [held["card"] for held in self.units + self.in_play if held["owner"] == seat]
        return cards + [step["facts"]["card"] for step in self.pending if step["kind"] == "window"
                        and step["facts"]["kind"] == "spell" and step["facts"]["declarer"] == seat]

    def _check_cards(self) -> None:
        for seat, player in enumerate(self.players):
            where = f"scenario.players[{seat}]"
            if player["out"] and self.owned(seat):
                raise _refuse(f"{where}.out: a player out has no card in play; theirs left with them")
            named = player["hand"] + player["deck"] + player["discard"] + self.owned(seat)
            if player["deck_list"] is None:
                _legal(named, f"{where}.deck_list")
                player["rest"] = []
                continue
            missing = Counter(named) - Counter(player["deck_list"])
            if missing:
                card = sorted(missing)[0]
                raise _refuse(f"{where}.deck_list: the seat's cards hold {Counter(named)[card]} of {card}, but its "
                              f"deck list {Counter(player['deck_list'])[card]}")
            player["rest"] = sorted((Counter(player["deck_list"]) - Counter(named)).elements())


def _legal(cards: list[str], where: str) -> None:
    try:
        check_deck(cards)
    except IllegalAction as refused:
        raise _refuse(f"{where}: the seat's deck, {refused.reason.removeprefix('cards: ')}") from None


def scenario_events(seats: int, scenario: Any, rng: Rng, emitter: Any, starting: dict[str, Any] | None = None
                    ) -> Decision:
    """The opening events laying out `scenario` on an empty table of `seats`, or IllegalAction;
    a seat whose standing rules are left out gets `starting`, those of every seat of a new table."""
    plan = _Plan(seats, scenario, starting)
    em = emitter(XiState(seats=seats), rng)
    for seat, player in enumerate(plan.players):
        deck = player["deck"] + rng.shuffle(player["rest"])
        deck_list = player["deck_list"] if player["deck_list"] is not None else (
            player["hand"] + player["deck"] + player["discard"] + plan.owned(seat))
        em.emit("seat_laid_out", RULE,
                {"seat": seat, "seats": seats, "life": player["life"], "t": player["t"], "pt": player["pt"],
                 "discard": player["discard"], "out": player["out"], "hand_count": len(player["hand"]),
                 "deck_count": len(deck)},
                private={"hand": player["hand"], "deck_list": deck_list, "standing": player["standing"]},
                private_to=seat, secret={"deck": deck})
    units = [{"uid": f"u{unit['since']}", **{key: unit[key] for key in UNIT_FIELDS[:-1]}, "since": unit["since"]}
             for unit in plan.units]
    in_play = [{"iid": f"s{spell['since']}", "card": spell["card"], "owner": spell["owner"],
                "controller": spell["controller"], "on": None if spell["on"] is None else units[spell["on"]]["uid"],
                "uses": spell["uses"], "since": spell["since"]} for spell in plan.in_play]
    em.emit("table_laid_out", RULE,
            {"turn": plan.turn, "active": plan.active, "first": plan.first, "units": units, "in_play": in_play,
             "effects": plan.effects, "pending": plan.pending, "clock": plan.clock,
             "quiet_turns": plan.quiet_turns, "low_water": plan.low_water})
    return em.decision()


def scenario_of(state: XiState) -> dict[str, Any]:
    """The scenario that lays out `state`'s table exactly, hidden cards included; refused before
    every deck is in and the order chosen, once over, and while a choice is asked."""
    if state.phase != PLAY:
        why = {"over": "the game is over"}.get(state.phase, "the decks are still being brought and the order chosen")
        raise _refuse(f"a fork starts from a table in play, and here {why}")
    if any(step.kind == CHOOSE_STEP for step in state.pending):
        raise _refuse("a fork cannot start while a choice is asked: it holds where the rules resume, which no "
                      "scenario lays out; fork at the decision before or after it")
    index = {unit.uid: n for n, unit in enumerate(state.units)}
    return {
        "players": [{"life": seat.life, "t": seat.t, "pt": seat.pt, "hand": list(seat.hand), "deck": list(seat.deck),
                     "discard": list(seat.discard), "deck_list": list(seat.deck_list or []),
                     "standing": seat.standing, "out": seat.out} for seat in state.players],
        "turn": state.turn, "active": state.active, "first": state.first,
        "units": [{"card": unit.card, "controller": unit.controller, "owner": unit.owner, "life": unit.life,
                   "skirmishes": unit.skirmishes, "uses": unit.uses, "id": unit.uid} for unit in state.units],
        "in_play": [{"card": card.card, "controller": card.controller, "owner": card.owner,
                     "on": None if card.on is None else index[card.on], "uses": card.uses, "id": card.iid}
                    for card in state.in_play],
        "effects": [{"source": effect.source, "to": list(effect.to), "where": effect.where, "op": effect.op,
                     "value": effect.value, "since": effect.since} for effect in state.effects],
        "pending": pending_of(state),
        "clock": state.clock, "quiet_turns": state.quiet_turns, "low_water": state.low_water,
    }
