"""The edges of a turn: effects that end with it, and triggers at the start of the next.

Every effect an action or a card starts lasts until the end of the turn (`until_end_of_turn`,
and control by xi.house.stolen-unit); all end with `turn_ended`. At the start of a turn,
`turn_start` triggers fire in every turn (xi.turn.each-turn) and `own_turn_start` ones in their
controller's: seat by seat from the active one in turn order, and within a seat by timestamp
(xi.turn.start-order, xi.house.start-order). A trigger that names a target asks its controller to
choose (`choice_asked`), even in another seat's turn; a single legal target is taken without
asking, and with none the trigger does nothing. Triggers open no window.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.xi.cards.catalogue import CARDS
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from domain.xi.engine.end import end_of_turn
from domain.xi.language.board import Cause, options
from domain.xi.language.effects import perform
from domain.xi.language.layers import derive_all
from domain.xi.state import OVER, PLAY, TURN_T, XiState
from domain.xi.table import next_seat


def end_turn(em: Emitter, seat: int) -> None:
    """The turn ends (its T is lost), its effects with it, and the next seat's turn starts, unless
    the game ends as a draw here (end.py: quiet turns, turn 400)."""
    state = em.state
    em.emit("turn_ended", "xi.time.expires", {"seat": seat, "turn": state.turn, "t": state.players[seat].t})
    end_effects(em)
    if end_of_turn(em):
        return
    start_turn(em, next_seat(em.state, seat), em.state.turn + 1, TURN_T, "xi.time.per-turn")


def pass_fallen_turn(em: Emitter) -> None:
    """A player out of a game of 3-4 in their own turn (xi.house.free-for-all): once nothing is
    pending any more, their turn ends and the next seat's starts."""
    state = em.state
    if state.phase == PLAY and not state.pending and state.active is not None and state.players[state.active].out:
        end_turn(em, state.active)


def end_effects(em: Emitter) -> None:
    """Every effect under way ends with the turn."""
    for effect in em.state.effects:
        em.emit("effect_ended", CARDS[effect.source].rule, {"since": effect.since, "source": effect.source,
                                                           "to": list(effect.to)})


def start_turn(em: Emitter, seat: int, turn: int, t: int, rule: str) -> None:
    """The turn starts, with its T, and the start-of-turn triggers resolve in order."""
    em.emit("turn_started", rule, {"seat": seat, "turn": turn, "t": t})
    run(em, _start_triggers(em.state))


def _held_triggered(state: XiState) -> list[tuple[str, str, int, int]]:
    """(id, card, controller, timestamp) of every card in play with a trigger, in order of entry
    (plain loops: every turn's start asks, where comprehensions cost more)."""
    found: list[tuple[str, str, int, int]] = []
    derived = None  # whose a unit is is derived (layer 1), and only asked of units with a trigger
    for unit in state.units:
        if unit.card in _TRIGGERED:
            if derived is None:
                derived = derive_all(state)
            found.append((unit.uid, unit.card, derived[unit.uid].controller, unit.since))
    for card in state.in_play:
        if card.card in _TRIGGERED:
            found.append((card.iid, card.card, card.controller, card.since))
    return found


def _holding(state: XiState, source: str) -> tuple[str, int] | None:
    """(card, controller) of the card in play `source` (as _held_triggered gives them), None once it has left."""
    unit = derive_all(state).get(source)
    if unit is not None:
        return unit.card, unit.controller
    for card in state.in_play:  # a loop: a generator and `next` cost more
        if card.iid == source:
            return card.card, card.controller
    return None


# The cards with a trigger: only they are looked at for the triggers of a turn; and when each of
# a card's triggers fires, in order (read once, not as a dict made of the entry at every turn).
_TRIGGERED = frozenset(card.id for card in CARDS.values() if card.trigger)
_WHEN = {card.id: tuple(dict(entry)["when"] for entry in card.trigger) for card in CARDS.values()}


def _start_triggers(state: XiState) -> list[list]:
    held = _held_triggered(state)
    if not held:
        return []  # the usual case: no card in play has a trigger
    held.sort(key=_timestamp)  # stable: by timestamp, then in order of entry
    seats, queue = [state.active], []
    standing = state.seats
    for player in state.players:  # counted once, in a loop (a generator costs more)
        if player.out:
            standing -= 1
    while len(seats) < standing:
        seats.append(next_seat(state, seats[-1]))
    for seat in seats:
        for source, card, controller, _since in held:
            if controller != seat:
                continue
            index = 0
            for when in _WHEN[card]:
                if when == "turn_start" or (when == "own_turn_start" and controller == state.active):
                    queue.append([source, index])
                index += 1
    return queue


def _timestamp(item: tuple[str, str, int, int]) -> int:
    return item[3]


def run(em: Emitter, queue: list[list]) -> None:
    """Resolve the queued triggers in order, stopping to ask where one needs a choice."""
    while queue and em.state.phase != OVER:
        (source, index), queue = queue[0], queue[1:]
        derived = derive_all(em.state)  # read once for _holding's question and the options below
        unit = derived.get(source)
        found = (unit.card, unit.controller) if unit is not None else None  # _holding, without its call
        if unit is None:
            for held in em.state.in_play:
                if held.iid == source:
                    found = held.card, held.controller
                    break
        if found is None:
            continue  # its card left play before its turn came
        card, controller = found
        entry = dict(CARDS[card].trigger[index])
        target = None
        if entry["to"].startswith("target:"):
            aims = options(em.state, derived, entry["to"], controller)
            if not aims:
                continue
            if len(aims) > 1:
                em.emit("choice_asked", "xi.house.start-order",
                        {"seat": controller, "source": source, "card": card, "options": aims,
                         "resume": "trigger", "index": index, "queue": queue})
                return
            target = aims[0]
        _resolve(em, entry, Cause(card, controller, source, target))


def _resolve(em: Emitter, entry: Mapping[str, Any], cause: Cause) -> None:
    mark = len(em.events)
    perform(em, entry, cause)
    state_checks(em, mark)


def resume_trigger(em: Emitter, facts: Mapping[str, Any], choice: Any) -> None:
    """The chosen target: the trigger resolves, then the rest of the queue."""
    entry = dict(CARDS[facts["card"]].trigger[facts["index"]])
    if _holding(em.state, facts["source"]) is not None:
        _resolve(em, entry, Cause(facts["card"], facts["seat"], facts["source"], choice))
    run(em, [list(item) for item in facts["queue"]])
