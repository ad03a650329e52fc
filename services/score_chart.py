"""A finished game's score chart: each seat's score, as the rules count it (`scores` of the
contract), at the end of every turn, read off the log folded from the creation to the end."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain import clock
from domain.contract import Event
from services.errors import NotFinished
from services.presenting import seat_names
from services.store import GameStore


def score_chart(store: GameStore, game_id: UUID) -> dict[str, Any]:
    """The turns of a finished game with the scores each ended on (the last, the outcome's)."""
    game = store.game(game_id)
    if not game.finished:
        raise NotFinished("a game's score chart is drawn once it is over (until then its scores are on its table)",
                          field="id")
    rules = game.rules
    state = store.game(game_id, version=1).state
    by_turn: dict[int, dict[str, Any]] = {}
    for stored in store.stored_events(game_id, gt=1):
        state = clock.fold(rules, state, Event.from_json(stored.domain_event))
        turn = rules.turn(state)
        # A turn's last step is the table it ended on (a decision ending one turn may begin the next).
        by_turn[turn.number] = {"turn": turn.number, "seat": turn.seat, "step": stored.originator_version,
                                "scores": rules.scores(state)}
    return {"game_id": str(game_id), "seats": seat_names(game), "turns": sorted(by_turn.values(), key=lambda row: row["turn"])}
