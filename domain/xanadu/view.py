"""What one seat sees of a Xanadu table: every building in play with its covered rows and current
value, its own hand and every hand's size, the deck and discard sizes, the scores; the plan of the
turn under way only to its player. Worker cards are face down: counts, never names, until the end."""

from __future__ import annotations

from typing import Any

from domain.contract import Outcome
from typing import Mapping

from domain.xanadu.cards import Building
from domain.xanadu.state import BUILD, CHOOSE, FOOTHOLD, OVER, SELL, START, WORKERS, XanaduState
from domain.xanadu.table import cards_of, missing


def _trend(card: Building, workers: int) -> str | None:
    values = card.values
    if workers >= len(values) - 1:
        return None
    step = values[workers + 1] - values[workers]
    return "up" if step > 0 else "down" if step < 0 else "flat"


def _building(cards: Mapping[str, Building], building: dict[str, Any], shown: bool) -> dict[str, Any]:
    card, workers = cards[building["card"]], len(building["workers"])
    seen = {"card": card.to_json(), "workers": workers, "value": card.value(workers), "trend": _trend(card, workers),
            "favors": [row.favor for row in card.rows[:workers] if row.favor]}
    if shown:
        seen["worker_cards"] = list(building["workers"])
    return seen


def view(state: XanaduState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    shown = reveal or state.phase == OVER
    cards = cards_of(state)
    table: dict[str, Any] = {
        "viewer": viewer,
        "phase": state.phase,
        "turn": state.turn,
        "current": state.current,
        "to_act": state.current if state.phase not in ("setup", "start", OVER) else None,
        "edition": state.edition,
        "buildings": [[_building(cards, b, shown) for b in owned] for owned in state.buildings],
        "hand_sizes": [len(hand) for hand in state.hands],
        "hand": [cards[card].to_json() for card in state.hands[viewer]] if viewer is not None else None,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "reshuffled": state.reshuffled,
        "scores": list(state.scores),
        "started": [chosen is not None for chosen in state.starting],
        "sold_this_turn": bool(state.plan and state.plan["sold"]),
    }
    if viewer is not None and state.plan and viewer == state.current:
        plan = state.plan
        table["plan"] = {"build": plan["build"], "covers": [list(cover) for cover in plan["covers"]],
                         "workers": list(plan["workers"]), "undo_steps": len(plan["steps"]),
                         "missing": sorted(missing(state, viewer, cards[plan["build"]].cost, plan["covers"]).elements())
                         if plan["build"] else []}
    if shown:
        table["hands"] = [[cards[card].to_json() for card in hand] for hand in state.hands]
        table["deck"] = list(state.deck)
    return table


# What the playout view shows of a building in play (its worker cards aside), made on first use and
# shared (read only), by edition, card and workers on it.
_BUILDINGS: dict[tuple[int, str, int], dict[str, Any]] = {}


def _shown_building(state: XanaduState, building: dict[str, Any]) -> dict[str, Any]:
    key = (state.edition, building["card"], len(building["workers"]))
    shown = _BUILDINGS.get(key)
    if shown is None:
        shown = _BUILDINGS[key] = _building(cards_of(state), building, False)
    return shown


# The buildings and hand sizes the playout view showed last, with the lists they were read from. A
# table's lists are never changed in place (domain.event_table), so the same `buildings` and
# `hands` lists show the same: the decisions of one turn's sale and covers, which keep them, read
# them once. The entry holds those lists, so their identities cannot pass to new lists meanwhile.
_LAST_SHOWN: list[tuple] = []


def _shown_table(state: XanaduState) -> tuple[list[list[dict[str, Any]]], list[int]]:
    """Every building in play as the builder reads it, and the hands' sizes."""
    buildings, hands = state.buildings, state.hands
    if _LAST_SHOWN:
        last = _LAST_SHOWN[0]  # one read: another thread may put its own entry in meanwhile
        if last[0] is buildings and last[1] is hands and last[2] == state.edition:
            return last[3], last[4]
    shown = [[_shown_building(state, building) for building in owned] for owned in buildings]
    sizes = [len(hand) for hand in hands]
    _LAST_SHOWN[:] = [(buildings, hands, state.edition, shown, sizes)]
    return shown, sizes


# What the builder reads in each phase, by the actions the phase offers (bots._value): the edition
# of the deck (a card of the hand is weighed by its id in the deck's list) for a start, a build or a
# worker; buildings and hand sizes for a sale or a passed turn; and for covers, the plan of the
# turn and whether it sold too. Confirming a turn reads nothing.
_HAND_READ = frozenset({START, FOOTHOLD, BUILD, CHOOSE})
_TABLE_READ = frozenset({SELL, WORKERS})


def playout_view(state: XanaduState, viewer: int) -> dict[str, Any]:
    """What the builder reads of `view` (bots.Builder) in this phase, the same values, for the
    search's playouts: the deck's edition; every building in play and the hands' sizes; whether it
    sold this turn and the buildings and covers of its turn's plan. The buildings are made once
    and shared (the search's playout bot only reads them)."""
    phase = state.phase
    if phase in _HAND_READ:
        return {"viewer": viewer, "edition": state.edition}
    table: dict[str, Any] = {"viewer": viewer}
    if phase in _TABLE_READ:
        table["buildings"], table["hand_sizes"] = _shown_table(state)
        if phase == WORKERS:
            table["sold_this_turn"] = bool(state.plan and state.plan["sold"])
            if state.plan and viewer == state.current:
                table["plan"] = {"build": state.plan["build"], "covers": state.plan["covers"]}
    return table


def outcome(state: XanaduState) -> Outcome | None:
    if state.phase != OVER:
        return None
    best = max(state.scores)
    return Outcome(scores=list(state.scores), winners=[s for s, score in enumerate(state.scores) if score == best],
                   reason="the END OF GAME marker was drawn; every building in play scored")
