"""A finished game's score chart: each seat's score, as the rules count it (`scores` of the
contract), at the end of every turn, read off the log folded from the creation to the end.

Drawing a chart folds the whole game, so each is drawn once: a finished game never changes, and
its turns are kept by game id and version, for the KEPT games whose charts were read last.
"""

from __future__ import annotations

import functools
from typing import Any
from uuid import UUID

from domain import clock
from domain.contract import Event
from services.errors import NotFinished
from services.log.presenting import seat_names
from services.log.store import GameStore

KEPT = 128  # finished games whose charts are kept in memory, the most recently read


class ScoreCharts:
    """The charts of finished games, each folded from the log once and then kept."""

    def __init__(self, store: GameStore, kept: int = KEPT):
        self.store = store
        self._turns = functools.lru_cache(maxsize=kept)(self._fold_turns)

    def chart(self, game_id: UUID) -> dict[str, Any]:
        """The turns of a finished game with the scores each ended on (the last, the outcome's)."""
        game = self.store.game(game_id)
        if not game.finished:
            raise NotFinished("a game's score chart is drawn once it is over (until then its scores are on its table)",
                              field="id")
        # The kept rows are shared between answers: each answer has a list of its own.
        return {"game_id": str(game_id), "seats": seat_names(game), "turns": list(self._turns(game_id, game.version))}

    def _fold_turns(self, game_id: UUID, version: int) -> tuple[dict[str, Any], ...]:
        state = self.store.game(game_id, version=1).state
        rules = self.store.game(game_id).rules
        by_turn: dict[int, dict[str, Any]] = {}
        for stored in self.store.stored_events(game_id, gt=1, lte=version):
            state = clock.fold(rules, state, Event.from_json(stored.domain_event))
            turn = rules.turn(state)
            # A turn's last step is the table it ended on (a decision ending one turn may begin the next).
            by_turn[turn.number] = {"turn": turn.number, "seat": turn.seat, "step": stored.originator_version,
                                    "scores": rules.scores(state)}
        return tuple(sorted(by_turn.values(), key=lambda row: row["turn"]))
