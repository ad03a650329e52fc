"""The state checks that run after anything changes life or leaves play, until nothing more does.

In order: units at 0 life or less are destroyed (xi.unit.destroyed), and their `destroyed`
triggers resolve (Endless Jet). A lasting spell on a unit that left play goes with it
(xi.house.attached). Lasting spells whose `until` came true go to their owner's discard pile
(xi.lasting.until): God's Protection once its controller has lost life, Flames of Preservation when
the unit it is on loses life and is then at or below its maximum without any Flames
(xi.house.flames-condition). A unit above its (new) maximum is cut to it, never below (L473).
Last, players at 0 have fallen (end.py): out of a game of 3-4 while two or more are left standing,
and then the checks run again on what left play with them; else the game ends, a draw for players
at 0 together with nobody left standing (xi.house.together-at-zero).
"""

from __future__ import annotations


from domain.xi.cards.catalogue import CARDS
from domain.xi.emitter import Emitter
from domain.xi.engine.end import fallen
from domain.xi.language.board import Cause
from domain.xi.language.effects import change_life, perform
from domain.xi.language.layers import derive_all
from domain.xi.state import OVER, InPlay, XiState, copy_state

FLAMES_UNTIL = "life_at_most_base_max"


def _hurt(events: list) -> tuple[set[str], set[int]]:
    """The units and players that lost life in `events`, by damage or otherwise."""
    units: set[str] = set()
    players: set[int] = set()
    for event in events:
        lost = (event.type == "damage_dealt" and event.data["amount"] > 0) or (
            event.type == "life_changed" and event.data["by"] < 0)
        if lost:
            target = event.data["target"]
            (units if isinstance(target, str) else players).add(target)
    return units, players


def _base_max(state: XiState, uid: str) -> int:
    """The unit's maximum life without the spells on it whose condition is this one."""
    bare = copy_state(state)
    bare.in_play = [card for card in state.in_play if card.on != uid or CARDS[card.card].until != FLAMES_UNTIL]
    return derive_all(bare)[uid].max_life


def _ended(state: XiState, card: InPlay, units: set[str], players: set[int]) -> bool:
    until = CARDS[card.card].until
    if until == "controller_lost_life":
        return card.controller in players
    if until == FLAMES_UNTIL and card.on in units:
        unit = next(unit for unit in state.units if unit.uid == card.on)
        return unit.life <= _base_max(state, card.on)
    return False


# Plain loops: the state checks run after most decisions, and mostly find nothing to do.
def _any_until(in_play: list[InPlay]) -> bool:
    for card in in_play:
        if CARDS[card.card].until:
            return True
    return False


def discard(em: Emitter, card: InPlay, rule: str) -> None:
    em.emit("card_discarded", rule, {"iid": card.iid, "card": card.card, "owner": card.owner})


def state_checks(em: Emitter, since: int) -> None:
    """Run the checks on the events from index `since` of this decision, then on their own."""
    while em.state.phase != OVER and since < len(em.events):
        start, since = since, len(em.events)  # the events these checks judge (read only if a spell has an `until`)
        state = em.state
        # The units of the table as the checks began: an event puts a new list in place, never
        # changes this one (a loop over it costs less than a comprehension's copy).
        for unit in state.units:
            if unit.life > 0:
                continue
            em.emit("unit_destroyed", "xi.unit.destroyed", {"uid": unit.uid, "card": unit.card, "owner": unit.owner})
            for entry in CARDS[unit.card].trigger:
                if dict(entry)["when"] == "destroyed":
                    perform(em, dict(entry), Cause(unit.card, unit.owner, unit.uid))
        in_play = em.state.in_play
        if in_play:  # else neither spells on units nor spells with an `until` are there
            # Whether a spell is on a unit, or has an `until`: one loop, without calls.
            attached = until = False
            for card in in_play:
                if card.on:
                    attached = True
                if CARDS[card.card].until:
                    until = True
            if attached:  # the spells on a unit no longer in play (plain loops: comprehensions cost more)
                units, left = em.state.units, []
                for card in in_play:
                    if card.on:
                        for unit in units:
                            if unit.uid == card.on:
                                break
                        else:
                            left.append(card)
                for card in left:
                    discard(em, card, "xi.house.attached")
            if until and _any_until(em.state.in_play):  # each judged on the table before any is discarded
                units, players = _hurt(em.events[start:since])
                for card in [card for card in em.state.in_play
                             if CARDS[card.card].until and _ended(em.state, card, units, players)]:
                    discard(em, card, "xi.house.flames-condition" if card.on else "xi.lasting.until")
        if em.state.units:
            for unit in derive_all(em.state).values():
                if unit.life > unit.max_life:
                    change_life(em, "xi.house.flames-condition", unit.uid, unit.max_life - unit.life)
    for player in em.state.players:  # a loop: what `fallen` looks for first, and mostly finds none of
        if player.life <= 0 and not player.out:
            break
    else:
        return
    mark = len(em.events)
    if fallen(em):
        state_checks(em, mark)
