"""Scenarios: a chosen Xanadu position in place of a random deal, for sandbox games ("what if...").

A scenario is a JSON object. Every field but `seats` may be left out:

  seats     one object per seat of the game, seat 0 first (as many as the game has players):
              hand       ids of the buildings in the seat's hand (default: none); at most 7, the
                         hand limit no draw goes past
              buildings  the seat's buildings in play, at most 5 (default: none). A building is a
                         card id (no row covered), or an object:
                           card     the building's id (required)
                           covered  how many of its rows workers cover, from the bottom up
                                    (default: as many as `workers` names, else 0). Never every
                                    row: a full building is sold at the end of the turn that
                                    fills it (autoselling)
                           workers  the worker cards on it, bottom row first (default: cards the
                                    scenario names nowhere, taken at random as any unnamed card)
                           favors   the Favors its covered rows have unlocked (optional; when
                                    given, exactly those of the covered rows, bottom first)
              score      the tong bao the seat has earned so far (default 0)
  deck        ids, top first (default: empty). Every card named nowhere else goes under these, in
              an order shuffled with the game's generator: a card the scenario does not name is as
              unknown as in any game
  end_marker  the deck was reshuffled once already, and the END OF GAME marker lies in it with
              this many cards below it: 0 to 9, as it goes "randomly into the bottom 10 cards"
              (default: absent, the deck has not run out yet)
  discard     ids, bottom first (default: empty)
  to_play     the seat whose turn starts (default: the seat of `turn`, else 0)
  turn        the number of that turn (default `to_play` + 1). Seat 0 plays turn 1 and the seats
              follow in order, so turn t is seat (t - 1) mod the number of seats. Turn 0 is the
              set-up instead: 7 cards in every hand, nothing in play, sold or discarded, and each
              player chooses a starting building

The game starts at the beginning of `to_play`'s turn, in the Sell phase, nothing of the turn done
(or in the set-up, before anyone has chosen a starting building). A card may be named once only;
the 75 buildings are all placed. A player to play with no building in play and a card in hand
first puts one in play (house rule 4): that event cites its own rule, as in any game.

Events, in order (all public facts are public in any game; what a game hides stays hidden):
  deck_shuffled        xanadu.scenario  all 75 cards in the order they are laid out, top first:
                                        hands, buildings (each card, then its workers), discard,
                                        then the deck (secret order)
  hand_dealt           xanadu.scenario  one per seat, the cards private to that seat
  buildings_laid_out   xanadu.scenario  the buildings in play and how many rows each has covered;
                                        the worker cards are secret, face down as in any game
                                        (only if a building is in play)
  discard_laid_out     xanadu.scenario  how many cards are discarded; which is secret, as the
                                        worker cards among them are (only if one is)
  scores_laid_out      xanadu.scenario  the scores (only if one is not 0)
  end_marker_laid_out  xanadu.scenario  the deck was reshuffled; where the marker lies is secret
                                        (only with `end_marker`)
  turn_started         xanadu.turn.phases     (foothold_offered, xanadu.house.foothold, if due)
  or, at turn 0, starting_offered       xanadu.setup.start
Refusals are IllegalAction(reason, rule="xanadu.scenario"); the reason starts with the field, as in
"scenario.seats[1].buildings[0].covered: the Well (West) has 2 rows; ...".

Forks: `scenario_of` describes the table at the start of a turn (or of the set-up before anyone
has chosen). In the middle of a turn the player's plan (the construction, the rows, the workers)
is private until the turn ends, and a sale belongs to the turn under way, so those positions are
refused, as are a starting choice already made in secret, a table not dealt yet and a finished
game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from domain.contract import Decision
from domain.rng import Rng
from domain.scenario_fields import ScenarioFields, is_list
from domain.xanadu.cards import ALL_IDS, END_MARKER, Building, name_of
from domain.xanadu.decide import Emitter, start_turn
from domain.xanadu.table import cards_of
from domain.xanadu.state import (
    FOOTHOLD, HAND, MARKER_AMONG_LAST, MOST_BUILDINGS, OVER, SELL, SETUP, START, XanaduState, new_plan,
)

RULE = "xanadu.scenario"
FIELDS = ("seats", "deck", "end_marker", "discard", "to_play", "turn")
SEAT_FIELDS = ("hand", "buildings", "score")
BUILDING_FIELDS = ("card", "covered", "workers", "favors")

SCENARIO_EXAMPLE: dict[str, Any] = {
    # Late in a two-player game, past the reshuffle (the END OF GAME marker is among the deck's
    # last ten cards), bo leads 27 to 19. ana holds the Summer Palace, worth 14 while uncovered,
    # and can just pay for it with her whole hand: her Jade Garden gives the bronze and, its bottom
    # row covered, the jade; her Clay Pit's bottom row the clay; the porcelain and the gold are the
    # two rows of bo's Silk Farm, which her workers then fill, so that it is sold at the end of her
    # turn and scores bo 4. Build it, or sell and draw three?
    "seats": [
        {
            "hand": ["summer-palace", "well-west", "tea-house-lower", "moon-gate", "quarry-east"],
            "buildings": ["jade-garden", {"card": "clay-pit-west", "covered": 0},
                          {"card": "library-upper", "covered": 2, "workers": ["armory", "lumber-yard-west"]}],
            "score": 19,
        },
        {
            "hand": ["pottery-lower", "drum-tower", "cistern-east"],
            "buildings": [{"card": "goldsmith", "covered": 0},
                          {"card": "silk-farm-upper", "covered": 0},
                          {"card": "bronze-foundry", "covered": 1},
                          {"card": "timber-hall-east", "covered": 1}],
            "score": 27,
        },
    ],
    "deck": ["mint", "lotus-pond"],
    "end_marker": 3,
    "discard": ["well-east", "sawmill-east"],
    "to_play": 0,
    "turn": 31,
}


CHECK = ScenarioFields(RULE, "Xanadu", "a Xanadu building", ALL_IDS)
_refuse, _is_list, _fields = CHECK.refuse, is_list, CHECK.fields


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(value: Any, where: str) -> str:
    if value == END_MARKER:
        raise _refuse(f"{where}: {END_MARKER} is the END OF GAME marker, not a building; scenario.end_marker places it")
    return CHECK.card(value, where)


def _cards(value: Any, where: str) -> list[str]:
    if not _is_list(value):
        raise _refuse(f"{where}: a list of card ids, not {value!r}")
    return [_card(card, f"{where}[{i}]") for i, card in enumerate(value)]


def _rows(count: int) -> str:
    return f"{count} row{'s' if count != 1 else ''}"


class _Building:
    """One building in play, checked: its card, its covered rows and the worker cards named on them."""

    def __init__(self, value: Any, where: str, cards: Mapping[str, Building]):
        self.deck = cards  # the game's edition of the deck: where each building's Favors sit
        if isinstance(value, str):
            value = {"card": value}
        spec = _fields(value, where, BUILDING_FIELDS, "a building (or just its card id)")
        if "card" not in spec:
            raise _refuse(f"{where}.card: missing; a building names its card")
        self.card = _card(spec["card"], f"{where}.card")
        building = cards[self.card]
        rows = len(building.rows)
        self.workers: list[str] | None = None
        if "workers" in spec:
            self.workers = _cards(spec["workers"], f"{where}.workers")
        covered = spec.get("covered", len(self.workers) if self.workers is not None else 0)
        if not _is_int(covered) or covered < 0:
            raise _refuse(f"{where}.covered: {covered!r} is not a number of rows (0, 1, 2...)")
        if covered > rows:
            raise _refuse(f"{where}.covered: {name_of(self.card)} has {_rows(rows)}, so there is no row {covered} to cover"
                          " (xanadu.workers.rows: rows are covered from the bottom up)")
        if covered == rows:
            raise _refuse(f"{where}.covered: every one of the {_rows(rows)} of {name_of(self.card)} is covered, but a full"
                          " building is sold by its owner at the end of the turn that fills it (xanadu.autosell)")
        if self.workers is not None and len(self.workers) != covered:
            raise _refuse(f"{where}.workers: {len(self.workers)} worker cards for {_rows(covered)} covered; one worker"
                          " covers each row")
        self.covered = covered
        if "favors" in spec:
            self._check_favors(spec["favors"], f"{where}.favors")

    def _check_favors(self, value: Any, where: str) -> None:
        building = self.deck[self.card]
        if not _is_list(value) or not all(isinstance(favor, str) for favor in value):
            raise _refuse(f"{where}: a list of resources, not {value!r}")
        unlocked = [row.favor for row in building.rows[: self.covered] if row.favor]
        listed, have = Counter(value), Counter(unlocked)
        for favor in listed:
            if listed[favor] <= have[favor]:
                continue
            rows = [n for n, row in enumerate(building.rows, start=1) if row.favor == favor]
            if not rows:
                raise _refuse(f"{where}: {name_of(self.card)} has no {favor} Favor")
            raise _refuse(f"{where}: the {favor} Favor of {name_of(self.card)} is on row {rows[-1]}, which is not covered"
                          f" ({_rows(self.covered)} covered): a Favor is unlocked only when a worker covers its row"
                          " (xanadu.workers.rows)")
        for n, row in enumerate(building.rows[: self.covered], start=1):
            if row.favor and listed[row.favor] < have[row.favor]:
                raise _refuse(f"{where}: row {n} of {name_of(self.card)} is covered, so its {row.favor} Favor is"
                              " unlocked; list it")

    def cards(self) -> list[str]:
        return [self.card, *(self.workers or [])]


class _Plan:
    """A checked scenario: where every card goes."""

    def __init__(self, scenario: Any, seats: int, cards: Mapping[str, Building]):
        self.cards = cards
        spec = _fields(scenario, "scenario", FIELDS, "a scenario")
        if "seats" not in spec:
            raise _refuse("scenario.seats: missing; a scenario names each seat's hand and buildings")
        value = spec["seats"]
        if not _is_list(value) or len(value) != seats:
            count = f", not {len(value)}" if _is_list(value) else ""
            raise _refuse(f"scenario.seats: a list of {seats} seats, one per player of the game, seat 0 first{count}")
        self.seats = seats
        self.hands: list[list[str]] = []
        self.buildings: list[list[_Building]] = []
        self.scores: list[int] = []
        for seat, entry in enumerate(value):
            self._seat(seat, _fields(entry, f"scenario.seats[{seat}]", SEAT_FIELDS, "a seat"))
        self.deck = _cards(spec.get("deck", []), "scenario.deck")
        self.discard = _cards(spec.get("discard", []), "scenario.discard")
        self.end_marker = self._end_marker(spec.get("end_marker"))
        self.to_play, self.turn = self._whose_turn(spec)
        self._check_every_card_once()
        if self.turn == 0:
            self._check_setup()

    def _seat(self, seat: int, spec: Mapping[str, Any]) -> None:
        where = f"scenario.seats[{seat}]"
        hand = _cards(spec.get("hand", []), f"{where}.hand")
        if len(hand) > HAND:
            raise _refuse(f"{where}.hand: {len(hand)} cards, but a player never draws above the {HAND} card hand limit"
                          " (xanadu.draw)")
        owned = spec.get("buildings", [])
        if not _is_list(owned):
            raise _refuse(f"{where}.buildings: a list of buildings in play, not {owned!r}")
        if len(owned) > MOST_BUILDINGS:
            raise _refuse(f"{where}.buildings: {len(owned)} buildings, but a player has {MOST_BUILDINGS} in play at most"
                          " (xanadu.build.most-five)")
        score = spec.get("score", 0)
        if not _is_int(score) or score < 0:
            raise _refuse(f"{where}.score: {score!r} is not a score (0 or more tong bao)")
        self.hands.append(hand)
        self.buildings.append([_Building(b, f"{where}.buildings[{i}]", self.cards) for i, b in enumerate(owned)])
        self.scores.append(score)

    @staticmethod
    def _end_marker(value: Any) -> int | None:
        if value is None:
            return None
        if not _is_int(value) or not 0 <= value < MARKER_AMONG_LAST:
            raise _refuse(f"scenario.end_marker: {value!r} is not a number of cards under the END OF GAME marker: it"
                          f" goes into the bottom {MARKER_AMONG_LAST} cards of the deck, so 0 to {MARKER_AMONG_LAST - 1}"
                          " (xanadu.draw.reshuffle)")
        return value

    def _whose_turn(self, spec: Mapping[str, Any]) -> tuple[int, int]:
        to_play, turn = spec.get("to_play"), spec.get("turn")
        if to_play is not None and (not _is_int(to_play) or not 0 <= to_play < self.seats):
            raise _refuse(f"scenario.to_play: {to_play!r} is not a seat; the seats are 0 to {self.seats - 1}")
        if turn is not None and (not _is_int(turn) or turn < 0):
            raise _refuse(f"scenario.turn: {turn!r} is not a turn number (0 for the set-up, then 1, 2, 3...)")
        if turn is None:
            return (to_play or 0), (to_play or 0) + 1
        whose = (turn - 1) % self.seats if turn else 0
        if to_play is not None and to_play != whose:
            why = ("the set-up is turn 0, and seat 0 plays the first turn after it" if turn == 0 else
                   f"seat 0 plays turn 1 and the seats follow in order, so turn {turn} is seat {whose}'s")
            raise _refuse(f"scenario.turn: turn {turn} is not seat {to_play}'s: {why} (xanadu.turn.phases)")
        return whose, turn

    def placed(self) -> list[tuple[str, list[str]]]:
        """Every named card by the field that names it, in the order the table is laid out."""
        places = [(f"scenario.seats[{seat}].hand", hand) for seat, hand in enumerate(self.hands)]
        for seat, owned in enumerate(self.buildings):
            places += [(f"scenario.seats[{seat}].buildings[{i}]", b.cards()) for i, b in enumerate(owned)]
        places += [("scenario.discard", self.discard), ("scenario.deck", self.deck)]
        return places

    def _check_every_card_once(self) -> None:
        named = CHECK.every_card_once(self.placed())
        unnamed_workers = sum(b.covered for owned in self.buildings for b in owned if b.workers is None)
        if named + unnamed_workers > len(ALL_IDS):
            raise _refuse(f"scenario: {unnamed_workers} worker cards are not named, but only {len(ALL_IDS) - named}"
                          " cards are left to be them")
        deck = len(ALL_IDS) - named - unnamed_workers + len(self.deck)
        if self.end_marker is not None and self.end_marker > deck:
            raise _refuse(f"scenario.end_marker: {self.end_marker} cards under the END OF GAME marker, but the deck"
                          f" holds {deck}")

    def _check_setup(self) -> None:
        """Turn 0: the table as dealt, before anyone has chosen a starting building."""
        for seat in range(self.seats):
            where = f"scenario.seats[{seat}]"
            if len(self.hands[seat]) != HAND:
                raise _refuse(f"{where}.hand: {len(self.hands[seat])} cards, but the set-up deals {HAND} to each player"
                              " (xanadu.setup.deal)")
            if self.buildings[seat]:
                raise _refuse(f"{where}.buildings: in the set-up nothing is in play yet; each player chooses a starting"
                              " building from hand (xanadu.setup.start)")
            if self.scores[seat]:
                raise _refuse(f"{where}.score: in the set-up nothing has been sold yet")
        if self.discard:
            raise _refuse("scenario.discard: in the set-up nothing has been discarded yet")
        if self.end_marker is not None:
            raise _refuse("scenario.end_marker: in the set-up the deck has not run out yet")

    def layout(self, rng: Rng) -> tuple[list[list[list[str]]], list[str]]:
        """Every building's workers, and all 75 cards top first: the named ones as laid out, the
        unnamed ones shuffled, workers nobody named first, then the rest under the named deck."""
        unnamed = CHECK.unnamed(self.placed(), rng)
        workers = []
        for owned in self.buildings:
            mine = []
            for building in owned:
                if building.workers is None:
                    building.workers, unnamed = unnamed[: building.covered], unnamed[building.covered:]
                mine.append(list(building.workers))
            workers.append(mine)
        order = [card for _, cards in self.placed() for card in cards] + unnamed
        return workers, order


def scenario_events(empty: XanaduState, scenario: Any, rng: Rng) -> Decision:
    """The opening events that lay out the scenario's table on the empty table `empty`, or
    IllegalAction naming the field."""
    plan = _Plan(scenario, empty.seats, cards_of(empty))
    em = Emitter(empty, rng)
    workers, order = plan.layout(rng)
    em.emit("deck_shuffled", RULE, {"count": len(order)}, secret={"order": order})
    for seat, hand in enumerate(plan.hands):
        em.emit("hand_dealt", RULE, {"seat": seat, "count": len(hand)}, private={"cards": hand}, private_to=seat)
    if any(plan.buildings):
        public = [[{"card": b.card, "workers": b.covered} for b in owned] for owned in plan.buildings]
        hidden = {"workers": workers} if any(b.covered for owned in plan.buildings for b in owned) else None
        em.emit("buildings_laid_out", RULE, {"buildings": public}, secret=hidden)
    if plan.discard:
        em.emit("discard_laid_out", RULE, {"count": len(plan.discard)}, secret={"cards": plan.discard})
    if any(plan.scores):
        em.emit("scores_laid_out", RULE, {"scores": plan.scores})
    if plan.end_marker is not None:
        em.emit("end_marker_laid_out", RULE, {"among_last": MARKER_AMONG_LAST}, secret={"under": plan.end_marker})
    if plan.turn == 0:
        em.emit("starting_offered", "xanadu.setup.start", {})
    else:
        start_turn(em, plan.to_play, plan.turn)
    return em.decision()


def _why_not(state: XanaduState) -> str | None:
    """Why no scenario describes this table, or None when one does."""
    if state.phase == SETUP:
        return "the cards have not been dealt yet"
    if state.phase == OVER:
        return "the game is over"
    if state.phase == START:
        chosen = [seat for seat, card in enumerate(state.starting) if card is not None]
        if chosen:
            return (f"seat {chosen[0]} has chosen a starting building, which stays secret until every player has;"
                    " fork at the end of the set-up deal or at the start of turn 1")
        return None
    if state.phase in (SELL, FOOTHOLD) and state.plan == new_plan():
        return None
    if state.plan and state.plan["sold"] and state.phase == SELL:
        what = "it has sold a building this turn"
    else:
        what = "its plan (the construction, the rows, the workers) is private until it ends the turn"
    return f"seat {state.current}'s turn {state.turn} is under way: {what}; fork at the step that starts a turn"


def scenario_of(state: XanaduState) -> dict[str, Any]:
    """The scenario that lays out `state`'s table exactly, hidden cards included: at the start of
    a turn, or in the set-up before anyone has chosen a starting building."""
    why = _why_not(state)
    if why:
        raise _refuse(f"a fork must start at the beginning of a turn (or of the set-up), and here {why}")
    deck = [card for card in state.deck if card != END_MARKER]
    scenario: dict[str, Any] = {
        "seats": [
            {
                "hand": list(hand),
                "buildings": [_building_of(b, cards_of(state)) for b in owned],
                "score": score,
            }
            for hand, owned, score in zip(state.hands, state.buildings, state.scores)
        ],
        "deck": deck,
    }
    if state.reshuffled:
        scenario["end_marker"] = len(state.deck) - 1 - state.deck.index(END_MARKER)
    scenario["discard"] = list(state.discard)
    scenario["to_play"] = state.current
    scenario["turn"] = state.turn
    return scenario


def _building_of(building: Mapping[str, Any], cards: Mapping[str, Building]) -> dict[str, Any]:
    covered = len(building["workers"])
    out: dict[str, Any] = {"card": building["card"], "covered": covered, "workers": list(building["workers"])}
    favors = [row.favor for row in cards[building["card"]].rows[:covered] if row.favor]
    if favors:
        out["favors"] = favors
    return out
