"""The events of a tournament, as plain data: what the service stores as the tournament's stream.

Each event is a frozen dataclass; `to_data` and `from_data` turn it into a JSON-ready dict (with
its `type`) and back, so an exported tournament can be re-read and verified offline.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields

from .errors import TournamentError


@dataclass(frozen=True)
class TournamentCreated:
    tournament: str
    game: str
    format: str
    rounds: int
    min_seats: int
    max_seats: int
    max_players: int
    seed_commitment: str
    # The pairing procedure's version (domain/tournaments/model.py); a record made before versions
    # were recorded was paired by version 1.
    pairing_version: int = 1
    # The withdrawal rule: after this many losses on time a player is withdrawn (0 never); a record
    # made before the rule was has none, and withdraws nobody.
    withdraw_after_timeouts: int = 0


@dataclass(frozen=True)
class PlayerJoined:
    player: str
    rating: int


# Why a player withdrew: they asked (every withdrawal recorded before reasons were), or the
# withdrawal rule took them out after their losses on time.
ASKED, LOST_ON_TIME = "asked", "lost-on-time"
WITHDRAWAL_REASONS = (ASKED, LOST_ON_TIME)


@dataclass(frozen=True)
class PlayerWithdrew:
    """From the next round on, the player is not paired; the games they played still count."""

    player: str
    after_round: int
    reason: str = ASKED


@dataclass(frozen=True)
class RoundPaired:
    round: int
    tables: tuple[tuple[str, ...], ...]  # table 1 first; each table's players in seat order
    byes: tuple[str, ...]


@dataclass(frozen=True)
class GameFinished:
    round: int
    table: int
    places: tuple[int, ...]  # per seat: 1 is first, equal places a tie
    lost_on_time: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundClosed:
    round: int


@dataclass(frozen=True)
class TournamentFinished:
    seed: str  # revealed: anyone can now check the commitment and re-derive every pairing


EVENT_TYPES = {
    "tournament-created": TournamentCreated,
    "player-joined": PlayerJoined,
    "player-withdrew": PlayerWithdrew,
    "round-paired": RoundPaired,
    "game-finished": GameFinished,
    "round-closed": RoundClosed,
    "tournament-finished": TournamentFinished,
}
TYPE_NAMES = {cls: name for name, cls in EVENT_TYPES.items()}
TournamentEvent = (TournamentCreated | PlayerJoined | PlayerWithdrew | RoundPaired | GameFinished | RoundClosed
                   | TournamentFinished)


def to_data(event: TournamentEvent) -> dict:
    data = {"type": TYPE_NAMES[type(event)]}
    for f in fields(event):
        value = getattr(event, f.name)
        data[f.name] = [list(v) for v in value] if f.name == "tables" else \
            list(value) if isinstance(value, tuple) else value
    return data


def from_data(data: dict) -> TournamentEvent:
    cls = EVENT_TYPES.get(data.get("type")) if isinstance(data, dict) else None
    if cls is None:
        raise TournamentError(f"not a tournament event: {str(data)[:80]}", "tournament.event")
    values = {}
    for f in fields(cls):
        if f.name not in data and f.default is MISSING:
            raise TournamentError(f"a {data['type']} event needs {f.name}", "tournament.event")
        value = data.get(f.name, f.default)
        if f.name == "tables":
            value = tuple(tuple(t) for t in value)
        elif isinstance(value, list):
            value = tuple(value)
        values[f.name] = value
    if cls is PlayerWithdrew and values["reason"] not in WITHDRAWAL_REASONS:
        raise TournamentError(f"a withdrawal's reason is one of {', '.join(WITHDRAWAL_REASONS)}, not "
                              f"{str(values['reason'])[:40]!r}", "tournament.event")
    return cls(**values)
