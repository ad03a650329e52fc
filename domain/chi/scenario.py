"""Scenarios: a chosen Chi position in place of a random deal, for sandbox games ("what if...").

A scenario is a JSON object. Every field but `hands` may be left out:

  hands    [[ids of seat 0's hand], [ids of seat 1's hand]]   each 1 to 5 cards (the hand limit
           is enforced at the end of a turn, so no hand holds more at the start of one, and a
           player always keeps at least one card)
  row      up to 6 ids, left to right; null is an empty slot, and a list shorter than 6 leaves
           the slots after it empty (default: all empty)
  areas    [[stacks of seat 0], [stacks of seat 1]]; a stack is a list of Yang ids, bottom
           first (default: both areas empty). A stack of two or more holds 3-point Yang of one
           colour; an area never holds two stacks of one colour (rulebook "Actions", house rule 10)
  discard  ids, bottom first (default: empty); the discard pile is face up (house rule 13)
  deck     ids, top first (default: empty). Every card named nowhere else goes under these, in an
           order shuffled with the game's generator: a card the scenario does not name is as
           unknown as in any game
  to_play  the seat whose turn starts (default 0)
  starter  the seat that started the game (default: `to_play`); it decides who takes the last
           turn once a player has 6 stacks
  turn     the number of the turn that starts (default 1 if `to_play` is the starter, else 2).
           The starter plays the odd turns and the other seat the even ones, as in every game

The game starts at the beginning of `to_play`'s turn, in the action phase: no conflict is under
way and no one has to discard. A card may be named once only; the 52 cards are all placed.

Once laid out, the table gets the upkeep the rules run after every decision (flow.maintain): empty
row slots are filled from the top of the deck, a row of only Yin is cleared and dealt again, an
empty deck is replaced by the shuffled discard pile. Those events cite their own rules, so the
replay shows that the rules, not the scenario, moved the cards. A table taken from a game by
`scenario_of` never needs any of it.

Six stacks: the only position at the start of a turn in which a player has 6 stacks is the second
player's additional turn (the starter reached 6 stacks on its own turn; rulebook "End the Game").
A scenario with the starter at exactly 6 stacks, the other seat to play and below 6 is that turn:
the end is triggered at once (`end_triggered`) and the game ends when this turn does. Any other
table with 6 or more stacks is refused: the game would already be over.

Events, in order (all public facts are public in any game; hands are private to their seat and
the deck order is secret, so a sandbox hides from its players what a game hides):
  deck_shuffled        chi.scenario  all 52 cards in the order they are laid out, top first:
                                     hands, row, areas, discard, then the deck (secret order)
  first_player_chosen  chi.scenario  the starter
  hand_dealt           chi.scenario  one per seat, the cards private to that seat
  row_dealt            chi.scenario  the row, null for an empty slot
  areas_laid_out       chi.scenario  the play areas (only if a Yang is in play)
  discard_laid_out     chi.scenario  the discard pile (only if it holds a card)
  (the upkeep's own events, if the table needs it)
  end_triggered        chi.end.six-stacks  only in the additional turn, as above
  turn_started         chi.turn.one-action
Refusals are IllegalAction(reason, rule="chi.scenario"); the reason starts with the field, as in
"scenario.hands[1]: yang-red-1 is listed twice".
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.chi.cards import ALL_IDS, COLOUR, KIND, POINTS, YANG
from domain.chi.flow import Emitter, maintain
from domain.chi.state import ACTION, CONFLICT, DISCARD, HAND_LIMIT, OVER, ROW_SLOTS, STACKS_TO_END, ChiState, new_state
from domain.chi.table import other
from domain.contract import Decision
from domain.rng import Rng
from domain.scenario_fields import ScenarioFields, is_list

RULE = "chi.scenario"
FIELDS = ("hands", "row", "areas", "discard", "deck", "to_play", "starter", "turn")
SEATS = 2

SCENARIO_EXAMPLE: dict[str, Any] = {
    # The rulebook's "End the Game": the starter (seat 0) has 5 separate stacks and a gold Yang
    # in hand. Playing it makes a 6th stack, and seat 1 then takes one additional turn.
    "hands": [["yang-gold-1", "yin-blue-1", "chi-1"], ["yin-red-1", "chi-2", "yang-pink-2"]],
    "row": ["yin-white-1", "yang-orange-2", "chi-3", "yin-purple-1", "yin-black-2", "yang-brown-1"],
    "areas": [
        [["yang-red-1", "yang-red-2"], ["yang-pink-1"], ["yang-yellow-1"], ["yang-green-1", "yang-green-2"], ["yang-blue-1"]],
        [["yang-black-1"], ["yang-purple-1"]],
    ],
    "discard": ["yin-grey-1", "yin-orange-1"],
    "deck": ["yin-pink-1", "chi-4"],
    "to_play": 0,
    "starter": 0,
    "turn": 21,
}


CHECK = ScenarioFields(RULE, "Chi", "a Chi card", ALL_IDS)
_refuse, _card, _cards, _is_list = CHECK.refuse, CHECK.card, CHECK.cards, is_list


def _seat(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < SEATS:
        raise _refuse(f"{where}: {value!r} is not a seat; the seats are 0 and 1")
    return value


def _per_seat(scenario: Mapping[str, Any], name: str, what: str) -> list[Any]:
    value = scenario[name]
    if not _is_list(value) or len(value) != SEATS:
        raise _refuse(f"scenario.{name}: a list of {SEATS} {what}, one per seat (seat 0 first)")
    return list(value)


class _Plan:
    """A checked scenario: where every card goes."""

    def __init__(self, scenario: Any):
        CHECK.fields(scenario, "scenario", FIELDS, "a scenario")
        if "hands" not in scenario:
            raise _refuse("scenario.hands: missing; a scenario names the cards in each seat's hand")
        self.hands = [_cards(hand, f"scenario.hands[{seat}]") for seat, hand in enumerate(_per_seat(scenario, "hands", "hands"))]
        self.row = self._row(scenario.get("row", []))
        self.areas = self._areas(scenario)
        self.discard = _cards(scenario.get("discard", []), "scenario.discard")
        self.deck = _cards(scenario.get("deck", []), "scenario.deck")
        self.to_play = _seat(scenario.get("to_play", 0), "scenario.to_play")
        self.starter = _seat(scenario.get("starter", self.to_play), "scenario.starter")
        self.turn = self._turn(scenario.get("turn", 1 if self.to_play == self.starter else 2))
        self._check_every_card_once()
        self._check_hands()
        self._check_areas()
        self.final_turn = self._six_stacks()

    @staticmethod
    def _row(value: Any) -> list[str | None]:
        if not _is_list(value):
            raise _refuse(f"scenario.row: a list of up to {ROW_SLOTS} card ids (null for an empty slot), not {value!r}")
        if len(value) > ROW_SLOTS:
            raise _refuse(f"scenario.row: a row holds at most {ROW_SLOTS} cards, not {len(value)}")
        row = [_card(card, f"scenario.row[{slot}]", empty_allowed=True) for slot, card in enumerate(value)]
        return row + [None] * (ROW_SLOTS - len(row))

    @staticmethod
    def _areas(scenario: Mapping[str, Any]) -> list[list[list[str]]]:
        if "areas" not in scenario:
            return [[] for _ in range(SEATS)]
        areas = []
        for seat, stacks in enumerate(_per_seat(scenario, "areas", "play areas")):
            where = f"scenario.areas[{seat}]"
            if not _is_list(stacks):
                raise _refuse(f"{where}: a list of stacks, each a list of Yang ids bottom first, not {stacks!r}")
            areas.append([_cards(stack, f"{where}[{i}]") for i, stack in enumerate(stacks)])
        return areas

    def _turn(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise _refuse(f"scenario.turn: {value!r} is not a turn number (1, 2, 3...)")
        # turn_started counts every turn, passed ones too, so the starter's turns are the odd ones.
        whose = self.starter if value % 2 == 1 else other(self.starter)
        if whose != self.to_play:
            raise _refuse(
                f"scenario.turn: turn {value} is seat {whose}'s, not seat {self.to_play}'s: seat {self.starter}"
                " started, so it plays the odd turns and the other seat the even ones"
            )
        return value

    def placed(self) -> list[tuple[str, list[str]]]:
        """Every named card by the field that names it, in the order the table is laid out."""
        places = [(f"scenario.hands[{seat}]", hand) for seat, hand in enumerate(self.hands)]
        places.append(("scenario.row", [card for card in self.row if card is not None]))
        for seat, stacks in enumerate(self.areas):
            places += [(f"scenario.areas[{seat}][{i}]", stack) for i, stack in enumerate(stacks)]
        places += [("scenario.discard", self.discard), ("scenario.deck", self.deck)]
        return places

    def _check_every_card_once(self) -> None:
        CHECK.every_card_once(self.placed())

    def _check_hands(self) -> None:
        for seat, hand in enumerate(self.hands):
            if not hand:
                raise _refuse(f"scenario.hands[{seat}]: a hand may not be empty; a player always keeps one card")
            if len(hand) > HAND_LIMIT:
                raise _refuse(
                    f"scenario.hands[{seat}]: {len(hand)} cards; a hand holds at most {HAND_LIMIT} at the start"
                    " of a turn (the player over the limit discarded at the end of the last one)"
                )

    def _check_areas(self) -> None:
        for seat, stacks in enumerate(self.areas):
            seen: dict[str, int] = {}
            for i, stack in enumerate(stacks):
                where = f"scenario.areas[{seat}][{i}]"
                if not stack:
                    raise _refuse(f"{where}: a stack holds at least one Yang")
                for card in stack:
                    if KIND[card] != YANG:
                        raise _refuse(f"{where}: {card} is not a Yang; only Yang cards are played into an area")
                colour = COLOUR[stack[0]]
                if len(stack) > 1 and (POINTS[stack[0]] != 3 or any(COLOUR[card] != colour for card in stack)):
                    raise _refuse(f"{where}: only 3-point Yang of one colour may be stacked")
                if colour in seen:
                    if POINTS[stack[0]] == 6:
                        why = f"two 6-point Yang of {colour} in one area"
                    else:
                        why = f"two stacks of {colour}; a 3-point Yang goes on top of the stack of its colour"
                    raise _refuse(f"scenario.areas[{seat}]: {why} (stacks {seen[colour]} and {i})")
                seen[colour] = i

    def _six_stacks(self) -> int | None:
        """The seat whose additional turn this is, if a player already has 6 stacks; else None."""
        counts = [len(stacks) for stacks in self.areas]
        for seat, count in enumerate(counts):
            where = f"scenario.areas[{seat}]"
            if count > STACKS_TO_END:
                raise _refuse(
                    f"{where}: {count} stacks; the game ends once a player has {STACKS_TO_END}, so no one has more"
                )
            if count < STACKS_TO_END:
                continue
            if seat != self.starter:
                raise _refuse(
                    f"{where}: seat {seat} has {STACKS_TO_END} stacks, so the game would already be over: it ends"
                    " at the end of the second player's turn that reaches 6 stacks"
                )
            if self.to_play == self.starter:
                raise _refuse(
                    f"{where}: seat {seat} has {STACKS_TO_END} stacks and it is its turn, so the game would"
                    f" already be over: seat {other(seat)}'s additional turn was the last"
                )
        if counts[self.starter] == STACKS_TO_END:
            return self.to_play
        return None

    def deck_order(self, rng: Rng) -> list[str]:
        """All 52 cards top first: the named ones as laid out, then the unnamed ones shuffled."""
        return CHECK.deck_order(self.placed(), rng)


def scenario_events(seats: int, scenario: Any, rng: Rng) -> Decision:
    """The opening events that lay out the scenario's table, or IllegalAction naming the field."""
    if seats != SEATS:
        raise _refuse(f"scenario: Chi is for {SEATS} players, not {seats}")
    plan = _Plan(scenario)
    em = Emitter(new_state(seats), rng)
    order = plan.deck_order(rng)
    em.emit("deck_shuffled", RULE, {"count": len(order)}, secret={"order": order})
    em.emit("first_player_chosen", RULE, {"seat": plan.starter})
    for seat, hand in enumerate(plan.hands):
        em.emit("hand_dealt", RULE, {"seat": seat, "count": len(hand)}, private={"cards": hand}, private_to=seat)
    em.emit("row_dealt", RULE, {"cards": plan.row})
    if any(plan.areas):
        em.emit("areas_laid_out", RULE, {"areas": plan.areas})
    if plan.discard:
        em.emit("discard_laid_out", RULE, {"cards": plan.discard})
    maintain(em)
    if plan.final_turn is not None:
        stacks = len(em.state.areas[plan.starter])
        data = {"seat": plan.starter, "stacks": stacks, "final_turn_for": plan.final_turn}
        em.emit("end_triggered", "chi.end.six-stacks", data)
    em.emit("turn_started", "chi.turn.one-action", {"seat": plan.to_play, "turn": plan.turn})
    return em.decision()


def scenario_of(state: ChiState) -> dict[str, Any]:
    """The scenario that lays out `state`'s table exactly, hidden cards included.

    Only at the start of a turn (phase "action"): a conflict under way or a discard owed is not a
    position a scenario can describe.
    """
    if state.phase != ACTION or state.conflict is not None:
        why = {
            CONFLICT: "a conflict is under way",
            DISCARD: f"seat {state.current} still has to discard down to {HAND_LIMIT} cards",
            OVER: "the game is over",
        }.get(state.phase, "the cards have not been dealt yet")
        raise _refuse(f"a fork must start at the beginning of a turn, and here {why}")
    return {
        "hands": [list(hand) for hand in state.hands],
        "row": list(state.row),
        "areas": [[list(stack) for stack in stacks] for stacks in state.areas],
        "discard": list(state.discard),
        "deck": list(state.deck),
        "to_play": state.current,
        "starter": state.starter,
        "turn": state.turn,
    }

