"""Tianxia behind the service's contract: the opening's choices, the seats' turns, and the rivals'
turns played by the rules themselves (`rules_turn`, domain.rules_turns).

Not in the registry yet: it joins it once scenarios, forks and the conformance suite are in place
(docs/design/tianxia.md, section 6).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.tianxia.bots import RandomBot, Steward
from domain.contract import Action, Decision, Event, Interrupts, Outcome, RulesTurns, Turn
from domain.rng import Rng
from domain.game import SearchHooks
from domain.search import Budget, SearchBot
from domain.tianxia import opening
from domain.tianxia.board.loader import BOARD
from domain.tianxia.board.catalogue import CATALOGUE
from domain.tianxia.describe import RIVAL_NAMES, describe
from domain.tianxia.table_lines import BOOKKEEPING, describe_on
from domain.tianxia.determinize import determinize
from domain.tianxia.decide import RESIGN, decide, seat_to_act
from domain.tianxia.evolve import evolve
from domain.tianxia.legal import legal
from domain.tianxia.rival_turn import play_rival_turn, rival_to_play
from domain.tianxia.prospects import search_rewards
from domain.tianxia.rulebook import RULEBOOK
from domain.tianxia.scenario import SCENARIO_EXAMPLE, scenario_of, scenario_setup
from domain.tianxia.setup import DEFAULT_DIFFICULTY, deal
from domain.tianxia.state import OPENING, OVER, Nomad, Rival, Seat, Section, Site, TianxiaState
from domain.tianxia.view import view

# The events a seat's own decision may cause that draw nothing at random and show nothing new: such
# a decision may be taken back (domain.takeback) while nobody, the rivals included, has played since.
REVERSIBLE = frozenset({
    "disc_placed", "action_begun", "advanced", "reward_taken", "governor_installed", "tile_taken", "exchanged",
    "shipped", "crate_delivered", "piece_placed", "barge_joined", "merchants_paid", "seat_passed", "advance_bought",
    "good_chosen", "advance_chosen", "shipping_placed", "disc_discarded", "tile_used", "objective_discarded",
    "choice_forgone", "arrangement_chosen", "supply_taken", "rival_prestige_gained"})
# The search bot: tables dealt from its view, playouts by the steward, cut short and judged by
# the prestige each may expect to end with (`search_rewards`). Unanchored (60 playouts) it won 0
# of 26 solo games at Hard where the steward won 7; anchored to the steward's own move (kept
# unless another's mean reward beats it by 0.06, some 15 prestige: by 0.02 it still won none of
# 8), it plays about as the steward does: 2 of 8 on the seeds where the steward won 2.
TIANXIA_SEARCH = Budget(playouts=40, tables=2, depth=20, exploration=0.03, playout_bot="steward", anchor=0.06)


class TianxiaRules(Interrupts, RulesTurns):
    name = "tianxia"
    title = "Tianxia"
    score_word = "prestige"  # what `scores` counts, as a sentence names it
    # 2: Li Mu's cleanup names only the cards he turned up; passing, his figurines count as they
    # arrive; Normal's and Hard's round decks read the seed's table as merged cells. This code
    # re-runs no version 1 game: their audits say so, and a running one plays on under version 2.
    version = "2"
    seats = (1, 4)
    # The seed's modes: solo against Li Mu, the 2-player game beside a Bot the rules play (L7-35).
    seat_modes = {1: "alone against General Li Mu, who plays by his own cards",
                  2: "two players, with the Bot the rules play beside them", 3: "three players", 4: "four players"}
    rulebook = RULEBOOK
    stand_in_bot = "random"
    options = {"difficulty": str}
    option_choices = {"difficulty": BOARD.solo.difficulties}
    levels = "difficulty"  # Li Mu's levels, in rising order: `chronicle simulate tianxia` measures each
    rated_seats = "persons"  # ratings count games between persons: the Bot beside them is the rules', unrated

    solo_boards = BOARD.solo.difficulties  # results against Li Mu, a board per difficulty

    @staticmethod
    def solo_board(options: Mapping[str, Any]) -> str:
        """The board a solo game counts on: its difficulty."""
        return options.get("difficulty", DEFAULT_DIFFICULTY)
    rival_names = RIVAL_NAMES
    state_types = (TianxiaState, Seat, Rival, Site, Section, Nomad)
    catalogue = CATALOGUE

    def __init__(self) -> None:
        self.bots = {"random": RandomBot(), "steward": Steward(), "search": SearchBot(self, TIANXIA_SEARCH)}

    def option_refusal(self, seats: int, options: Mapping[str, Any]) -> tuple[str, str] | None:
        """The difficulty is Li Mu's: only a solo game has one (`tianxia.solo.difficulty`)."""
        if seats != 1 and "difficulty" in options:
            return "difficulty", f"the difficulty sets Li Mu, the solo rival: a game of {seats} seats has none"
        return None

    def new_state(self, seats: int, options: Mapping[str, Any]) -> TianxiaState:
        return TianxiaState()

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
        events, state = deal(TianxiaState(), seats, options, rng)
        return Decision(events, state)

    def to_act(self, state: TianxiaState) -> int | None:
        return seat_to_act(state)

    def rules_turn(self, state: TianxiaState) -> str | None:
        return rival_to_play(state)

    def play_rules_turn(self, state: TianxiaState, rng: Rng) -> Decision:
        return play_rival_turn(state, rng)

    def turn(self, state: TianxiaState) -> Turn:
        owner = state.turn_owner
        if not state.turns or owner is None:
            return Turn(0, None)
        if owner == state.rival_owner:
            return Turn(state.turns, None, state.rival.kind)
        return Turn(state.turns, owner)

    def legal_actions(self, state: TianxiaState, seat: int) -> list[Action]:
        if state.phase == OPENING:
            return opening.choices(state, seat)
        return legal(state, seat)

    def open_actions(self, state: TianxiaState, seat: int) -> list[Action]:
        return [dict(RESIGN)] if state.phase != OVER and 0 <= seat < len(state.seats) else []

    def decide(self, state: TianxiaState, seat: int, action: Action, rng: Rng) -> Decision:
        return decide(state, seat, action, rng)

    def reversible(self, events: Sequence[Event]) -> bool:
        return all(event.type in REVERSIBLE for event in events)

    def evolve(self, state: TianxiaState, event: Event) -> TianxiaState:
        return evolve(state, event)

    def view(self, state: TianxiaState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, viewer, reveal)

    # What the search bot asks of the game (domain.search): tables dealt from a view, and the
    # reward of a table a playout stopped on (prospects.search_rewards).
    search = SearchHooks(determinize, search_rewards)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> TianxiaState:
        """A table whose view for the view's seat is `view`: the others' objectives and offers, the
        bags, decks and Li Mu's stacks dealt at random from what the seat has not seen (for the
        search bot; domain/tianxia/determinize.py)."""
        return determinize(view, rng)

    def outcome(self, state: TianxiaState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = [seat.prestige for seat in state.seats]
        detail = {"ended_by": state.ended_by, "beaten_by": state.beaten_by,
                  "rival": {"kind": state.rival.kind, "prestige": state.rival.prestige} if state.rival else None}
        reason = {"final-scoring": "the fourth round was scored", "zero-prestige": "the player reached 0 prestige",
                  "resigned": "a player resigned"}.get(state.ended_by or "", "the game is over")
        return Outcome(scores, list(state.winners), reason, detail, beaten_by=state.beaten_by)

    def scores(self, state: TianxiaState) -> list[int]:
        return [seat.prestige for seat in state.seats]

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    bookkeeping = BOOKKEEPING  # the lines a move list may fold

    def describe_on(self, view_before: Mapping[str, Any], event: Event, names: Sequence[str]) -> str:
        """The line read against the table the viewer saw before it (domain.lines)."""
        return describe_on(view_before, event, names)

    scenario_example: Mapping[str, Any] = SCENARIO_EXAMPLE

    def scenario_setup(self, seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
        """The events laying out `scenario` (domain/tianxia/scenario.py) in place of a deal; IllegalAction
        (rule tianxia.scenario) names the field and says why when it cannot be."""
        return scenario_setup(seats, options, scenario, rng)

    def scenario_of(self, state: TianxiaState) -> dict[str, Any]:
        """The scenario that lays out this table exactly, to fork a game between two turns."""
        return scenario_of(state)


RULES = TianxiaRules()
