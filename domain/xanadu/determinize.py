"""A whole table consistent with what one seat sees, for a bot that searches from its view alone.

In view: every building in play (its card, how many workers), the seat's own hand, the sizes of
the other hands, of the deck and of the discard pile, whether the deck was reshuffled, the
scores, and the seat's own plan. Not in view: the other hands, the deck's order, the discard
pile, the worker cards face down on the buildings (the seat's own included), the starting
buildings chosen and not yet revealed. Those are dealt at random from the cards not in view; the
END OF GAME marker, after the reshuffle, among the last ten cards of the deck (where the
reshuffle put it), never below what the deck holds.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.rng import Rng
from domain.xanadu.cards import ALL_IDS, END_MARKER
from domain.xanadu.state import CHOOSE, CONFIRM, MARKER_AMONG_LAST, XanaduState


def determinize(view: Mapping[str, Any], rng: Rng) -> XanaduState:
    seat = view["viewer"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to search for")
    seats = len(view["hand_sizes"])
    hand = [card["id"] for card in view["hand"]]
    in_play = [building["card"]["id"] for owned in view["buildings"] for building in owned]
    seen = set(hand) | set(in_play)
    unseen = rng.shuffle([card for card in ALL_IDS if card not in seen])

    def deal(count: int) -> list[str]:
        nonlocal unseen
        dealt, unseen = unseen[:count], unseen[count:]
        return dealt

    hands = [hand if other == seat else deal(view["hand_sizes"][other]) for other in range(seats)]
    buildings = [[{"card": building["card"]["id"], "workers": deal(building["workers"])} for building in owned]
                 for owned in view["buildings"]]
    marked = view["reshuffled"] and view["deck_count"] > 0  # the marker is still to be drawn
    deck = deal(view["deck_count"] - marked)
    if marked:
        below = rng.below(min(MARKER_AMONG_LAST, len(deck) + 1))
        deck.insert(len(deck) - below, END_MARKER)
    discard = deal(view["discard_count"])
    if unseen:
        raise ValueError(f"{len(unseen)} cards are in no place the view counts")
    starting = [rng.choice(hands[other]) if chosen and hands[other] else None
                for other, chosen in enumerate(view["started"])]
    plan = None
    if "plan" in view:
        shown = view["plan"]
        plan = {"sold": view["sold_this_turn"], "build": shown["build"], "covers": [list(c) for c in shown["covers"]],
                "workers": list(shown["workers"]), "steps": undo_steps(view["phase"], shown)}
    elif view["sold_this_turn"]:
        plan = {"sold": True, "build": None, "covers": [], "workers": [], "steps": []}
    return XanaduState(seats=seats, phase=view["phase"], deck=deck, discard=discard, hands=hands, buildings=buildings,
                       scores=list(view["scores"]), starting=starting, current=view["current"], turn=view["turn"],
                       reshuffled=view["reshuffled"], plan=plan, edition=view["edition"])


def undo_steps(phase: str, plan: Mapping[str, Any]) -> list[str]:
    """The turn's steps `undo` takes back, newest last, as the fold writes them: the building
    built or not (unless the rules skipped it), each row covered, the end of covering, each worker
    chosen. The view gives their number; the plan, which they were."""
    covered = ["cover"] * len(plan["covers"]) + (["covering"] if phase in (CHOOSE, CONFIRM) else [])
    steps = covered + ["worker"] * len(plan["workers"])
    if plan["undo_steps"] > len(steps):
        steps = ["build" if plan["build"] else "skip_build"] + steps
    return steps
