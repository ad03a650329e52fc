"""Turning the deal and each decision into events: the only place the Court rules draw at random.

Set-up: shuffle; deal Society Row, setting aside each Daemon Prince and dealing a replacement;
then the player places three starting cards, one decision each; after the third, the set-aside
Princes are shuffled back into the deck, the fourth card slides next to the deck, three new cards
fill the row and turn 1 begins with 10 CP.
"""

from __future__ import annotations

from typing import Any, Mapping

from domain.contract import Decision
from domain.court.actions import check
from domain.court.cards import ALL_IDS, CARDS, DAEMONS
from domain.court.flow import Emitter, activate, after_purchase, end_of_turn, refill, resume, take_rightmost_court_card
from domain.court.state import BUY, FIGHT, POWER, ROW_SLOTS, STARTING_CARDS, STARTING_CP, new_state
from domain.court.table import fight_cost, price, tax_collectors
from domain.emitter import decide_by_type
from domain.rng import Rng


def setup_events(advanced: bool, rng: Rng) -> Decision:
    em = Emitter(new_state(advanced), rng)
    order = rng.shuffle(ALL_IDS)
    em.emit("deck_shuffled", "court.setup.shuffle", {"count": len(order)}, secret={"order": order})
    for slot in range(ROW_SLOTS):
        while em.state.deck[0] in DAEMONS:
            em.emit("daemon_set_aside", "court.setup.daemons-aside", {"card": em.state.deck[0]})
        em.emit("row_dealt", "court.setup.row", {"slot": slot, "card": em.state.deck[0]})
    em.emit("choice_offered", "court.setup.starting-cards", {"cp": STARTING_CP, "choose": STARTING_CARDS})
    return em.decision()


def _start(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    slot, space = action["slot"], action["space"]
    em.emit("starting_card_placed", "court.setup.starting-cards",
            {"slot": slot, "card": em.state.row[slot], "space": space})
    if len(em.state.court) - em.state.court.count([]) < STARTING_CARDS:  # spaces holding a card
        return
    if em.state.set_aside:
        order = em.rng.shuffle(em.state.set_aside + em.state.deck)
        em.emit("daemons_shuffled_back", "court.setup.daemons-aside", {"count": len(em.state.set_aside)},
                secret={"order": order})
    fourth = next(card for card in em.state.row if card)
    em.emit("row_slid", "court.house.refill-order", {"row": [fourth, None, None, None], "card": fourth})
    for slot in range(1, ROW_SLOTS):
        card = em.state.deck[0]
        rule = "court.house.setup-daemons" if card in DAEMONS else "court.setup.slide"
        em.emit("card_drawn", rule, {"slot": slot, "card": card, "daemon": card in DAEMONS})
    em.emit("turn_started", "court.phase-1a.buy", {"turn": 1})


def _buy(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    slot, space = action["slot"], action["space"]
    card = em.state.row[slot]
    under = em.state.court[space][-1] if em.state.court[space] else None
    em.emit("card_bought", "court.phase-1a.buy",
            {"slot": slot, "card": card, "price": price(slot, card), "space": space, "covers": under})
    refill(em)
    if not activate(em, space, FIGHT):
        after_purchase(em)


def _exchange(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    space, slot = action["space"], action["slot"]
    em.emit("courtesan_exchanged", "court.power.courtesan",
            {"space": space, "courtesan": em.state.court[space][-1], "slot": slot, "card": em.state.row[slot]})
    # The new card's power acts first; "lastly" the row is refilled (once the power is done).
    if not activate(em, space, BUY, refill_after=True):
        refill(em)


def _skip(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    take_rightmost_court_card(em, "row_card_discarded", "court.phase-1b.discard", "1B")
    collectors = tax_collectors(em.state)
    em.emit("income", "court.phase-1b.discard", {"cp": 1 + len(collectors), "tax_collectors": collectors})
    after_purchase(em)


def _tax(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    space, take = action["space"], "vp" if action["type"] == "tax_for_vp" else "cp"
    card = em.state.court[space][-1]
    em.emit("tax_collected", "court.power.tax-collector",
            {"space": space, "card": card, "take": take, "amount": CARDS[card].vp,
             "by": em.state.pending["space"]})
    _power_done(em)


def _fight(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    slot = action["slot"]
    daemon = em.state.row[slot]
    rule = "court.power.general" if em.state.phase == POWER else "court.phase-2.fight"
    em.emit("daemon_defeated", rule, {"slot": slot, "card": daemon, "pay": fight_cost(em.state, daemon),
                                      "vp": CARDS[daemon].vp, "strength": CARDS[daemon].strength})
    refill(em)
    if em.state.phase == POWER:
        _power_done(em)
    else:
        end_of_turn(em)


def _decline(em: Emitter, seat: int, action: Mapping[str, Any]) -> None:
    if em.state.phase == POWER:
        pending = em.state.pending
        em.emit("power_declined", "court.power.topmost", {"power": pending["power"], "then": pending["then"]})
        if pending.get("refill_after"):
            refill(em)
        resume(em, pending["then"])
        return
    em.emit("fight_passed", "court.phase-2.fight", {"automatic": False})
    end_of_turn(em)


def _power_done(em: Emitter) -> None:
    pending = em.state.pending
    em.emit("power_done", "court.power.topmost", {"power": pending["power"], "then": pending["then"]})
    if pending.get("refill_after"):
        refill(em)
    resume(em, pending["then"])


_PERFORM = {"start": _start, "buy": _buy, "exchange": _exchange, "skip": _skip, "tax_for_vp": _tax, "tax_for_cp": _tax,
            "fight": _fight, "decline": _decline}
decide_events, decide_trusted = decide_by_type(check, Emitter, _PERFORM)
