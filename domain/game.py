"""The contract every game implements: one typed `Game` object per game, assembled in the game's
package (`domain/<game>/game.py`) from its module functions.

A game deals (`setup`), says whose decision it is (`to_act`), lists the legal actions, turns a
decision into events and the table after them (`decide`, the only place randomness is used, gives
a `Decision`; `decide_trusted` does the same for an action from the game's own legal list without
checking it again), folds events into state (its event table's `evolve`, pure: what rebuilds a game from
its log), and shows the table to one seat (`view`). Seats are indices 0..n-1; names, tokens and bots
belong to the service. Actions are plain JSON objects, so a client can post back exactly what
`legal_actions` listed. A game is over exactly when `outcome` is not None.

What only some games have is a capability: a typed field that is None or present, which the service
asks for rather than probing the object:
- `interrupts`: decisions waiting on a seat above the turn's own (a Chi conflict, an Xi Cards
  response window, a choice a power asks for), and the standing rules a seat may set to answer them;
- `rival`: a rival that is not a seat (Tianxia's Li Mu), whose turns the rules play
  (domain.rules_turns): while it is to play, no seat is to act and the game is not over;
- `options`: the game's own options, their choices, defaults and the tables that refuse them;
- `decks`: the public decks a seat may bring by name; `search`: the hooks of the search bot;
- `tallies`: what `chronicle simulate` counts; `solo`: the boards of solo scores.
The methods below the fields (`pending`, `rules_turn`, `describe_on`, ...) are the contract as the
service reads it, with the defaults of a game that lacks the capability.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar

from domain.contract import Action, Bot, Decision, Event, Outcome, Pending, Rule, Turn
from domain.errors import NotYourTurn
from domain.event_table import EventTable
from domain.rng import Rng

S = TypeVar("S")  # a game's state: the dataclass its fold builds
Options = Mapping[str, Any]  # a game's options, as a game was created with them
Scenario = Mapping[str, Any]  # a sandbox game's chosen position, as JSON
View = Mapping[str, Any]  # the table as one seat sees it, as JSON
Names = Sequence[str]  # the seats' names, by seat

EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Interrupts(Generic[S]):
    """Decisions waiting on a seat above the turn's own, and the standing rules that answer them."""

    pending: Callable[[S], Sequence[Pending]]  # the interrupts waiting, bottom first; empty on an ordinary turn
    # The action a seat's standing rules give now (pure; one of its legal actions), else None.
    standing_answer: Callable[[S, int], Action | None] = lambda state, seat: None
    # Whether seats may set standing rules. If they may, the times of answers to interrupts are
    # hidden from the other seats while the game runs, so a standing answer, given at once, cannot
    # be told from one given by hand.
    standing_rules: bool = False


@dataclass(frozen=True)
class RivalTurns(Generic[S]):
    """A rival that is not a seat, whose turns the rules themselves play."""

    to_play: Callable[[S], str | None]  # the rival to play now ("li-mu"); None while a seat acts or once over
    play: Callable[[S, Rng], Decision]  # its whole turn: events and the table after them
    names: Mapping[str, str] = field(default_factory=dict)  # a rival's name in words ("Li Mu")


def _no_refusal(seats: int, options: Options) -> tuple[str, str] | None:
    return None


@dataclass(frozen=True)
class GameOptions:
    """A game's own options."""

    types: Mapping[str, type]  # name -> the type of its value
    choices: Mapping[str, Sequence[Any]] = field(default_factory=dict)  # an option's allowed values
    defaults: Mapping[str, Any] = field(default_factory=dict)  # what a new game records when not given
    stored_defaults: Mapping[str, Any] = field(default_factory=dict)  # what a game stored before the option existed plays
    # The option, and why, that a table of that many seats cannot take; None when it can.
    refusal: Callable[[int, Options], tuple[str, str] | None] = _no_refusal
    levels: str | None = None  # the option whose choices set a rival's strength, in rising order


