"""The actions a seat may take, and why any other action is refused.

Actions are plain JSON objects:
  {"type": "bring_deck", "cards": [id, ...]}  after setup, each seat in turn: its deck list,
  {"type": "bring_deck", "deck": name}        or a named deck (decks.py)
  {"type": "choose_order", "first": bool}     the coin's winner: go first (true) or second
  {"type": "draw"}                            3T, in your own turn
  {"type": "play", "card": id, "target"?: uid | seat}
                                              a card from your hand, for its cost, in your own turn;
                                              `target` where the card names one
  {"type": "use", "source": id, "target"?: uid | seat, "choice"?: word}
                                              the ability of a card of yours in play
  {"type": "skirmish", "unit": uid, "target": uid | seat}
                                              a unit of yours against an opposing unit, or a player
  {"type": "strike", "damage"?: n}            the skirmish under way deals its damage; `damage`
                                              where the attacker picks it (Thesis)
  {"type": "bank", "pt": k}                   2k T for k pT, in your own turn
  {"type": "end_turn"}
  {"type": "pass"}                            let a window of yours pass (windows.py)
  {"type": "choose", "choice": option}        an option a pending `choose` step lists
  {"type": "set_standing", "kinds"?: {...}, "when"?: [...], "pass_when_unable"?: bool}
                                              standing rules for your windows (standing.py)
  {"type": "resign"}                          any seat, at any time while the game runs
`legal_actions` lists them in this order, all but `resign` and `set_standing` (open to every
seat whoever's decision it is, and never a bot's choice by chance); in the deck step only the
named decks are listed, since a list of one's own cannot be enumerated (it is taken all the same). In a
window the seat may pass, or answer with a pT card or a pT ability; in the skirmish step the
attacker may play cards, use abilities or strike. `check` raises IllegalAction with a rule id and
a plain reason for anything else, malformed actions included.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.action_form import ActionForm
from domain.contract import Action
from domain.errors import GameOver, IllegalAction, NotYourTurn
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.decks import NAMED
from domain.xi.engine.abilities import check_use, use_actions
from domain.xi.engine.choices import check_choose, choose_actions, rule_of
from domain.xi.engine.play import check_play, play_actions
from domain.xi.engine.skirmish import check_skirmish, check_strike, skirmish_actions, strike_actions
from domain.xi.engine.standing import checked
from domain.xi.engine.windows import PASS, in_window
from domain.xi.language.layers import derive_all
from domain.xi.state import (
    CHOOSE_STEP,
    COPIES_MAX,
    DECK_MIN,
    DECK_STEP,
    DRAW_COST,
    ORDER_STEP,
    OVER,
    PLAY,
    PT_CAP,
    SETUP,
    SKIRMISH_STEP,
    WINDOW_STEP,
    XiState,
)
from domain.xi.table import pay_t_first

FIELDS = {
    "bring_deck": ("cards", "deck"),
    "choose_order": ("first",),
    "draw": (),
    "play": ("card", "target"),
    "use": ("source", "target", "choice"),
    "skirmish": ("unit", "target"),
    "strike": ("damage",),
    "bank": ("pt",),
    "end_turn": (),
    "pass": (),
    "choose": ("choice",),
    "set_standing": ("kinds", "when", "pass_when_unable"),
    "resign": (),
}
OPTIONAL = {"bring_deck": ("cards", "deck"), "play": ("target",), "use": ("target", "choice"), "strike": ("damage",),
            "set_standing": ("kinds", "when", "pass_when_unable")}
STEP_OF = {"bring_deck": DECK_STEP, "choose_order": ORDER_STEP, "choose": CHOOSE_STEP}
# What each step above the turn lets its seat do; an empty stack lets the active seat do the rest.
ALLOWED = {WINDOW_STEP: frozenset({"pass", "play", "use"}), SKIRMISH_STEP: frozenset({"play", "use", "strike"})}
OPEN = frozenset({"resign", "set_standing"})  # open to every seat, whoever's decision it is
SPENDS_TIME = frozenset({"draw", "bank", "play", "use"})
WELL_FORMED = "xi.action.well-formed"
FORM = ActionForm(FIELDS, "an Xi", WELL_FORMED, OPTIONAL)
_KEYS = {kind: frozenset(("type", *names)) for kind, names in FIELDS.items()}  # each type's fields, all given
_NEEDED = {kind: keys - frozenset(OPTIONAL.get(kind, ())) for kind, keys in _KEYS.items()}  # and those it needs
# The types an empty stack lets the active seat take in play (what _check_step lets through there).
_TURN_KINDS = frozenset(kind for kind in FIELDS if kind not in STEP_OF and kind not in ("pass", "strike"))


def legal_actions(state: XiState, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order; empty when it is not to act."""
    # Whether `seat` is to act (table.to_act, asked without its call: every decision asks).
    if state.phase == OVER:
        return []
    if state.pending:
        step = state.pending[-1]
        if step.seat != seat:
            return []
        top = step.kind
        if top == WINDOW_STEP:  # the most frequent, asked first
            # windows.window_actions, without its call: pass first, then each pT card and pT ability.
            actions = [{**PASS}]  # a copy without `dict`'s call
            actions += play_actions(state, seat, step.facts)
            actions += use_actions(state, seat, True)  # pt_only (positional: a call by keyword is not specialised)
            return actions
        if top == ORDER_STEP:
            return [{"type": "choose_order", "first": True}, {"type": "choose_order", "first": False}]
        if top == CHOOSE_STEP:
            return choose_actions(state)
        if top == SKIRMISH_STEP:
            derived = derive_all(state)  # read once for the whole list (each read checks the memo)
            return (play_actions(state, seat, None, derived) + use_actions(state, seat, False, derived)
                    + strike_actions(state, state.pending[-1], derived))
        return [{"type": "bring_deck", "deck": name} for name in NAMED]  # see the module's docstring
    if state.phase != PLAY or state.active != seat:
        return []
    player = state.players[seat]
    t, pt = player.t, player.pt
    # pay_t_first and most_to_bank asked without their calls: T first, then pT for the rest; half
    # the T, no further than the cap.
    actions: list[Action] = [{"type": "draw"}] if DRAW_COST <= t or DRAW_COST - t <= pt else []
    derived = derive_all(state)  # read once for the whole list (each read checks the memo)
    # Arguments by position on every decision's path: CPython 3.11 does not specialise a call by keyword.
    actions += play_actions(state, seat, None, derived)  # no window, the stats read
    actions += use_actions(state, seat, False, derived)  # every ability, not only pT ones
    actions += skirmish_actions(state, seat, derived)
    # A while loop: `range` and `min` are calls of their own (a comprehension costs more still).
    most, k = t // 2, 1
    if most > PT_CAP - pt:
        most = PT_CAP - pt
    while k <= most:
        actions.append({"type": "bank", "pt": k})
        k += 1
    actions.append({"type": "end_turn"})
    return actions


