"""Each player's record, read from the rounds played: points, games, tablemates, colours, byes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from .model import PlayedRound
from .scoring import bye_points, points_by_place


@dataclass(frozen=True)
class Game:
    """One finished game from one player's seat."""

    round: int
    seat: int
    places: tuple[int, ...]
    players: tuple[str, ...]
    points: Fraction
    lost_on_time: bool

    @property
    def tablemates(self) -> tuple[str, ...]:
        return tuple(p for i, p in enumerate(self.players) if i != self.seat)

    @property
    def won(self) -> bool:
        """First alone: a shared first place is not a win."""
        mine = self.places[self.seat]
        return mine == 1 and self.places.count(1) == 1


@dataclass
class Record:
    """What the pairing and the tie-breaks need to know of one player after the rounds so far."""

    player: str
    points: Fraction = Fraction(0)
    games: list[Game] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    met: set[str] = field(default_factory=set)
    # Paired but unfinished games count for pairing (no rematch, colours), not for points.
    colours: list[str] = field(default_factory=list)
    # Two-player games and byes: round by round, "down" (met a player of fewer points, or had a
    # bye), "up" (met a player of more points) or "" (met a player of as many), as FIDE's floats.
    floats: dict[int, str] = field(default_factory=dict)

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.won)


def build_records(players: Iterable[str], rounds: Iterable[PlayedRound], format: str) -> dict[str, Record]:
    """The records of the given players after the given rounds (finished games only score)."""
    records = {p: Record(p) for p in players}

    def record(p: str) -> Record:
        return records.setdefault(p, Record(p))

    for played in rounds:
        pairing = played.pairing
        before = {p: record(p).points for table in pairing.tables for p in table.seats}
        for table in pairing.tables:
            if len(table.seats) == 2:
                a, b = table.seats
                record(a).floats[pairing.round], record(b).floats[pairing.round] = _floats(before[a], before[b])
        for p in pairing.byes:
            record(p).floats[pairing.round] = "down"
            record(p).byes.append(pairing.round)
            record(p).points += bye_points(format)
        for table in pairing.tables:
            for seat, p in enumerate(table.seats):
                rec = record(p)
                rec.met.update(q for q in table.seats if q != p)
                if len(table.seats) == 2:
                    rec.colours.append("W" if seat == 0 else "B")
            result = played.results.get(table.number)
            if result is None:
                continue
            points = points_by_place(result.places)
            for seat, p in enumerate(table.seats):
                game = Game(pairing.round, seat, result.places, table.seats, points[seat],
                            p in result.lost_on_time)
                record(p).games.append(game)
                record(p).points += points[seat]
    return records


def _floats(a: Fraction, b: Fraction) -> tuple[str, str]:
    """The floats of two players who met with a and b points: the higher a downfloat, the lower an upfloat."""
    if a == b:
        return "", ""
    return ("down", "up") if a > b else ("up", "down")
