"""The dispute log: a game's disputes and what-ifs in the order they were filed, and an index of
them by step.

The log is one stream a game, beside the game's own (filing never moves the game's version under
a player about to move). Each event holds its entry whole and numbered, and the entry is copied
in the same transaction to the stream of its step and kind (the disputes about step n; the
what-ifs about the decision taken on step n): the whole record is read a page at a time along
the log, and one step's entries along its own stream, so a replay step reads its own and no
others. In memory the log keeps only what a new entry is checked against (how many each seat
has filed and each asker asked) and which steps are disputed; a snapshot every SNAPSHOT_EVERY
entries spares loading it from folding the whole record.

A log begun before entries carried their number (its first entry has none) has no step streams
for its early entries: it is read whole, as it was then.
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Mapping
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError, project_aggregate
from eventsourcing.domain import Aggregate, Snapshot, event
from eventsourcing.persistence import IntegrityError

from services.errors import InvalidRequest, LimitReached
from services.log.store import GameStore

DISPUTES, WHAT_IFS = "disputes", "what_ifs"
# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before the services were grouped by
# concern or after, reads alike and holds the same names.
STORED_AS = "services.dispute_log"


KINDS = (DISPUTES, WHAT_IFS)
MAX_DISPUTES = 50  # disputes kept per seat of one game: one about every few of its decisions in a long game
MAX_WHAT_IFS = 200  # distinct what-ifs kept per asker (a seat, or the spectators together) of one game
SNAPSHOT_EVERY = 20  # entries of the log between two snapshots of it
CHUNK = 50  # entries read from a stream at once
SPECTATORS = "spectators"  # who asked a what-if with no seat


def dispute_log_id(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:disputes:{game_id}")


def step_entries_id(game_id: UUID, kind: str, step: int) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:disputes:{game_id}:{kind}:{step}")


def author_of(kind: str, body: Mapping[str, Any]) -> str:
    """Whose count an entry adds to: the seat that filed a dispute, the asker of a what-if."""
    who = body["seat"] if kind == DISPUTES else body["asked_by"]
    return SPECTATORS if who is None else str(who)


def question_of(answer: Mapping[str, Any]) -> str:
    """What makes two what-ifs the same question: the same asker, step and action, and both
    withheld or both answered (one withheld while the game ran is answered anew at its end)."""
    return json.dumps([answer["asked_by"], answer["step"], answer["action"], "withheld" in answer], sort_keys=True)


class DisputeLog(Aggregate):
    """The disputes and what-ifs filed about one game, each event holding its entry whole."""

    TOPIC = f"{STORED_AS}:DisputeLog"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:DisputeLog.Created"

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return dispute_log_id(UUID(game_id))

    @event("Opened", topic=f"{STORED_AS}:DisputeLog.Opened")
    def __init__(self, game_id: str):
        self.game_id = game_id
        self.counts = {kind: 0 for kind in KINDS}
        self.authors: dict[str, dict[str, int]] = {kind: {} for kind in KINDS}  # kind -> author -> entries
        self.disputed: dict[str, list[int]] = {}  # step -> the numbers of the disputes about it
        self.unnumbered: dict[str, int] = {}  # position -> number, of the entries of an older log

    @event("Filed", topic=f"{STORED_AS}:DisputeLog.Filed")
    def file(self, step: int, seat: int, claim: str, answer: dict[str, Any], number: int | None = None) -> None:
        self._count(DISPUTES, author_of(DISPUTES, {"seat": seat}), number)
        self.disputed.setdefault(str(step), []).append(self.counts[DISPUTES])

    @event("WhatIfAsked", topic=f"{STORED_AS}:DisputeLog.WhatIfAsked")
    def ask(self, answer: dict[str, Any], number: int | None = None) -> None:
        self._count(WHAT_IFS, author_of(WHAT_IFS, answer), number)

    def _count(self, kind: str, author: str, number: int | None) -> None:
        self.counts[kind] += 1
        self.authors[kind][author] = self.authors[kind].get(author, 0) + 1
        if number is None:  # an entry of an older log: its number is its place among its kind's
            self.unnumbered[str(self.version + 1)] = self.counts[kind]


class StepEntries(Aggregate):
    """The entries of one kind about one step, copied from the log as they are filed."""

    TOPIC = f"{STORED_AS}:StepEntries"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:StepEntries.Created"

    @staticmethod
    def create_id(game_id: str, kind: str, step: int) -> UUID:
        return step_entries_id(UUID(game_id), kind, step)

    @event("Opened", topic=f"{STORED_AS}:StepEntries.Opened")
    def __init__(self, game_id: str, kind: str, step: int):
        self.kind = kind
        self.questions: dict[str, int] = {}  # a what-if's question -> the version that holds its answer

    @event("Noted", topic=f"{STORED_AS}:StepEntries.Noted")
    def note(self, entry: dict[str, Any]) -> None:
        if self.kind == WHAT_IFS:
            self.questions[question_of(entry)] = self.version + 1


def append(store: GameStore, game_id: UUID, kind: str, body: dict[str, Any], field: str) -> dict[str, Any]:
    """Record `body` (a dispute's step, seat, claim and answer, or a what-if's answer), numbered;
    returns the entry. A what-if asked again by the same asker is the one kept (the rules are
    deterministic). Checked on the log as saved, so two entries at once stay in order."""
    step = body["step"]
    for _ in range(5):  # two entries at once: the second is appended after the first
        log, entries = _loaded(store, game_id), _step_entries(store, game_id, kind, step)
        if kind == WHAT_IFS and (kept := _kept_answer(store, game_id, log, entries, body)) is not None:
            return kept
        _check_room(log, kind, body, field)
        number = log.counts[kind] + 1
        entry = {"number": number, **body}
        if kind == DISPUTES:
            log.file(number=number, **body)
        else:
            log.ask(answer=body, number=number)
        entries.note(entry=entry)
        try:
            store.save(log, entries, snapshots=_snapshot_due(store, log))
        except IntegrityError:
            continue
        return entry
    raise InvalidRequest("too many disputes or what-ifs are being recorded at once; try again", field)


LIMITS = {  # kind -> (what is kept, from whom, what the one refused has done)
    DISPUTES: ("disputes", "seat", "this seat has filed"),
    WHAT_IFS: ("different what-ifs", "asker (a seat, or the spectators together)", "this asker has asked"),
}


def limit_of(kind: str) -> int:
    return MAX_DISPUTES if kind == DISPUTES else MAX_WHAT_IFS


def _check_room(log: DisputeLog, kind: str, body: Mapping[str, Any], field: str) -> None:
    """LimitReached, naming the limit, once the author of `body` has as many entries of its kind
    as the record keeps for one author."""
    limit = limit_of(kind)
    if log.authors[kind].get(author_of(kind, body), 0) < limit:
        return
    what, who, done = LIMITS[kind]
    raise LimitReached(f"the record keeps at most {limit} {what} about a game from each {who}, and {done} "
                       f"{limit}: nothing was recorded (GET /api/games/{log.game_id}/disputes lists them)", field, limit)


def _kept_answer(store: GameStore, game_id: UUID, log: DisputeLog, entries: StepEntries,
                 answer: Mapping[str, Any]) -> dict[str, Any] | None:
    """The what-if kept for the same question, if one is."""
    question = question_of(answer)
    version = entries.questions.get(question)
    if version is not None:
        return next(store.events.get(entries.id, gt=version - 1, lte=version)).entry
    if log.unnumbered:  # an older log: its early what-ifs are in no step's stream
        return next((entry for kind, entry in whole_log(store, game_id)
                     if kind == WHAT_IFS and question_of(entry) == question), None)
    return None


def _snapshot_due(store: GameStore, log: DisputeLog) -> list[Any]:
    first_new = log.version - len(log.pending_events) + 1
    if (first_new - 1) // SNAPSHOT_EVERY == log.version // SNAPSHOT_EVERY:
        return []
    return [store.mapper.to_stored_event(Snapshot.take(log))]


def _loaded(store: GameStore, game_id: UUID) -> DisputeLog:
    try:
        return store.repository.get(dispute_log_id(game_id))
    except AggregateNotFoundError:
        return DisputeLog(str(game_id))


def _step_entries(store: GameStore, game_id: UUID, kind: str, step: int) -> StepEntries:
    # Folded from its events, not through the aggregate cache: a record of many steps would
    # otherwise push the games themselves out of it.
    found = project_aggregate(None, store.events.get(step_entries_id(game_id, kind, step)))
    return found if found is not None else StepEntries(str(game_id), kind, step)


def disputed_steps(store: GameStore, game_id: UUID) -> dict[int, list[int]]:
    """Each disputed step, with the numbers of the disputes about it."""
    try:
        log = store.repository.get(dispute_log_id(game_id))
    except AggregateNotFoundError:
        return {}
    return {int(step): numbers for step, numbers in log.disputed.items()}


def entry_of(stored: Any, unnumbered: Mapping[str, int] | None = None) -> tuple[str, dict[str, Any]]:
    """The kind and the entry of one of the log's events (an older log's numbers in `unnumbered`)."""
    number = getattr(stored, "number", None)
    if number is None and unnumbered is not None:
        number = unnumbered[str(stored.originator_version)]
    if isinstance(stored, DisputeLog.Filed):
        return DISPUTES, {"number": number, "step": stored.step, "seat": stored.seat, "claim": stored.claim,
                          "answer": stored.answer}
    return WHAT_IFS, {"number": number, **stored.answer}


def log_entries(store: GameStore, game_id: UUID, after: int = 0,
                chunk_size: int = CHUNK) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """The log's entries after position `after`, as (position, kind, entry), read `chunk_size` at a time."""
    log_id = dispute_log_id(game_id)
    unnumbered = None
    position = max(after, 1)  # 1 is the log's opening
    while True:
        chunk = list(store.events.get(log_id, gt=position, limit=chunk_size))
        if unnumbered is None and any(getattr(stored, "number", None) is None for stored in chunk):
            unnumbered = _loaded(store, game_id).unnumbered
        for stored in chunk:
            yield (stored.originator_version, *entry_of(stored, unnumbered))
        if len(chunk) < chunk_size:
            return
        position = chunk[-1].originator_version


