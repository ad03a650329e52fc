"""What things cost a seat in the Action phase: a governor's wood, a wall's or a tower's stone, a
soldier's rice, a barge's coins, each less the seat's discounts (rewards.less), and never below
0 (a comparison, not `max`: a builtin's call costs more, and these are asked for every legal list).
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
    wood = building.wood + BOARD.sites[site].governor_wood[space] - cut
    return wood if wood > 0 else 0  # max(0, ...) without the builtin's call: asked for every space listed


def wall_stone(state: TianxiaState, seat: int) -> int:
    costs = BOARD.player_boards[state.seats[seat].side].walls
    stone = costs[len(costs) - state.seats[seat].walls] - less(state, seat, "fortify")
    return stone if stone > 0 else 0


def tower_stone(state: TianxiaState, seat: int) -> int:
    costs = BOARD.player_boards[state.seats[seat].side].towers
    stone = costs[len(costs) - state.seats[seat].towers] - less(state, seat, "fortify")
    return stone if stone > 0 else 0


def soldier_rice(state: TianxiaState, seat: int) -> int:
    rice = BOARD.numbers.soldier_rice - less(state, seat, "train")
    return rice if rice > 0 else 0


def barge_cost(state: TianxiaState, seat: int, barge: str, cut: int | None = None) -> int:
    """1 coin, and 1 more per worker of the kind placed already on the barge: the seat's own, or,
    out of meeples, the neutral ones (`tianxia.house.neutral-workers`: else a coin barge would pay
    for itself for ever); `cut`, the seat's discount, when the caller has it already."""
    placed = seat if state.seats[seat].meeples else NEUTRAL
    cut = less(state, seat, "barge") if cut is None else cut
    price = BOARD.numbers.barge_coins + state.barges[barge].count(placed) - cut
    return price if price > 0 else 0