def check(state: XiState, seat: int, action: Any) -> None:
    """Raise GameOver, NotYourTurn or IllegalAction unless `seat` may take `action` now."""
    # The common types in play, well formed and in their step, taken here in a few questions each:
    # what the whole check below asks of them (the form, whose decision, the step), its value
    # check called straight. Anything else, refusals included, goes the whole way, which words
    # them; every action a client sends passes one or the other.
    if state.phase == PLAY and type(action) is dict:
        kind, size, pending = action.get("type"), len(action), state.pending
        if pending:
            top = pending[-1]
            if top.seat == seat:
                if kind == "pass":
                    if size == 1 and top.kind == WINDOW_STEP:
                        return
                elif kind == "strike":
                    if top.kind == SKIRMISH_STEP and (size == 1 or size == 2 and type(action.get("damage")) is int):
                        check_strike(state, top, action.get("damage"))
                        return
                elif kind == "play":
                    card = action.get("card")
                    if type(card) is str and (size == 2 or size == 3 and "target" in action):
                        if top.kind == WINDOW_STEP:
                            check_play(state, seat, card, action.get("target"), top.facts)
                            return
                        if top.kind == SKIRMISH_STEP:
                            check_play(state, seat, card, action.get("target"), None)
                            return
        elif state.active == seat:
            if kind == "end_turn":
                if size == 1:
                    return
            elif kind == "bank":
                k = action.get("pt")
                if size == 2 and type(k) is int and k >= 1:
                    player = state.players[seat]
                    if 2 * k <= player.t and player.pt + k <= PT_CAP:
                        return
            elif kind == "skirmish":
                unit, target = action.get("unit"), action.get("target")
                if size == 3 and type(unit) is str and (type(target) is str or type(target) is int):
                    check_skirmish(state, seat, unit, target)
                    return
            elif kind == "draw":
                if size == 1:
                    player = state.players[seat]
                    if DRAW_COST <= player.t or DRAW_COST - player.t <= player.pt:  # pay_t_first, inline
                        return
            elif kind == "play":
                card = action.get("card")
                if type(card) is str and (size == 2 or size == 3 and "target" in action):
                    check_play(state, seat, card, action.get("target"), None)
                    return
    _check(state, seat, action)


