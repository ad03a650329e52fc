"""Disputes: a seat's claim about a step, kept beside the game's log, never editing it.

A dispute is answered at once with the engine's account of the step (services.log.explain), as the
seat that filed it may see it, and that answer is recorded with the claim; what-ifs
(services.disputes.what_if) are kept beside them. Both are read a page at a time (services.disputes.dispute_log
keeps them), each as the asker may see it: a spectator kept behind a running game learns nothing
of the steps it may not see yet, and a seat's what-ifs are its own until the game is over.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator
from uuid import UUID

from services.disputes import dispute_log
from services.disputes.dispute_log import DISPUTES, KINDS, WHAT_IFS
from services.errors import InvalidRequest
from services.log.explain import explain_step
from services.log.game import Game
from services.log.presenting import shown_version
from services.log.store import GameStore

MAX_CLAIM = 2000
PAGE, MAX_PAGE = 20, 50  # entries in a page of the record: each holds an answer of a few kilobytes, which
# a seat other than the filer is told anew (about 2.5 ms a step on SQLite)
SCAN = 5  # a page reads at most this many times its `limit` of entries, shown to the asker or not
SHOWN = 10  # entries of each kind a replay step carries; the rest are a link away


def file_dispute(store: GameStore, game_id: UUID, seat: int, step: int, claim: str) -> dict[str, Any]:
    """Record a seat's claim about a step, with the engine's answer; returns the dispute."""
    game = store.game(game_id)
    if not isinstance(step, int) or not 1 <= step <= game.version:
        raise InvalidRequest(f"steps run from 1 to {game.version}; there is no step {step}", "step")
    if not isinstance(claim, str) or not 0 < len(claim.strip()) <= MAX_CLAIM:
        raise InvalidRequest(f"a claim is 1 to {MAX_CLAIM} characters of text", "claim")
    body = {"step": step, "seat": seat, "claim": claim.strip(), "answer": explain_step(store, game, step, seat)}
    return dispute_log.append(store, game_id, DISPUTES, body, "claim")


def record_what_if(store: GameStore, game_id: UUID, answer: dict[str, Any]) -> dict[str, Any]:
    """Keep a what-if's answer with the game's disputes; returns it numbered. The same question
    asked again by the same asker is the same answer (the rules are deterministic): kept once,
    unless it was withheld while the game ran and is now answered."""
    return dispute_log.append(store, game_id, WHAT_IFS, answer, "action")


class AsSeen:
    """The record's entries as one asker may see them (None: not at all)."""

    def __init__(self, store: GameStore, game: Game, viewer: int | None):
        self.store, self.game, self.viewer = store, game, viewer
        self.visible = shown_version(game, viewer)
        self.accounts: dict[int, dict[str, Any]] = {}  # step -> its account, as the asker may see it

    def account(self, step: int) -> dict[str, Any]:
        if step not in self.accounts:
            self.accounts[step] = explain_step(self.store, self.game, step, self.viewer)
        return self.accounts[step]

    def __call__(self, kind: str, entry: dict[str, Any]) -> dict[str, Any] | None:
        if kind == WHAT_IFS:  # a seat's own, until the game is over
            return entry if self.game.finished or (self.viewer is not None and entry["asked_by"] == self.viewer) else None
        if entry["step"] > self.visible:
            return None
        if self.game.finished or self.viewer == entry["seat"]:
            return entry
        # The answer given to the seat may show its hand: others get the account they may see.
        return {**entry, "answer": self.account(entry["step"])}


