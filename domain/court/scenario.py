"""Scenarios: a chosen Court position in place of a random deal, for sandbox games ("what if...").

A scenario is a JSON object. Every field but `row` may be left out:

  row           Society Row, slot 0 next to the draw deck: 4 ids, null for an empty slot
  court         the Royal Court: up to 8 spaces (6 in the Advanced Game), each a stack of ids bottom
                first, only its top card counting (default: all empty)
  placed_on     per space, the turn its top card came (default 0: before turn 1); a Courtesan is
                exchanged only on a later turn than the one it came
  deck          ids, top first (default: empty). Every card named nowhere else goes under these, in
                an order shuffled with the game's generator: as unknown as in any game
  discard       the discard pile, bottom first (default: empty)
  daemon_court  the Court of the Daemon Princes (default: empty)
  defeated      the Daemon Princes defeated, left of the deck (default: empty)
  set_aside     the Daemon Princes set aside at set-up, in phase "choose" only (default: empty)
  cp, vp        the treasury and the VP gained (default 10 and 0)
  phase         "buy" (Phase 1A, the default), "power" (a card just placed waits for its power's
                decision), "fight" (Phase 2 offers a fight) or "choose" (the starting cards)
  turn          the turn under way (default 1; 0, the only one, while choosing)
  exchanged     a Courtesan was exchanged in this Phase 1A already (default false)
  pending       in phase "power" only: {"power": "tax" or "fight", "space": s, "then": "buy" or
                "fight"}: the Tax Collector or General just placed on space s; "then" is "buy" when
                it came by a Courtesan's exchange (Phase 1A goes on, the row is refilled once the
                power is done), "fight" when it was bought (Phase 2 follows)
  advanced      the Advanced Game, 6 spaces (default: the game's option `advanced`; a scenario
                that names it must agree with the option when the game sets it too). A fork names
                it, so a fork of an Advanced game is one without any option

A table no game can reach is refused, the reason starting with the field: a card named twice or
unknown; a Daemon Prince anywhere but the row, the deck, `defeated` or `set_aside` (or a court card
there); a gap in the row while the deck holds cards (the row is refilled at once: only a
Courtesan's exchange leaves slot 0 empty until its power is done; gaps always lie next to the
deck); four Daemon Princes in the row, or all nine drawn, at the start of a turn (the game would be
over); a fight offered that cannot be won; a power waiting that has nothing to act on; an empty
Royal Court after the set-up (a Tax Collector never discards itself). While choosing, every field
but the row, the court (up to 2 starting cards, one a space), the deck and `set_aside` keeps its
set-up value, and the row holds no Prince and one card fewer for each starting card placed.

The count of Daemon Princes drawn is not a field: it is always those in the row and `defeated`.

Events, in order, all citing court.scenario (the table is public but for the deck, as in a game):
  deck_shuffled     all 54 cards in the order they are laid out, top first (secret): row, court,
                    piles, then the deck
  row_laid_out      Society Row
  court_laid_out    the Royal Court, its number of spaces and `placed_on`
  piles_laid_out    set aside, discard, Court of the Daemon Princes, defeated (only if one holds a card)
  scenario_started  the phase, turn, CP, VP, Princes drawn, `exchanged` and the power waiting
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Decision
from domain.court.cards import ALL_IDS, CARDS, DAEMONS, GENERAL, RULEBOOK_DAEMONS, TAX_COLLECTOR
from domain.court.flow import Emitter, beatable, tax_targets
from domain.court.state import (
    ADVANCED_SPACES, BUY, CHOOSE, DAEMONS_TO_END, FIGHT, OVER, POWER, ROW_SLOTS, SETUP, SPACES, STARTING_CARDS,
    STARTING_CP, CourtState, new_state,
)
from domain.court.table import daemons_in_row
from domain.rng import Rng
from domain.scenario_fields import ScenarioFields, is_list

RULE = "court.scenario"
FIELDS = ("row", "court", "placed_on", "deck", "discard", "daemon_court", "defeated", "set_aside", "cp", "vp",
          "phase", "turn", "exchanged", "pending", "advanced")
PILES = ("set_aside", "discard", "daemon_court", "defeated")
PHASES = (BUY, POWER, FIGHT, CHOOSE)
POWERS = {"tax": TAX_COLLECTOR, "fight": GENERAL}
PENDING = ("power", "space", "then")

SCENARIO_EXAMPLE: dict[str, Any] = {
    # The rulebook's Generals: Sun, Moon and Earth Generals stand for all three clans, so they fight
    # at 3 + 2 + 3 + 2 = 10. In Phase 2 Daemon Prince 4 (strength 7) falls for nothing and Daemon
    # Prince 8 (strength 12) for 2 CP. First the Courtesan, placed on turn 6, may be exchanged for
    # the Sun Minister of equal VP, which collects from the Moon Tax Collector. The top of the deck
    # is named, so that the example plays the same with every seed; the rest is shuffled.
    "row": ["daemon-8", "minister-sun-2", "daemon-4", "poet-earth-2"],
    "court": [["general-sun-2"], ["general-moon-1"], ["minister-earth-1", "general-earth-3"],
              ["courtesan-sun-2"], ["tax-collector-moon-1"], [], [], []],
    "placed_on": [0, 3, 5, 6, 0, 0, 0, 0],
    "deck": ["courtesan-moon-2", "general-moon-2"],
    "discard": ["courtesan-earth-1", "minister-moon-1"],
    "daemon_court": ["poet-moon-1"],
    "defeated": ["daemon-1", "daemon-3"],
    "cp": 6,
    "vp": 14,
    "phase": BUY,
    "turn": 9,
}


CHECK = ScenarioFields(RULE, "the Court", "a Court card", ALL_IDS)
_refuse, _card, _cards, _number, _is_list = CHECK.refuse, CHECK.card, CHECK.cards, CHECK.whole_number, is_list


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _refuse(f"{where}: true or false, not {value!r}")
    return value


class _Plan:
    """A checked scenario: where every card goes, and the counters of the table."""

    def __init__(self, scenario: Any, options: Mapping[str, Any]):
        CHECK.fields(scenario, "scenario", FIELDS, "a scenario")
        if "row" not in scenario:
            raise _refuse("scenario.row: missing; a scenario names the 4 slots of Society Row")
        self.advanced = self._advanced(scenario, options)
        self.spaces = ADVANCED_SPACES if self.advanced else SPACES
        self.phase = scenario.get("phase", BUY)
        if self.phase not in PHASES:
            raise _refuse(f"scenario.phase: {self.phase!r} is not a phase a game can start in; one of {', '.join(PHASES)}")
        self.row = self._row(scenario["row"])
        self.court = self._court(scenario.get("court", []))
        self.deck = _cards(scenario.get("deck", []), "scenario.deck")
        self.piles = {name: _cards(scenario.get(name, []), f"scenario.{name}") for name in PILES}
        choosing = self.phase == CHOOSE
        self.turn = _number(scenario.get("turn", 0 if choosing else 1), "scenario.turn", "a turn number")
        if self.turn < 1 and not choosing:
            raise _refuse(f"scenario.turn: turn 0 is the choice of the starting cards (phase choose), not {self.phase}")
        self.cp = _number(scenario.get("cp", STARTING_CP), "scenario.cp", "a number of CP")
        self.vp = _number(scenario.get("vp", 0), "scenario.vp", "a number of VP")
        self.exchanged = _flag(scenario.get("exchanged", False), "scenario.exchanged")
        self.placed_on = self._placed_on(scenario.get("placed_on", [0] * self.spaces))
        self.pending = self._pending(scenario.get("pending"))
        self._check_every_card_once()
        self._check_kinds()
        if choosing:
            self._check_choice()
        else:
            self._check_play()

    @staticmethod
    def _advanced(scenario: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
        if "advanced" not in scenario:
            return bool(options.get("advanced"))
        advanced = _flag(scenario["advanced"], "scenario.advanced")
        if "advanced" in options and bool(options["advanced"]) != advanced:
            raise _refuse(f"scenario.advanced: {str(advanced).lower()}, but the game's option advanced is"
                          f" {str(bool(options['advanced'])).lower()}; leave one out or make them agree")
        return advanced

    @staticmethod
    def _row(value: Any) -> list[str | None]:
        if not _is_list(value) or len(value) != ROW_SLOTS:
            raise _refuse(f"scenario.row: a list of the {ROW_SLOTS} slots of Society Row (null for an empty slot),"
                          f" not {value!r}")
        return [_card(card, f"scenario.row[{slot}]", empty_allowed=True) for slot, card in enumerate(value)]

    def _court(self, value: Any) -> list[list[str]]:
        if not _is_list(value):
            raise _refuse(f"scenario.court: a list of spaces, each a list of card ids bottom first, not {value!r}")
        if len(value) > self.spaces:
            game = "the Advanced Game" if self.advanced else "the game"
            raise _refuse(f"scenario.court: {len(value)} spaces; the Royal Court of {game} has {self.spaces}")
        court = [_cards(stack, f"scenario.court[{space}]") for space, stack in enumerate(value)]
        return court + [[] for _ in range(self.spaces - len(court))]

    def _placed_on(self, value: Any) -> list[int]:
        if not _is_list(value) or len(value) != self.spaces:
            raise _refuse(f"scenario.placed_on: a list of {self.spaces} turn numbers, one per space, not {value!r}")
        placed = [_number(turn, f"scenario.placed_on[{space}]", "a turn number") for space, turn in enumerate(value)]
        starting = self.phase == BUY and not self.exchanged  # nothing has come yet on the turn that starts
        last = self.turn - 1 if starting else self.turn
        for space, turn in enumerate(placed):
            if turn > last:
                raise _refuse(f"scenario.placed_on[{space}]: turn {turn}, but the last card placed came on turn"
                              f" {max(last, 0)} at the latest (turn {self.turn}{' starts' if starting else ''})")
        return placed

    def _pending(self, value: Any) -> dict[str, Any] | None:
        if value is None:
            if self.phase == POWER:
                raise _refuse("scenario.pending: missing; in phase power it names the power that waits")
            return None
        if self.phase != POWER:
            raise _refuse(f"scenario.pending: a power waits only in phase power, not {self.phase}")
        if not isinstance(value, Mapping) or set(value) != set(PENDING):
            raise _refuse(f"scenario.pending: an object with exactly the fields {', '.join(PENDING)}, not {value!r}")
        if not isinstance(value["power"], str) or value["power"] not in POWERS:
            raise _refuse(f"scenario.pending.power: {value['power']!r} is not a power that waits; tax or fight")
        space = value["space"]
        if isinstance(space, bool) or not isinstance(space, int) or not 0 <= space < self.spaces:
            raise _refuse(f"scenario.pending.space: {space!r} is not a space; the spaces are 0 to {self.spaces - 1}")
        if value["then"] not in (BUY, FIGHT):
            raise _refuse(f"scenario.pending.then: {value['then']!r}; buy (after an exchange) or fight (after a purchase)")
        return {"power": value["power"], "space": space, "then": value["then"], "refill_after": value["then"] == BUY}

    def placed(self) -> list[tuple[str, list[str]]]:
        """Every named card by the field that names it, in the order the table is laid out."""
        places = [("scenario.row", [card for card in self.row if card is not None])]
        places += [(f"scenario.court[{space}]", stack) for space, stack in enumerate(self.court)]
        places += [(f"scenario.{name}", cards) for name, cards in self.piles.items()]
        return places + [("scenario.deck", self.deck)]

    def _check_every_card_once(self) -> None:
        named = CHECK.every_card_once(self.placed())
        self.deck_holds_cards = bool(self.deck) or named < len(ALL_IDS)

    def _check_kinds(self) -> None:
        """Daemon Princes are never bought nor discarded; court cards are never defeated nor set aside."""
        for where, cards in self.placed()[1:-1]:
            princes_only = where in ("scenario.defeated", "scenario.set_aside")
            for card in cards:
                if (card in DAEMONS) != princes_only:
                    why = ("only Daemon Princes are defeated or set aside" if princes_only else
                           "a Daemon Prince stays in Society Row until defeated")
                    raise _refuse(f"{where}: {card} cannot be there; {why}")

    def _check_choice(self) -> None:
        for name, value in (("turn", self.turn), ("cp", self.cp), ("vp", self.vp), ("exchanged", self.exchanged),
                            ("discard", self.piles["discard"]), ("daemon_court", self.piles["daemon_court"]),
                            ("defeated", self.piles["defeated"]), ("placed_on", self.placed_on)):
            setup = {"turn": 0, "cp": STARTING_CP, "vp": 0, "exchanged": False, "placed_on": [0] * self.spaces}.get(name, [])
            if value != setup:
                raise _refuse(f"scenario.{name}: {value!r} while the starting cards are chosen; the set-up leaves"
                              f" it {setup!r} until turn 1")
        for space, stack in enumerate(self.court):
            if len(stack) > 1:
                raise _refuse(f"scenario.court[{space}]: {len(stack)} cards; each starting card takes an empty space")
        chosen = sum(len(stack) for stack in self.court)
        if chosen >= STARTING_CARDS:
            raise _refuse(f"scenario.court: {chosen} starting cards; the choice ends with the {STARTING_CARDS}rd and"
                          " turn 1 begins")
        for slot, card in enumerate(self.row):
            if card in DAEMONS:
                raise _refuse(f"scenario.row[{slot}]: {card} while choosing; a Daemon Prince dealt at set-up is set aside")
        if (dealt := sum(1 for card in self.row if card)) != ROW_SLOTS - chosen:
            raise _refuse(f"scenario.row: {dealt} cards, but {ROW_SLOTS - chosen} of the {ROW_SLOTS} dealt are left once"
                          f" {chosen} starting cards are chosen")

    def _check_play(self) -> None:
        if self.piles["set_aside"]:
            raise _refuse("scenario.set_aside: the Daemon Princes set aside are shuffled back into the deck once the"
                          " starting cards are chosen (phase choose)")
        if not any(self.court):
            raise _refuse("scenario.court: empty, but the 3 starting cards were placed and a Tax Collector never"
                          " discards itself: the Royal Court always holds a card after the set-up")
        gaps = [slot for slot, card in enumerate(self.row) if card is None]
        if gaps != list(range(len(gaps))):
            raise _refuse(f"scenario.row[{gaps[-1]}]: an empty slot away from the deck; the cards left of a gap"
                          " slide right, so gaps lie next to the deck (slot 0)")
        refilling = self.pending is not None and self.pending["refill_after"]
        if refilling and not gaps:
            raise _refuse("scenario.row[0]: a card, but the Courtesan's exchange took one and the row is refilled"
                          " only once the power is done: slot 0 is empty")
        if self.deck_holds_cards and len(gaps) > (1 if refilling else 0):
            raise _refuse(f"scenario.row[{gaps[-1]}]: empty while the deck holds cards; Society Row is refilled at once")
        self._check_position(self.table())

    def _check_position(self, state: CourtState) -> None:
        """What the phase says about the table: the game is not over, the offer can be taken."""
        if self.phase == BUY and not self.exchanged:
            drawn = len(daemons_in_row(state)) + len(state.defeated)
            if len(daemons_in_row(state)) >= DAEMONS_TO_END or drawn >= RULEBOOK_DAEMONS:
                why = (f"{DAEMONS_TO_END} Daemon Princes stand in Society Row" if drawn < RULEBOOK_DAEMONS else
                       f"all {RULEBOOK_DAEMONS} Daemon Princes have been drawn (in the row and defeated)")
                raise _refuse(f"scenario: {why} at the start of turn {self.turn}, so the game ended after Phase 3")
        if self.phase == FIGHT and not beatable(state):
            raise _refuse("scenario.phase: fight, but the Generals and the CP defeat no Daemon Prince in Society Row;"
                          " such a fight is passed at once")
        if self.pending is not None:
            self._check_power(state)

    def _check_power(self, state: CourtState) -> None:
        power, space = self.pending["power"], self.pending["space"]
        top = state.court[space][-1] if state.court[space] else None
        if top is None or CARDS[top].role != POWERS[power]:
            raise _refuse(f"scenario.pending.space: the top card of space {space} is {top or 'nothing'}, not a"
                          f" {POWERS[power].replace('-', ' ')} whose power waits")
        if self.placed_on[space] != self.turn:
            raise _refuse(f"scenario.pending.space: its card came on turn {self.placed_on[space]}; a power acts on"
                          f" the turn the card is placed ({self.turn})")
        if self.pending["then"] == BUY and not self.exchanged:
            raise _refuse("scenario.pending.then: buy follows a Courtesan's exchange, so exchanged is true")
        if power == "tax" and not tax_targets(state, space):
            raise _refuse(f"scenario.pending: no other top card of {top}'s clan; the Tax Collector has nothing to discard")
        if power == "fight" and not beatable(state):
            raise _refuse("scenario.pending: the Generals and the CP defeat no Daemon Prince; the power passes at once")

    def table(self) -> CourtState:
        """The table the scenario describes, with only its named deck (for the checks)."""
        state = new_state(self.advanced)
        state.row, state.court, state.placed_on, state.deck = list(self.row), self.court, self.placed_on, self.deck
        state.set_aside, state.discard, state.daemon_court, state.defeated = (self.piles[name] for name in PILES)
        state.cp, state.vp, state.phase, state.turn, state.pending = self.cp, self.vp, self.phase, self.turn, self.pending
        return state

    def deck_order(self, rng: Rng) -> list[str]:
        """All 54 cards top first: the named ones as laid out, then the unnamed ones shuffled."""
        return CHECK.deck_order(self.placed(), rng)


def scenario_events(seats: int, options: Mapping[str, Any], scenario: Any, rng: Rng) -> Decision:
    """The opening events that lay out the scenario's table, or IllegalAction naming the field."""
    if seats != 1:
        raise _refuse(f"scenario: The Court of Xiang Chi is for 1 player, not {seats}")
    plan = _Plan(scenario, options)
    em = Emitter(new_state(bool(options.get("advanced"))), rng)
    order = plan.deck_order(rng)
    em.emit("deck_shuffled", RULE, {"count": len(order)}, secret={"order": order})
    em.emit("row_laid_out", RULE, {"row": plan.row})
    em.emit("court_laid_out", RULE, {"spaces": plan.spaces, "court": plan.court, "placed_on": plan.placed_on})
    if any(plan.piles.values()):
        em.emit("piles_laid_out", RULE, dict(plan.piles))
    drawn = len(daemons_in_row(em.state)) + len(plan.piles["defeated"])
    em.emit("scenario_started", RULE, {"phase": plan.phase, "turn": plan.turn, "cp": plan.cp, "vp": plan.vp,
                                       "drawn_daemons": drawn, "exchanged": plan.exchanged, "pending": plan.pending})
    return em.decision()


def scenario_of(state: CourtState) -> dict[str, Any]:
    """The scenario that lays out `state`'s table exactly, hidden deck order included: at any
    decision (choosing the starting cards, Phase 1A, a power's decision, Phase 2)."""
    if state.phase in (SETUP, OVER):
        why = "the game is over" if state.phase == OVER else "the cards have not been dealt yet"
        raise _refuse(f"a fork starts where a decision is to be taken, and here {why}")
    scenario: dict[str, Any] = {
        "advanced": state.spaces == ADVANCED_SPACES,
        "phase": state.phase,
        "turn": state.turn,
        "cp": state.cp,
        "vp": state.vp,
        "row": list(state.row),
        "court": [list(stack) for stack in state.court],
        "placed_on": list(state.placed_on),
        "deck": list(state.deck),
        **{name: list(getattr(state, name)) for name in PILES},
        "exchanged": state.exchanged,
    }
    if state.pending:
        scenario["pending"] = {name: state.pending[name] for name in PENDING}
    return scenario
