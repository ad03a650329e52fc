"""The withdrawal rule: a player who has lost `withdraw_after_timeouts` games on time in the
tournament is withdrawn from the rounds after (0: never), as lichess's Swiss withdraws a player
who stops playing. The decision that records the result withdraws them (domain/tournaments/decide.py),
so the next round's pairing leaves them out; the verifier asks the same question of every result
(domain/tournaments/verify.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import LOST_ON_TIME, PlayerWithdrew
from .model import ROUND_ROBIN
from .round_robin import rounds_in
from .state import TournamentState


def losses_on_time(state: TournamentState, player: str) -> int:
    """The games the player has lost on time in the tournament so far."""
    return sum(player in result.lost_on_time for played in state.rounds for result in played.results.values())


def has_round_after(state: TournamentState, round_number: int) -> bool:
    """Whether a round may follow this one: one is planned (and, in a round robin, a pair has not met)."""
    last = state.settings.rounds
    if state.settings.format == ROUND_ROBIN:
        last = min(last, rounds_in(len(state.entrants)))
    return round_number < last


def withdrawn_on_time(state: TournamentState, round_number: int, lost_on_time: Iterable[str]) -> list[PlayerWithdrew]:
    """The withdrawals a result brings, `state` being the tournament just before it: each player
    who lost on time and so reaches the rule's count, unless withdrawn already (by asking, while
    the game was played) or no round is left to withdraw them from."""
    limit = state.settings.withdraw_after_timeouts
    if not limit or not has_round_after(state, round_number):
        return []
    return [PlayerWithdrew(player, round_number, LOST_ON_TIME) for player in dict.fromkeys(lost_on_time)
            if player not in state.withdrawn and losses_on_time(state, player) + 1 >= limit]
