"""ChiRules: the Chi rules behind the service's one contract (domain.contract.Rules)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.chi.actions import legal_actions
from domain.chi.bots import GreedyBot, RandomBot
from domain.chi.decide import decide_events, setup_events
from domain.chi.describe import describe
from domain.chi.lines import BOOKKEEPING, describe_on
from domain.chi.determinize import determinize
from domain.chi.evolve import evolve
from domain.chi.rulebook import RULEBOOK
from domain.chi.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.chi.state import CONFLICT, OVER, SETUP, ChiState, Conflict, new_state
from domain.chi.table import final_scores, to_act
from domain.chi.view import outcome, view
from domain.contract import WINDOW, Action, Decision, Event, Interrupts, Outcome, Pending, RulesTurns, Turn
from domain.rng import Rng
from domain.search import Budget, SearchBot


REVERSIBLE = frozenset({"yang_played", "end_triggered", "card_discarded", "discard_required", "turn_started",
                        "turn_passed"})


# Playouts by the greedy bot, 30 decisions deep, where random playouts won 51-57% against greedy
# whatever their number and depth. Anchored to greedy's own move (kept unless another's mean reward
# beats it by 0.03): 79.5 of 100 games against greedy, where the most visited move won 64.5 on the
# same seeds.
CHI_SEARCH = Budget(playouts=200, tables=8, depth=30, playout_bot="greedy", anchor=0.03)


class ChiRules(Interrupts, RulesTurns):
    """Chi for two players, with the house rules of docs/house-rules.md."""

    name = "chi"
    title = "Chi"
    version = "1"
    seats = (2, 2)
    rulebook = RULEBOOK
    state_types = (ChiState, Conflict)
    scenario_example = SCENARIO_EXAMPLE
    stand_in_bot = "greedy"  # plays a timed-out decision when a clock says a bot should

    def __init__(self) -> None:
        self.bots = {"random": RandomBot(), "greedy": GreedyBot(), "search": SearchBot(self, CHI_SEARCH)}

    def new_state(self, seats: int, options: Mapping[str, Any]) -> ChiState:
        """The empty table, before the deal."""
        return new_state(seats)

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
        """Shuffle, choose the starter, deal 3 cards each and the 6-card row, start turn 1."""
        return setup_events(seats, rng)

    def scenario_setup(
        self, seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng
    ) -> Decision:
        """The opening events laying out `scenario` (see domain/chi/scenario.py) in place of a deal.

        IllegalAction(rule="chi.scenario") names the field and says why when it cannot be laid out.
        """
        return scenario_events(seats, scenario, rng)

    def scenario_of(self, state: ChiState) -> dict[str, Any]:
        """The scenario that lays out this table exactly, at the start of a turn, to fork a game."""
        return scenario_of(state)

    def to_act(self, state: ChiState) -> int | None:
        """The player on turn, the seat deciding in a conflict, or None (before the deal, over)."""
        return to_act(state)

    def pending(self, state: ChiState) -> list[Pending]:
        """A conflict under way, as the window of the seat to decide in it: a view of what the
        conflict holds, all of it public. Chi has no standing rules (`standing_answer` is None)."""
        conflict = state.conflict
        if state.phase != CONFLICT or conflict is None or conflict.to_decide is None:
            return []
        facts = {"attacker": conflict.attacker, "yin": conflict.yin, "target": conflict.target, "chi": list(conflict.chi)}
        return [Pending(conflict.to_decide, WINDOW, "chi.conflict.chi", facts, {"type": "pass"})]
    def turn(self, state: ChiState) -> Turn:
        return Turn(state.turn, state.current if state.turn else None)  # the deal names the starter before turn 1

    def legal_actions(self, state: ChiState, seat: int) -> list[Action]:
        """Every action `seat` may take now, in a stable order."""
        return legal_actions(state, seat)

    def open_actions(self, state: ChiState, seat: int) -> list[Action]:
        """Resigning, open to both seats while the game runs (house rule 20)."""
        return [{"type": "resign"}] if state.phase not in (SETUP, OVER) else []

    def reversible(self, events: Sequence[Event]) -> bool:
        """Playing a Yang and discarding, with the turn that passes after them, draw nothing and
        show the player nothing new (house rule 21); anything touching the deck or a conflict does."""
        return all(event.type in REVERSIBLE for event in events)

    def decide(self, state: ChiState, seat: int, action: Action, rng: Rng) -> Decision:
        """The events `action` causes, or GameOver / NotYourTurn / IllegalAction."""
        return decide_events(state, seat, action, rng)

    def evolve(self, state: ChiState, event: Event) -> ChiState:
        """The state after `event`; the input state is left as it was."""
        return evolve(state, event)

    def view(self, state: ChiState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        """The table as `viewer` may see it."""
        return view(state, viewer, reveal)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> ChiState:
        """A table whose view for the view's seat is `view`: the other hand and the deck dealt at
        random from the cards not in view (for the search bot)."""
        return determinize(view, rng)

    def outcome(self, state: ChiState) -> Outcome | None:
        """Scores and winners once the game is over."""
        return outcome(state)

    def scores(self, state: ChiState) -> list[int]:
        return final_scores(state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """One line for the replay."""
        return describe(event, names)

    bookkeeping = BOOKKEEPING  # the lines a move list may fold

    def describe_on(self, view_before: Mapping[str, Any], event: Event, names: Sequence[str]) -> str:
        """The line read against the viewer's table just before it: the conflict, the points it cost."""
        return describe_on(view_before, event, names)