@dataclass(frozen=True)
class Decks:
    """The decks seats bring: public ones by name, and the action that brings one."""

    named: Mapping[str, Sequence[str]]  # name -> the card ids of a public deck
    bring: Callable[[str | Sequence[str]], Action]  # the action bringing a deck: a name or card ids
    # title -> a function turning a named deck's cards into another legal list (`chronicle simulate`).
    variants: Mapping[str, Callable[[Sequence[str]], list[str]]] = field(default_factory=dict)


@dataclass(frozen=True)
class AnalysisTerms(Generic[S]):
    """How the analysis of a game's decisions (domain.analysis) judges them: its budget and marks."""

    playouts: int  # samples a decision is judged on at the default strength (each step doubles it)
    # The loss that earns an inaccuracy, a mistake, a blunder, in win chance (0 to 1): set from the
    # measured losses of the search bot's own games, so that they get few marks (bench.analysis).
    thresholds: tuple[float, float, float]
    # A seat alone: its result in the game's points on a table a playout stopped on (over or cut
    # short), what the analysis shows as the expected score; None: the search's reward.
    points: Callable[[S], float] | None = None
    depth: int | None = None  # decisions a playout makes before it is cut short (None: the search's)
    points_unit: str = "points"  # what the points are called in the game's words
    points_thresholds: tuple[float, float, float] = (5.0, 10.0, 20.0)  # alone, in points
    points_whole: float = 20.0  # alone: the points lost that count as a whole game's win chance
    # Platt scaling of an action's mean reward into a win chance, logit(p) = slope * logit(reward)
    # + intercept: a playout cut short scores by the lead, which is no probability; fitted on the
    # heuristic bot's games by bench.analysis (--fit). (1, 0) takes the reward as it is. With
    # `leads`, the logit is of each playout's lead instead: logit(p) = slope * lead + intercept.
    calibration: tuple[float, float] = (1.0, 0.0)
    # Each seat's lead over the best other seat, in the game's points, on a table a playout stopped
    # on. Set, a decision where seats win or lose is judged by win chances made of leads: a playout
    # cut short counts the seat's lead through the calibration, logit(p) = slope * lead + intercept,
    # one that reached the end its share of the win; None: by the search's reward (calibrated). A
    # lead counts alike early and late, where a reward scaled by the scores (as Xanadu's) shrinks
    # the late differences, when a point is hardest to win back.
    leads: Callable[[S], Sequence[float]] | None = None
    # How many of chess's moves one of the game's decisions counts as in lichess's accuracy curve
    # (domain.analysis.move_accuracy): the decisions a seat takes in a game of the heuristic bot over
    # chess's 40 a side (bench.analysis prints both), never below 1. A long game spreads its stakes
    # thin: each decision's loss is small, and counted at lichess's rate a careless player's many
    # small losses would look like a careful one's.
    accuracy_scale: float = 1.0


@dataclass(frozen=True)
class SearchHooks(Generic[S]):
    """What the search bot needs of a game beyond the contract (domain.search)."""

    # A whole table whose view for the view's seat is `view`: what that seat cannot see dealt at random.
    determinize: Callable[[View, Rng], S]
    # Each seat's reward in [0, 1] for a table a playout stopped on; None leaves it to the scores.
    rewards: Callable[[S], list[float] | None] | None = None
    analysis: AnalysisTerms[S] | None = None  # None: the analysis's defaults
    # By the name of a bot that plays playouts: what that bot is handed in them, `(table, seat)` to
    # a view holding only what the bot reads (the same choices as on the whole view), built like
    # `view` from what the seat may see. A playout asks a view at every decision, and the whole view
    # a client gets (every stack, label and score) costs more than the bot's choice. A bot not named
    # here is handed `view`. Read only: it may share the table's lists and the cards' faces.
    playout_views: Mapping[str, Callable[[S, int], View]] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True)
class Tallies(Generic[S]):
    """What `chronicle simulate` counts in a game's playouts."""

    event: str | None = None  # the event whose "card" it counts
    count: Callable[[S, Sequence[Event]], Mapping[str, int]] | None = None  # named counts of one decision


@dataclass(frozen=True)
class SoloBoards:
    """Boards of solo scores, and the one a finished solo game counts on."""

    boards: Sequence[str]
    board: Callable[[Options], str]


