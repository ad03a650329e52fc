"""The game aggregate: one event stream per game.

The aggregate stores what the rules produced and nothing more: a `Created` event with the seats,
the seed and its commitment, then one `Recorded` event per domain event, each with the decision
that caused it. Its state is the rules' state folded from those events, so any version of a game
can be rebuilt, and a snapshot of it is the game at that version.

Applying a `Recorded` event (the body of `record`, run by the library both when the event is
triggered and when the game is loaded from the store) keeps the domain event to be folded; the
fold happens when the state is first read. A command that took a decision already holds the
table after its events (the rules' `Decision`): `record_decision` records the events and adopts
that table, so the write path folds nothing twice.
"""

from __future__ import annotations

import copy
from typing import Any

from eventsourcing.domain import Aggregate, event

from domain import clock, registry
from domain.chain import header_hash, links
from domain.contract import Decision, Event
from domain.rng import Rng

# The store names these classes as the module they were first defined in did (explicit topics of
# the eventsourcing library), so that every store, written before the services were grouped by
# concern or after, reads alike and holds the same names.
STORED_AS = "services.game"


def header_seat(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat as the log's header binds it: its name and bot, and the bot's strength when chosen."""
    bound = {"name": seat["name"], "bot": seat.get("bot")}
    if seat.get("strength") is not None:
        bound["strength"] = seat["strength"]
    return bound


def decision_rng(seed: str, version: int) -> Rng:
    """The random stream of the decision taken on `version` of a game."""
    return Rng(seed, f"decision:{version}")


class Game(Aggregate):
    """A game of any registered kind, as the sequence of what happened in it."""

    TOPIC = f"{STORED_AS}:Game"

    # 2: the rules' state is kept in `_state`, with the recorded events not yet folded into it.
    class_version = 2

    @event("Created", topic=f"{STORED_AS}:Game.Created")
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
        self.header_seats = [header_seat(seat) for seat in seats]
        self.options = options
        self.seed = seed
        self.seed_commitment = seed_commitment
        self._state = registry.get(game).new_state(len(seats), options)
        self._unfolded: list[dict[str, Any]] = []  # recorded domain events not yet in `_state`
        self._finished = False
        self.decided_at: str | None = None  # when the last decision (or the deal) was taken
        self.head = header_hash(self.header())

    def header(self) -> dict[str, Any]:
        """What the log is bound to: the game, its rules, seats and seed commitment (not the seed)."""
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "seats": getattr(self, "header_seats", None)
            or [header_seat(seat) for seat in self.seats],
            "options": self.options,
            "seed_commitment": self.seed_commitment,
        }

    @event("Recorded", topic=f"{STORED_AS}:Game.Recorded")
    def record(self, domain_event: dict[str, Any], cause: dict[str, Any], chain: str) -> None:
        """One domain event of the log; `chain` is its hash in the game's chain. It is folded into
        the state when the state is next read."""
        self._apply_recorded(domain_event, cause, chain)

    def _apply_recorded(self, domain_event: dict[str, Any], cause: dict[str, Any], chain: str) -> None:
        self.head = chain
        self.decided_at = cause.get("at", getattr(self, "decided_at", None))
        # The seat whose time ran out and who forfeited by it, if the last decision was that: a
        # game that ends on it ended by the clock (domain.result_words says so).
        clock_ran_out = cause.get("clock") or {}
        self.forfeited_on_time = cause.get("seat") if clock_ran_out.get("policy") == "forfeit" else None
        self._unfolded.append(domain_event)

    def record_decision(self, decision: Decision, cause: dict[str, Any]) -> None:
        """Record a deal's or a decision's events, each chained to the one before, and adopt the
        table the rules built along them."""
        if self._unfolded:  # the decision was taken on the table after every earlier event
            self._fold()
        domain_events = [happened.to_json() for happened in decision.events]
        for domain_event, chain in zip(domain_events, links(self.seed, self.head, self.version + 1, domain_events, cause)):
            self._trigger_recorded(domain_event, cause, chain)
        self._unfolded = []
        self._set_state(decision.state)

    def _trigger_recorded(self, domain_event: dict[str, Any], cause: dict[str, Any], chain: str) -> None:
        """What `record` triggers (the library's `trigger_event` and `mutate` for this one event
        class: the next version's `Recorded`, applied, then kept to be saved), without the
        decorator's work per call of matching arguments to parameters, checking the class's
        topic and the event's id and version, which a game recording its own next event passes."""
        recorded = self.Recorded(originator_id=self.id, originator_version=self.version + 1,
                                 timestamp=self.Recorded.create_timestamp(),
                                 domain_event=domain_event, cause=cause, chain=chain)
        self._apply_recorded(domain_event, cause, chain)
        self.version = recorded.originator_version
        self.modified_on = recorded.timestamp
        self._pending_events.append(recorded)

    def adopt_state(self, state: Any) -> None:
        """Take `state` as the table after every event recorded so far: folded already by the
        caller from the same events (a replay step's explanation folds them)."""
        self._unfolded = []
        self._set_state(state)

    @property
    def state(self) -> Any:
        """The rules' state after every event recorded so far."""
        if self._unfolded:
            self._fold()
        return self._state

    @property
    def finished(self) -> bool:
        """Whether the game is over: an outcome exists (during the deal nobody is to act, yet the
        game is not over)."""
        if self._unfolded or self._finished is None:
            self._set_state(self.state)
        return self._finished

    def _fold(self) -> None:
        rules = registry.get(self.game)
        state = self._state
        for domain_event in self._unfolded:
            state = clock.fold(rules, state, Event.from_json(domain_event))
        self._unfolded = []
        self._set_state(state)

    def _set_state(self, state: Any) -> None:
        self._state = state
        self._finished = registry.get(self.game).outcome(state) is not None

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A snapshot taken before version 2 holds the folded state as `state` and `finished`."""
        state["_state"] = state.pop("state")
        state.pop("finished", None)
        state["_unfolded"] = []
        state["_finished"] = None

    def __deepcopy__(self, memo: dict) -> "Game":
        # The store copies a cached game before handing it out. The rules never change a state in
        # place (evolve returns a new one), so the copies share it; the lists that grow are copied.
        clone = copy.copy(self)
        clone._pending_events = list(self._pending_events)
        clone._unfolded = list(self._unfolded)
        return clone

    @property
    def rules(self):
        return registry.get(self.game)

    def to_act(self) -> int | None:
        return self.rules.to_act(self.state)


class IdempotentReply(Aggregate):
    """The answer given to a move sent with an Idempotency-Key, saved with the move's events."""

    TOPIC = f"{STORED_AS}:IdempotentReply"

    class Created(Aggregate.Created):
        TOPIC = f"{STORED_AS}:IdempotentReply.Created"

    @staticmethod
    def create_id(game_id: str, key: str) -> Any:
        return reply_id(game_id, key)

    @event("Given", topic=f"{STORED_AS}:IdempotentReply.Given")
    def __init__(self, game_id: str, key: str, fingerprint: str, reply: dict[str, Any]):
        self.game_id = game_id
        self.key = key
        self.fingerprint = fingerprint
        self.reply = reply


def reply_id(game_id: str, key: str):
    """The id of the saved reply for a game's Idempotency-Key (one stream per key and game)."""
    from uuid import NAMESPACE_URL, uuid5

    return uuid5(NAMESPACE_URL, f"chronicle:idempotency:{game_id}:{key}")
