"""Disputes: a seat's claim about a step, kept beside the game's log, never editing it.

Each game has one dispute log, its own stream (so filing a dispute never moves the game's
version under a player about to move). A dispute is answered at once with the engine's account
of the step (services.explain), as the seat that filed it may see it, and that answer is
recorded with the claim.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from services.errors import InvalidRequest
from services.explain import explain_step
from services.presenting import shown_version
from services.store import GameStore

MAX_CLAIM = 2000


def dispute_log_id(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE_URL, f"chronicle:disputes:{game_id}")


class DisputeLog(Aggregate):
    """The disputes filed about one game."""

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return dispute_log_id(UUID(game_id))

    @event("Opened")
    def __init__(self, game_id: str):
        self.game_id = game_id
        self.disputes: list[dict[str, Any]] = []
        self.what_ifs: list[dict[str, Any]] = []

    @event("Filed")
    def file(self, step: int, seat: int, claim: str, answer: dict[str, Any]) -> None:
        self.disputes = [*self.disputes, {"number": len(self.disputes) + 1, "step": step, "seat": seat,
                                          "claim": claim, "answer": answer}]

    @event("WhatIfAsked")
    def ask(self, answer: dict[str, Any]) -> None:
        self.what_ifs = [*self.what_ifs, {"number": len(self.what_ifs) + 1, **answer}]


def file_dispute(store: GameStore, game_id: UUID, seat: int, step: int, claim: str) -> dict[str, Any]:
    """Record a seat's claim about a step, with the engine's answer; returns the dispute."""
    game = store.game(game_id)
    if not isinstance(step, int) or not 1 <= step <= game.version:
        raise InvalidRequest(f"steps run from 1 to {game.version}; there is no step {step}", "step")
    if not isinstance(claim, str) or not 0 < len(claim.strip()) <= MAX_CLAIM:
        raise InvalidRequest(f"a claim is 1 to {MAX_CLAIM} characters of text", "claim")
    answer = explain_step(store, game, step, seat)
    log, _ = _appended(store, game_id, lambda log: log.file(step=step, seat=seat, claim=claim.strip(), answer=answer),
                       "claim")
    return log.disputes[-1]


MAX_WHAT_IFS = 200  # distinct what-ifs kept per asker (a seat, or the spectators) of one game


def record_what_if(store: GameStore, game_id: UUID, answer: dict[str, Any]) -> dict[str, Any]:
    """Keep a what-if's answer with the game's disputes; returns it numbered. The same question
    asked again by the same asker is the same answer (the rules are deterministic): kept once,
    unless it was withheld while the game ran and is now answered."""

    def question(entry: dict[str, Any]) -> tuple:
        return entry["asked_by"], entry["step"], entry["action"], "withheld" in entry

    def ask(log: DisputeLog) -> dict[str, Any] | None:
        for kept in log.what_ifs:
            if question(kept) == question(answer):
                return kept
        if sum(kept["asked_by"] == answer["asked_by"] for kept in log.what_ifs) >= MAX_WHAT_IFS:
            raise InvalidRequest(f"{MAX_WHAT_IFS} different what-ifs have been asked of this game by the same asker; "
                                 "the record holds no more (the ones asked are listed with the disputes)", "action")
        log.ask(answer=answer)
        return None

    log, kept = _appended(store, game_id, ask, "action")
    return kept or log.what_ifs[-1]


def what_ifs_of(store: GameStore, game_id: UUID, viewer: int | None, step: int | None = None,
                finished: bool | None = None) -> list[dict[str, Any]]:
    """The what-ifs asked of a game (about the decision taken on `step`, or all): all of them once
    it is over; before, a seat's own only. `finished` spares loading the game when known."""
    if finished is None:
        finished = store.game(game_id).finished
    asked = [kept for kept in _log(store, game_id).what_ifs if step is None or kept["step"] == step]
    if finished:
        return asked
    return [kept for kept in asked if viewer is not None and kept["asked_by"] == viewer]


def _appended(store: GameStore, game_id: UUID, append: Any, field: str) -> tuple[DisputeLog, Any]:
    """The log after `append(log)`, saved; or, when `append` finds its entry kept already (returns
    it), that entry unsaved. Checked on the log as saved, so two entries at once stay in order."""
    for _ in range(5):  # two entries at once: the second is appended after the first
        log = _log(store, game_id)
        kept = append(log)
        if kept is not None:
            return log, kept
        try:
            store.save(log)
        except IntegrityError:
            continue
        return log, None
    raise InvalidRequest("too many disputes or what-ifs are being recorded at once; try again", field)


def disputes_of(store: GameStore, game_id: UUID, viewer: int | None, step: int | None = None) -> list[dict[str, Any]]:
    """The disputes (of one step, or all), each answer as `viewer` may see it: a spectator kept
    behind a running game learns nothing of the steps it may not see yet, disputes included."""
    game = store.game(game_id)
    visible = shown_version(game, viewer)
    shown = []
    for dispute in filed_disputes(store, game_id):
        if (step is not None and dispute["step"] != step) or dispute["step"] > visible:
            continue
        if not (game.finished or viewer == dispute["seat"]):
            # The answer given to the seat may show its hand: others get the account they may see.
            dispute = {**dispute, "answer": explain_step(store, game, dispute["step"], viewer)}
        shown.append(dispute)
    return shown


def filed_disputes(store: GameStore, game_id: UUID) -> list[dict[str, Any]]:
    """The disputes as filed, answers as given to the seat that filed them."""
    try:
        return store.repository.get(dispute_log_id(game_id)).disputes
    except AggregateNotFoundError:
        return []


def _log(store: GameStore, game_id: UUID) -> DisputeLog:
    try:
        return store.repository.get(dispute_log_id(game_id))
    except AggregateNotFoundError:
        return DisputeLog(str(game_id))