@dataclass(frozen=True, eq=False)
class Game(Generic[S]):
    """One game's rules. Every operation is pure; only `setup`, `decide` and a rival's turn draw from `rng`."""

    name: str
    title: str
    version: str
    seats: tuple[int, int]  # fewest and most seats
    rulebook: Mapping[str, Rule]
    state_types: tuple[type, ...]  # dataclasses in the state, so the store can snapshot it as JSON
    stand_in_bot: str  # the bot that plays a decision whose time ran out, unless the clock names one
    events: EventTable[S]  # every event type once: its fold, its replay line, whether it may be taken back

    new_state: Callable[[int, Options], S]  # the empty table, before the setup events
    setup: Callable[[int, Options, Rng], Decision]  # the opening events and the table they lay out
    # The seat whose decision it is; None once over or while a rival plays. With interrupts pending,
    # the seat of the top one (the conformance suite checks it).
    to_act: Callable[[S], int | None]
    turn: Callable[[S], Turn]  # the turn the table is in and the seat whose turn it is
    legal_actions: Callable[[S, int], list[Action]]  # every action a seat may take now, in a stable order
    # Actions open to a seat whoever's decision it is (resigning): bots never take them by chance.
    open_actions: Callable[[S, int], list[Action]]
    # The events an action causes and the table after them, or IllegalAction / NotYourTurn / GameOver.
    decide: Callable[[S, int, Action, Rng], Decision]
    view: Callable[[S, int | None, bool], dict[str, Any]]  # the table as a seat (None: a spectator) sees it
    outcome: Callable[[S], Outcome | None]  # scores and winners once over, else None
    # Each seat's score as the table stands between decisions (public: the score chart draws it).
    scores: Callable[[S], list[int]]

    # Sandbox games: a chosen position in place of a random deal.
    scenario_example: Scenario  # one documented example of the game's scenario JSON
    scenario_setup: Callable[[int, Options, Scenario, Rng], Decision]  # IllegalAction names the field
    scenario_of: Callable[[S], dict[str, Any]]  # the scenario laying out this table exactly, to fork a game

    # The trusted path: `decide` for an action taken from the game's own legal list for that table
    # (`legal_actions(state, seat)`, that very state and seat), which it need not check again: the
    # same events and table as `decide`, or anything at all for an action from anywhere else. Only
    # the rules' own players take it (random and search playouts, benches); whatever a client or a
    # bot's move sends goes through `decide`. A game without a faster path leaves it out, and it is
    # `decide` itself (tests/unit/test_trusted_path.py holds every game to the same events).
    decide_trusted: Callable[[S, int, Action, Rng], Decision] = None  # type: ignore[assignment]
    # The trusted path's table alone, `decide_trusted(...).state` without the events made: what a
    # search's playouts step through, reading only the table (tests/unit/test_trusted_path.py holds
    # it to the same table and draws). None: a search takes `decide_trusted`'s. A copy of the game
    # made with another `decide_trusted` (dataclasses.replace) keeps this one: replace both.
    advance: Callable[[S, int, Action, Rng], S] | None = None

    # The bots, made once the game is (the search bot plays on the game itself).
    make_bots: Callable[["Game[S]"], Mapping[str, Bot]] = lambda game: {}
    # Whether a decision made of these events may be taken back (domain.takeback); the event table's
    # own answer unless a game asks more of it.
    takeback: Callable[[Sequence[Event]], bool] | None = None
    score_word: str = "score"  # what `scores` counts, as a sentence names it ("life", "prestige")
    seat_modes: Mapping[int, str] = field(default_factory=dict)  # the table a number of seats makes, in words, where it changes the game
    titles: Sequence[str] = ()  # the game's ranks, lowest first
    catalogue: Mapping[str, Any] | None = None  # its public card list, if it has one: id -> card with `to_json`
    rated_seats: str = "all"  # "persons": its ratings count games between players only
    card_table: Callable[[], str] | None = None  # its catalogue as a Markdown page (`chronicle cards`)
    # Whether this code re-runs a game recorded under another rules version with these options.
    replays: Callable[[str, Options], bool] | None = None

    interrupts: Interrupts[S] | None = None
    rival: RivalTurns[S] | None = None
    options: GameOptions | None = None
    decks: Decks | None = None
    search: SearchHooks[S] | None = None
    tallies: Tallies[S] | None = None
    solo: SoloBoards | None = None

    bots: Mapping[str, Bot] = field(init=False)

    def __post_init__(self) -> None:
        if self.decide_trusted is None:
            object.__setattr__(self, "decide_trusted", self.decide)
        object.__setattr__(self, "bots", dict(self.make_bots(self)))

    # The contract as the service reads it, with the defaults of a game lacking a capability.

    def evolve(self, state: S, event: Event) -> S:
        """The state after the event: deterministic, no randomness, no clock; `state` is left as it was."""
        return self.events.evolve(state, event)

    def describe(self, event: Event, names: Names) -> str:
        """One line for the replay, naming seats by `names`."""
        return self.events.describe(event, names)

    def describe_on(self, view_before: View, event: Event, names: Names) -> str:
        """The line read against the table the viewer saw just before the event (domain.lines)."""
        return self.events.describe_on(view_before, event, names)

    def line_reads_table(self, event: Event) -> bool:
        """Whether the event's line reads the table before it (else no view of it is needed)."""
        return self.events.line_reads_table(event)

    @property
    def reads_the_table(self) -> bool:
        """Whether the game's lines read the table (else the view before each event is not needed)."""
        return self.events.reads_the_table

    @property
    def bookkeeping(self) -> frozenset[str]:
        """The event types that only keep the table in order: a move list may fold their lines away."""
        return self.events.bookkeeping

    def reversible(self, events: Sequence[Event]) -> bool:
        """Whether a decision with these events may be taken back: they drew nothing at random and
        showed the deciding seat nothing it did not know (domain.takeback)."""
        if self.takeback is not None:
            return self.takeback(events)
        return self.events.reversible(events)

    def pending(self, state: S) -> Sequence[Pending]:
        """The interrupts waiting, bottom first; empty on an ordinary turn."""
        return self.interrupts.pending(state) if self.interrupts else ()

    def standing_answer(self, state: S, seat: int) -> Action | None:
        """The action `seat`'s standing rules give now, else None."""
        return self.interrupts.standing_answer(state, seat) if self.interrupts else None

    @property
    def standing_rules(self) -> bool:
        """Whether seats may set standing rules."""
        return self.interrupts is not None and self.interrupts.standing_rules

    def rules_turn(self, state: S) -> str | None:
        """The rival whose turn the rules play now; None when a seat is to act or the game is over."""
        return self.rival.to_play(state) if self.rival else None

    def play_rules_turn(self, state: S, rng: Rng) -> Decision:
        """The rival's whole turn on `state`; NotYourTurn when the rules have no turn to play."""
        if self.rival is None:
            raise NotYourTurn("the rules have no turn of their own to play here")
        return self.rival.play(state, rng)

    @property
    def option_types(self) -> Mapping[str, type]:
        """The game's own options, name -> the type of its value; none without options."""
        return self.options.types if self.options else EMPTY

    @property
    def option_choices(self) -> Mapping[str, Sequence[Any]]:
        """The allowed values of the options that have a list of them."""
        return self.options.choices if self.options else EMPTY

    def new_game_options(self, options: Options | None) -> dict[str, Any]:
        """A new game's options: those given, and the game's defaults for the others (what a game
        records at creation, e.g. the newest edition of its deck, so that it keeps it)."""
        defaults = self.options.defaults if self.options else EMPTY
        return {**defaults, **dict(options or {})}

    def played_options(self, options: Options) -> dict[str, Any]:
        """The game's own options as a stored game plays them, those it was made before included."""
        if self.options is None:
            return {}
        own = self.options.types
        return {**self.options.stored_defaults, **{key: options[key] for key in own if key in options}}

    def option_refusal(self, seats: int, options: Options) -> tuple[str, str] | None:
        """The option, and why, that a table of `seats` cannot take; None when it can."""
        return self.options.refusal(seats, options) if self.options else None
