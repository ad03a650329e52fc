"""Turning a seat's decision into events: the action's form checked, then whether it is open to the
seat now (opening.py for the opening's choices, action_checks.py for the Action phase), then its
performer by type (opening.py, perform.py, and `resign` here) on the decision's own table.

A seat may resign at any point of a game not over; every other decision is the seat's whose turn
it is (`seat_to_act`): the opening's chooser, or the active seat of the Action phase.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.action_form import ActionForm, is_object
from domain.emitter import decide_by_type
from domain.errors import GameOver, IllegalAction, NotYourTurn
from domain.tianxia import opening
from domain.tianxia.action_checks import check_action
from domain.tianxia.evolve import TianxiaEmitter
from domain.tianxia.perform import PERFORMERS as ACTION_PERFORMERS
from domain.tianxia.rival_turn import rival_to_play
from domain.tianxia.state import ACTION, LI_MU, OPENING, OVER, SOLO, TianxiaState

Action = Mapping[str, Any]
RESIGN = {"type": "resign"}

FORM = ActionForm({
    # the opening's choices (opening.py)
    "arrangement": ["choice"], "start": ["side", "building"], "supply": ["supply"],
    # the Action phase (legal.py): main, free, a Region's or a Military's parts, passing, a reward's choices
    "region": ["region"], "military": ["track"], "barge": ["barge"], "pass": [],
    "discard_disc": [], "use_tile": ["tile"], "discard_objective": ["objective"],
    "governor": ["site", "space"], "exchange": ["times", "get"], "ship": ["goods"], "end": [],
    "wall": ["section"], "tower": ["section", "double"], "soldier": ["section"],
    "tile": ["tile", "index"], "buy_advance": ["track"],
    "good": ["good"], "advance": ["track"], "port": ["port"], "forgo": [],
    "resign": [],
}, "a Tianxia", "tianxia.action.turns", optional={"tower": ["double"]})
EXACT_KEYS = FORM.exact_keys


def seat_to_act(state: TianxiaState) -> int | None:
    """Whose decision it is: the opening's chooser, the active seat of the Action phase, or None
    (a rival's turn, or the game over)."""
    if state.phase == OPENING:
        return opening.chooser(state)
    if state.phase == ACTION and state.active is not None and state.active < len(state.seats):
        return state.active
    return None


def check(state: TianxiaState, seat: int, action: Any) -> None:
    """Nothing if `seat` may take `action` now; else GameOver, NotYourTurn, or IllegalAction naming
    the rule broken."""
    phase = state.phase
    if phase == OVER:
        raise GameOver("the game is over")
    if type(action) is dict and phase == ACTION:  # the common case: the active seat's action of a known form
        kind = action.get("type")
        if (type(kind) is str and kind != "resign" and state.active == seat and seat < len(state.seats)
                and action.keys() == EXACT_KEYS.get(kind)):  # what the checks below would find, in one frame
            check_action(state, seat, action)
            return
    if action == RESIGN:
        if not 0 <= seat < len(state.seats):
            raise NotYourTurn(f"there is no seat {seat}")
        return
    if not (type(action) is dict or is_object(action)) or not isinstance(action.get("type"), str):  # a dict: no call
        raise IllegalAction('an action is a JSON object with a "type", as the legal actions list them',
                            rule="tianxia.action.turns")
    if state.phase == OPENING:
        if opening.chooser(state) == seat:
            FORM.kind(action)
        opening.check_choice(state, seat, action)
        return
    active = state.active  # `seat_to_act(state) != seat` in the Action phase and after, without the call
    if not (state.phase == ACTION and active is not None and active == seat and active < len(state.seats)):
        rival = rival_to_play(state)
        raise NotYourTurn("it is not your turn" if rival is None else f"it is {rival}'s turn")
    FORM.kind(action)
    check_action(state, seat, action)


def resign(em: TianxiaEmitter, seat: int, action: Action) -> None:
    """A seat that resigns ends the game: the other seats share the win, and in solo Li Mu wins
    (`tianxia.house.resign`)."""
    state = em.state
    others = [other for other in range(len(state.seats)) if other != seat]
    em.emit("game_ended", "tianxia.house.resign", {
        "reason": "resigned", "winners": others, "rival_won": LI_MU if state.mode == SOLO else None,
        "why": f"seat {seat} resigned", "seat": seat})


decide, decide_trusted = decide_by_type(check, TianxiaEmitter, {**opening.PERFORMERS, **ACTION_PERFORMERS, "resign": resign})
