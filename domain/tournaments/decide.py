"""What a tournament accepts: each request checked against its state, answered with the events it causes.

Every refusal is a TournamentError naming the rule and why; a refused request causes no event.
"""

from __future__ import annotations

from ..rng import commitment
from .errors import TournamentError
from .events import (
    GameFinished,
    PlayerJoined,
    PlayerWithdrew,
    RoundClosed,
    RoundPaired,
    TournamentCreated,
    TournamentFinished,
)
from .formats import next_pairing
from .model import Entrant, Settings
from .state import FINISHED, OPEN, RUNNING, TournamentState
from .withdrawals import withdrawn_on_time


def create(tournament: str, game: str, settings: Settings, seed: str) -> list:
    """The opening event: the settings and the seed's commitment (the seed itself stays secret)."""
    return [TournamentCreated(tournament, game, settings.format, settings.rounds, settings.min_seats,
                              settings.max_seats, settings.max_players, commitment(seed),
                              settings.pairing_version, settings.withdraw_after_timeouts)]


def join(state: TournamentState, player: str, rating: int = 1500) -> list:
    entrant = Entrant(player, rating)
    if state.status != OPEN:
        raise TournamentError("the tournament has started: nobody joins any more", "tournament.join.open")
    if player in state.players:
        raise TournamentError(f"{player} has already joined", "tournament.join.once")
    if len(state.entrants) >= state.settings.max_players:
        raise TournamentError(f"the tournament is full ({state.settings.max_players} players)",
                              "tournament.join.size-limit")
    return [PlayerJoined(entrant.player, entrant.rating)]


def withdraw(state: TournamentState, player: str) -> list:
    """The player asks to leave, at any time before the end: before round one, the field; after,
    the rounds to come. A game they are playing goes on, and its result counts."""
    if player not in state.players:
        raise TournamentError(f"{player} is not in the tournament", "tournament.withdraw.entrant")
    if player in state.withdrawn:
        raise TournamentError(f"{player} has already withdrawn", "tournament.withdraw.once")
    if state.status == FINISHED:
        raise TournamentError("the tournament is over", "tournament.over")
    return [PlayerWithdrew(player, len(state.rounds))]


def start(state: TournamentState, seed: str) -> list:
    """Round one's pairing, once: a second start, however close behind the first, is told the
    tournament has started rather than that its round is being played."""
    if state.status != OPEN:
        raise TournamentError("the tournament has started already", "tournament.start.once")
    return pair_next_round(state, seed)


def pair_next_round(state: TournamentState, seed: str) -> list:
    """The next round's pairing, from the standings and the committed seed."""
    if state.status == FINISHED:
        raise TournamentError("the tournament is over", "tournament.over")
    if commitment(seed) != state.seed_commitment:
        raise TournamentError("that is not the seed the tournament committed to", "tournament.seed")
    current = state.current_round
    if current is not None and not current.closed:
        raise TournamentError(f"round {current.pairing.round} is still being played", "tournament.round.open")
    pairing = next_pairing(state.settings, state.entrants, state.withdrawn, state.rounds, seed)
    return [RoundPaired(pairing.round, tuple(t.seats for t in pairing.tables), pairing.byes)]


# Why a closed round may have no round after it: the field is too small, or every pair has met.
NO_ROUND_LEFT = ("tournament.field", "tournament.rounds")


def after_round(state: TournamentState, seed: str) -> list:
    """What follows the round just closed: the next round's pairing, or the end when no round is
    left (the rounds planned are played, too few players are still in, every pair has met).
    Nothing while a round is being played, before round one or once over, so that whoever asks
    second (a retried job, the sweeper) causes nothing: the pairing is made once."""
    current = state.current_round
    if state.status != RUNNING or current is None or not current.closed:
        return []
    if len(state.rounds) < state.settings.rounds:
        try:
            return pair_next_round(state, seed)
        except TournamentError as error:
            if error.rule not in NO_ROUND_LEFT:
                raise
    return finish(state, seed)


def finish_game(state: TournamentState, round_number: int, table: int, places: tuple[int, ...],
                lost_on_time: tuple[str, ...] = ()) -> list:
    """A game's result; the withdrawals the rule gives for a loss on time (domain/tournaments/withdrawals.py),
    so that the next round leaves those players out; the last result of a round closes it."""
    current = state.current_round
    if current is None or current.pairing.round != round_number or current.closed:
        raise TournamentError(f"round {round_number} is not the round being played", "tournament.round.current")
    seats = next((t.seats for t in current.pairing.tables if t.number == table), None)
    if seats is None:
        raise TournamentError(f"round {round_number} has no table {table}", "tournament.game.table")
    if table in current.results:
        raise TournamentError(f"the game of table {table} has its result already", "tournament.game.once")
    places = tuple(places)
    if len(places) != len(seats) or not all(isinstance(p, int) and 1 <= p <= len(seats) for p in places):
        raise TournamentError(f"a result gives each of the {len(seats)} seats a place from 1 to {len(seats)}",
                              "tournament.game.places")
    if any(p != 1 + sum(1 for q in places if q < p) for p in places):
        raise TournamentError("places are ranks: 1 for the first, and after a tie of k players the next "
                              "place is k further on (1, 1, 3)", "tournament.game.places")
    if not set(lost_on_time) <= set(seats):
        raise TournamentError("only a player of the table can lose on time", "tournament.game.on-time")
    events: list = [GameFinished(round_number, table, places, tuple(lost_on_time))]
    events += withdrawn_on_time(state, round_number, lost_on_time)
    if len(current.results) + 1 == len(current.pairing.tables):
        events.append(RoundClosed(round_number))
    return events


def finish(state: TournamentState, seed: str) -> list:
    """The end: the seed revealed, once the last round played is closed."""
    if state.status == FINISHED:
        raise TournamentError("the tournament is over", "tournament.over")
    current = state.current_round
    if current is not None and not current.closed:
        raise TournamentError(f"round {current.pairing.round} is still being played", "tournament.round.open")
    if commitment(seed) != state.seed_commitment:
        raise TournamentError("that is not the seed the tournament committed to", "tournament.seed")
    return [TournamentFinished(seed)]
