"""The values that cross the contract every game implements (domain.game.Game): rules, events,
decisions, turns, outcomes, bots and the interrupts pending.

Interrupts (a Chi conflict, an Xi Cards response window, a choice a power asks for) are decisions
waiting on a seat above the turn's own: a game's `pending` lists them, bottom first, and `to_act`
is the seat of the top one. A seat may have standing rules that answer them (`standing_answer`);
the service records such an answer as that seat's decision, like one given by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Protocol, Sequence

from domain.rng import Rng

Action = dict[str, Any]


@dataclass(frozen=True)
class Rule:
    """One entry of a game's rule index: the id errors and events cite."""

    id: str
    section: str
    text: str


NO_FACTS: Mapping[str, Any] = MappingProxyType({})  # an event's empty private or secret facts


class Event(NamedTuple):
    """Something that happened, the rule that made it happen, and who may see which facts.

    `data` is public. `private` is seen only by seat `private_to` (a card drawn from the deck).
    `secret` is seen by nobody while the game runs (the order of a shuffled deck). Once the game is
    over everything is shown. Values must be JSON: str, int, bool, None, lists and str-keyed dicts.
    An immutable tuple: every decision makes several, so they must be cheap to make.
    """

    type: str
    rule: str
    data: Mapping[str, Any] = NO_FACTS
    private: Mapping[str, Any] = NO_FACTS
    private_to: int | None = None
    secret: Mapping[str, Any] = NO_FACTS

    @property
    def facts(self) -> Mapping[str, Any]:
        """Every fact of the event, hidden ones included: what `evolve` reads (and never changes)."""
        if self.private or self.secret:
            return {**self.data, **self.private, **self.secret}
        return self.data

    def seen_by(self, viewer: int | None, *, reveal: bool = False) -> dict[str, Any]:
        """The event as `viewer` (a seat, or None for a spectator) may see it.

        Hidden facts are left out and their names listed under `hidden`, so a client knows
        something was there without learning what.
        """
        shown = dict(self.data)
        hidden: list[str] = []
        if reveal or (self.private_to is not None and viewer == self.private_to):
            shown.update(self.private)
        else:
            hidden.extend(self.private)
        if reveal:
            shown.update(self.secret)
        else:
            hidden.extend(self.secret)
        seen: dict[str, Any] = {"type": self.type, "rule": self.rule, "data": shown}
        if hidden:
            seen["hidden"] = sorted(hidden)
        return seen

    def to_json(self) -> dict[str, Any]:
        """The whole event as stored."""
        return {
            "type": self.type,
            "rule": self.rule,
            "data": dict(self.data),
            "private": dict(self.private),
            "private_to": self.private_to,
            "secret": dict(self.secret),
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Event":
        return cls(
            type=raw["type"],
            rule=raw["rule"],
            data=raw.get("data", {}),
            private=raw.get("private", {}),
            private_to=raw.get("private_to"),
            secret=raw.get("secret", {}),
        )


def seat_name(names: Sequence[str], seat: int) -> str:
    """How a replay line names a seat: by its name, or by its number when the names do not cover it."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


class Decision(NamedTuple):
    """What a deal or a decision gives: its events, in order, and the table after them.

    `state` is exactly what folding `events` one by one with `evolve` into the table the decision
    was taken on gives (the conformance suite checks it for every game): `decide` builds it along
    the way, so whoever records the events adopts it rather than folding them a second time.
    """

    events: list[Event]
    state: Any


class Turn(NamedTuple):
    """Which turn a table is in, and whose: a replay's move list groups decisions by it."""

    number: int  # 0 for the opening (deal and starting choices), then 1, 2, ... and never back
    seat: int | None  # the seat whose turn it is (another may decide within it); None in the opening
    rival: str | None = None  # or the rival whose turn the rules play (seat None): Tianxia's "li-mu"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: scores by seat, the winning seats (all of them on a tie)."""

    scores: list[int]
    winners: list[int]
    reason: str
    detail: dict[str, Any] = field(default_factory=dict)
    beaten_by: str | None = None  # a rival the rules play (Li Mu) who won: no seat did, and it is no tie

    @property
    def is_tie(self) -> bool:
        return len(self.winners) != 1 and self.beaten_by is None

    def to_json(self) -> dict[str, Any]:
        shown = {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "tie": self.is_tie,
            "reason": self.reason,
            "detail": dict(self.detail),
        }
        if self.beaten_by is not None:
            shown["beaten_by"] = self.beaten_by
        return shown


class Bot(Protocol):
    """An automated player. It decides from the seat's view only, never from the full state.

    A bot whose strength a seat may choose also declares `strengths` (the levels, weakest first)
    and `at_strength(level)` (the bot playing at that level, under the same name and version)."""

    name: str
    version: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> Action: ...


WINDOW, CHOICE = "window", "choice"


class Pending(NamedTuple):
    """A decision waiting on a seat above the turn's own: a window, or a choice an effect asks for.

    Everything in it is public: whether it opens may depend only on what every seat may know.
    """

    seat: int
    kind: str  # WINDOW (the seat may answer or let it pass) | CHOICE (the seat must choose)
    rule: str  # the rule that opened it
    facts: Mapping[str, Any]  # what it answers (the declarer, the card, the target), all public
    decline: Action | None  # the action that lets a window pass; None for a choice

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "rule": self.rule, "facts": dict(self.facts),
                "decline": dict(self.decline) if self.decline is not None else None}
