"""What each side of a Tianxia table may expect to end with, in prestige, were a game stopped now:
the measure the search bot judges a playout cut short by (`search_rewards`).

Each seat: its prestige, plus what the final scoring would give now (figurines, Palace steps and
ranks), plus, while rounds are left, what it holds at the steward's values (domain/tianxia/bots.py
WORTH: goods, one-shot tiles, Palace tokens) and each objective at the better of what it counts now
and what the steward expects of it; in the last round goods count as leftovers only. Li Mu: his
prestige, figurines and Palace. An estimate for a search, never a score: the rules never read it.
"""

from __future__ import annotations

from domain.tianxia.board.loader import BOARD
from domain.tianxia.bots import TOKEN, WORTH
from domain.tianxia.round_end import counted, palace_scores
from domain.tianxia.state import LI_MU, OVER, SOLO, TianxiaState

MARGIN_SCALE = 30  # a lead of m prestige is worth 0.5 + 0.5 m / (|m| + 30): three quarters at 30


def prospects(state: TianxiaState) -> tuple[list[float], float | None]:
    """Each seat's expected final prestige, and Li Mu's (None for the Bot, or without a rival)."""
    palace = palace_scores(state)
    rounds_left = BOARD.numbers.rounds - state.round
    totals = []
    for seat, mine in enumerate(state.seats):
        held = sum(mine.goods.values()) / BOARD.numbers.leftovers_per_prestige
        if rounds_left:
            held = sum(WORTH.get(good, 0.0) * count for good, count in mine.goods.items())
            held += sum(_tile(tile) for tile in mine.tiles) + TOKEN * len(mine.tokens)
        totals.append(mine.prestige + BOARD.figurines.final[len(set(mine.figurines))] + palace.get(seat, 0)
                      + _objectives(state, seat, rounds_left) + held)
    rival = None
    if state.rival is not None and state.rival.kind == LI_MU:
        rival = float(state.rival.prestige + BOARD.figurines.final[len(set(state.rival.figurines))]
                      + palace.get(state.rival_owner, 0))
    return totals, rival


def _objectives(state: TianxiaState, seat: int, rounds_left: int) -> float:
    """The objectives that would score, best first (as round_end.objective_scores counts them), each
    while rounds are left at no less than the steward's expectation of it."""
    values = []
    for objective_id in state.seats[seat].objectives:
        objective = BOARD.objectives[objective_id]
        now = min(objective.points * counted(state, seat, objective.per), objective.most)
        values.append(max(now, min(objective.points * 2, objective.most) * 0.6) if rounds_left else now)
    values.sort(reverse=True)
    limit = BOARD.numbers.objectives_scored
    if state.mode == SOLO:
        limit = BOARD.solo.emperor_objectives if state.difficulty == "emperor" else len(values)
    return sum(values[:limit])


def _tile(tile: str) -> float:
    once = BOARD.tiles[tile].once or {}
    return sum(WORTH.get(name, 0.0) * count for name, count in once.items())


def search_rewards(state: TianxiaState) -> list[float]:
    """Each seat's reward for a table a search's playout stopped on: its lead over the best of the
    others, Li Mu included, in prestige: the final prestige once the game is over, else what each
    may expect to end with (`prospects`). A lead, not a win or a loss, so that a search from a game
    mostly lost (Li Mu at Hard) still tells a closer loss from a heavier one."""
    if state.phase == OVER:
        totals: list[float] = [seat.prestige for seat in state.seats]
        li_mu = state.rival.prestige if state.rival is not None and state.rival.kind == LI_MU else None
    else:
        totals, li_mu = prospects(state)
    rewards = []
    for seat, total in enumerate(totals):
        others = [other for index, other in enumerate(totals) if index != seat] + ([li_mu] if li_mu is not None else [])
        margin = total - max(others, default=0)
        rewards.append(0.5 + 0.5 * margin / (abs(margin) + MARGIN_SCALE))
    return rewards
