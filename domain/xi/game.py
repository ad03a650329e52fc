"""Xi Cards for two to four players, with the house rules of docs/house-rules.md, as the service's
one contract (domain.game.Game): the game assembled from its modules.

Setup, decks, the coin, Time, drawing, banking, ending turns and resigning; units, skirmishes,
derived stats (language/layers.py), the damage pipeline (language/damage.py) and the loss at 0 life;
spells, lasting spells, statements, abilities, start-of-turn triggers and the card vocabulary's
interpreter (language/); response windows, the skirmish step and standing rules (engine/windows.py,
engine/standing.py), reported as the game's interrupts; the end of the game, games of 3-4,
scenarios and forks. Its bots are `random`, `general` (bots/general.py) and `search`, which
searches tables dealt from its view (bots/determinize.py).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.bots import RandomBot
from domain.contract import CHOICE, WINDOW, Action, Pending, Turn
from domain.xi.analysis import ANALYSIS
from domain.game import Decks, Game, GameOptions, Interrupts, SearchHooks
from domain.search import Budget, SearchBot
from domain.xi.bots.determinize import determinize
from domain.xi.bots.general import GeneralBot, search_rewards
from domain.xi.cards.card_table import render as card_table
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from domain.xi.cards.faq_removals import REMOVED_NAMES, without_faq_removals
from domain.xi.emitter import Emitter
from domain.xi.engine.actions import legal_actions
from domain.xi.engine.choices import rule_of
from domain.xi.engine.decide import decide_events, decide_trusted, setup_events
from domain.xi.engine.standing import UNABLE, standing_actions, standing_answer, starting
from domain.xi.engine.windows import PASS, RULE
from domain.xi.events import EVENTS, reversible
from domain.xi.rulebook import RULEBOOK
from domain.xi.scenario import SCENARIO_EXAMPLE, scenario_events, scenario_of
from domain.xi.state import CHOOSE_STEP, OVER, SETUP, WINDOW_STEP, Effect, InPlay, Seat, Step, Unit, XiState, new_state
from domain.xi.table import to_act
from domain.xi.view import outcome, playout_view, view

# The general bot's own move, overruled only on clear evidence: every legal action is played out on
# the same dealt tables with the same random streams (paired playouts by the general bot, 30
# decisions deep, about a turn each side; a cut playout scored by what each side holds:
# bots.holding), the better half kept each round, and another action replaces general's only when
# its mean paired gain passes 0.02 and two standard errors, on every sample general's move was
# judged on (version 3; version 2 let an action dropped after two samples overrule it). The tree it
# replaces (60 playouts on one dealt table, general's move kept unless another's mean beat it by
# 0.03) won 41.7% of 24 games against general: with so few playouts a mean is mostly the luck of the
# deal, and a margin of 0.03 let that luck overrule general. docs/bots.md gives the figures.
XI_SEARCH = Budget(playouts=60, tables=1, depth=30, exploration=0.3, playout_bot="general", anchor=0.02,
                   evidence=2.0, left_to_bot=("bring_deck", "choose_order"), version="3")

# Every seat starts with the standing rule to pass the windows it cannot answer
# (xi.house.pass-when-unable); a game stored before the option was made without it.
OPTIONS = GameOptions(types={UNABLE: bool}, defaults={UNABLE: True}, stored_defaults={UNABLE: False})


def starting_standing(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The standing rules every seat starts with: passing the windows it cannot answer, unless the
    game's `pass_when_unable` option is off (a game stored before the option: off)."""
    return starting(options.get(UNABLE, OPTIONS.stored_defaults[UNABLE]))


def bring_deck(deck: str | Sequence[str]) -> Action:
    """The action bringing `deck`: a named deck, or a list of card ids."""
    if isinstance(deck, str):
        return {"type": "bring_deck", "deck": deck}
    return {"type": "bring_deck", "cards": list(deck)}


def turn(state: XiState) -> Turn:
    """Turn 0 is bringing the decks and choosing the order."""
    return Turn(state.turn, state.active if state.turn else None)


def pending(state: XiState) -> list[Pending]:
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


def open_actions(state: XiState, seat: int) -> list[Action]:
    """Resigning and setting standing rules, open to every seat while the game runs
    (xi.house.resign, xi.house.standing-responses)."""
    return [{"type": "resign"}, *standing_actions()] if state.phase not in (SETUP, OVER) else []


def search_reward(state: XiState) -> list[float] | None:
    """A search bot's playout cut short is scored by what each side holds (bots.search_rewards);
    one that reached the end, by the outcome as in every game."""
    return None if to_act(state) is None else search_rewards(state)


def _bots(game: Game[XiState]) -> dict[str, Any]:
    return {"random": RandomBot(), "general": GeneralBot(), "search": SearchBot(game, XI_SEARCH)}


RULES: Game[XiState] = Game(
    name="xi", title="Xi Cards",
    version="2",  # 2: the starter decks and the cards designed for them; events name the cards of units
    seats=(2, 4),  # 3-4 seats: xi.house.free-for-all
    rulebook=RULEBOOK, state_types=(XiState, Seat, Step, Unit, InPlay, Effect), stand_in_bot="random",
    events=EVENTS, new_state=lambda seats, options: new_state(seats, starting_standing(options)),
    setup=lambda seats, options, rng: setup_events(seats, rng, starting_standing(options)),
    to_act=to_act, turn=turn, legal_actions=legal_actions, open_actions=open_actions, decide=decide_events,
    decide_trusted=decide_trusted,
    view=view, outcome=outcome,
    scores=lambda state: [seat.life for seat in state.players],  # life, as the outcome counts it
    scenario_example=SCENARIO_EXAMPLE,
    scenario_setup=lambda seats, options, scenario, rng: scenario_events(seats, scenario, rng, Emitter,
                                                                         starting_standing(options)),
    scenario_of=scenario_of,
    make_bots=_bots, takeback=reversible, score_word="life", catalogue=CARDS, card_table=card_table,
    interrupts=Interrupts(pending, standing_answer, standing_rules=True),  # xi.house.standing-responses
    options=OPTIONS,
    # The starters (xi.house.starters): public lists a seat may bring by name; the FAQ's advice for
    # starter-deck battles (L431-433), for `chronicle simulate xi`.
    decks=Decks(NAMED, bring_deck, {f"with the FAQ's removals ({', '.join(REMOVED_NAMES)})": without_faq_removals}),
    search=SearchHooks(determinize, search_reward, analysis=ANALYSIS, playout_views={"general": playout_view}),
)
