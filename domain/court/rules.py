"""CourtRules: The Court of Xiang Chi behind the service's one contract (domain.contract.Rules)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.contract import Action, Decision, Event, Interrupts, Outcome, RulesTurns, Turn
from domain.court.actions import legal_actions, to_act
from domain.court.bots import Autoplayer, RandomBot
from domain.court.decide import decide_events, setup_events
from domain.court.describe import describe
from domain.court.lines import BOOKKEEPING, describe_on
from domain.court.determinize import determinize
from domain.court.evolve import evolve
from domain.court.rulebook import RULEBOOK
from domain.court.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.court.state import CourtState, new_state
from domain.court.table import TITLE_ORDER, final_score
from domain.court.view import outcome, view
from domain.rng import Rng
from domain.search import Budget, SearchBot

# The Court's score comes late (CP become VP only at the end, a third each; a Tax Collector's income
# and a Poet's honours build over the game), so a playout cut short, or played at random, scores a
# line by little but its start: the autoplayer plays every playout to the end of the game (100
# decisions: whole games of the autoplayer take 54 at most). A solitaire's reward, 0.5 + 0.5 s /
# (|s| + 20), moves by about 0.004 a point near the autoplayer's median of 34, where UCT's default
# constant of 0.7 outweighs any difference of score and spreads the playouts evenly over the 33
# moves of a purchase (the most visited was then a move picked at random: median about 20); 0.05
# lets them follow the score. Two tables plan further than eight (which barely try each move
# once). Unanchored, 200 playouts were no better than the autoplayer (on deals sim-0 to sim-26,
# median 34 against 39): a deal's score swings by 20 points with the draw, and a table's plan, made
# knowing its deck's order, may count on cards that do not come. Anchored to the autoplayer's own
# move (kept unless another's mean reward beats it by 0.01, about 3 points), 100 playouts scored
# more than the autoplayer on the deals in the README's figures, at a quarter of the thinking time.
COURT_SEARCH = Budget(playouts=100, tables=2, depth=100, exploration=0.05, playout_bot="autoplayer", anchor=0.01)


class CourtRules(Interrupts, RulesTurns):
    """The Court of Xiang Chi, for one player, with the house rules of docs/house-rules.md."""

    name = "court"
    title = "The Court of Xiang Chi"
    version = "1"
    seats = (1, 1)
    seat_modes = {1: "a solitaire: one player alone, scored against the titles of the Aristocracy"}
    rulebook = RULEBOOK
    state_types = (CourtState,)
    options = {"advanced": bool}  # the Advanced Game: 6 spaces in the Royal Court

    solo_boards = ("standard", "advanced")  # the boards of solo scores, the Advanced Game apart

    @staticmethod
    def solo_board(options: Mapping[str, Any]) -> str:
        """The board a game's score counts on: the Advanced Game apart from the standard one."""
        return "advanced" if options.get("advanced") else "standard"
    stand_in_bot = "autoplayer"
    titles = TITLE_ORDER  # the Aristocracy, lowest first
    scenario_example = SCENARIO_EXAMPLE

    def __init__(self) -> None:
        self.bots = {"random": RandomBot(), "autoplayer": Autoplayer(), "search": SearchBot(self, COURT_SEARCH)}

    def new_state(self, seats: int, options: Mapping[str, Any]) -> CourtState:
        return new_state(bool(options.get("advanced")))

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
        return setup_events(bool(options.get("advanced")), rng)

    def scenario_setup(
        self, seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng
    ) -> Decision:
        """The opening events laying out `scenario` (see domain/court/scenario.py) in place of a deal.

        IllegalAction(rule="court.scenario") names the field and says why when it cannot be laid out.
        """
        return scenario_events(seats, options, scenario, rng)

    def scenario_of(self, state: CourtState) -> dict[str, Any]:
        """The scenario that lays out this table exactly, at any decision, to fork a game."""
        return scenario_of(state)

    def to_act(self, state: CourtState) -> int | None:
        return to_act(state)

    def turn(self, state: CourtState) -> Turn:
        """The Court is played alone: every turn is the one seat's, the choices before the first
        (turn 0) included."""
        return Turn(state.turn, 0 if state.turn else None)

    def legal_actions(self, state: CourtState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def open_actions(self, state: CourtState, seat: int) -> list[Action]:
        """Nothing: a solitaire has no one to resign to."""
        return []

    def reversible(self, events: Sequence[Event]) -> bool:
        """Every decision either reaches into the deck or settles a power: none is taken back."""
        return False

    def decide(self, state: CourtState, seat: int, action: Action, rng: Rng) -> Decision:
        return decide_events(state, seat, action, rng)

    def evolve(self, state: CourtState, event: Event) -> CourtState:
        return evolve(state, event)

    def view(self, state: CourtState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, viewer, reveal)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> CourtState:
        """A table whose view is `view`, the deck's order drawn at random (for the search bot)."""
        return determinize(view, rng)

    def outcome(self, state: CourtState) -> Outcome | None:
        return outcome(state)

    def scores(self, state: CourtState) -> list[int]:
        return [final_score(state)]

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    bookkeeping = BOOKKEEPING  # the lines a move list may fold

    def describe_on(self, view_before: Mapping[str, Any], event: Event, names: Sequence[str]) -> str:
        """The line read against the table before it: which power acts on what, and what it changed."""
        return describe_on(view_before, event, names)
