"""What the player (or a spectator: it is the same, a solitaire hides only the deck) sees of the
table, and how a finished game came out."""

from __future__ import annotations

from typing import Any

from domain.contract import Outcome
from domain.court.cards import CARDS, POWERS, ROLE_NAMES
from domain.court.state import CHOOSE, OVER, ROW_SLOTS, SETUP, CourtState
from domain.court.table import (
    final_score, generals_strength, penalty, price, title, tops, TITLE_ORDER,
)

REASONS = {"four-daemons": "four Daemon Princes stood in Society Row", "all-daemons-drawn": "all nine Daemon Princes were drawn"}


# Each card's face as the view shows it, made once: a view copies it (a dict's copy, made in C),
# fresh for every view, as the search's playouts ask a view at each decision.
FACES: dict[str, dict[str, Any]] = {card_id: card.to_json() for card_id, card in CARDS.items()}


def _card(card_id: str | None) -> dict[str, Any] | None:
    return FACES[card_id].copy() if card_id else None


def _cards(card_ids: list[str]) -> list[dict[str, Any]]:
    """The faces of a list of cards (none of them missing), each a fresh dict."""
    return [FACES[card_id].copy() for card_id in card_ids]


# What each role's cards do, the same at every step: a line for a card's face, the rulebook in full.
POWERS_SHOWN = {role: {"name": ROLE_NAMES[role], "power": power.line, "text": power.text} for role, power in POWERS.items()}


def _price(state: CourtState, slot: int, card: str | None) -> int | None:
    """What a card of Society Row costs now: nothing to show for a Daemon Prince (never for sale)
    or at set-up, where the three starting cards are taken free."""
    if card is None or CARDS[card].is_daemon or state.phase in (SETUP, CHOOSE):
        return None
    return price(slot, card)


def view(state: CourtState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    shown = reveal or state.phase == OVER
    score = final_score(state)
    table: dict[str, Any] = {
        "viewer": viewer,
        "phase": state.phase,
        "turn": state.turn,
        "spaces": state.spaces,
        "row": [{"slot": slot, "card": _card(card), "price": _price(state, slot, card)} for slot, card in enumerate(state.row)],
        "deck_count": len(state.deck),
        "court": [_cards(stack) for stack in state.court],
        "tops": [_card(card) for card in tops(state)],
        "placed_on": list(state.placed_on),
        "cp": state.cp,
        "vp": state.vp,
        "generals_strength": generals_strength(state),
        "discard": _cards(state.discard),
        "daemon_court": _cards(state.daemon_court),
        "defeated": _cards(state.defeated),
        "set_aside": _cards(state.set_aside),
        "drawn_daemons": state.drawn_daemons,
        "pending": dict(state.pending) if state.pending else None,
        "exchanged": state.exchanged,
        "score": score,
        "penalty": penalty(state),
        "title": title(score),
        "titles": list(TITLE_ORDER),
        "powers": POWERS_SHOWN,
    }
    if shown:
        table["deck"] = _cards(state.deck)
    return table


# Each slot of Society Row as the playout view shows it, by whether the phase prices the cards, the
# slot and its card (or None), made once: `view`'s slot less its number, shared, read only.
ROW_SHOWN: dict[bool, list[dict[str | None, dict[str, Any]]]] = {
    priced: [{card: {"card": _card(card), "price": None if card is None or CARDS[card].is_daemon or not priced
                     else price(slot, card)} for card in (None, *CARDS)} for slot in range(ROW_SLOTS)]
    for priced in (False, True)}


def playout_view(state: CourtState, viewer: int) -> dict[str, Any]:
    """What the autoplayer reads of `view` (bots.values), the same values, for the search's
    playouts: the top card of each space, Society Row with its prices, the deck's size. The faces
    and slots are made once (FACES, ROW_SHOWN), not copied: the search's playout bot only reads them."""
    tops = []
    for stack in state.court:  # a loop, not a comprehension (which makes a function): cheaper over a court
        tops.append(FACES[stack[-1]] if stack else None)
    return {
        "tops": tops,
        "row": list(map(dict.__getitem__, ROW_SHOWN[state.phase not in (SETUP, CHOOSE)], state.row)),  # each slot's, in C
        "deck_count": len(state.deck),
    }


def outcome(state: CourtState) -> Outcome | None:
    if state.phase != OVER:
        return None
    score = final_score(state)
    return Outcome(scores=[score], winners=[0], reason=REASONS.get(state.ended_by or "", "the game is over"),
                   detail={"title": title(score), "vp": state.vp, "cp": state.cp, "cp_bonus": state.cp // 3,
                           "penalty": penalty(state), "ended_by": state.ended_by})
