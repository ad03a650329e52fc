"""A finished tournament's whole record, for `chronicle verify` (domain/tournaments/export.py tells
its fields): refused while the tournament runs, since its seed is revealed only at its end."""

from __future__ import annotations

import json
from typing import Any, BinaryIO

from domain import registry
from domain.tournaments.events import from_data
from domain.tournaments.export import FORMAT, chain_of, rounds_and_standings
from domain.tournaments.state import FINISHED, OPEN
from services.errors import NotFinished
from services.tournaments.records import Tournament


def exported(tournament: Tournament) -> dict[str, Any]:
    """The record of a finished tournament; NotFinished for one still open or running."""
    state = tournament.state()
    if state.status != FINISHED:
        now = "has not started" if state.status == OPEN else "is still running"
        raise NotFinished(f"the tournament {now}: its seed, which every pairing is checked with, is revealed "
                          "when it ends, and so is its record", "id")
    lines = list(tournament.events)
    events = [from_data(data) for data in lines]
    rounds, standings = rounds_and_standings(events, tournament.seed, tournament.game_of)
    chains = chain_of(lines)
    return {
        "format": FORMAT, "id": str(tournament.id), **tournament.table,
        "title": registry.get(tournament.table["game"]).title, "organiser": dict(tournament.organiser),
        "entrants": [{"name": name, **({"player": seat["player"]} if "player" in seat else {"bot": seat["bot"]})}
                     for name, seat in tournament.entrants.items()],
        "seed_commitment": state.seed_commitment, "seed": tournament.seed,
        "events": [{"event": data, "chain": chain} for data, chain in zip(lines, chains)], "head": chains[-1],
        "rounds": rounds, "standings": standings,
    }


MAX_RECORD_BYTES = 64 * 1024 * 1024  # a tournament of 256 players over 30 rounds is a few megabytes


def tournament_record(binary: BinaryIO) -> dict[str, Any] | None:
    """The file's tournament record if it holds one (on one line as exported, or laid out over
    many); None for anything else (a game's export, say), the file then read again from its start."""
    first = binary.readline(MAX_RECORD_BYTES + 1)
    if first.lstrip().startswith(b"{"):
        record = _json(first)
        if record is None:  # laid out over many lines
            record = _json(first + binary.read(MAX_RECORD_BYTES))
        if isinstance(record, dict) and record.get("format") == FORMAT:
            return record
    binary.seek(0)
    return None


def _json(text: bytes) -> Any:
    """The text's JSON, or None for what is not JSON or nests deeper than Python parses (no record
    does: such a file is left to the game export's reader, which refuses it naming the line)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None
