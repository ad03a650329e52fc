"""Chi for two players, with the house rules of docs/house-rules.md, as the service's one contract
(domain.game.Game): the game assembled from its modules."""

from __future__ import annotations

from typing import Any

from domain.chi.actions import legal_actions
from domain.chi.bots import GreedyBot, RandomBot
from domain.chi.decide import advance, decide_events, decide_trusted, setup_events
from domain.chi.determinize import determinize
from domain.chi.events import EVENTS
from domain.chi.rulebook import RULEBOOK
from domain.chi.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.chi.state import CONFLICT, OVER, SETUP, ChiState, Conflict, new_state
from domain.chi.table import final_scores, to_act
from domain.chi.view import outcome, playout_view, view
from domain.contract import WINDOW, Action, Pending, Turn
from domain.chi.analysis import ANALYSIS
from domain.game import Game, Interrupts, SearchHooks
from domain.search import Budget, SearchBot

# Playouts by the greedy bot, 30 decisions deep, where random playouts won 51-57% against greedy
# whatever their number and depth. Anchored to greedy's own move (kept unless another's mean reward
# beats it by 0.03): 79.5 of 100 games against greedy, where the most visited move won 64.5 on the
# same seeds.
CHI_SEARCH = Budget(playouts=200, tables=8, depth=30, playout_bot="greedy", anchor=0.03)


def pending(state: ChiState) -> list[Pending]:
    """A conflict under way, as the window of the seat to decide in it: a view of what the conflict
    holds, all of it public. Chi has no standing rules."""
    conflict = state.conflict
    if state.phase != CONFLICT or conflict is None or conflict.to_decide is None:
        return []
    facts = {"attacker": conflict.attacker, "yin": conflict.yin, "target": conflict.target, "chi": list(conflict.chi)}
    return [Pending(conflict.to_decide, WINDOW, "chi.conflict.chi", facts, {"type": "pass"})]


def turn(state: ChiState) -> Turn:
    return Turn(state.turn, state.current if state.turn else None)  # the deal names the starter before turn 1


def open_actions(state: ChiState, seat: int) -> list[Action]:
    """Resigning, open to both seats while the game runs (house rule 20)."""
    return [{"type": "resign"}] if state.phase not in (SETUP, OVER) else []


def _bots(game: Game[ChiState]) -> dict[str, Any]:
    return {"random": RandomBot(), "greedy": GreedyBot(), "search": SearchBot(game, CHI_SEARCH)}


RULES: Game[ChiState] = Game(
    name="chi", title="Chi", version="1", seats=(2, 2), rulebook=RULEBOOK, state_types=(ChiState, Conflict),
    stand_in_bot="greedy",  # plays a timed-out decision when a clock says a bot should
    events=EVENTS, new_state=lambda seats, options: new_state(seats),
    setup=lambda seats, options, rng: setup_events(seats, rng),
    to_act=to_act, turn=turn, legal_actions=legal_actions, open_actions=open_actions, decide=decide_events,
    decide_trusted=decide_trusted, advance=advance,
    view=view, outcome=outcome, scores=final_scores,
    scenario_example=SCENARIO_EXAMPLE,
    scenario_setup=lambda seats, options, scenario, rng: scenario_events(seats, scenario, rng),
    scenario_of=scenario_of,
    make_bots=_bots, interrupts=Interrupts(pending),
    search=SearchHooks(determinize, analysis=ANALYSIS, playout_views={"greedy": playout_view}),
)
