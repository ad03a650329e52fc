"""The contract every game implements, and the values that cross it.

A game is a `Rules` object: it deals (`setup`), says whose decision it is (`to_act`), lists the
legal actions, turns a decision into events and the table after them (`decide`, the only place
randomness is used, gives a `Decision`), folds events into state (`evolve`, pure: what rebuilds a
game from its log), and shows the table to one seat (`view`). Seats are indices
0..n-1; names, tokens and bots belong to the service. Actions are plain JSON objects, so a client
can post back exactly what `legal_actions` listed.

Interrupts (a Chi conflict, an Xi Cards response window, a choice a power asks for) are decisions
waiting on a seat above the turn's own: `pending` lists them, bottom first, and `to_act` is the
seat of the top one. A seat may have standing rules that answer them (`standing_answer`); the
service records such an answer as that seat's decision, like one given by hand. A game without
interrupts inherits `Interrupts`, whose defaults say so.

A rival that is not a seat (Tianxia's Li Mu) is played by the rules themselves: while
`rules_turn` names it, no seat is to act and the game is not over, and the service has the rules
play that turn (`play_rules_turn`), as it has a bot play a bot seat's (domain.rules_turns). A
game without such rivals inherits `RulesTurns`, whose defaults say so. A game is over exactly when
`outcome` is not None.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple, Protocol, Sequence

from domain.errors import NotYourTurn
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


class Interrupts:
    """The contract's interrupt methods for a game that has no interrupts: nothing is ever pending
    and no seat has standing rules. Every game's rules inherit these and override what they have."""

    # Whether seats may set standing rules. If they may, the times of answers to interrupts are
    # hidden from the other seats while the game runs, so a standing answer, given at once, cannot
    # be told from one given by hand.
    standing_rules: bool = False

    def pending(self, state: Any) -> Sequence[Pending]:
        """The interrupts waiting, bottom first; empty on an ordinary turn."""
        return []

    def standing_answer(self, state: Any, seat: int) -> Action | None:
        """The action `seat`'s standing rules give now (pure; one of its legal actions), else None."""
        return None


class RulesTurns:
    """The contract's rules-turn methods for a game whose every decision is a seat's: the rules
    never have a turn of their own. Every game's rules inherit these and override what they have."""

    def rules_turn(self, state: Any) -> str | None:
        """The rival whose turn the rules play now (its name, e.g. "li-mu"); None when a seat is to
        act or the game is over."""
        return None

    def play_rules_turn(self, state: Any, rng: Rng) -> Decision:
        """The rival's whole turn on `state`, its randomness drawn from `rng`: its events and the
        table after them. NotYourTurn when the rules have no turn to play."""
        raise NotYourTurn("the rules have no turn of their own to play here")


