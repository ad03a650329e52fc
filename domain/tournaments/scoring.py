"""Points by place: the first of a table scores 1, the last 0, the places between evenly spaced.

At a table of n seats, the player whose average position is k (1-based; tied players share the
average of the positions they cover) scores (n - k) / (n - 1). A two-player game is a table of two:
a win 1, a draw 1/2, a loss 0. Every table gives n/2 points in all, so tables of unequal size
weigh the same per player. Points are exact fractions, so ties are ties.
"""

from __future__ import annotations

from fractions import Fraction

from .model import ROUND_ROBIN, TABLES

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)


def points_by_place(places: tuple[int, ...]) -> list[Fraction]:
    """Each seat's points, in seat order."""
    n = len(places)
    out = []
    for mine in places:
        better = sum(1 for p in places if p < mine)
        tied = sum(1 for p in places if p == mine)
        position = Fraction(2 * better + tied + 1, 2)  # the mean of positions better+1 .. better+tied
        out.append((n - position) / (n - 1))
    return out


def head_to_head(mine: int, theirs: int) -> Fraction:
    """What one seat scored against another at the same table: above 1, level 1/2, below 0."""
    return WIN if mine < theirs else DRAW if mine == theirs else LOSS


def bye_points(format: str) -> Fraction:
    """A bye: a win in Swiss (as FIDE gives it); a table's mean in tables; nothing in a round robin,
    where every player of an odd field sits out exactly once."""
    if format == ROUND_ROBIN:
        return LOSS
    if format == TABLES:
        return DRAW
    return WIN