def record_page(store: GameStore, game_id: UUID, viewer: int | None, limit: int = PAGE,
                start: list[int] | None = None, step: int | None = None,
                kind: str | None = None) -> tuple[dict[str, list[dict[str, Any]]], list[int] | None]:
    """A page of the game's record as `viewer` may see it: at most `limit` entries, the disputes
    and the what-ifs apart; and the key the next page starts after (None on the last).

    The whole record comes in the order filed (the key: a position in the log); one step's
    (`step`: the disputes about it and the what-ifs about the decision taken on it) comes from its
    own streams, its disputes first (the key: the kind's index and a version of its stream).
    `kind` keeps to disputes or to what-ifs. Entries the asker may not see are passed over, at
    most SCAN times `limit` of them in one page, so a page may hold fewer than `limit`: the
    record goes on as long as there is a `next`."""
    if not 1 <= limit <= MAX_PAGE:
        raise InvalidRequest(f"limit is 1 to {MAX_PAGE} entries, not {limit}", "limit")
    kinds = KINDS if kind is None else (kind,)
    seen = AsSeen(store, store.game(game_id), viewer)
    if step is None:
        after = start[0] if start else 0
        items = (([position], found, entry)
                 for position, found, entry in dispute_log.log_entries(store, game_id, after, limit + 1))
        return _page(items, lambda found, entry: seen(found, entry) if found in kinds else None, limit)
    first = start or [KINDS.index(kinds[0]), 0]
    if not 0 <= first[0] < len(KINDS) or KINDS[first[0]] not in kinds:
        raise InvalidRequest("this cursor is of another list: pass on the `next` the list gave", "cursor")
    return _page(_step_items(store, game_id, step, kinds, first, limit + 1), seen, limit)


def _step_items(store: GameStore, game_id: UUID, step: int, kinds: tuple[str, ...], first: list[int],
                chunk_size: int) -> Iterator[tuple[list[int], str, dict[str, Any]]]:
    for kind in kinds:
        index = KINDS.index(kind)
        if index < first[0]:
            continue
        after = first[1] if index == first[0] else 0
        for version, entry in dispute_log.step_entries(store, game_id, kind, step, after, chunk_size):
            yield [index, version], kind, entry


def _page(items: Iterator[tuple[list[int], str, dict[str, Any]]], seen: Callable[[str, dict[str, Any]], Any],
          limit: int) -> tuple[dict[str, list[dict[str, Any]]], list[int] | None]:
    shown: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
    count = scanned = 0
    last = None
    for key, kind, entry in items:
        if count == limit or scanned == SCAN * limit:
            return shown, last  # one more lies ahead: the next page starts after `last`
        scanned += 1
        last = key
        if (entry := seen(kind, entry)) is not None:
            shown[kind].append(entry)
            count += 1
    return shown, None


def step_record(store: GameStore, game: Game, viewer: int | None, step: int, asked_on: int | None,
                account: dict[str, Any]) -> dict[str, Any]:
    """What the record holds about replay step `step`, as `viewer` (who may see the step) may see
    it: the first SHOWN disputes about it and what-ifs about the decision behind it (taken on
    step `asked_on`; None if the viewer may not see that decision), how many there are, and where
    the rest start (`{kind}_after`: the step and key of that list's next page; None if none are
    left). It reads those and no more, however long the record is."""
    record: dict[str, Any] = {f"{kind}{part}": empty for kind in KINDS
                              for part, empty in (("", []), ("_total", 0), ("_after", None))}
    if dispute_log.first_entry(store, game.id) is None:
        return record  # nothing was ever filed about the game
    seen = AsSeen(store, game, viewer)
    seen.accounts[step] = account  # the step's own account, already told
    for kind, about in ((DISPUTES, step), (WHAT_IFS, asked_on)):
        if about is None:
            continue
        # Every dispute about a step the viewer sees is shown it. Only the deciding seat may ask
        # about its decision while the game runs, and it sees the decision (asked_on is given):
        # each what-if about it is the viewer's, or the game is over. So all of a list are shown.
        items = _step_items(store, game.id, about, (kind,), [KINDS.index(kind), 0], SHOWN + 1)
        shown, after = _page(items, seen, SHOWN)
        record.update({kind: shown[kind], f"{kind}_total": len(shown[kind]) if after is None else
                       dispute_log.step_count(store, game.id, kind, about),
                       f"{kind}_after": None if after is None else {"step": about, "after": after}})
    return record


def whole_record(store: GameStore, game_id: UUID, viewer: int | None, step: int | None = None,
                 kind: str | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every entry of the record `viewer` may see (page after page): for checks and tools, not
    for a request."""
    whole: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
    start = None
    while True:
        page, start = record_page(store, game_id, viewer, MAX_PAGE, start, step, kind)
        for found, entries in page.items():
            whole[found] += entries
        if start is None:
            return whole


def disputed_steps(store: GameStore, game_id: UUID) -> dict[int, list[int]]:
    """Each disputed step, with the numbers of the disputes about it."""
    return dispute_log.disputed_steps(store, game_id)
