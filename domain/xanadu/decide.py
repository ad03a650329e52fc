"""Turning the deal and each decision into events: the only place Xanadu draws at random.

Hands, starting choices, the rows planned, the workers chosen and the cards drawn are private to
their seat (a worker is a card face down: nobody else learns which); a turn's plan is made public
only when its player ends the turn: the building constructed, then the rows covered.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Decision
from domain.emitter import Emitter as BaseEmitter
from domain.emitter import decide_by_type
from domain.rng import Rng
from domain.xanadu.actions import check
from domain.xanadu.cards import ALL_IDS, END_MARKER
from domain.xanadu.events import EVENTS
from domain.xanadu.state import FOOTHOLD, HAND, MARKER_AMONG_LAST, SELL_DRAW, copy_state, new_state
from domain.xanadu.table import any_payable, facts, value


class Emitter(BaseEmitter):
    appliers = EVENTS.folds
    copy = staticmethod(copy_state)


def setup_events(seats: int, edition: int, rng: Rng) -> Decision:
    em = Emitter(new_state(seats, edition), rng)
    order = rng.shuffle(ALL_IDS)
    em.emit("deck_shuffled", "xanadu.setup.deal", {"count": len(order)}, secret={"order": order})
    for seat in range(seats):
        cards = em.state.deck[:HAND]
        em.emit("hand_dealt", "xanadu.setup.deal", {"seat": seat, "count": len(cards)}, private={"cards": cards}, private_to=seat)
    em.emit("starting_offered", "xanadu.setup.start", {})
    return em.decision()


def _start(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    if em.state.phase == FOOTHOLD:
        em.emit("foothold_placed", "xanadu.house.foothold", {"seat": seat, "card": action["card"]})
        return
    em.emit("starting_chosen", "xanadu.setup.start", {"seat": seat}, private={"card": action["card"]}, private_to=seat)
    if all(em.state.starting):
        em.emit("starting_revealed", "xanadu.setup.start", {"cards": list(em.state.starting)})
        start_turn(em, 0, 1)


def _sell(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    building = em.state.buildings[seat][action["building"]]
    em.emit("building_sold", "xanadu.sell", {"seat": seat, "building": action["building"], "card": building["card"],
                                              "value": value(em.state, building), "workers": len(building["workers"])})


def _end_sell(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    state = em.state
    if any_payable(state, seat, state.hands[seat], state.plan):
        em.emit("sell_ended", "xanadu.build", {"seat": seat})
    else:
        em.emit("build_skipped", "xanadu.house.auto-skip", {"seat": seat, "automatic": True})


def _skip_turn(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    commit(em, seat)


def _build(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("build_chosen", "xanadu.build", {"seat": seat}, private={"card": action["card"]}, private_to=seat)


def _skip_build(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("build_skipped", "xanadu.build", {"seat": seat, "automatic": False})


def _cover(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("cover_planned", "xanadu.workers.rows", {"seat": seat},
            private={"owner": action["owner"], "building": action["building"]}, private_to=seat)


def _done_covering(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    if em.state.plan["covers"]:
        em.emit("covering_done", "xanadu.workers.hand", {"seat": seat, "workers": len(em.state.plan["covers"])})
    else:
        commit(em, seat)


def _worker(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("worker_chosen", "xanadu.workers.hand", {"seat": seat}, private={"card": action["card"]}, private_to=seat)


def _end_turn(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    commit(em, seat)


def _undo(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    em.emit("undone", "xanadu.house.undo", {"seat": seat}, private={"step": em.state.plan["steps"][-1]}, private_to=seat)


def commit(em: Emitter, seat: int) -> None:
    """The end of the turn: the plan made public, the draw, autoselling, the next player."""
    plan = em.state.plan
    if plan["build"]:
        em.emit("building_constructed", "xanadu.build", {"seat": seat, "card": plan["build"]})
    if plan["covers"]:
        rows, done = [], {}
        for owner, index in plan["covers"]:
            key = (owner, index)
            rows.append([owner, index, len(em.state.buildings[owner][index]["workers"]) + done.get(key, 0)])
            done[key] = done.get(key, 0) + 1
        em.emit("workers_placed", "xanadu.workers.rows", {"seat": seat, "covers": rows, "count": len(rows)},
                secret={"cards": list(plan["workers"])})
    nothing = not (plan["sold"] or plan["build"] or plan["covers"])
    wanted = HAND - len(em.state.hands[seat]) if nothing else (SELL_DRAW if plan["sold"] else 1)
    if draw(em, seat, min(wanted, HAND - len(em.state.hands[seat]))):
        return
    autosell(em)
    start_turn(em, (seat + 1) % em.state.seats, em.state.turn + 1)


def start_turn(em: Emitter, seat: int, turn: int) -> None:
    """A turn; a player with no building in play first puts one in play from hand (house rule)."""
    em.emit("turn_started", "xanadu.turn.phases", {"seat": seat, "turn": turn})
    if not em.state.buildings[seat] and em.state.hands[seat]:
        em.emit("foothold_offered", "xanadu.house.foothold", {"seat": seat})


def draw(em: Emitter, seat: int, count: int) -> bool:
    """Draw `count` cards; True when the END OF GAME marker was drawn (the game is over)."""
    cards: list[str] = []
    while len(cards) < count:
        deck = em.state.deck[len(cards):]
        if not deck:
            if cards:
                em.emit("cards_drawn", "xanadu.draw", {"seat": seat, "count": len(cards)}, private={"cards": cards}, private_to=seat)
                count -= len(cards)
                cards = []
            if em.state.reshuffled or not em.state.discard:
                return False  # nothing left to draw (the marker is always drawn before)
            reshuffle(em)
            continue
        if deck[0] == END_MARKER:
            if cards:
                em.emit("cards_drawn", "xanadu.draw", {"seat": seat, "count": len(cards)}, private={"cards": cards}, private_to=seat)
            em.emit("end_marker_drawn", "xanadu.end", {"seat": seat})
            end_game(em)
            return True
        cards.append(deck[0])
    if cards:
        em.emit("cards_drawn", "xanadu.draw", {"seat": seat, "count": len(cards)}, private={"cards": cards}, private_to=seat)
    return False


def reshuffle(em: Emitter) -> None:
    """The first time the deck runs out: the discard pile, shuffled, with the END OF GAME marker
    put at random among its last ten cards."""
    order = em.rng.shuffle(em.state.discard)
    from_bottom = em.rng.below(min(MARKER_AMONG_LAST, len(order) + 1))
    order.insert(len(order) - from_bottom, END_MARKER)
    em.emit("deck_reshuffled", "xanadu.draw.reshuffle", {"count": len(order)}, secret={"order": order})


def autosell(em: Emitter) -> None:
    height = facts(em.state).height  # rows per card, read once: this runs at the end of every turn
    for seat in range(em.state.seats):
        for index in range(len(em.state.buildings[seat]) - 1, -1, -1):
            building = em.state.buildings[seat][index]
            if len(building["workers"]) == height[building["card"]]:  # full
                em.emit("building_autosold", "xanadu.autosell", {"seat": seat, "building": index, "card": building["card"],
                                                                   "value": value(em.state, building), "workers": len(building["workers"])})


def end_game(em: Emitter) -> None:
    values = [[value(em.state, b) for b in owned] for owned in em.state.buildings]
    em.emit("buildings_scored", "xanadu.end", {"values": values})
    scores = em.state.scores
    best = max(scores)
    em.emit("game_ended", "xanadu.end", {"scores": list(scores), "winners": [s for s, score in enumerate(scores) if score == best]})


_PERFORM = {"start": _start, "sell": _sell, "end_sell": _end_sell, "skip_turn": _skip_turn, "build": _build,
            "skip_build": _skip_build, "cover": _cover, "done_covering": _done_covering, "worker": _worker,
            "end_turn": _end_turn, "undo": _undo}
decide_events, decide_trusted = decide_by_type(check, Emitter, _PERFORM)
