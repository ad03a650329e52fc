"""The actions a seat may take, and why any other action is refused.

Actions are plain JSON objects:
  {"type": "draw", "slot": i}                    take row slot i (0-5) into your hand
  {"type": "play_yang", "card": id}              play a Yang from your hand into your area
  {"type": "attack", "card": yin, "target": yang} play a Yin onto the opponent's single Yang
  {"type": "chi", "card": id} / {"type": "pass"} in a conflict, for the seat to decide
  {"type": "discard", "card": id}                at the end of your turn, above 5 cards
  {"type": "resign"}                             either seat, at any time while the game runs
`legal_actions` lists them in this order, each type sorted by its fields, all but `resign`: it is
always open to both seats (house rule 20), and a bot picking among the listed actions at random
must not resign by chance. `check` raises IllegalAction with a rule id and a plain reason for
anything else, malformed actions included.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.action_form import ActionForm, is_object
from domain.chi.cards import CARDS, CHI, COLOUR, KIND, POINTS, YANG, YIN, name_of
from domain.chi.state import ACTION, CONFLICT, DISCARD, OVER, ROW_SLOTS, ChiState
from domain.chi.table import can_play_yang, other, stack_of_colour, to_act
from domain.contract import Action
from domain.errors import GameOver, IllegalAction, NotYourTurn

FIELDS = {
    "draw": ("slot",),
    "play_yang": ("card",),
    "attack": ("card", "target"),
    "chi": ("card",),
    "pass": (),
    "discard": ("card",),
    "resign": (),
}
PHASE_OF = {
    "draw": ACTION,
    "play_yang": ACTION,
    "attack": ACTION,
    "chi": CONFLICT,
    "pass": CONFLICT,
    "discard": DISCARD,
    "resign": None,  # in any phase of a running game
}
WELL_FORMED = "chi.action.well-formed"
FORM = ActionForm(FIELDS, "a Chi", WELL_FORMED)


def legal_actions(state: ChiState, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order; empty when it is not to act."""
    if to_act(state) != seat:
        return []
    hand = state.hands[seat]
    phase = state.phase
    if phase == ACTION:
        actions: list[Action] = [{"type": "draw", "slot": i} for i, card in enumerate(state.row) if card]
        if len(hand) >= 2:
            ordered = sorted(hand)
            own_colours = {COLOUR[stack[0]] for stack in state.areas[seat]}
            actions += [
                {"type": "play_yang", "card": card}
                for card in ordered
                if KIND[card] == YANG and (POINTS[card] != 6 or COLOUR[card] not in own_colours)
            ]
            # A seat never holds two stacks of one colour: a Yin has at most one target.
            singles = {COLOUR[stack[0]]: stack[0] for stack in state.areas[other(seat)] if len(stack) == 1}
            if singles:
                actions += [
                    {"type": "attack", "card": card, "target": singles[COLOUR[card]]}
                    for card in ordered
                    if KIND[card] == YIN and COLOUR[card] in singles
                ]
        return actions
    if phase == CONFLICT:
        chi = sorted(card for card in hand if KIND[card] == CHI) if len(hand) >= 2 else []
        return [{"type": "chi", "card": card} for card in chi] + [{"type": "pass"}]
    if phase == DISCARD:
        return [{"type": "discard", "card": card} for card in sorted(hand)]
    return []


def check(state: ChiState, seat: int, action: Any) -> None:
    """Raise GameOver, NotYourTurn or IllegalAction unless `seat` may take `action` now."""
    if state.phase == OVER:
        raise GameOver("the game is over; no decision is left to take")
    deciding = to_act(state)
    if deciding is None:
        raise NotYourTurn("the cards have not been dealt yet")
    if is_object(action) and action.get("type") == "resign":
        _check_form(action)  # no other field
        return
    if seat != deciding:
        raise NotYourTurn(f"seat {deciding} is to decide, not seat {seat}")
    _check_form(action)
    kind = action["type"]
    _check_phase(state, kind)
    hand = state.hands[seat]
    if kind == "draw":
        if state.row[action["slot"]] is None:
            raise IllegalAction(f"slot: slot {action['slot']} of the row is empty", rule="chi.draw.from-row")
        return
    if kind == "pass":
        return
    card = action["card"]
    if card not in hand:
        raise IllegalAction(f"card: {name_of(card)} ({card}) is not in your hand", rule="chi.hand.own-cards")
    if kind == "discard":
        return
    _CHECKS[kind](state, seat, action)
    if len(hand) < 2:
        raise IllegalAction(
            f"card: you may not play the last card in your hand ({name_of(card)})", rule="chi.hand.keep-one-card"
        )


