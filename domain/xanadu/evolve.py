"""The fold: each event of a Xanadu game applied to the table. Pure, no randomness."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.emitter import fold_by_type
from domain.xanadu.state import (
    BUILD, CHOOSE, CONFIRM, FOOTHOLD, OVER, SELL, START, WORKERS, XanaduState, copy_with, new_plan,
)


Facts = Mapping[str, Any]


def _hand(state: XanaduState, seat: int, hand: list[str]) -> list[list[str]]:
    return [hand if index == seat else cards for index, cards in enumerate(state.hands)]


def _owned(state: XanaduState, seat: int, owned: list[dict]) -> list[list[dict]]:
    return [owned if index == seat else buildings for index, buildings in enumerate(state.buildings)]


def _plan(state: XanaduState, **changes: Any) -> dict[str, Any]:
    plan = {key: list(value) if isinstance(value, list) else value for key, value in (state.plan or new_plan()).items()}
    plan.update(changes)
    return plan


def _deck_shuffled(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, deck=list(f["order"]))


def _hand_dealt(state: XanaduState, f: Facts) -> XanaduState:
    cards = list(f["cards"])
    return copy_with(state, deck=state.deck[len(cards):], hands=_hand(state, f["seat"], cards))


def _starting_offered(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=START)


def _starting_chosen(state: XanaduState, f: Facts) -> XanaduState:
    starting = list(state.starting)
    starting[f["seat"]] = f["card"]
    return copy_with(state, starting=starting)


def _starting_revealed(state: XanaduState, f: Facts) -> XanaduState:
    hands = [[card for card in hand if card != chosen] for hand, chosen in zip(state.hands, f["cards"])]
    buildings = [owned + [{"card": chosen, "workers": []}] for owned, chosen in zip(state.buildings, f["cards"])]
    return copy_with(state, hands=hands, buildings=buildings, starting=[None] * state.seats)


def _turn_started(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=SELL, current=f["seat"], turn=f["turn"], plan=new_plan())


def _autosold(state: XanaduState, f: Facts) -> XanaduState:
    """The building and the workers on it go to the discard pile; its owner scores its value."""
    seat, index = f["seat"], f["building"]
    building = state.buildings[seat][index]
    owned = [b for i, b in enumerate(state.buildings[seat]) if i != index]
    scores = [score + (f["value"] if i == seat else 0) for i, score in enumerate(state.scores)]
    discard = state.discard + [building["card"]] + list(building["workers"])
    return copy_with(state, buildings=_owned(state, seat, owned), scores=scores, discard=discard)


def _foothold_offered(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=FOOTHOLD)


def _foothold_placed(state: XanaduState, f: Facts) -> XanaduState:
    seat, card = f["seat"], f["card"]
    hand = [c for c in state.hands[seat] if c != card]
    return copy_with(state, phase=SELL, hands=_hand(state, seat, hand),
                     buildings=_owned(state, seat, state.buildings[seat] + [{"card": card, "workers": []}]))


def _sold(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(_autosold(state, f), plan=_plan(state, sold=True))


def _steps(state: XanaduState, step: str) -> list[str]:
    return state.plan["steps"] + [step]


def _sell_ended(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=BUILD)


def _build_skipped(state: XanaduState, f: Facts) -> XanaduState:
    steps = state.plan["steps"] if f["automatic"] else _steps(state, "skip_build")
    return copy_with(state, phase=WORKERS, plan=_plan(state, steps=steps))


def _build_chosen(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=WORKERS, plan=_plan(state, build=f["card"], steps=_steps(state, "build")))


def _cover_planned(state: XanaduState, f: Facts) -> XanaduState:
    covers = state.plan["covers"] + [[f["owner"], f["building"]]]
    return copy_with(state, plan=_plan(state, covers=covers, steps=_steps(state, "cover")))


def _covering_done(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=CHOOSE, plan=_plan(state, steps=_steps(state, "covering")))


def _worker_chosen(state: XanaduState, f: Facts) -> XanaduState:
    workers = state.plan["workers"] + [f["card"]]
    return copy_with(state, phase=CONFIRM if len(workers) == len(state.plan["covers"]) else CHOOSE,
                     plan=_plan(state, workers=workers, steps=_steps(state, "worker")))


def _undone(state: XanaduState, f: Facts) -> XanaduState:
    """The last uncommitted step of the turn, taken back."""
    plan = state.plan
    last, steps = plan["steps"][-1], plan["steps"][:-1]
    if last == "worker":
        return copy_with(state, phase=CHOOSE, plan=_plan(state, workers=plan["workers"][:-1], steps=steps))
    if last == "covering":
        return copy_with(state, phase=WORKERS, plan=_plan(state, steps=steps))
    if last == "cover":
        return copy_with(state, plan=_plan(state, covers=plan["covers"][:-1], steps=steps))
    if last == "build":
        return copy_with(state, phase=BUILD, plan=_plan(state, build=None, steps=steps))
    return copy_with(state, phase=BUILD, plan=_plan(state, steps=steps))  # a construction skipped


def _constructed(state: XanaduState, f: Facts) -> XanaduState:
    """The planned building, now in play: no longer part of the plan."""
    seat, card = f["seat"], f["card"]
    hand = [c for c in state.hands[seat] if c != card]
    return copy_with(state, hands=_hand(state, seat, hand), plan=_plan(state, build=None),
                     buildings=_owned(state, seat, state.buildings[seat] + [{"card": card, "workers": []}]))


def _workers_placed(state: XanaduState, f: Facts) -> XanaduState:
    seat, cards = f["seat"], list(f["cards"])
    buildings = [[{"card": b["card"], "workers": list(b["workers"])} for b in owned] for owned in state.buildings]
    for (owner, index, _row), card in zip(f["covers"], cards):
        buildings[owner][index]["workers"].append(card)
    hand = list(state.hands[seat])
    for card in cards:
        hand.remove(card)
    # The planned rows are covered now: the plan no longer points at them (they may be autosold next).
    return copy_with(state, buildings=buildings, hands=_hand(state, seat, hand), plan=_plan(state, covers=[], workers=[]))


def _cards_drawn(state: XanaduState, f: Facts) -> XanaduState:
    cards = list(f["cards"])
    return copy_with(state, deck=state.deck[len(cards):], hands=_hand(state, f["seat"], state.hands[f["seat"]] + cards))


def _deck_reshuffled(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, deck=list(f["order"]), discard=[], reshuffled=True)


def _marker_drawn(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, deck=state.deck[1:])


def _scored(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, scores=[score + sum(values) for score, values in zip(state.scores, f["values"])])


def _game_ended(state: XanaduState, f: Facts) -> XanaduState:
    return copy_with(state, phase=OVER, plan=None)


_HANDLERS: dict[str, Callable[[XanaduState, Facts], XanaduState]] = {
    "deck_shuffled": _deck_shuffled,
    "hand_dealt": _hand_dealt,
    "starting_offered": _starting_offered,
    "starting_chosen": _starting_chosen,
    "starting_revealed": _starting_revealed,
    "turn_started": _turn_started,
    "foothold_offered": _foothold_offered,
    "foothold_placed": _foothold_placed,
    "building_sold": _sold,
    "building_autosold": _autosold,
    "sell_ended": _sell_ended,
    "build_skipped": _build_skipped,
    "build_chosen": _build_chosen,
    "cover_planned": _cover_planned,
    "covering_done": _covering_done,
    "worker_chosen": _worker_chosen,
    "undone": _undone,
    "building_constructed": _constructed,
    "workers_placed": _workers_placed,
    "cards_drawn": _cards_drawn,
    "deck_reshuffled": _deck_reshuffled,
    "end_marker_drawn": _marker_drawn,
    "buildings_scored": _scored,
    "game_ended": _game_ended,
}

evolve = fold_by_type(_HANDLERS, "Xanadu")
EVENT_TYPES = tuple(_HANDLERS)
