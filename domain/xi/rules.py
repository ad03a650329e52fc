"""XiRules: the Xi rules behind the service's one contract (domain.contract.Rules).

Steps 2-4 of docs/design/xi-cards.md: setup, decks, the coin, Time, drawing, banking, ending
turns and resigning; playing units, skirmishes, derived stats (language/layers.py), the damage
pipeline (language/damage.py) and the loss at 0 life; spells, lasting spells, statements,
abilities, start-of-turn triggers and the card vocabulary's interpreter (language/); response
windows, the skirmish step and standing rules (engine/windows.py, engine/standing.py), reported
through the contract's `pending` and `standing_answer`; the end of the game, games of 3-4,
scenarios and forks (step 6). Its bots are `random`, `general` (bots/general.py, step 7) and
`search`, which searches tables dealt from its view (bots/determinize.py).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.bots import RandomBot
from domain.contract import CHOICE, WINDOW, Action, Decision, Event, Interrupts, Outcome, Pending, RulesTurns, Turn
from domain.rng import Rng
from domain.game import SearchHooks
from domain.search import Budget, SearchBot
from domain.xi.bots.determinize import determinize
from domain.xi.bots.general import GeneralBot, search_rewards
from domain.xi.cards.card_table import render as card_table
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from domain.xi.cards.faq_removals import REMOVED_NAMES, without_faq_removals
from domain.xi.describe import BOOKKEEPING, describe, describe_on
from domain.xi.emitter import Emitter
from domain.xi.engine.actions import legal_actions
from domain.xi.engine.choices import rule_of
from domain.xi.engine.decide import decide_events, setup_events
from domain.xi.engine.standing import UNABLE, standing_actions, standing_answer, starting
from domain.xi.engine.windows import PASS, RULE
from domain.xi.evolve import evolve
from domain.xi.rulebook import RULEBOOK
from domain.xi.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.xi.state import CHOOSE_STEP, OVER, SETUP, WINDOW_STEP, Effect, InPlay, Seat, Step, Unit, XiState, new_state
from domain.xi.table import to_act
from domain.xi.view import outcome, view

# xi.house.takeback: a bank, a set of standing rules, and a card played or an ability used that
# opened no window (what it resolved to included) draw nothing and show nothing.
REVERSIBLE = frozenset({"time_banked", "standing_set", "card_declared", "ability_declared", "unit_entered",
                        "card_in_play", "damage_dealt", "life_changed", "effect_started", "card_discarded",
                        "card_returned", "unit_destroyed"})


# Playouts by the general bot, 30 decisions deep (about a turn each side), on one dealt table, a
# cut playout scored by what each side holds (bots.holding). Unanchored it won 12 of 41 games
# against general (on smaller samples random playouts, or general ones 8-16 deep, or many tables,
# won 0-25%); anchored to general's own move (kept unless another's mean reward beats it by 0.03)
# it holds its own: the README gives the figures.
XI_SEARCH = Budget(playouts=60, tables=1, depth=30, exploration=0.3, playout_bot="general", anchor=0.03,
                   left_to_bot=("bring_deck", "choose_order"))


def _rewards(state: XiState) -> list[float] | None:
    """A search bot's playout cut short is scored by what each side holds (bots.search_rewards);
    one that reached the end, by the outcome as in every game."""
    return None if to_act(state) is None else search_rewards(state)


class XiRules(Interrupts, RulesTurns):
    """Xi Cards for two players, with the house rules of docs/house-rules.md."""

    name = "xi"
    title = "Xi Cards"
    score_word = "life"  # what `scores` counts, as a sentence names it
    version = "2"  # 2: the starter decks and the cards designed for them; events name the cards of units
    seats = (2, 4)  # 3-4 seats: xi.house.free-for-all
    rulebook = RULEBOOK
    catalogue = CARDS
    named_decks = NAMED  # the starters (xi.house.starters): public lists a seat may bring by name
    # The FAQ's advice for starter-deck battles (L431-433), for `chronicle simulate xi`.
    deck_variants = {f"with the FAQ's removals ({', '.join(REMOVED_NAMES)})": without_faq_removals}

    @staticmethod
    def bring_deck(deck: str | Sequence[str]) -> Action:
        """The action bringing `deck`: a named deck, or a list of card ids."""
        if isinstance(deck, str):
            return {"type": "bring_deck", "deck": deck}
        return {"type": "bring_deck", "cards": list(deck)}

    state_types = (XiState, Seat, Step, Unit, InPlay, Effect)
    stand_in_bot = "random"
    search: SearchHooks[XiState] = SearchHooks(determinize, _rewards)  # what the search bot reads (domain.search)
    standing_rules = True  # xi.house.standing-responses
    # Every seat starts with the standing rule to pass the windows it cannot answer
    # (xi.house.pass-when-unable); a game stored before the option was made without it.
    options = {UNABLE: bool}
    option_defaults = {UNABLE: True}
    stored_option_defaults = {UNABLE: False}

    def __init__(self) -> None:
        self.bots: dict[str, Any] = {"random": RandomBot(), "general": GeneralBot(),
                                     "search": SearchBot(self, XI_SEARCH)}

    def card_table(self) -> str:
        """The catalogue and the starters as the Markdown page docs/xi-cards.md is."""
        return card_table()

    def new_state(self, seats: int, options: Mapping[str, Any]) -> XiState:
        """The empty table, before setup."""
        return new_state(seats, self.starting_standing(options))

    def setup(self, seats: int, options: Mapping[str, Any], rng: Rng) -> Decision:
        """The players at 40 life, each waiting to bring a deck."""
        return setup_events(seats, rng, self.starting_standing(options))

    def starting_standing(self, options: Mapping[str, Any]) -> dict[str, Any] | None:
        """The standing rules every seat starts with: passing the windows it cannot answer, unless
        the game's `pass_when_unable` option is off (a game stored before the option: off)."""
        return starting(options.get(UNABLE, self.stored_option_defaults[UNABLE]))

    def to_act(self, state: XiState) -> int | None:
        """The seat bringing a deck or choosing the order, the player on turn, or None."""
        return to_act(state)

    def turn(self, state: XiState) -> Turn:
        """Turn 0 is bringing the decks and choosing the order."""
        return Turn(state.turn, state.active if state.turn else None)

    def legal_actions(self, state: XiState, seat: int) -> list[Action]:
        """Every action `seat` may take now, in a stable order (a deck list is never listed)."""
        return legal_actions(state, seat)

    def pending(self, state: XiState) -> list[Pending]:
        """The windows and choices waiting, bottom first, with their public facts; none once over."""
        found: list[Pending] = []
        if state.phase == OVER:
            return found
        for step in state.pending:
            if step.kind == WINDOW_STEP:
                facts = {key: value for key, value in step.facts.items() if key != "seat"}
                found.append(Pending(step.seat, WINDOW, RULE[facts["kind"]], facts, dict(PASS)))
            elif step.kind == CHOOSE_STEP:
                facts = {key: step.facts[key] for key in ("source", "card", "options")}
                found.append(Pending(step.seat, CHOICE, rule_of(step.facts), facts, None))
        return found

    def standing_answer(self, state: XiState, seat: int) -> Action | None:
        """The answer `seat`'s standing rules give to its window now, else None."""
        return standing_answer(state, seat)

    def open_actions(self, state: XiState, seat: int) -> list[Action]:
        """Resigning and setting standing rules, open to every seat while the game runs
        (xi.house.resign, xi.house.standing-responses)."""
        return [{"type": "resign"}, *standing_actions()] if state.phase not in (SETUP, OVER) else []

    def reversible(self, events: Sequence[Event]) -> bool:
        """A bank, standing rules, or a play that opened no window may be taken back; a draw, a
        deck, the coin, the turn's end, a skirmish and anything a window saw stand."""
        return bool(events) and all(event.type in REVERSIBLE and "answering" not in event.data for event in events)

    def decide(self, state: XiState, seat: int, action: Action, rng: Rng) -> Decision:
        """The events `action` causes, or GameOver / NotYourTurn / IllegalAction."""
        return decide_events(state, seat, action, rng)

    def evolve(self, state: XiState, event: Event) -> XiState:
        """The state after `event`; the input state is left as it was."""
        return evolve(state, event)

    def view(self, state: XiState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
        """The table as `viewer` may see it."""
        return view(state, viewer, reveal)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> XiState:
        """A table whose view for the view's seat is `view`: the other hands, every deck's order and
        the other deck lists dealt at random among what the seat has not seen (for the search bot)."""
        return determinize(view, rng)

    def search_rewards(self, state: XiState) -> list[float] | None:
        """What the search bot scores a playout's table by (`_rewards`)."""
        return _rewards(state)

    def scores(self, state: XiState) -> list[int]:
        """Life, as the outcome counts it."""
        return [seat.life for seat in state.players]

    def outcome(self, state: XiState) -> Outcome | None:
        """Life as scores and the winners, once the game is over."""
        return outcome(state)

    scenario_example = SCENARIO_EXAMPLE

    def scenario_setup(self, seats: int, options: Mapping[str, Any], scenario: Mapping[str, Any], rng: Rng) -> Decision:
        """The opening events laying out `scenario` (domain/xi/scenario.py) in place of a deal;
        IllegalAction(rule="xi.scenario") names the field and says why when it cannot be."""
        return scenario_events(seats, scenario, rng, Emitter, self.starting_standing(options))

    def scenario_of(self, state: XiState) -> dict[str, Any]:
        """The scenario that lays out this table exactly, inside a window too, to fork a game."""
        return scenario_of(state)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """One line for the replay."""
        return describe(event, names)

    bookkeeping = BOOKKEEPING  # the lines a move list may fold

    def describe_on(self, view_before: Mapping[str, Any], event: Event, names: Sequence[str]) -> str:
        """The line read against the table the viewer saw before it (domain.lines): units by their labels."""
        return describe_on(view_before, event, names)
