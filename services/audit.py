"""Audit, export and import of finished games.

An export is JSON lines: first a header line (format, id, the header the chain is bound to, the
seed, and whether the game is a sandbox), then one line per recorded event with its version,
the whole domain event, the decision that caused it, its chain hash and its time. `domain.audit`
checks such a log, here from the store, offline from a file (`chronicle verify`).
"""

from __future__ import annotations

import json
import threading
from typing import Any, Callable, Iterable, Iterator
from uuid import UUID

from cachetools import LRUCache

from domain.audit import AuditReport, audit
from services.errors import InvalidRequest, NotFinished
from services.game import Game, header_seat
from services.store import GameStore

FORMAT = "chronicle-export/1"


EXPORT_CHUNK = 500  # events read from the store at a time while an export is written


def records_of(store: GameStore, game: Game) -> list[dict[str, Any]]:
    return list(records_read(store, game, game.version))


def records_read(store: GameStore, game: Game, chunk: int) -> Iterator[dict[str, Any]]:
    """The game's recorded events from version 2 on, read from the store `chunk` at a time."""
    after = 1
    while after < game.version:
        last = min(game.version, after + chunk)
        for stored in store.stored_events(game.id, gt=after, lte=last):
            yield {"version": stored.originator_version, "event": stored.domain_event, "cause": stored.cause,
                   "chain": stored.chain, "at": stored.timestamp.isoformat()}
        after = last


def finished_game(store: GameStore, game_id: UUID) -> Game:
    game = store.game(game_id)
    if not game.finished:
        raise NotFinished("the game is still running: its seed, needed to audit or export it, is revealed when it ends",
                          field="id")
    return game


# Reports of finished games, by game and head: a finished game never changes, and its audit re-runs
# every bot move (a searching bot's cost the whole game's thinking again).
_REPORTS: LRUCache = LRUCache(maxsize=1024)
_REPORTS_LOCK = threading.Lock()


def in_this_thread(work: Callable[[], AuditReport]) -> AuditReport:
    return work()


def audit_game(store: GameStore, game_id: UUID,
               run: Callable[[Callable[[], AuditReport]], AuditReport] = in_this_thread) -> dict[str, Any]:
    """The audit of a finished game, made once per process. `run` runs the re-run itself, which
    touches neither the store nor the network (the web runs it off its event loop)."""
    game = finished_game(store, game_id)
    key = (game.id, game.head)
    with _REPORTS_LOCK:
        kept = _REPORTS.get(key)
    if kept is None:
        header, seed, records = game.header(), game.seed, records_of(store, game)
        kept = run(lambda: audit(header, seed, records, finished=True)).to_json()
        with _REPORTS_LOCK:
            _REPORTS[key] = kept
    return {"game_id": str(game_id), "head": game.head, **kept}


def export_lines(store: GameStore, game_id: UUID) -> Iterator[str]:
    """The export's lines, each made as it is read from the store; a game that cannot be exported
    is refused here, before the first line."""
    return _lines(store, finished_game(store, game_id))


def _lines(store: GameStore, game: Game) -> Iterator[str]:
    yield json.dumps({"format": FORMAT, "id": str(game.id), "header": game.header(), "seed": game.seed,
                      "sandbox": bool(game.options.get("sandbox"))})
    for record in records_read(store, game, EXPORT_CHUNK):
        yield json.dumps(record)


def read_export(lines: Iterable[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header line and the event lines of an export; InvalidRequest for what is not one."""
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise InvalidRequest(f"line {number} is not JSON: {error.msg}", field=f"line {number}") from None
        if not isinstance(row, dict):
            raise InvalidRequest(f"line {number} is not a JSON object", field=f"line {number}")
        rows.append(row)
    if not rows or rows[0].get("format") != FORMAT:
        raise InvalidRequest(f"the first line is not a {FORMAT} header", field="line 1")
    head, records = rows[0], rows[1:]
    for key in ("id", "header", "seed"):
        if key not in head:
            raise InvalidRequest(f"the header line has no '{key}'", field="line 1")
    for number, record in enumerate(records, start=2):
        missing = [key for key in ("version", "event", "cause", "chain") if key not in record]
        if missing:
            raise InvalidRequest(f"line {number} lacks {', '.join(missing)}", field=f"line {number}")
    return head, records


def verify_export(lines: Iterable[str]) -> AuditReport:
    head, records = read_export(lines)
    return audit(head["header"], head["seed"], records, finished=True)


def import_game(store: GameStore, lines: Iterable[str]) -> UUID:
    """Load an exported game into this store, under its own id, once it verifies."""
    head, records = read_export(lines)
    report = audit(head["header"], head["seed"], records, finished=True)
    if not report.verified:
        problem = report.problem
        raise InvalidRequest(f"the export does not verify: {problem.reason} (step {problem.step})", field="file")
    header = head["header"]
    game_id = UUID(head["id"])
    if store.exists(game_id):
        raise InvalidRequest(f"a game {game_id} is already in this store", field="id")
    # The library's way to create an aggregate under a given id (the declarative call draws a new one).
    game = Game._create(
        Game.Created,
        id=game_id,
        game=header["game"],
        rules_version=header["rules_version"],
        seats=[{**header_seat(seat), "token_sha256": None} for seat in header["seats"]],  # as the header binds them
        options=header.get("options", {}),
        seed=head["seed"],
        seed_commitment=header["seed_commitment"],
    )
    for record in records:
        game.record(domain_event=record["event"], cause=record["cause"], chain=record["chain"])
    store.save_game(game)
    return game_id
