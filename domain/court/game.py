"""The Court of Xiang Chi, for one player, with the house rules of docs/house-rules.md, as the
service's one contract (domain.game.Game): the game assembled from its modules."""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Action, Turn
from domain.court.actions import legal_actions, to_act
from domain.court.bots import Autoplayer, RandomBot
from domain.court.decide import decide_events, decide_trusted, setup_events
from domain.court.determinize import determinize
from domain.court.events import EVENTS
from domain.court.rulebook import RULEBOOK
from domain.court.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.court.state import CourtState, new_state
from domain.court.table import TITLE_ORDER, final_score
from domain.court.view import outcome, playout_view, view
from domain.court.analysis import ANALYSIS
from domain.game import Game, GameOptions, SearchHooks, SoloBoards
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


def advanced(options: Mapping[str, Any]) -> bool:
    """Whether the game is the Advanced Game: 6 spaces in the Royal Court."""
    return bool(options.get("advanced"))


def solo_board(options: Mapping[str, Any]) -> str:
    """The board a game's score counts on: the Advanced Game apart from the standard one."""
    return "advanced" if advanced(options) else "standard"


def turn(state: CourtState) -> Turn:
    """The Court is played alone: every turn is the one seat's, the choices before the first (turn
    0) included."""
    return Turn(state.turn, 0 if state.turn else None)


def open_actions(state: CourtState, seat: int) -> list[Action]:
    """Nothing: a solitaire has no one to resign to."""
    return []


def _bots(game: Game[CourtState]) -> dict[str, Any]:
    return {"random": RandomBot(), "autoplayer": Autoplayer(), "search": SearchBot(game, COURT_SEARCH)}


RULES: Game[CourtState] = Game(
    name="court", title="The Court of Xiang Chi", version="1", seats=(1, 1), rulebook=RULEBOOK,
    state_types=(CourtState,), stand_in_bot="autoplayer",
    events=EVENTS, new_state=lambda seats, options: new_state(advanced(options)),
    setup=lambda seats, options, rng: setup_events(advanced(options), rng),
    to_act=to_act, turn=turn, legal_actions=legal_actions, open_actions=open_actions, decide=decide_events,
    decide_trusted=decide_trusted,
    view=view, outcome=outcome, scores=lambda state: [final_score(state)],
    scenario_example=SCENARIO_EXAMPLE, scenario_setup=scenario_events, scenario_of=scenario_of,
    make_bots=_bots,
    seat_modes={1: "a solitaire: one player alone, scored against the titles of the Aristocracy"},
    titles=TITLE_ORDER,  # the Aristocracy, lowest first
    options=GameOptions(types={"advanced": bool}),  # the Advanced Game
    search=SearchHooks(determinize, analysis=ANALYSIS, playout_views={"autoplayer": playout_view}),
    solo=SoloBoards(boards=("standard", "advanced"), board=solo_board),
)
