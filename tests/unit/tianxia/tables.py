"""Tables to test Tianxia's rules on: a game set up and opened through its own rules, then laid
out as a test needs it (the rival's cards, the nomads, the pieces on the board)."""

from __future__ import annotations

import copy
import dataclasses
from typing import Iterable

from domain.contract import Decision, Event
from domain.rng import Rng
from domain.tianxia.attack import attack_phase
from domain.tianxia.evolve import TianxiaEmitter, evolve
from domain.tianxia.decide import decide
from domain.tianxia.opening import choices, chooser
from domain.tianxia.rival_turn import play_rival_turn
from domain.tianxia.setup import deal
from domain.tianxia.state import NEUTRAL, Nomad, Section, TianxiaState

WEST_TO_EAST = ("longxi", "yunzhong", "yanmen", "yuyang")
NOMADS = ("yuezhi", "loufan", "xiongnu", "donghu")  # attacking the sections west to east


def opened(seats: int, seed: str = "tables", **options) -> TianxiaState:
    """A game dealt and past its opening (every first choice taken): round 1, the first turn."""
    _, state = deal(TianxiaState(), seats, options, Rng(seed, "setup"))
    made = 0
    while (seat := chooser(state)) is not None:
        state = decide(state, seat, choices(state, seat)[0], Rng(seed, f"decision:{made}")).state
        made += 1
    return copy.deepcopy(state)


def rivals_turn(state: TianxiaState, *, open_cards: list[str] | None = None, deck: list[str] | None = None,
                rolls: Iterable[int] = ()) -> TianxiaState:
    """`state` made ready for the rival's turn: his open cards and deck as given, the die's rolls fixed."""
    state = copy.deepcopy(state)
    state.active = state.rival_owner
    if open_cards is not None:
        state.rival.open = list(open_cards)
        state.rival.face_down = [False] * len(open_cards) if state.rival.kind == "bot" else []
    if deck is not None:
        state.rival.deck = list(deck)
    state.rolls = list(rolls)
    return state


def nomads(state: TianxiaState, strengths: Iterable[int], distances: Iterable[int] = (3, 3, 3, 3)) -> None:
    """Set the nomads' strengths and their chieftains' distances, west to east."""
    state.nomads = {nomad: Nomad(strength, distance) for nomad, strength, distance in zip(NOMADS, strengths, distances)}


def clear_board(state: TianxiaState) -> None:
    """No piece on the wall, the barges empty of all but nothing (no neutral workers), no shipping marker."""
    state.sections = {section: Section() for section in WEST_TO_EAST}
    state.barges = {barge: [] for barge in state.barges}


def played(state: TianxiaState, seed: str = "turn") -> Decision:
    """The rival's turn on `state`, checked to hand over the table its events fold to."""
    decision = play_rival_turn(state, Rng(seed, "decision:1"))
    folded = state
    for event in decision.events:
        folded = evolve(folded, event)
    assert folded == decision.state, "the turn's table is its events folded"
    return decision


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


__all__ = ["NEUTRAL", "WEST_TO_EAST", "clear_board", "nomads", "of_type", "opened", "played", "rivals_turn"]


def attack_table(seats: int = 1, strengths: Iterable[int] = (4, 4, 4, 4), distances: Iterable[int] = (3, 3, 3, 3),
                 seed: str = "attack", **options) -> TianxiaState:
    """An opened table at the Attack phase: a clear board, no governor anywhere, the nomads set."""
    state = copy.deepcopy(opened(seats, seed, **options))
    clear_board(state)
    nomads(state, strengths, distances)
    state.sites = {site_id: dataclasses.replace(site, governors=[None] * len(site.governors))
                   for site_id, site in state.sites.items()}
    state.phase = "attack"
    return state


def attacked(state: TianxiaState) -> tuple[list[Event], TianxiaState]:
    """The Attack phase on `state`: its events, and the table after them, which is those events folded."""
    em = TianxiaEmitter(state, None)
    attack_phase(em)
    events, after = em.decision()
    folded = state
    for event in events:
        folded = evolve(folded, event)
    assert folded == after, "the phase's table is its events folded"
    return events, after


def with_palace(state: TianxiaState, steps: dict[str, dict[int, int]]) -> TianxiaState:
    """Markers placed by hand: {track: {owner: step}}, the others where they were."""
    palace = copy.deepcopy(state.palace)
    for track, owners in steps.items():
        for owner, step in owners.items():
            for standing in palace[track]:
                if owner in standing:
                    standing.remove(owner)
            palace[track][step].append(owner)
    state.palace = palace
    return state
