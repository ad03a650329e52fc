"""What the player (or a spectator: it is the same, a solitaire hides only the deck) sees of the
table, and how a finished game came out."""

from __future__ import annotations

from typing import Any

from domain.contract import Outcome
from domain.court.cards import CARDS, POWERS, ROLE_NAMES
from domain.court.state import CHOOSE, OVER, SETUP, CourtState
from domain.court.table import (
    final_score, generals_strength, penalty, price, title, tops, TITLE_ORDER,
)

REASONS = {"four-daemons": "four Daemon Princes stood in Society Row", "all-daemons-drawn": "all nine Daemon Princes were drawn"}


def _card(card_id: str | None) -> dict[str, Any] | None:
    return CARDS[card_id].to_json() if card_id else None


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
    table: dict[str, Any] = {
        "viewer": viewer,
        "phase": state.phase,
        "turn": state.turn,
        "spaces": state.spaces,
        "row": [{"slot": slot, "card": _card(card), "price": _price(state, slot, card)} for slot, card in enumerate(state.row)],
        "deck_count": len(state.deck),
        "court": [[_card(card) for card in stack] for stack in state.court],
        "tops": [_card(card) for card in tops(state)],
        "placed_on": list(state.placed_on),
        "cp": state.cp,
        "vp": state.vp,
        "generals_strength": generals_strength(state),
        "discard": [_card(card) for card in state.discard],
        "daemon_court": [_card(card) for card in state.daemon_court],
        "defeated": [_card(card) for card in state.defeated],
        "set_aside": [_card(card) for card in state.set_aside],
        "drawn_daemons": state.drawn_daemons,
        "pending": dict(state.pending) if state.pending else None,
        "exchanged": state.exchanged,
        "score": final_score(state),
        "penalty": penalty(state),
        "title": title(final_score(state)),
        "titles": list(TITLE_ORDER),
        "powers": POWERS_SHOWN,
    }
    if shown:
        table["deck"] = [_card(card) for card in state.deck]
    return table


def outcome(state: CourtState) -> Outcome | None:
    if state.phase != OVER:
        return None
    score = final_score(state)
    return Outcome(scores=[score], winners=[0], reason=REASONS.get(state.ended_by or "", "the game is over"),
                   detail={"title": title(score), "vp": state.vp, "cp": state.cp, "cp_bonus": state.cp // 3,
                           "penalty": penalty(state), "ended_by": state.ended_by})
