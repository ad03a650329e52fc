"""XanaduRules: Xanadu behind the service's one contract (domain.contract.Rules)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from domain.contract import Action, Decision, Event, Interrupts, Outcome, RulesTurns, Turn
from domain.rng import Rng
from domain.search import Budget, SearchBot
from domain.xanadu.actions import legal_actions, to_act, undoable
from domain.xanadu.bots import Builder, RandomBot
from domain.xanadu.cards import DECKS, FIRST_EDITION, LATEST_EDITION
from domain.xanadu.decide import decide_events, setup_events
from domain.xanadu.describe import describe
from domain.xanadu.lines import BOOKKEEPING, describe_on
from domain.xanadu.determinize import determinize
from domain.xanadu.evolve import evolve
from domain.xanadu.rulebook import RULEBOOK
from domain.xanadu.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.xanadu.state import OVER, SETUP, XanaduState, new_state
from domain.xanadu.table import value
from domain.xanadu.tallies import tallies
from domain.xanadu.view import outcome, view


# Playouts by the builder, 30 decisions deep, 100 over 4 tables: 20 of 20 games of two won against
# the builder (seats alternated; 95% interval 84% to 100%), thinking 0.47 s a decision on average
# and 1.1 s at the slowest on a busy machine (three processes on two cores). The default budget's
# random playouts won 5 of 6 but took some 80 s a game.
XANADU_SEARCH = Budget(playouts=100, tables=4, depth=30, playout_bot="builder")


class XanaduRules(Interrupts, RulesTurns):
    """Xanadu for 2 to 6 players, with the house rules of docs/house-rules.md."""

    name = "xanadu"
    title = "Xanadu"
    # 2: the deck has editions (the game's `edition` option); version 1 games played the first.
    version = "2"
    seats = (2, 6)
    rulebook = RULEBOOK
    state_types = (XanaduState,)
    stand_in_bot = "builder"
    tally_event = "building_constructed"  # `chronicle simulate` counts how often each building is built
    catalogue = DECKS[LATEST_EDITION]  # the public deck list: what any building is, whoever holds it
    options = {"edition": int}  # the edition of the deck (house rule 1)
    option_choices = {"edition": tuple(DECKS)}
    option_defaults = {"edition": LATEST_EDITION}  # what the service records in a new game's options
    stored_option_defaults = {"edition": FIRST_EDITION}  # a game stored before editions played the first
    scenario_example = SCENARIO_EXAMPLE

    def __init__(self) -> None:
        self.bots = {"random": RandomBot(), "builder": Builder(), "search": SearchBot(self, XANADU_SEARCH)}

    def edition(self, options: Mapping[str, Any]) -> int:
        """The edition of the deck a game plays: a game stored without one was dealt the first."""
        return options.get("edition", self.stored_option_defaults["edition"])

    def replays(self, rules_version: str, options: Mapping[str, Any]) -> bool:
        """Whether this code re-runs a game recorded under `rules_version` with `options`: a
        version 1 game played the first edition (it has no edition option), a version 2 game
        the edition it names."""
        if rules_version == "1":
            return "edition" not in options
        return rules_version == self.version and options.get("edition") in DECKS

    def new_state(self, seats: int, options: Mapping[str, Any]) -> XanaduState:
        return new_state(seats, self.edition(options))

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
        return setup_events(seats, self.edition(options), rng)

    def scenario_setup(self, seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
        """The opening events laying out `scenario` (see domain/xanadu/scenario.py) in place of a deal,
        on the empty table a deal starts from. IllegalAction(rule="xanadu.scenario") names the field
        and says why when it cannot be laid out."""
        return scenario_events(self.new_state(seats, options), scenario, rng)

    def scenario_of(self, state: XanaduState) -> dict[str, Any]:
        """The scenario that lays out this table exactly, at the start of a turn (or of the set-up
        before anyone has chosen), to fork a game; IllegalAction in the middle of a turn."""
        return scenario_of(state)

    def to_act(self, state: XanaduState) -> int | None:
        return to_act(state)

    def turn(self, state: XanaduState) -> Turn:
        """Turn 0 is the starting choices, made by every seat in turn."""
        return Turn(state.turn, state.current if state.turn else None)

    def legal_actions(self, state: XanaduState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def open_actions(self, state: XanaduState, seat: int) -> list[Action]:
        """Undoing the uncommitted part of one's own turn."""
        if state.phase in (SETUP, OVER):
            return []
        return [{"type": "undo"}] if undoable(state, seat) else []

    def reversible(self, events: Sequence[Event]) -> bool:
        """A committed turn draws cards: it stands (the undo covers what is not yet committed)."""
        return False

    def decide(self, state: XanaduState, seat: int, action: Action, rng: Rng) -> Decision:
        return decide_events(state, seat, action, rng)

    def evolve(self, state: XanaduState, event: Event) -> XanaduState:
        return evolve(state, event)

    def view(self, state: XanaduState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        return view(state, viewer, reveal)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> XanaduState:
        """A table whose view for the view's seat is `view`, what it cannot see dealt at random
        (for the search bot)."""
        return determinize(view, rng)

    def outcome(self, state: XanaduState) -> Outcome | None:
        return outcome(state)

    def scores(self, state: XanaduState) -> list[int]:
        """Tong bao scored so far, and what every building in play would score now."""
        if state.phase == OVER:
            return list(state.scores)
        return [score + sum(value(state, building) for building in owned)
                for score, owned in zip(state.scores, state.buildings)]

    def describe(self, event: Event, names: Sequence[str]) -> str:
        return describe(event, names)

    bookkeeping = BOOKKEEPING  # the lines a move list may fold

    def describe_on(self, view_before: Mapping[str, Any], event: Event, names: Sequence[str]) -> str:
        """The line read against the viewer's table just before it: where workers go, what sells."""
        return describe_on(view_before, event, names)

    def tallies(self, state: XanaduState, events: Sequence[Event]) -> Counter:
        """`chronicle simulate`'s counts of a decision: Favors unlocked and used, buildings by colour."""
        return tallies(state, events)
