"""Questions about the table and the arithmetic of Time: who acts, what a cost takes, the caps."""

from __future__ import annotations

from domain.xi.state import LIFE_CAP, OVER, PLAY, PT_CAP, XiState


def to_act(state: XiState) -> int | None:
    """The seat on top of the pending steps, else the active seat in play; None before or after."""
    if state.phase == OVER:
        return None
    if state.pending:
        return state.pending[-1].seat
    return state.active if state.phase == PLAY else None


def pay_t_first(cost: int, t: int, pt: int) -> tuple[int, int] | None:
    """What a T cost takes in your own turn, (from T, from pT): T first, pT only for the rest
    (xi.house.pay-t-first, xi.time.pt-as-t); None when T and pT together fall short."""
    from_t = cost if cost < t else t  # min(cost, t), without its call
    from_pt = cost - from_t
    return (from_t, from_pt) if from_pt <= pt else None


def most_to_bank(t: int, pt: int) -> int:
    """The most pT a bank may make: half the T, rounded down (xi.math.round-down), and no more
    than reaches the 20pT cap (xi.house.bank)."""
    return max(0, min(t // 2, PT_CAP - pt))


def capped_pt(pt: int) -> int:
    """pT gained from an effect is cut at 20 (xi.cap.pt)."""
    return min(pt, PT_CAP)


def capped_life(life: int) -> int:
    """Life gained is cut at 99 (xi.cap.life)."""
    return min(life, LIFE_CAP)


def next_seat(state: XiState, seat: int) -> int:
    """The next seat clockwise still in the game."""
    for step in range(1, state.seats + 1):
        candidate = (seat + step) % state.seats
        if not state.players[candidate].out:
            return candidate
    return seat