def _check(state: XiState, seat: int, action: Any) -> None:
    """The whole check, every type and every refusal."""
    phase = state.phase
    if phase == OVER:
        raise GameOver("the game is over; no decision is left to take")
    if phase == SETUP:
        raise NotYourTurn("the game has not been set up yet")
    # The form (FORM.kind), its common case asked here without the call: a plain dict of a known
    # type whose fields are that type's, its optional ones given or not.
    kind = action.get("type") if type(action) is dict else None
    keys = _KEYS.get(kind) if type(kind) is str else None
    if keys is None or not (action.keys() <= keys and action.keys() >= _NEEDED[kind]):
        kind = FORM.kind(action)  # which refuses it, naming the field, or finds it well formed
    form = _FORM_CHECKS.get(kind)
    if form is not None:
        form(action)
    if kind in OPEN:
        if kind == "set_standing":
            checked(action)
        return
    pending = state.pending
    deciding = pending[-1].seat if pending else state.active if phase == PLAY else None  # table.to_act
    if seat != deciding:
        if kind == "play" and action["card"] in CARDS and CARDS[action["card"]].cost_unit == "pt":
            raise NotYourTurn(f"card: {CARDS[action['card']].name} costs pT, so it may be played in another's turn, "
                              f"but only in answer to a declaration, in a window of yours; seat {deciding} is to "
                              "decide", rule="xi.response.one")
        if kind in SPENDS_TIME:
            raise NotYourTurn(f"T is spent in your own turn only; it is seat {deciding}'s decision",
                              rule="xi.time.own-turn")
        raise NotYourTurn(f"seat {deciding} is to decide, not seat {seat}")
    top = pending[-1].kind if pending else None
    if not (kind in ALLOWED[top] if top in ALLOWED else top is None and phase == PLAY and kind in _TURN_KINDS):
        _check_step(state, kind)  # the whole check: a setup step's or a choice's own type, else refused
    values = _VALUE_CHECKS.get(kind)  # by type: one lookup, not a chain of comparisons
    if values is not None:
        values(state, seat, action)


# What each type's values must be on this table, once its form and step are right.
def _check_bring_deck(state: XiState, seat: int, action: Any) -> None:
    check_deck(deck_of(action))


def _check_draw(state: XiState, seat: int, action: Any) -> None:
    player = state.players[seat]
    if pay_t_first(DRAW_COST, player.t, player.pt) is None:
        raise IllegalAction(f"type: drawing costs {DRAW_COST}T; you have {player.t}T and {player.pt}pT",
                            rule="xi.time.draw")


def _check_play_here(state: XiState, seat: int, action: Any) -> None:
    pending = state.pending  # in_window, without its call
    window = pending[-1].facts if pending and pending[-1].kind == WINDOW_STEP else None
    check_play(state, seat, action["card"], action.get("target"), window)


def _check_use_here(state: XiState, seat: int, action: Any) -> None:
    check_use(state, seat, action, in_window=in_window(state) is not None)


def _check_skirmish_here(state: XiState, seat: int, action: Any) -> None:
    check_skirmish(state, seat, action["unit"], action["target"])


def _check_strike_here(state: XiState, seat: int, action: Any) -> None:
    check_strike(state, state.pending[-1], action.get("damage"))


def _check_choose_here(state: XiState, seat: int, action: Any) -> None:
    check_choose(state, action["choice"])


def _check_bank_here(state: XiState, seat: int, action: Any) -> None:
    player, k = state.players[seat], action["pt"]
    if 2 * k > player.t or player.pt + k > PT_CAP:  # asked here first: banking is a sixth of all decisions
        _check_bank(player.t, player.pt, k)  # which refuses it, saying why


_VALUE_CHECKS = {"bring_deck": _check_bring_deck, "draw": _check_draw, "play": _check_play_here,
                 "use": _check_use_here, "skirmish": _check_skirmish_here, "strike": _check_strike_here,
                 "choose": _check_choose_here, "bank": _check_bank_here}


def deck_of(action: Any) -> list[str]:
    """The cards a `bring_deck` brings: its list, or the named deck's."""
    return list(action["cards"]) if "cards" in action else list(NAMED[action["deck"]])


def check_deck(cards: list[str]) -> None:
    """A deck list: catalogue cards only, 30 or more, at most 3 copies of each."""
    for card in cards:
        if card not in CARDS:
            raise IllegalAction(f"cards: {card!r} is not a Xi card", rule="xi.deck.known-card")
    if len(cards) < DECK_MIN:
        raise IllegalAction(f"cards: a deck holds {DECK_MIN} or more cards, not {len(cards)}", rule="xi.deck.size")
    for card, count in sorted(Counter(cards).items()):
        if count > COPIES_MAX:
            raise IllegalAction(f"cards: {count} copies of {CARDS[card].name} ({card}); at most {COPIES_MAX}",
                                rule="xi.deck.copies")