def whole_log(store: GameStore, game_id: UUID) -> Iterator[tuple[str, dict[str, Any]]]:
    for _, kind, entry in log_entries(store, game_id):
        yield kind, entry


def step_entries(store: GameStore, game_id: UUID, kind: str, step: int, after: int = 0,
                 chunk_size: int = CHUNK) -> Iterator[tuple[int, dict[str, Any]]]:
    """The entries of `kind` about `step` after version `after` of their stream, as (version, entry),
    read `chunk_size` at a time. An older log's early entries are in no step's stream: its entries are picked from it whole,
    numbered by their place in it."""
    if not indexed(store, game_id):
        picked = ((position, entry) for position, found, entry in log_entries(store, game_id)
                  if found == kind and entry["step"] == step)
        yield from ((version, entry) for version, (_, entry) in enumerate(picked, start=2) if version > after)
        return
    stream = step_entries_id(game_id, kind, step)
    version = max(after, 1)  # 1 is the stream's opening
    while True:
        chunk = list(store.events.get(stream, gt=version, limit=chunk_size))
        for stored in chunk:
            yield stored.originator_version, stored.entry
        if len(chunk) < chunk_size:
            return
        version = chunk[-1].originator_version


def step_count(store: GameStore, game_id: UUID, kind: str, step: int) -> int:
    """How many entries of `kind` are about `step`."""
    if not indexed(store, game_id):
        return sum(1 for _ in step_entries(store, game_id, kind, step))
    last = next(store.events.get(step_entries_id(game_id, kind, step), desc=True, limit=1), None)
    return 0 if last is None else last.originator_version - 1


def first_entry(store: GameStore, game_id: UUID) -> Any:
    """The log's first event after its opening (None: nothing was ever filed)."""
    return next(store.events.get(dispute_log_id(game_id), gt=1, lte=2), None)


def indexed(store: GameStore, game_id: UUID) -> bool:
    """Whether every entry of the log is in its step's stream: its first entry carries a number."""
    first = first_entry(store, game_id)
    return first is None or getattr(first, "number", None) is not None
