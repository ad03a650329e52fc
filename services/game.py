"""The game aggregate: one event stream per game.

The aggregate stores what the rules produced and nothing more: a `Created` event with the seats,
the seed and its commitment, then one `Recorded` event per domain event, each with the decision
that caused it. Its state is the rules' state folded from those events, so any version of a game
can be rebuilt, and a snapshot of it is the game at that version.
"""

from __future__ import annotations

import copy
from typing import Any

from eventsourcing.domain import Aggregate, event

from domain import clock, registry
from domain.chain import header_hash
from domain.contract import Event


class Game(Aggregate):
    """A game of any registered kind, as the sequence of what happened in it."""

    @event("Created")
    def __init__(
        self,
        game: str,
        rules_version: str,
        seats: list[dict[str, Any]],
        options: dict[str, Any],
        seed: str,
        seed_commitment: str,
    ):
        self.game = game
        self.rules_version = rules_version
        self.seats = seats
        # The seats as created: what the chain binds, even once players have taken open seats.
        self.header_seats = [{"name": seat["name"], "bot": seat.get("bot")} for seat in seats]
        self.options = options
        self.seed = seed
        self.seed_commitment = seed_commitment
        self.state = registry.get(game).new_state(len(seats), options)
        self.finished = False
        self.decided_at: str | None = None  # when the last decision (or the deal) was taken
        self.head = header_hash(self.header())

    def header(self) -> dict[str, Any]:
        """What the log is bound to: the game, its rules, seats and seed commitment (not the seed)."""
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "seats": getattr(self, "header_seats", None)
            or [{"name": seat["name"], "bot": seat.get("bot")} for seat in self.seats],
            "options": self.options,
            "seed_commitment": self.seed_commitment,
        }

    @event("Recorded")
    def record(self, domain_event: dict[str, Any], cause: dict[str, Any], chain: str) -> None:
        """Fold one domain event into the state; `chain` is its hash in the game's chain."""
        self.head = chain
        rules = registry.get(self.game)
        self.state = clock.fold(rules, self.state, Event.from_json(domain_event))
        self.decided_at = cause.get("at", getattr(self, "decided_at", None))
        # Over means an outcome exists: during the deal nobody is to act, yet the game is not over.
        self.finished = rules.outcome(self.state) is not None

    def __deepcopy__(self, memo: dict) -> "Game":
        # The store copies a cached game before handing it out. The rules never change a state in
        # place (evolve returns a new one) and nothing else here is mutated, so sharing is safe.
        clone = copy.copy(self)
        clone._pending_events = list(self._pending_events)
        return clone

    @property
    def rules(self):
        return registry.get(self.game)

    def to_act(self) -> int | None:
        return self.rules.to_act(self.state)


class IdempotentReply(Aggregate):
    """The answer given to a move sent with an Idempotency-Key, saved with the move's events."""

    @staticmethod
    def create_id(game_id: str, key: str) -> Any:
        return reply_id(game_id, key)

    @event("Given")
    def __init__(self, game_id: str, key: str, fingerprint: str, reply: dict[str, Any]):
        self.game_id = game_id
        self.key = key
        self.fingerprint = fingerprint
        self.reply = reply


def reply_id(game_id: str, key: str):
    """The id of the saved reply for a game's Idempotency-Key (one stream per key and game)."""
    from uuid import NAMESPACE_URL, uuid5

    return uuid5(NAMESPACE_URL, f"chronicle:idempotency:{game_id}:{key}")
