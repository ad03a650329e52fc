"""The fold: each event of a Xanadu game applied to the table. Pure, no randomness.

Each applier changes a table of its own in place (see domain.emitter), putting new lists and
dicts in the fields it changes: they are shared with the table before.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.xanadu.cards import END_MARKER
from domain.xanadu.state import (
    BUILD, CHOOSE, CONFIRM, FOOTHOLD, OVER, SELL, START, WORKERS, XanaduState, new_plan,
)


Facts = Mapping[str, Any]


# A new outer list with the one seat's entry replaced: a copy and a store, not a comprehension
# (cheaper in CPython 3.11; a search's playouts fold these at every turn).
def _hand(state: XanaduState, seat: int, hand: list[str]) -> list[list[str]]:
    hands = list(state.hands)
    hands[seat] = hand
    return hands


def _owned(state: XanaduState, seat: int, owned: list[dict]) -> list[list[dict]]:
    buildings = list(state.buildings)
    buildings[seat] = owned
    return buildings


def _plan(state: XanaduState, **changes: Any) -> dict[str, Any]:
    """A new plan: the old one's lists are shared, as no list of a plan is changed in place."""
    return {**(state.plan or new_plan()), **changes}


def deck_shuffled(state: XanaduState, f: Facts) -> None:
    state.deck = list(f["order"])


def hand_dealt(state: XanaduState, f: Facts) -> None:
    cards = list(f["cards"])
    state.deck, state.hands = state.deck[len(cards):], _hand(state, f["seat"], cards)


def starting_offered(state: XanaduState, f: Facts) -> None:
    state.phase = START


def starting_chosen(state: XanaduState, f: Facts) -> None:
    starting = list(state.starting)
    starting[f["seat"]] = f["card"]
    state.starting = starting


def starting_revealed(state: XanaduState, f: Facts) -> None:
    hands = [[card for card in hand if card != chosen] for hand, chosen in zip(state.hands, f["cards"])]
    buildings = [owned + [{"card": chosen, "workers": []}] for owned, chosen in zip(state.buildings, f["cards"])]
    state.hands, state.buildings, state.starting = hands, buildings, [None] * state.seats


def turn_started(state: XanaduState, f: Facts) -> None:
    state.phase, state.current, state.turn, state.plan = SELL, f["seat"], f["turn"], new_plan()


def building_autosold(state: XanaduState, f: Facts) -> None:
    """The building and the workers on it go to the discard pile; its owner scores its value."""
    seat, index = f["seat"], f["building"]
    building = state.buildings[seat][index]
    owned = list(state.buildings[seat])
    del owned[index]
    scores = list(state.scores)
    scores[seat] += f["value"]
    discard = state.discard + [building["card"]] + list(building["workers"])
    state.buildings, state.scores, state.discard = _owned(state, seat, owned), scores, discard


def foothold_offered(state: XanaduState, f: Facts) -> None:
    state.phase = FOOTHOLD


def foothold_placed(state: XanaduState, f: Facts) -> None:
    seat, card = f["seat"], f["card"]
    hand = [c for c in state.hands[seat] if c != card]
    state.phase, state.hands, state.buildings = SELL, _hand(state, seat, hand), _owned(state, seat, state.buildings[seat] + [{"card": card, "workers": []}])


def building_sold(state: XanaduState, f: Facts) -> None:
    plan = _plan(state, sold=True)
    building_autosold(state, f)
    state.plan = plan


def _steps(state: XanaduState, step: str) -> list[str]:
    return state.plan["steps"] + [step]


def sell_ended(state: XanaduState, f: Facts) -> None:
    state.phase = BUILD


def build_skipped(state: XanaduState, f: Facts) -> None:
    steps = state.plan["steps"] if f["automatic"] else _steps(state, "skip_build")
    state.phase, state.plan = WORKERS, _plan(state, steps=steps)


def build_chosen(state: XanaduState, f: Facts) -> None:
    state.phase, state.plan = WORKERS, _plan(state, build=f["card"], steps=_steps(state, "build"))


def cover_planned(state: XanaduState, f: Facts) -> None:
    covers = state.plan["covers"] + [[f["owner"], f["building"]]]
    state.plan = _plan(state, covers=covers, steps=_steps(state, "cover"))


def covering_done(state: XanaduState, f: Facts) -> None:
    state.phase, state.plan = CHOOSE, _plan(state, steps=_steps(state, "covering"))


