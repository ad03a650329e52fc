"""Audit, export and import of finished games.

An export is JSON lines: first a header line (format, id, the header the chain is bound to, the
seed, and whether the game is a sandbox), then one line per recorded event with its version,
the whole domain event, the decision that caused it, its chain hash and its time. `domain.audit`
checks such a log, here from the store, offline from a file (`chronicle verify`).
"""

from __future__ import annotations

import json
import threading
from typing import Any, BinaryIO, Callable, Iterable, Iterator, Mapping
from uuid import UUID

from cachetools import LRUCache

from domain import registry
from domain.audit import AuditReport, audit
from services import json_limits
from services.errors import InvalidRequest, NotFinished
from services.log.game import Game, header_seat
from services.log.game_options import checked_options
from services.log.names import checked_name, likeness
from services.log.store import GameStore

FORMAT = "chronicle-export/1"
MAX_LINE_BYTES = 4 * 1024 * 1024  # a takeback's line, which carries a whole table, is some kilobytes
MAX_DEPTH = 64  # levels of arrays and objects in a line: a game's events nest a few
# What each line of an export holds, and of which type (an export's reader checks it before the audit).
HEADER_LINE = {"format": str, "id": str, "header": dict, "seed": str}
HEADER = {"game": str, "rules_version": str, "seats": list, "options": dict, "seed_commitment": str}
SEAT = {"name": str}
RECORD = {"version": int, "event": dict, "cause": dict, "chain": str}
KIND_WORDS = {str: "text", dict: "an object", list: "a list", int: "a whole number"}


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
    from services.analysis.answers import export_marks

    head = {"format": FORMAT, "id": str(game.id), "header": game.header(), "seed": game.seed,
            "sandbox": bool(game.options.get("sandbox"))}
    if (marks := export_marks(store, game)) is not None:  # not in the chain: the analysis is made after the game
        head["analysis"] = marks
    yield json.dumps(head)
    for record in records_read(store, game, EXPORT_CHUNK):
        yield json.dumps(record)


def file_lines(binary: BinaryIO) -> Iterator[bytes]:
    """An export file's lines as bytes, none read further than MAX_LINE_BYTES."""
    number = 0
    while line := binary.readline(MAX_LINE_BYTES + 2):
        number += 1
        if len(line.rstrip(b"\r\n")) > MAX_LINE_BYTES:
            raise refused(f"line {number}", f"longer than an export's line may be ({MAX_LINE_BYTES} bytes)")
        yield line


def refused(where: str, why: str) -> InvalidRequest:
    """A refusal of an export, naming its line first, on one line: `chronicle` prints it as it is, so
    what the export itself put in it (a key holding a line break) is shown escaped."""
    return InvalidRequest(f"{where}: {one_line(why)}", field=where)


def one_line(text: str) -> str:
    """`text` with every character that is not printable (a line break, a control) escaped as Python writes it."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def read_export(lines: Iterable[str | bytes]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header line and the event lines of an export, each of the shape the audit reads;
    InvalidRequest naming the line and why for what is not one."""
    rows = []
    for number, line in enumerate(lines, start=1):
        if (row := _row(f"line {number}", line)) is not None:
            rows.append((f"line {number}", row))
    if not rows:
        raise refused("line 1", "the file holds no line: an export's first line is its header")
    (first, head), records = rows[0], rows[1:]
    if head.get("format") != FORMAT:
        raise refused(first, f"not a {FORMAT} header")
    _check_header(first, head)
    for where, record in records:
        _check_shape(where, record, RECORD, "the event line")
    return head, [record for _, record in records]