def _check_form(action: Any) -> None:
    wanted = FIELDS[FORM.kind(action)]
    if "slot" in wanted:
        slot = action["slot"]
        if type(slot) is not int or not 0 <= slot < ROW_SLOTS:  # bool is an int, but not a slot
            raise IllegalAction(
                f"slot: {slot!r} is not a row slot; the row has slots 0 to {ROW_SLOTS - 1}", rule=WELL_FORMED
            )
    for name in wanted:
        if name != "slot" and (not isinstance(action[name], str) or action[name] not in CARDS):
            raise IllegalAction(f"{name}: {action[name]!r} is not the id of a Chi card", rule=WELL_FORMED)


def _check_phase(state: ChiState, kind: str) -> None:
    if PHASE_OF[kind] == state.phase:
        return
    if state.phase == CONFLICT:
        raise IllegalAction(f"type: a conflict is under way; play a Chi or pass, not {kind}", rule="chi.conflict.chi")
    if state.phase == DISCARD:
        raise IllegalAction(
            f"type: your turn has ended; discard down to 5 cards (you hold {len(state.hands[state.current])})",
            rule="chi.turn.hand-limit",
        )
    if kind == "discard":
        raise IllegalAction(
            "type: you discard only at the end of your turn, when you hold more than 5 cards",
            rule="chi.turn.hand-limit",
        )
    raise IllegalAction(
        f"type: there is no conflict to {'play a Chi in' if kind == 'chi' else 'pass in'};"
        " on your turn draw, play a Yang or attack with a Yin",
        rule="chi.conflict.chi",
    )


def _check_yang(state: ChiState, seat: int, action: Mapping[str, Any]) -> None:
    card = action["card"]
    if KIND[card] != YANG:
        raise IllegalAction(f"card: {name_of(card)} is not a Yang card", rule="chi.yang.play")
    if not can_play_yang(state, seat, card):
        raise IllegalAction(
            f"card: you already have a 6-point {COLOUR[card]} Yang in play", rule="chi.yang.one-six-per-colour"
        )


def _check_attack(state: ChiState, seat: int, action: Mapping[str, Any]) -> None:
    card, target = action["card"], action["target"]
    if KIND[card] != YIN:
        raise IllegalAction(f"card: only a Yin attacks, and {name_of(card)} is not one", rule="chi.yin.attack")
    stacks = state.areas[other(seat)]
    index = stack_of_colour(stacks, COLOUR[target])
    if index is None or target not in stacks[index]:
        raise IllegalAction(
            f"target: {name_of(target)} is not in your opponent's play area", rule="chi.yin.attack"
        )
    if COLOUR[target] != COLOUR[card]:
        raise IllegalAction(
            f"target: {name_of(card)} attacks only a {COLOUR[card]} Yang, not {name_of(target)}",
            rule="chi.yin.attack",
        )
    if len(stacks[index]) > 1:
        raise IllegalAction(
            f"target: the {COLOUR[target]} stack holds {len(stacks[index])} Yang cards and is immune to Yin",
            rule="chi.yin.stack-immune",
        )


def _check_chi(state: ChiState, seat: int, action: Mapping[str, Any]) -> None:
    card = action["card"]
    if KIND[card] != CHI:
        raise IllegalAction(f"card: only a Chi card is played in a conflict, not {name_of(card)}", rule="chi.conflict.chi")


_CHECKS = {"play_yang": _check_yang, "attack": _check_attack, "chi": _check_chi}
