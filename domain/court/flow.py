"""What happens between decisions: drawing into Society Row, card powers, the fight, Phase 3,
the end of the game. Every step is an event, folded into the state as it is emitted."""

from __future__ import annotations


from domain.court.cards import CARDS, CLAN, DAEMONS, GENERAL, MINISTER, POET, RULEBOOK_DAEMONS, TAX_COLLECTOR, VP
from domain.court.events import EVENTS
from domain.court.state import BUY, DAEMONS_TO_END, CourtState, copy_state
from domain.court.table import (
    any_daemon, can_fight, daemon_count, daemons_in_row, fight_cost, final_score, penalty, rightmost_court_card, tax_collectors,
    title,
)
from domain.emitter import Emitter as BaseEmitter


class Emitter(BaseEmitter):
    appliers = EVENTS.folds
    copy = staticmethod(copy_state)


def refill(em: Emitter) -> None:
    """Fill the gaps of Society Row from the deck. Gaps always lie next to the deck (the cards left
    of a gap slide right), and each new card enters next to the deck, pushing the last one right:
    so with two gaps the first card drawn ends in slot 1 and the second in slot 0."""
    state = em.state  # the emitter's own table: each event changes it in place
    while None in state.row:
        row = state.row
        gap = row.index(None)
        while gap + 1 < len(row) and row[gap + 1] is None:
            gap += 1
        if not state.deck:
            em.emit("row_left_short", "court.house.empty-deck", {"slots": [s for s, c in enumerate(row) if c is None]})
            return
        card = state.deck[0]
        em.emit("card_drawn", "court.row.slide", {"slot": gap, "card": card, "daemon": card in DAEMONS})


def take_rightmost_court_card(em: Emitter, event_type: str, rule: str, phase: str) -> None:
    """The rightmost card of Society Row that is no Daemon Prince leaves it (`event_type`, by
    `rule`) and the row is refilled; with only Daemon Princes there, nothing leaves in `phase`."""
    slot = rightmost_court_card(em.state)
    if slot is not None:
        em.emit(event_type, rule, {"slot": slot, "card": em.state.row[slot]})
        refill(em)
    else:
        em.emit("only_daemons", "court.house.only-daemons", {"phase": phase})


def activate(em: Emitter, space: int, then: str, refill_after: bool = False) -> bool:
    """The power of the card just placed on `space`; True when it waits for a decision.
    `refill_after`: Society Row is refilled once the power is done (a Courtesan's exchange)."""
    card = CARDS[em.state.court[space][-1]]
    role = card.role
    if role == MINISTER:
        _pay_minister(em, space, card.clan)
        return False
    if role == POET:
        _honour_poet(em, space, card.clan)
        return False
    if role == TAX_COLLECTOR and tax_targets(em.state, space):
        em.emit("power_awaits", "court.power.tax-collector",
                {"power": "tax", "space": space, "then": then, "refill_after": refill_after})
        return True
    if role == GENERAL and can_fight(em.state):
        em.emit("power_awaits", "court.power.general",
                {"power": "fight", "space": space, "then": then, "refill_after": refill_after})
        return True
    return False


# The powers below gather their cards in plain loops, not comprehensions or generators (each of
# those costs 2-4 k instructions in CPython 3.11): a Minister, a Poet or a Tax Collector comes on
# many decisions.

def _pay_minister(em: Emitter, space: int, clan: str) -> None:
    """Each Tax Collector on top pays the Minister its VP in CP, one more when of the Minister's clan."""
    collectors = tax_collectors(em.state)
    if not collectors:
        return
    cp = 0
    for collector in collectors:
        cp += VP[collector] + (1 if CLAN[collector] == clan else 0)
    em.emit("minister_paid", "court.power.minister", {"space": space, "cp": cp, "from": collectors})


def _honour_poet(em: Emitter, space: int, clan: str) -> None:
    """The Poet scores the VP of every top card of its clan, itself included."""
    honoured, vp = [], 0
    for stack in em.state.court:
        if stack and CLAN[top := stack[-1]] == clan:
            honoured.append(top)
            vp += VP[top]
    em.emit("poet_honoured", "court.power.poet", {"space": space, "vp": vp, "cards": honoured})


def tax_targets(state: CourtState, space: int) -> list[int]:
    """The spaces whose top card a Tax Collector on `space` may discard: another card of its clan."""
    court = state.court
    clan, found = CLAN[court[space][-1]], []
    for index in range(len(court)):  # a loop, not a comprehension: see above
        stack = court[index]
        if index != space and stack and CLAN[stack[-1]] == clan:
            found.append(index)
    return found


def may_tax(state: CourtState, space: int, target: int) -> bool:
    """Whether a Tax Collector on `space` may discard the top card of `target` (`target in
    tax_targets(state, space)`, without the list)."""
    stack = state.court[target]
    return target != space and bool(stack) and CLAN[stack[-1]] == CLAN[state.court[space][-1]]


def beatable(state: CourtState) -> list[int]:
    """The slots of the Daemon Princes the Generals (and the CP) can defeat now."""
    return [slot for slot in daemons_in_row(state) if fight_cost(state, state.row[slot]) <= state.cp]


def after_purchase(em: Emitter) -> None:
    """Phase 2, if a Daemon Prince can be fought; else on to Phase 3."""
    if can_fight(em.state):
        em.emit("fight_offered", "court.phase-2.fight", {"daemons": daemons_in_row(em.state)})
        return
    if any_daemon(em.state):
        em.emit("fight_passed", "court.house.no-fight", {"automatic": True})
    end_of_turn(em)


def end_of_turn(em: Emitter) -> None:
    """Phase 3, the end of the game, or the next turn."""
    if any_daemon(em.state):
        take_rightmost_court_card(em, "daemons_took", "court.phase-3.daemons", "3")
    state = em.state
    reason = None
    if daemon_count(state) >= DAEMONS_TO_END:
        reason = "four-daemons"
    elif state.drawn_daemons >= RULEBOOK_DAEMONS:
        reason = "all-daemons-drawn"
    if reason:
        score = final_score(state)
        em.emit("game_ended", "court.end", {
            "reason": reason, "vp": state.vp, "cp": state.cp, "cp_bonus": state.cp // 3, "penalty": penalty(state),
            "score": score, "title": title(score),
        })
        return
    em.emit("turn_started", "court.phase-1a.buy", {"turn": state.turn + 1})


def resume(em: Emitter, then: str) -> None:
    """Carry on once a power's decision is taken: back to Phase 1A after an exchange, else Phase 2."""
    if then == BUY:
        return
    after_purchase(em)