def _check_bank(t: int, pt: int, k: int) -> None:
    if 2 * k > t:
        raise IllegalAction(f"pt: banking {k}pT costs {2 * k}T, paid from T only; you have {t}T",
                            rule="xi.time.bank")
    if pt + k > PT_CAP:
        raise IllegalAction(f"pt: {pt}pT + {k}pT passes the cap of {PT_CAP}pT; bank at most {PT_CAP - pt}",
                            rule="xi.house.bank")


def _check_step(state: XiState, kind: str) -> None:
    top = state.pending[-1].kind if state.pending else None
    if top in ALLOWED:
        if kind in ALLOWED[top]:
            return
        if top == WINDOW_STEP:
            raise IllegalAction(f"type: a window is open to you: pass, or answer with a pT card, not {kind}",
                                rule="xi.house.windows")
        facts = state.pending[-1].facts
        raise IllegalAction(f"type: the skirmish of {facts['attacker']} on {facts['target']} is under way: play a "
                            f"card, use an ability or strike, not {kind}", rule="xi.house.skirmish-step")
    if kind in ("pass", "strike"):
        what = "no window is open to you" if kind == "pass" else "no skirmish is under way"
        raise IllegalAction(f"type: {what}", rule="xi.house.windows" if kind == "pass" else "xi.house.skirmish-step")
    wanted = STEP_OF.get(kind)
    if top == wanted:
        if top is None and state.phase != PLAY:
            raise IllegalAction(f"type: the game has not started; {kind} comes in a turn", rule=WELL_FORMED)
        return
    if top == DECK_STEP:
        raise IllegalAction(f"type: bring your deck first, not {kind}", rule="xi.house.decks-brought")
    if top == ORDER_STEP:
        raise IllegalAction(f"type: choose to go first or second, not {kind}", rule="xi.house.coin-choice")
    if top == CHOOSE_STEP:
        raise IllegalAction(f"type: choose one of {state.pending[-1].facts['options']} first, not {kind}",
                            rule=rule_of(state.pending[-1].facts))
    rule = {"bring_deck": "xi.house.decks-brought", "choose": "xi.house.start-order"}.get(kind, "xi.house.coin-choice")
    raise IllegalAction(f"type: {kind} is not asked for now", rule=rule)


def _check_deck_form(action: Any) -> None:
    if ("cards" in action) == ("deck" in action):
        raise IllegalAction("cards: bring a deck list (cards) or a named deck (deck), one of the two",
                            rule=WELL_FORMED)
    if "deck" in action and (not isinstance(action["deck"], str) or action["deck"] not in NAMED):
        raise IllegalAction(f"deck: {action['deck']!r} is not a named deck; one of {', '.join(NAMED)}",
                            rule=WELL_FORMED)
    if "cards" in action and (not isinstance(action["cards"], list)
                              or not all(isinstance(card, str) for card in action["cards"])):
        raise IllegalAction("cards: a deck list is a list of card ids", rule=WELL_FORMED)


def _check_choose_order_form(action: Any) -> None:
    if type(action["first"]) is not bool:
        raise IllegalAction("first: true to go first, false to go second", rule=WELL_FORMED)


def _check_play_form(action: Any) -> None:
    if not isinstance(action["card"], str):
        raise IllegalAction(f"card: {action['card']!r} is not a card id", rule=WELL_FORMED)


def _check_use_form(action: Any) -> None:
    if not isinstance(action["source"], str):
        raise IllegalAction(f"source: {action['source']!r} is not the id of a card in play", rule=WELL_FORMED)


def _check_skirmish_form(action: Any) -> None:
    if not isinstance(action["unit"], str):
        raise IllegalAction(f"unit: {action['unit']!r} is not a unit id", rule=WELL_FORMED)
    if not (isinstance(action["target"], str) or type(action["target"]) is int):
        raise IllegalAction(f"target: {action['target']!r} is neither a unit id nor a seat", rule=WELL_FORMED)


def _check_strike_form(action: Any) -> None:
    if "damage" in action and type(action["damage"]) is not int:
        raise IllegalAction(f"damage: {action['damage']!r} is not a number", rule=WELL_FORMED)


def _check_bank_form(action: Any) -> None:
    if type(action["pt"]) is not int or action["pt"] < 1:
        raise IllegalAction(f"pt: {action['pt']!r} is not a number of pT to bank (1 or more)", rule=WELL_FORMED)


# The value checks of the types whose fields hold values (the others' form is their fields alone).
_FORM_CHECKS = {"bring_deck": _check_deck_form, "choose_order": _check_choose_order_form, "play": _check_play_form,
                "use": _check_use_form, "skirmish": _check_skirmish_form, "strike": _check_strike_form,
                "bank": _check_bank_form}
