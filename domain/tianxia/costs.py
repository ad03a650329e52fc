"""What things cost a seat in the Action phase: a governor's wood, a wall's or a tower's stone, a
soldier's rice, a barge's coins, each less the seat's discounts (rewards.less).
"""

from __future__ import annotations

from domain.tianxia.board.loader import BOARD
from domain.tianxia.rewards import less
from domain.tianxia.state import NEUTRAL, TianxiaState


def coins(state: TianxiaState, seat: int) -> int:
    """The coins `seat` holds."""
    return state.seats[seat].goods["coins"]


def governor_wood(state: TianxiaState, seat: int, site: str, space: int, cut: int | None = None) -> int:
    """The wood a governor costs there; `cut`, the seat's discount, when the caller has it already."""
    building = BOARD.buildings[state.sites[site].building]
    cut = less(state, seat, "governor") if cut is None else cut
    return max(0, building.wood + BOARD.sites[site].governor_wood[space] - cut)


def wall_stone(state: TianxiaState, seat: int) -> int:
    costs = BOARD.player_boards[state.seats[seat].side].walls
    return max(0, costs[len(costs) - state.seats[seat].walls] - less(state, seat, "fortify"))


def tower_stone(state: TianxiaState, seat: int) -> int:
    costs = BOARD.player_boards[state.seats[seat].side].towers
    return max(0, costs[len(costs) - state.seats[seat].towers] - less(state, seat, "fortify"))


def soldier_rice(state: TianxiaState, seat: int) -> int:
    return max(0, BOARD.numbers.soldier_rice - less(state, seat, "train"))


def barge_cost(state: TianxiaState, seat: int, barge: str, cut: int | None = None) -> int:
    """1 coin, and 1 more per worker of the kind placed already on the barge: the seat's own, or,
    out of meeples, the neutral ones (`tianxia.house.neutral-workers`: else a coin barge would pay
    for itself for ever); `cut`, the seat's discount, when the caller has it already."""
    placed = seat if state.seats[seat].meeples else NEUTRAL
    cut = less(state, seat, "barge") if cut is None else cut
    return max(0, BOARD.numbers.barge_coins + state.barges[barge].count(placed) - cut)
