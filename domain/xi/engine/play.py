"""Playing a card from your hand: its price, its target, its refusals, and its events.

Every card is a spell (xi.spell.all-cards) and is declared (`card_declared`), then resolves: a unit
enters play with its printed damage and life (xi.unit.stats); a lasting spell or a statement
enters play (`card_in_play`) and stays until destroyed or its `until` comes true
(xi.lasting.until, xi.statement.in-effect), on the unit it targets if it has `on`; then the card's
`on_play` entries resolve, and a point spell goes to its owner's discard pile
(xi.point.used-up). A card with a `target:` selector names its one target in the action
(xi.house.targets). A T cost takes T first, then pT (xi.house.pay-t-first), less the cost
modifications of cards in play (Quickwind Sage), never below 0 and never on a pT cost
(xi.time.cost-reduction); a pT cost is paid from pT only (xi.time.pt-cost). Cards are played in
your own turn, and pT cards in a window of yours too, in answer to a declaration (windows.py): a
card that only answers (Dispel, Sidestep) only there, and only where it has something to act on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.cards.catalogue import CARDS, NAME
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from domain.xi.language.board import Cause, options, under_way
from domain.xi.language.effects import ANSWERS, perform
from domain.xi.language.layers import Stats, derive_all
from domain.xi.state import XiState

# The "cost" list of section 4.2: how much each card in play changes its controller's T costs.
COST_CHANGE = {card.id: sum(dict(entry)["value"] for entry in card.static
                            if dict(entry).get("list") == "cost" and dict(entry)["to"] == "controller")
               for card in CARDS.values()}


def _target_selector(card) -> str | None:
    found = [card.on] + [dict(entry)["to"] for entry in card.on_play]
    return next((to for to in found if to and to.startswith("target:")), None)


# Each card's one target selector, if it has one; and the cards that only answer a declaration.
TARGET = {card.id: _target_selector(card) for card in CARDS.values()}
ANSWER_ONLY = frozenset(card.id for card in CARDS.values()
                        if card.on_play and all(dict(entry)["do"] in ANSWERS for entry in card.on_play))


def price(state: XiState, seat: int, card_id: str, derived: Mapping[str, Stats] | None = None
          ) -> tuple[int, int] | None:
    """What playing `card_id` takes from `seat` now, (from T, from pT); None if it cannot pay
    (play_actions asks the same of every card in hand, inline)."""
    card, player = CARDS[card_id], state.players[seat]
    if card.cost_unit == "pt":
        return (0, card.cost) if player.pt >= card.cost else None
    # cost_change, `max` and pay_t_first, without their calls: every card played asks, checked and declared.
    cost = card.cost
    for unit in (derived if derived is not None else derive_all(state)).values():
        if unit.controller == seat:
            cost += COST_CHANGE[unit.card]
    if cost < 0:
        cost = 0
    from_t = cost if cost < player.t else player.t
    return (from_t, cost - from_t) if cost - from_t <= player.pt else None


def cost_change(derived: Mapping[str, Stats], seat: int) -> int:
    """How much the units `seat` controls change its T costs (a loop: a generator costs more here)."""
    change = 0
    for unit in derived.values():
        if unit.controller == seat:
            change += COST_CHANGE[unit.card]
    return change


# What each answering word needs to act on: the card a window answers, or a skirmish under way.
_ANSWER_WORDS = {card.id: frozenset(dict(entry)["do"] for entry in card.on_play) for card in CARDS.values()}


def answers_here(state: XiState, card_id: str, window: Mapping[str, Any] | None) -> bool:
    """Whether a card that only answers has something to act on: Prevent a card declared in this
    window, a cancel the skirmish under way."""
    if window is None:
        return False
    words = _ANSWER_WORDS[card_id]
    return ("prevent" in words and window["kind"] == "spell") or (
        "cancel_skirmish" in words and under_way(state) is not None)


def play_actions(state: XiState, seat: int, window: Mapping[str, Any] | None = None,
                 derived: Mapping[str, Stats] | None = None) -> list[Action]:
    """Each card in hand that `seat` can pay for, once per target it may name, in hand order: in
    a window (`window` its facts), the pT cards that may answer it. `derived`, the table's stats
    where the caller has them already."""
    actions: list[Action] = []
    seen: list[str] = []  # a hand holds a few cards: a list, without `set`'s call
    # Else derived once a card needs it (a T cost, a target): in a window, often none does.
    change = None  # the seat's T cost change, read once for all its cards
    player = state.players[seat]
    for card_id in player.hand:
        if card_id in seen:
            continue
        # What `_playable` and `price` answer, asked here without their calls: every card in
        # hand, every decision.
        card = CARDS[card_id]
        if card.cost_unit == "pt":
            if player.pt < card.cost:
                continue
        else:
            if window is not None:
                continue  # a T card answers no window
            if derived is None:
                derived = derive_all(state)
            if change is None:  # cost_change, without its call
                change = 0
                for unit in derived.values():
                    if unit.controller == seat:
                        change += COST_CHANGE[unit.card]
            cost = card.cost + change
            if cost > player.t and cost - player.t > player.pt:  # pay_t_first: T first, then pT for the rest
                continue
        if card_id in ANSWER_ONLY and not answers_here(state, card_id, window):
            continue
        selector = TARGET[card_id]
        if derived is None and selector:
            derived = derive_all(state)
        seen.append(card_id)
        if selector is None:
            actions.append({"type": "play", "card": card_id})
        else:
            for aim in options(state, derived, selector, seat):
                actions.append({"type": "play", "card": card_id, "target": aim})
    return actions


def check_play(state: XiState, seat: int, card_id: str, target: Any, window: Mapping[str, Any] | None = None
               ) -> None:
    """Raise IllegalAction, naming the field, unless `seat` may play `card_id` at `target` now (in
    the window whose facts are `window`, if one is open to it)."""
    player = state.players[seat]
    if card_id not in player.hand:
        raise IllegalAction(f"card: {NAME.get(card_id, repr(card_id))} is not in your hand", rule="xi.play.from-hand")
    card = CARDS[card_id]
    if window is not None and card.cost_unit != "pt":
        raise IllegalAction(f"card: {card.name} costs T, and T is spent in your own turn only; a window is "
                            "answered with a pT card", rule="xi.time.own-turn")
    if card_id in ANSWER_ONLY and not answers_here(state, card_id, window):
        what = "a card as it is played" if "prevent" in _ANSWER_WORDS[card_id] else "a skirmish under way"
        raise IllegalAction(f"card: {card.name} answers {what}, in a window of yours; there is none to answer",
                            rule="xi.response.one")
    if price(state, seat, card_id) is None:
        unit = "pT" if card.cost_unit == "pt" else "T"
        raise IllegalAction(f"card: {card.name} costs {card.cost}{unit}; you have {player.t}T and {player.pt}pT",
                            rule="xi.time.pt-cost" if unit == "pT" else "xi.time.pt-as-t")
    selector = TARGET[card_id]
    if selector is not None or target is not None:  # else no target, as none is taken
        check_target(state, seat, card.name, selector, target)


def check_target(state: XiState, seat: int, name: str, selector: str | None, target: Any) -> None:
    """The target an action names: one of the selector's options, or none for no selector."""
    if selector is None:
        if target is not None:
            raise IllegalAction(f"target: {name} takes no target", rule="xi.house.targets")
        return
    allowed = options(state, derive_all(state), selector, seat)
    if target is None:
        raise IllegalAction(f"target: {name} needs a target ({selector.split(':', 1)[1].replace('_', ' ')})",
                            rule="xi.house.targets")
    if target not in allowed or type(target) is bool:
        what = selector.split(":", 1)[1].split("+")[0].replace("_", " ")
        raise IllegalAction(f"target: {target!r} is not one {name} may target ({what})", rule="xi.house.targets")