def worker_chosen(state: XanaduState, f: Facts) -> None:
    workers = state.plan["workers"] + [f["card"]]
    state.phase, state.plan = CONFIRM if len(workers) == len(state.plan["covers"]) else CHOOSE, _plan(state, workers=workers, steps=_steps(state, "worker"))


def undone(state: XanaduState, f: Facts) -> None:
    """The last uncommitted step of the turn, taken back."""
    plan = state.plan
    last, steps = plan["steps"][-1], plan["steps"][:-1]
    if last == "worker":
        state.phase, state.plan = CHOOSE, _plan(state, workers=plan["workers"][:-1], steps=steps)
        return
    if last == "covering":
        state.phase, state.plan = WORKERS, _plan(state, steps=steps)
        return
    if last == "cover":
        state.plan = _plan(state, covers=plan["covers"][:-1], steps=steps)
        return
    if last == "build":
        state.phase, state.plan = BUILD, _plan(state, build=None, steps=steps)
        return
    state.phase, state.plan = BUILD, _plan(state, steps=steps)


def building_constructed(state: XanaduState, f: Facts) -> None:
    """The planned building, now in play: no longer part of the plan."""
    seat, card = f["seat"], f["card"]
    hand = [c for c in state.hands[seat] if c != card]
    state.hands, state.plan, state.buildings = _hand(state, seat, hand), _plan(state, build=None), _owned(state, seat, state.buildings[seat] + [{"card": card, "workers": []}])


def workers_placed(state: XanaduState, f: Facts) -> None:
    seat, cards = f["seat"], list(f["cards"])
    buildings = [list(owned) for owned in state.buildings]  # new lists, new dicts for what changes
    for (owner, index, _row), card in zip(f["covers"], cards):
        building = buildings[owner][index]
        buildings[owner][index] = {"card": building["card"], "workers": building["workers"] + [card]}
    hand = list(state.hands[seat])
    for card in cards:
        hand.remove(card)
    # The planned rows are covered now: the plan no longer points at them (they may be autosold next).
    state.buildings, state.hands, state.plan = buildings, _hand(state, seat, hand), _plan(state, covers=[], workers=[])


def cards_drawn(state: XanaduState, f: Facts) -> None:
    cards = list(f["cards"])
    state.deck, state.hands = state.deck[len(cards):], _hand(state, f["seat"], state.hands[f["seat"]] + cards)


def deck_reshuffled(state: XanaduState, f: Facts) -> None:
    state.deck, state.discard, state.reshuffled = list(f["order"]), [], True


def end_marker_drawn(state: XanaduState, f: Facts) -> None:
    state.deck = state.deck[1:]


def buildings_scored(state: XanaduState, f: Facts) -> None:
    state.scores = [score + sum(values) for score, values in zip(state.scores, f["values"])]


def game_ended(state: XanaduState, f: Facts) -> None:
    state.phase, state.plan = OVER, None


# A sandbox game's table (domain/xanadu/scenario.py): the cards were put on the deck in the order
# they are laid out, so each of these takes its cards from the top of the deck.

def _take(deck: list[str], cards: list[str]) -> list[str]:
    """The deck after `cards` were taken from its top, checking they were the top cards."""
    if deck[:len(cards)] != cards:
        raise ValueError(f"cards {cards} are not the top of the deck")
    return deck[len(cards):]


def buildings_laid_out(state: XanaduState, f: Facts) -> None:
    """Each seat's buildings in play, each card followed by its workers from the bottom row up."""
    workers = f.get("workers") or [[[] for _ in owned] for owned in f["buildings"]]
    buildings = [[{"card": b["card"], "workers": list(cards)} for b, cards in zip(owned, mine)]
                 for owned, mine in zip(f["buildings"], workers)]
    taken = [card for owned in buildings for b in owned for card in [b["card"], *b["workers"]]]
    state.deck, state.buildings = _take(state.deck, taken), buildings


def discard_laid_out(state: XanaduState, f: Facts) -> None:
    cards = list(f["cards"])
    state.deck, state.discard = _take(state.deck, cards), cards


def scores_laid_out(state: XanaduState, f: Facts) -> None:
    state.scores = list(f["scores"])


def end_marker_laid_out(state: XanaduState, f: Facts) -> None:
    """The deck was reshuffled once: the END OF GAME marker, with `under` cards below it."""
    deck = list(state.deck)
    deck.insert(len(deck) - f["under"], END_MARKER)
    state.deck, state.reshuffled = deck, True
