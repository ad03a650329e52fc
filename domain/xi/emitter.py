"""The Xi Emitter: a decision's events, each applied by the fold (evolve) to the decision's own
table as it is emitted, and given the cards of the units and spells its facts name by id. Every
performer of the turn engine and the card language takes one."""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import NO_FACTS, Event
from domain.emitter import Emitter as BaseEmitter
from domain.xi.events import EVENTS
from domain.xi.state import XiState, copy_state


# The events whose facts name units or spells in play by id, and the keys that hold those ids.
# Each also names their cards (`cards`: id -> card), so that a replay line reads "Cinder Hound
# (u12) skirmishes Snow Beast (u7)" from the event alone.
NAMED_KEYS = ("attacker", "target", "source", "to", "on")
# Each such event's keys among them (what its emitters give it), in that order: only they are read.
NAMING = {kind: tuple(key for key in NAMED_KEYS if key in keys) for kind, keys in {
    "skirmish_declared": {"attacker", "target"}, "struck": {"attacker", "target"},
    "skirmish_cancelled": {"attacker", "target"}, "damage_dealt": {"source", "target"},
    "life_changed": {"target", "to"}, "effect_started": {"source", "to"}, "effect_ended": {"source", "to"},
    "card_in_play": {"on"}, "card_declared": {"target"}, "ability_declared": {"source", "target"}}.items()}


def cards_named(state: XiState, data: Mapping[str, Any], keys: tuple[str, ...] = NAMED_KEYS) -> dict[str, str]:
    """The cards of the units and spells in play that `data` names by id (under `keys`)."""
    named: dict[str, str] = {}
    units, in_play = state.units, state.in_play
    if not units and not in_play:
        return named  # nothing in play to name
    for key in keys:
        value = data.get(key)
        if value is None:
            continue
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, str) and item not in named:
                # card_in_play's scan, without its call.
                for unit in units:
                    if unit.uid == item:
                        named[item] = unit.card
                        break
                else:
                    for card in in_play:
                        if card.iid == item:
                            named[item] = card.card
                            break
    return named


def card_in_play(state: XiState, iid: str) -> str | None:
    """The card of the unit or spell in play `iid`, else None: a scan of the few in play, cheaper
    than a map of them all for the one or two ids an event names."""
    for unit in state.units:
        if unit.uid == iid:
            return unit.card
    for card in state.in_play:
        if card.iid == iid:
            return card.card
    return None


_emit = BaseEmitter.emit  # called unbound: every event of a decision passes here, and super() costs a lookup
_new_tuple = tuple.__new__  # an Event made at once, as the base Emitter makes it
# Each event's fold, read as a module's name: `self.appliers`, a class's attribute read from an
# instance, is a lookup CPython 3.11 does not specialise, on every event.
_FOLDS = EVENTS.folds


class Emitter(BaseEmitter):
    """An Xi decision's events, each applied to the decision's own table as it is emitted."""

    state: XiState
    appliers = EVENTS.folds
    copy = staticmethod(copy_state)

    # The private facts are not keyword-only here, as in the base: CPython 3.11 does not specialise
    # a call of a function with keyword-only parameters, and every event of a decision is emitted.
    def emit(self, type: str, rule: str, data: Mapping[str, Any], private: Mapping[str, Any] | None = None,
             private_to: int | None = None, secret: Mapping[str, Any] | None = None) -> None:
        keys = NAMING.get(type)
        if keys is not None:
            named = cards_named(self.state, data, keys)
            data = {**data, "cards": named} if named else data
        if private is not None or private_to is not None or secret is not None:
            _emit(self, type, rule, data, private=private, private_to=private_to, secret=secret)
            return
        # An event with public facts only (nearly all), recorded and applied as the base Emitter
        # does, without a second call: every event of every decision passes here.
        event = _new_tuple(Event, (type, rule, data, NO_FACTS, None, NO_FACTS))
        _FOLDS[type](self.state, data)
        self.events.append(event)

    def emit_named(self, type: str, rule: str, data: Mapping[str, Any]) -> None:
        """`emit` for an event with public facts only whose `data` names the cards of the units and
        spells in play it names by id already, last, under `cards` (as `emit` would add them)."""
        event = _new_tuple(Event, (type, rule, data, NO_FACTS, None, NO_FACTS))
        _FOLDS[type](self.state, data)
        self.events.append(event)
