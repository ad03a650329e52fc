"""Xanadu for 2 to 6 players, with the house rules of docs/house-rules.md, as the service's one
contract (domain.game.Game): the game assembled from its modules."""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Action, Decision, Turn
from domain.xanadu.analysis import ANALYSIS
from domain.game import Game, GameOptions, SearchHooks, Tallies
from domain.rng import Rng
from domain.search import Budget, SearchBot
from domain.xanadu.actions import legal_actions, to_act, undoable
from domain.xanadu.bots import Builder, RandomBot
from domain.xanadu.cards import DECKS, FIRST_EDITION, LATEST_EDITION
from domain.xanadu.decide import decide_events, decide_trusted, setup_events
from domain.xanadu.determinize import determinize
from domain.xanadu.events import EVENTS
from domain.xanadu.rulebook import RULEBOOK
from domain.xanadu.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.xanadu.state import OVER, SETUP, XanaduState, new_state
from domain.xanadu.table import scores
from domain.xanadu.tallies import tallies
from domain.xanadu.view import outcome, playout_view, view

# 2: the deck has editions (the game's `edition` option); version 1 games played the first.
VERSION = "2"

# Playouts by the builder, 30 decisions deep, 100 over 4 tables: 20 of 20 games of two won against
# the builder (seats alternated; 95% interval 84% to 100%), thinking 0.47 s a decision on average
# and 1.1 s at the slowest on a busy machine (three processes on two cores). The default budget's
# random playouts won 5 of 6 but took some 80 s a game.
XANADU_SEARCH = Budget(playouts=100, tables=4, depth=30, playout_bot="builder")

OPTIONS = GameOptions(
    types={"edition": int},  # the edition of the deck (house rule 1)
    choices={"edition": tuple(DECKS)},
    defaults={"edition": LATEST_EDITION},  # what the service records in a new game's options
    stored_defaults={"edition": FIRST_EDITION},  # a game stored before editions played the first
)


def edition(options: Mapping[str, Any]) -> int:
    """The edition of the deck a game plays: a game stored without one was dealt the first."""
    return options.get("edition", OPTIONS.stored_defaults["edition"])


def replays(rules_version: str, options: Mapping[str, Any]) -> bool:
    """Whether this code re-runs a game recorded under `rules_version` with `options`: a version 1
    game played the first edition (it has no edition option), a version 2 game the edition it names."""
    if rules_version == "1":
        return "edition" not in options
    return rules_version == VERSION and options.get("edition") in DECKS


def new_table(seats: int, options: Mapping[str, Any]) -> XanaduState:
    """The empty table of the game's edition, before the deal."""
    return new_state(seats, edition(options))


def scenario_setup(seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
    """The opening events laying out `scenario` (see scenario.py) on the empty table a deal starts from."""
    return scenario_events(new_table(seats, options), scenario, rng)


def turn(state: XanaduState) -> Turn:
    """Turn 0 is the starting choices, made by every seat in turn."""
    return Turn(state.turn, state.current if state.turn else None)


def open_actions(state: XanaduState, seat: int) -> list[Action]:
    """Undoing the uncommitted part of one's own turn."""
    if state.phase in (SETUP, OVER):
        return []
    return [{"type": "undo"}] if undoable(state, seat) else []


def _bots(game: Game[XanaduState]) -> dict[str, Any]:
    return {"random": RandomBot(), "builder": Builder(), "search": SearchBot(game, XANADU_SEARCH)}


RULES: Game[XanaduState] = Game(
    name="xanadu", title="Xanadu", version=VERSION, seats=(2, 6), rulebook=RULEBOOK, state_types=(XanaduState,),
    stand_in_bot="builder",
    events=EVENTS, new_state=new_table,
    setup=lambda seats, options, rng: setup_events(seats, edition(options), rng),
    to_act=to_act, turn=turn, legal_actions=legal_actions, open_actions=open_actions, decide=decide_events,
    decide_trusted=decide_trusted,
    view=view, outcome=outcome, scores=scores,
    scenario_example=SCENARIO_EXAMPLE, scenario_setup=scenario_setup, scenario_of=scenario_of,
    make_bots=_bots,
    catalogue=DECKS[LATEST_EDITION],  # the public deck list: what any building is, whoever holds it
    replays=replays, options=OPTIONS,
    search=SearchHooks(determinize, analysis=ANALYSIS, playout_views={"builder": playout_view}),
    # `chronicle simulate` counts how often each building is built, and the Favors of each decision.
    tallies=Tallies(event="building_constructed", count=tallies),
)