def declare_card(em: Emitter, seat: int, action: Mapping[str, Any], answering: Mapping[str, Any] | None = None
                 ) -> dict[str, Any]:
    """Pay and show the card (in answer to the window whose facts are `answering`, if any); what
    a window on it answers, all public."""
    card_id, target = action["card"], action.get("target")
    from_t, from_pt = price(em.state, seat, card_id)
    data: dict[str, Any] = {"seat": seat, "card": card_id, "paid": {"t": from_t, "pt": from_pt}}
    if target is not None:
        data["target"] = target
    if answering is not None:
        data["answering"] = answering["kind"]
    em.emit("card_declared", "xi.response.one" if answering else "xi.spell.all-cards", data)
    on = {"kind": "spell", "declarer": seat, "card": card_id}
    return on if target is None else {**on, "target": target}


def resolve(em: Emitter, seat: int, card_id: str, target: Any, answering: Mapping[str, Any] | None = None) -> None:
    """A declared card takes effect: it enters play (or not), its `on_play` entries resolve, a
    point spell is discarded, and the state checks run."""
    card, mark, since = CARDS[card_id], len(em.events), em.state.clock + 1
    source = None
    if card.kind == "unit":
        source = f"u{since}"
        em.emit("unit_entered", "xi.unit.stats",
                {"uid": source, "card": card_id, "owner": seat, "controller": seat, "since": since})
    elif card.kind in ("lasting", "statement"):
        source = f"s{since}"
        em.emit("card_in_play", "xi.lasting.until" if card.kind == "lasting" else "xi.statement.in-effect",
                {"iid": source, "card": card_id, "owner": seat, "controller": seat,
                 "on": target if card.on else None, "since": since})
    for entry in card.on_play:
        perform(em, dict(entry), Cause(card_id, seat, source, target, answering=answering))
    if card.kind == "point":
        em.emit("card_discarded", "xi.point.used-up", {"iid": None, "card": card_id, "owner": seat})
    state_checks(em, mark)
