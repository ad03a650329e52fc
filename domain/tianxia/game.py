"""Tianxia, solo against Li Mu, with the Bot beside two players, or three and four plain, as the
service's one contract (domain.game.Game): the game assembled from its modules. The rivals' turns
are played by the rules themselves (`rival`, domain.rules_turns)."""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Action, Outcome, Turn
from domain.tianxia.analysis import ANALYSIS
from domain.game import Game, GameOptions, RivalTurns, SearchHooks, SoloBoards
from domain.search import Budget, SearchBot
from domain.tianxia.board.catalogue import CATALOGUE
from domain.tianxia.board.loader import BOARD
from domain.tianxia.bots import RandomBot, Steward
from domain.tianxia.decide import RESIGN, decide, decide_trusted, seat_to_act
from domain.tianxia.describe import RIVAL_NAMES
from domain.tianxia.determinize import determinize
from domain.tianxia.events import EVENTS
from domain.tianxia.legal import legal
from domain.tianxia.prospects import search_rewards
from domain.tianxia.rival_turn import play_rival_turn, rival_to_play
from domain.tianxia.rulebook import RULEBOOK
from domain.tianxia.scenario import SCENARIO_EXAMPLE, scenario_of, scenario_setup
from domain.tianxia.setup import DEFAULT_DIFFICULTY, deal
from domain.tianxia.state import OVER, Nomad, Rival, Seat, Section, Site, TianxiaState
from domain.tianxia.view import playout_view, view

# The search bot: tables dealt from its view, playouts by the steward, cut short and judged by
# the prestige each may expect to end with (`search_rewards`). Unanchored (60 playouts) it won 0
# of 26 solo games at Hard where the steward won 7; anchored to the steward's own move (kept
# unless another's mean reward beats it by 0.06, some 15 prestige: by 0.02 it still won none of
# 8), it plays about as the steward does: 2 of 8 on the seeds where the steward won 2. Once a
# playout cost a seventh of what it did, 80 playouts (version 2) think about as long as 40 did: over
# the 200 seeds `make bench` plays at Hard it won 46 where 40 playouts won 29, 160 won 43, paired
# playouts (120) 26, and the steward 25 (docs/benchmarks.md).
TIANXIA_SEARCH = Budget(playouts=80, tables=2, depth=20, exploration=0.03, playout_bot="steward", anchor=0.06,
                        version="2")
# 2: Li Mu's cleanup names only the cards he turned up; passing, his figurines count as they
# arrive; Normal's and Hard's round decks read the seed's table as merged cells. This code
# re-runs no version 1 game: their audits say so, and a running one plays on under version 2.
VERSION = "2"


def option_refusal(seats: int, options: Mapping[str, Any]) -> tuple[str, str] | None:
    """The difficulty is Li Mu's: only a solo game has one (`tianxia.solo.difficulty`)."""
    if seats != 1 and "difficulty" in options:
        return "difficulty", f"the difficulty sets Li Mu, the solo rival: a game of {seats} seats has none"
    return None


OPTIONS = GameOptions(
    types={"difficulty": str},
    choices={"difficulty": BOARD.solo.difficulties},
    refusal=option_refusal,
    levels="difficulty",  # Li Mu's levels, in rising order: `chronicle simulate tianxia` measures each
)


def solo_board(options: Mapping[str, Any]) -> str:
    """The board a solo game counts on: its difficulty."""
    return options.get("difficulty", DEFAULT_DIFFICULTY)


def turn(state: TianxiaState) -> Turn:
    """The turn the table is in: a seat's, or the rival's (no seat's, and named)."""
    owner = state.turn_owner
    if not state.turns or owner is None:
        return Turn(0, None)
    if owner == state.rival_owner:
        return Turn(state.turns, None, state.rival.kind)
    return Turn(state.turns, owner)


legal_actions = legal  # the opening's choices, or the Action phase's decisions (legal.py), in one call


def open_actions(state: TianxiaState, seat: int) -> list[Action]:
    """Resigning, open to every seat while the game runs (`tianxia.house.resign`)."""
    return [dict(RESIGN)] if state.phase != OVER and 0 <= seat < len(state.seats) else []


def scores(state: TianxiaState) -> list[int]:
    return [seat.prestige for seat in state.seats]


def outcome(state: TianxiaState) -> Outcome | None:
    if state.phase != OVER:
        return None
    detail = {"ended_by": state.ended_by, "beaten_by": state.beaten_by,
              "rival": {"kind": state.rival.kind, "prestige": state.rival.prestige} if state.rival else None}
    reason = {"final-scoring": "the fourth round was scored", "zero-prestige": "the player reached 0 prestige",
              "resigned": "a player resigned"}.get(state.ended_by or "", "the game is over")
    return Outcome(scores(state), list(state.winners), reason, detail, beaten_by=state.beaten_by)


def _bots(game: Game[TianxiaState]) -> dict[str, Any]:
    return {"random": RandomBot(), "steward": Steward(), "search": SearchBot(game, TIANXIA_SEARCH)}


RULES: Game[TianxiaState] = Game(
    name="tianxia", title="Tianxia", version=VERSION, seats=(1, 4), rulebook=RULEBOOK,
    state_types=(TianxiaState, Seat, Rival, Site, Section, Nomad), stand_in_bot="random",
    events=EVENTS, new_state=lambda seats, options: TianxiaState(),
    setup=lambda seats, options, rng: deal(TianxiaState(), seats, options, rng),
    to_act=seat_to_act, turn=turn, legal_actions=legal_actions, open_actions=open_actions, decide=decide,
    decide_trusted=decide_trusted,
    view=view, outcome=outcome, scores=scores,
    scenario_example=SCENARIO_EXAMPLE, scenario_setup=scenario_setup, scenario_of=scenario_of,
    make_bots=_bots, score_word="prestige",
    # The seed's modes: solo against Li Mu, the 2-player game beside a Bot the rules play (L7-35).
    seat_modes={1: "alone against General Li Mu, who plays by his own cards",
                2: "two players, with the Bot the rules play beside them", 3: "three players", 4: "four players"},
    catalogue=CATALOGUE,
    rated_seats="persons",  # ratings count games between persons: the Bot beside them is the rules', unrated
    rival=RivalTurns(rival_to_play, play_rival_turn, names=RIVAL_NAMES), options=OPTIONS,
    search=SearchHooks(determinize, rewards=search_rewards, analysis=ANALYSIS, playout_views={"steward": playout_view}),
    solo=SoloBoards(boards=BOARD.solo.difficulties, board=solo_board),  # results against Li Mu, by difficulty
)