class Rules(Protocol):
    """One game's rules. Every method is pure; only `setup` and `decide` draw from `rng`."""

    name: str
    title: str
    version: str
    seats: tuple[int, int]  # fewest and most seats
    rulebook: Mapping[str, Rule]
    bots: Mapping[str, Bot]
    stand_in_bot: str  # the bot that plays a decision whose time ran out, unless the clock names one
    # A game may also declare: `seat_modes` (the table a number of seats makes, in words, where
    # the number changes the game: a rival the rules play, a solitaire), `options` (its own game
    # options, name -> type), `titles` (its ranks, lowest first), `catalogue` (its public card
    # list, id -> card with `to_json`) and
    # `tally_event` (the event whose "card" `chronicle simulate` counts), `tallies(state, events)`
    # (named counts of one decision for `chronicle simulate`), `option_defaults` (options a new game
    # records when not given), `stored_option_defaults` (what a game stored without an option, made
    # before it existed, plays), `option_choices` (an option's allowed values),
    # `option_refusal(seats, options)` (the option, and why, that a table of that many seats cannot
    # take, or None), `levels` (the option whose choices set a rival's strength, in rising order,
    # which `chronicle simulate` measures one by one), `rival_names` (a rival's name in words),
    # `determinize(view, rng)` (a whole table whose view for the view's seat is `view`, what that
    # seat cannot see dealt at random among what it has not seen: the search bot plays on it),
    # `search_rewards(state)` (each seat's reward in [0, 1] for the table a search bot's playout
    # stopped on, over or cut short; None leaves it to the search's own measure by the scores),
    # `replays(rules_version, options)` (whether it re-runs a game recorded under another version),
    # `solo_boards` and `solo_board(options)` (the boards of solo scores, and the one a finished
    # solo game's score counts on: its variant, its rival's level) and `rated_seats` ("persons":
    # its ratings count games between players only).
    # A game whose seats bring decks may declare `named_decks` (name -> the card ids of a public
    # deck a seat may bring by name), `bring_deck(deck)` (the action bringing a deck: a name or a
    # list of card ids) and `deck_variants` (title -> a function turning a named deck's cards into
    # another legal list), which `chronicle simulate` plays deck against deck.
    # Dataclasses that appear in the state, so the store can snapshot it as JSON.
    state_types: tuple[type, ...]

    def new_state(self, seats: int, options: Mapping[str, Any]) -> Any:
        """The empty table, before the setup events."""

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
        """The opening events (shuffle, deal, choose who starts) and the table they lay out."""

    def to_act(self, state: Any) -> int | None:
        """The seat whose decision it is; None once the game is over or while the rules play a turn
        of their own (`rules_turn`). When `pending(state)` is not empty, it is the seat of the top
        one (the conformance suite checks it for every game)."""

    def rules_turn(self, state: Any) -> str | None:
        """The rival whose turn the rules play now, else None (`RulesTurns`' default: never). Never
        set together with `to_act`, nor with anything `pending`."""

    def play_rules_turn(self, state: Any, rng: Rng) -> Decision:
        """That turn, whole: its events and the table after them (`RulesTurns`' default refuses)."""

    def pending(self, state: Any) -> Sequence[Pending]:
        """The interrupts waiting, bottom first; [] on an ordinary turn (`Interrupts`' default)."""

    def standing_answer(self, state: Any, seat: int) -> Action | None:
        """The action `seat`'s standing rules give now, else None (`Interrupts`' default). Pure; a
        legal action of `seat`'s, which the service records at once as the seat's decision."""

    standing_rules: bool  # whether seats may set standing rules (`Interrupts`' default: False)

    def turn(self, state: Any) -> Turn:
        """The turn the table is in and the seat whose turn it is."""

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action `seat` may take now, in a stable order; empty when it is not to act."""

    def open_actions(self, state: Any, seat: int) -> list[Action]:
        """Actions open to `seat` whoever's decision it is (resigning, in a game of two or more
        seats). Bots choose among `legal_actions` only, so none of these is ever taken by chance."""

    def decide(self, state: Any, seat: int, action: Action, rng: Rng) -> Decision:
        """The events the action causes and the table after them, or IllegalAction / NotYourTurn /
        GameOver. `state` is left as it was."""

    def reversible(self, events: Sequence[Event]) -> bool:
        """Whether a decision with these events may be taken back: they drew nothing at random
        and showed the deciding seat nothing it did not know (domain.takeback)."""

    def evolve(self, state: Any, event: Event) -> Any:
        """The state after the event: deterministic, no randomness, no clock."""

    def view(self, state: Any, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        """The table as `viewer` may see it (None: a spectator); everything once over.

        `reveal` shows every hidden card as if the game were over: the steps of a finished game.
        """

    def outcome(self, state: Any) -> Outcome | None:
        """Scores and winners once the game is over, else None: what says whether it is over."""

    def scores(self, state: Any) -> list[int]:
        """Each seat's score as the table stands between decisions: what the outcome would count
        were the game to end now (the outcome's own scores once it is over). Public: the score
        chart of a finished game draws it turn by turn."""

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """One line for the replay, naming seats by `names`."""

    # A game may also declare `describe_on(view_before, event, names)`: the line read against the
    # table, `view_before` being `view(state_before, viewer, reveal)` (the table as the viewer saw
    # it just before the event) and `event` the event as that viewer sees it (its hidden facts
    # left out), so that it may say where ("places a worker on row 2 of bo's Armory") and never
    # names what the viewer may not see. Without it the line is `describe`'s (domain.lines).
    # A game may also declare `score_word`, what `scores` counts as a sentence names it ("life",
    # "prestige"; "score" when not declared).
    # A game may also declare `bookkeeping`, the event types that only keep the table in order (a
    # refill, a turn passing, a shuffle): a move list may fold their lines away, never any other's
    # (a choice, a card gained or lost, a score changed). Without it nothing is folded.

    # Sandbox games: a chosen position in place of a random deal.
    scenario_example: Mapping[str, Any]  # one documented example of the game's scenario JSON

    def scenario_setup(self, seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
        """Opening events laying out the scenario's table, and that table; IllegalAction naming the
        field if it cannot be."""

    def scenario_of(self, state: Any) -> dict[str, Any]:
        """The scenario that lays out this table exactly (hidden cards included), to fork a game."""
