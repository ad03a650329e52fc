"""Using the ability of a unit or a lasting spell in play: `{"type": "use", "source": id}`, with a
`target` where the ability names one and a `choice` where it asks for one (Alchemist's element).

An ability is used by the card's controller (xi.ability.use), for its cost: a T cost in that
player's own turn only (xi.time.own-turn, L437, L485), T first then pT (xi.house.pay-t-first). A
`limit` caps its uses in a turn (Master Game Player's once). A unit whose controller changed this
turn uses no ability (xi.house.stolen-unit). The ability is declared (`ability_declared`), the
other seat's window opens (windows.py), and then it resolves. A pT ability may answer a window
of its controller's, in any turn (xi.time.pt-cost).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.contract import Action
from domain.errors import IllegalAction
from domain.xi.cards.catalogue import CARDS
from domain.xi.cards.vocabulary import ELEMENTS
from domain.xi.emitter import Emitter
from domain.xi.engine.checks import state_checks
from domain.xi.engine.play import check_target
from domain.xi.language.board import Cause, options, stolen
from domain.xi.language.effects import perform
from domain.xi.language.layers import Stats, derive_all
from domain.xi.state import XiState
from domain.xi.table import pay_t_first

CHOICES = {"element": ELEMENTS}  # what a `choose` of the vocabulary offers


def _ability(card_id: str) -> dict[str, Any] | None:
    entries = CARDS[card_id].ability
    return dict(entries[0]) if entries else None


ABILITY = {card_id: _ability(card_id) for card_id in CARDS}  # one ability per card in the catalogue
TARGET = {card_id: entry["to"] if entry and entry["to"].startswith("target:") else
          entry["from"] if entry and entry.get("from", "").startswith("target:") else None
          for card_id, entry in ABILITY.items()}


HAS_ABILITY = frozenset(card_id for card_id, entry in ABILITY.items() if entry)
PT_ABILITY = frozenset(card_id for card_id, entry in ABILITY.items() if entry and entry["cost"][0] == "pt")


def _sources(state: XiState, seat: int, derived: Mapping[str, Stats] | None = None) -> list[tuple[str, str, int]]:
    """(id, card, uses this turn) of every card in play with an ability that `seat` controls
    (`derived`, the table's stats where the caller has them already)."""
    # Plain loops: asked on every decision of a turn, where a comprehension costs more. Whose a
    # unit is is derived (layer 1), and only asked of units with an ability.
    found: list[tuple[str, str, int]] = []
    for unit in state.units:
        if ABILITY[unit.card]:
            if derived is None:
                derived = derive_all(state)
            if derived[unit.uid].controller == seat:
                found.append((unit.uid, unit.card, unit.uses))
    for card in state.in_play:
        if ABILITY[card.card] and card.controller == seat:
            found.append((card.iid, card.card, card.uses))
    return found


def _price(state: XiState, seat: int, entry: Mapping[str, Any]) -> tuple[int, int] | None:
    unit, cost = entry["cost"]  # checked as ("t" | "pt", n) at import
    player = state.players[seat]
    if unit == "pt":
        return (0, cost) if player.pt >= cost else None
    return pay_t_first(cost, player.t, player.pt)


def _ready(state: XiState, seat: int, source: str, card: str, uses: int) -> str | None:
    """Why the ability cannot be used now, or None."""
    entry = ABILITY[card]
    if uses >= entry.get("limit", uses + 1):
        return "limit"
    if stolen(state, source):
        return "stolen"
    return "cost" if _price(state, seat, entry) is None else None


def use_actions(state: XiState, seat: int, pt_only: bool = False, derived: Mapping[str, Stats] | None = None
                ) -> list[Action]:
    """Each usable ability, once per target and choice, in order of entry; in a window
    (`pt_only`), those with a pT cost only. `derived`, the table's stats where the caller has
    them already."""
    # _sources without its call, and in a window only the cards with a pT ability looked at:
    # asked on every decision of a turn and every window.
    sources: list[tuple[str, str, int]] = []
    wanted = PT_ABILITY if pt_only else HAS_ABILITY
    for unit in state.units:
        if unit.card in wanted:
            if derived is None:
                derived = derive_all(state)
            if derived[unit.uid].controller == seat:
                sources.append((unit.uid, unit.card, unit.uses))
    for card in state.in_play:
        if card.card in wanted and card.controller == seat:
            sources.append((card.iid, card.card, card.uses))
    actions: list[Action] = []
    player = state.players[seat]
    for source, card, uses in sources:
        # What _ready answers, asked without its calls (nor stolen's, _price's, pay_t_first's).
        entry = ABILITY[card]
        if uses >= entry.get("limit", uses + 1):
            continue  # used as often as it may be this turn
        taken = False
        for effect in state.effects:
            if effect.where == "1" and source in effect.to:
                taken = True  # its control changed this turn
                break
        if taken:
            continue
        unit, cost = entry["cost"]
        if (cost > player.pt) if unit == "pt" else (cost > player.t and cost - player.t > player.pt):
            continue  # it cannot be paid: pT from pT only, T first and pT for the rest
        base: dict[str, Any] = {"type": "use", "source": source}
        aims: list[Any] = [None]
        if TARGET[card]:
            derived = derived or derive_all(state)
            aims = options(state, derived, TARGET[card], seat)
        picks = CHOICES[ABILITY[card]["choose"]] if "choose" in ABILITY[card] else (None,)
        for aim in aims:
            for pick in picks:
                action = {**base}  # a copy without `dict`'s call
                if aim is not None:
                    action["target"] = aim
                if pick is not None:
                    action["choice"] = pick
                actions.append(action)
    return actions


def check_use(state: XiState, seat: int, action: Mapping[str, Any], in_window: bool = False) -> None:
    """Raise IllegalAction, naming the field, unless `seat` may use the ability now (in a window
    of its own, if `in_window`)."""
    found = next((held for held in _sources(state, seat) if held[0] == action["source"]), None)
    if found is None:
        raise IllegalAction(f"source: {action['source']!r} is no card of yours in play with an ability",
                            rule="xi.ability.use")
    source, card, uses = found
    entry, name = ABILITY[card], CARDS[card].name
    if in_window and entry["cost"][0] != "pt":
        raise IllegalAction(f"source: {name}'s ability costs {_cost_text(entry)}, and T is spent in your own "
                            "turn only", rule="xi.time.own-turn")
    why = _ready(state, seat, source, card, uses)
    if why == "limit":
        raise IllegalAction(f"source: {name}'s ability is used {entry['limit']} time(s) a turn at most",
                            rule=CARDS[card].rule)
    if why == "stolen":
        raise IllegalAction(f"source: {name} changed controller this turn; it does nothing this turn",
                            rule="xi.house.stolen-unit")
    if why == "cost":
        player = state.players[seat]
        raise IllegalAction(f"source: {name}'s ability costs {_cost_text(entry)}; you have {player.t}T and "
                            f"{player.pt}pT", rule="xi.time.pt-as-t")
    check_target(state, seat, name, TARGET[card], action.get("target"))
    choice, allowed = action.get("choice"), CHOICES.get(entry.get("choose"))
    if (choice is None) != (allowed is None) or (allowed and choice not in allowed):
        wanted = f"one of {', '.join(allowed)}" if allowed else "none"
        raise IllegalAction(f"choice: {choice!r}; {name}'s ability takes {wanted}", rule=CARDS[card].rule)


def _cost_text(entry: Mapping[str, Any]) -> str:
    unit, cost = entry["cost"]
    return f"{cost}{'pT' if unit == 'pt' else 'T'}"


def declare_ability(em: Emitter, seat: int, action: Mapping[str, Any], answering: Mapping[str, Any] | None = None
                    ) -> dict[str, Any]:
    """Pay and declare the ability (in answer to the window whose facts are `answering`, if
    any); what a window on it answers, all public."""
    source, card, _uses = next(held for held in _sources(em.state, seat) if held[0] == action["source"])
    from_t, from_pt = _price(em.state, seat, ABILITY[card])
    data = {"seat": seat, "source": source, "card": card, "paid": {"t": from_t, "pt": from_pt}}
    aimed = {key: action[key] for key in ("target", "choice") if key in action}
    data.update(aimed)
    if answering is not None:
        data["answering"] = answering["kind"]
    em.emit("ability_declared", CARDS[card].rule, data)
    return {"kind": "ability", "declarer": seat, "source": source, "card": card, **aimed}


def resolve_ability(em: Emitter, seat: int, source: str, card: str, target: Any, choice: Any,
                    answering: Mapping[str, Any] | None = None) -> None:
    """The ability takes effect, if its card is still in play, then the state checks run."""
    if not any(held[0] == source for held in _sources(em.state, seat)):
        return  # its card left play (or its controller changed) before it resolved
    mark = len(em.events)
    perform(em, ABILITY[card], Cause(card, seat, source, target, choice, answering=answering))
    state_checks(em, mark)