def _row(where: str, line: str | bytes) -> dict[str, Any] | None:
    """One line's JSON object; None for a blank line."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise refused(where, f"not UTF-8 (at byte {error.start})") from None
    if not line.strip():
        return None
    try:
        row = json_limits.loads(line, "the line", "", MAX_DEPTH)
    except InvalidRequest as error:
        raise refused(where, error.reason + (f" (at {error.field})" if error.field else "")) from None
    if not isinstance(row, dict):
        raise refused(where, "not a JSON object")
    return row


def _check_header(where: str, head: dict[str, Any]) -> None:
    """The header line: its id a game's, its header one the rules can lay out a table from."""
    _check_shape(where, head, HEADER_LINE, "the header line")
    try:
        UUID(head["id"])
    except ValueError:
        raise refused(where, f"the header line's 'id' is not a game id (a UUID): {head['id'][:40]!r}") from None
    header = head["header"]
    _check_shape(where, header, HEADER, "the header")
    if not header["seats"]:
        raise refused(where, "the header names no seat")
    for index, seat in enumerate(header["seats"]):
        _check_shape(where, seat, SEAT, f"seat {index} of the header")
        if not isinstance(seat.get("bot"), (str, type(None))):
            raise refused(where, f"seat {index} of the header has a 'bot' that is neither a name nor null")
        if not isinstance(seat.get("strength", 0), int) or isinstance(seat.get("strength"), bool):
            raise refused(where, f"seat {index} of the header has a 'strength' that is not a whole number")
    rules = registry.GAMES.get(header["game"])
    if rules is not None:  # else the audit says this code does not know the game
        _check_table(where, header, rules)


def _check_table(where: str, header: Mapping[str, Any], rules: Any) -> None:
    """The header's seats and the game's own options are a table the rules can lay out, as at a
    game's creation (the service's own options, a clock say, are the service's: the rules ignore them)."""
    low, high = rules.seats
    if not low <= len(header["seats"]) <= high:
        many = f"{low}" if low == high else f"{low} to {high}"
        raise refused(where, f"the header has {len(header['seats'])} seats; {rules.title} is played by {many}")
    own = {key: value for key, value in header["options"].items() if key in rules.option_types}
    try:
        checked_options(own, rules)
    except InvalidRequest as error:
        raise refused(where, f"the header's {error.field}: {error.reason}") from None
    if refusal := rules.option_refusal(len(header["seats"]), own):
        raise refused(where, f"the header's options.{refusal[0]}: {refusal[1]}")


def _check_shape(where: str, row: Any, shape: Mapping[str, type], what: str) -> None:
    """Each key of `shape` is in `row`, of its type (a bool is no int here)."""
    if not isinstance(row, dict):
        raise refused(where, f"{what} is not a JSON object")
    for key, kind in shape.items():
        if key not in row:
            raise refused(where, f"{what} has no '{key}'")
        if not isinstance(row[key], kind) or (kind is int and isinstance(row[key], bool)):
            raise refused(where, f"{what}'s '{key}' is not {KIND_WORDS[kind]}")


def verify_export(lines: Iterable[str | bytes]) -> AuditReport:
    head, records = read_export(lines)
    return audit(head["header"], head["seed"], records, finished=True)


def import_game(store: GameStore, lines: Iterable[str | bytes]) -> UUID:
    """Load an exported game into this store, under its own id, once it verifies."""
    return store_import(store, *importable(lines))


def importable(lines: Iterable[str | bytes]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An export's header line and records, once it reads, verifies and names its seats as this
    service names them (services.log.names: a name comes in here as at creation)."""
    head, records = read_export(lines)
    _check_names(head["header"]["seats"])
    report = audit(head["header"], head["seed"], records, finished=True)
    if not report.verified:
        problem = report.problem
        raise InvalidRequest(f"the export does not verify: {problem.reason} (step {problem.step})", field="file")
    return head, records


def store_import(store: GameStore, head: dict[str, Any], records: list[dict[str, Any]]) -> UUID:
    """Store an importable export's game under its own id, unless a game of that id is there."""
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


def _check_names(seats: list[dict[str, Any]]) -> None:
    """Each seat's name as the service would have stored it (it cannot be changed: the chain binds
    it), and no two alike."""
    seen = set()
    for index, seat in enumerate(seats):
        try:
            name = checked_name(seat["name"], "name")
        except InvalidRequest as error:
            raise refused("line 1", f"seat {index} of the header: {error.reason}") from None
        if name != seat["name"]:
            raise refused("line 1", f"seat {index} of the header is named {seat['name']!r}, not as this service "
                          f"keeps names (composed and trimmed: {name!r})")
        if likeness(name) in seen:
            raise refused("line 1", f"seat {index} of the header: two seats are named {name!r} or alike")
        seen.add(likeness(name))
