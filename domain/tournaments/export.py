"""A finished tournament's whole record as plain data: what `chronicle verify` re-derives offline.

The record (format `chronicle-tournament/1`, one JSON object):
- `id`, `game`, `seed_commitment` (published at creation) and `seed` (revealed at the end);
- `events`: the tournament's stream, each `{"event": ..., "chain": ...}`, where `chain` is the
  SHA-256 (hex) of the previous line's chain followed by the event as canonical JSON (keys sorted,
  no spaces); the first event's previous chain is the empty text. `head` is the last chain;
- `rounds`: per round, the standings it was paired from (`standings_in`, best first), its tables
  (players in seat order, the game's id, each seat's place, who lost on time) and its byes;
- `standings`: the final standings.
Points and tie-breaks are exact fractions written as text ("3/2"), so that ties stay ties.
Only `events` and `seed` are the evidence: everything else must be what they give.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .events import RoundPaired, TournamentEvent
from .standings import Standing
from .state import TournamentState, evolve

FORMAT = "chronicle-tournament/1"


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_of(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """Each event's chain hash, in order."""
    chains, previous = [], ""
    for data in events:
        previous = hashlib.sha256((previous + canonical(data)).encode("utf-8")).hexdigest()
        chains.append(previous)
    return chains


def standing_data(standing: Standing) -> dict[str, Any]:
    return {"place": standing.place, "player": standing.player, "points": str(standing.points),
            "buchholz": str(standing.buchholz), "buchholz_cut1": str(standing.buchholz_cut1),
            "sonneborn_berger": str(standing.sonneborn_berger), "wins": standing.wins, "games": standing.games,
            "byes": standing.byes, "withdrawn": standing.withdrawn}


def rounds_and_standings(events: Sequence[TournamentEvent], seed: str,
                         game_of: Callable[[int, int], str | None]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each round's record (the standings it was paired from, its tables and byes) and the final
    standings, as the events and the seed give them; `game_of(round, table)` names each game."""
    state: TournamentState | None = None
    standings_in: list[list[dict[str, Any]]] = []
    for event in events:
        if isinstance(event, RoundPaired):
            standings_in.append([standing_data(s) for s in state.standings(seed)])
        state = evolve(state, event)
    assert state is not None, "an empty stream is no tournament"
    rounds = []
    for played, before in zip(state.rounds, standings_in):
        number = played.pairing.round
        tables = []
        for table in played.pairing.tables:
            result = played.results.get(table.number)
            tables.append({"table": table.number, "players": list(table.seats), "game_id": game_of(number, table.number),
                           "places": list(result.places) if result else None,
                           "lost_on_time": list(result.lost_on_time) if result else []})
        rounds.append({"round": number, "standings_in": before, "tables": tables, "byes": list(played.pairing.byes)})
    return rounds, [standing_data(s) for s in state.standings(seed)]
