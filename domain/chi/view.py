"""What one seat may see of the table, and how a finished game came out.

A seat sees the row, both play areas, the face-up discard pile, the deck's size, every hand's
size and its own hand. A spectator sees no hand. Once the game is over (or `reveal` is asked for,
for the steps of a finished game) every hand and the deck order are shown.
"""

from __future__ import annotations

from typing import Any

from domain.chi.cards import CARDS, FACES, KINDS, YANG_POINTS
from domain.chi.state import OVER, ChiState
from domain.chi.table import final_scores, points_in_play, to_act, winners
from domain.contract import Outcome
from domain.memo import by_identity

# The composition of the deck is public: listing it lets a client draw a legend, and means no
# colour or kind name in a seat's view is something only that seat could know.
def _legend() -> dict[str, Any]:
    return {
        "kinds": list(KINDS),
        "colours": [{"colour": colour, "yang_points": points} for colour, points in YANG_POINTS.items()],
    }

REASONS = {
    "six-stacks": "a player reached 6 Yang stacks and the last turn was played",
    "no-legal-action": "neither player had a legal action left",
    "resignation": "a player resigned",
}


def _cards(ids: list[str]) -> list[dict[str, Any]]:
    return [CARDS[card].to_json() for card in ids]


def view(state: ChiState, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    """The table as `viewer` (a seat, or None for a spectator) may see it."""
    shown = reveal or state.phase == OVER
    points = points_in_play(state)
    table: dict[str, Any] = {
        "viewer": viewer,
        "phase": state.phase,
        "turn": state.turn,
        "current": state.current,
        "starter": state.starter,
        "to_act": to_act(state),
        "row": [CARDS[card].to_json() if card else None for card in state.row],
        "deck_count": len(state.deck),
        "discard": _cards(state.discard),
        "areas": [[_cards(stack) for stack in stacks] for stacks in state.areas],
        "stacks": [len(stacks) for stacks in state.areas],
        "hand_sizes": [len(hand) for hand in state.hands],
        "hand": _cards(state.hands[viewer]) if viewer is not None and viewer < len(state.hands) else None,
        "conflict": _conflict(state),
        "points_in_play": points,
        "scores": final_scores(state) if state.phase == OVER else points,
        "end_triggered": state.end_triggered,
        "final_turn_for": state.final_turn_for,
        "legend": _legend(),
    }
    if shown:
        table["hands"] = [_cards(hand) for hand in state.hands]
        table["deck"] = _cards(state.deck)
    return table


_face = FACES.get  # a card's face, and None for an empty row slot


def _area_faces(stacks: list[list[str]]) -> list[list[dict[str, Any]]]:
    """The faces of a play area's stacks (shared, read only)."""
    return [list(map(_face, stack)) for stack in stacks]  # map: the loop over a stack's cards in C


# By the area's own list (domain.memo): a play changes one seat's area, so a playout's next tables
# mostly share theirs.
_area = by_identity(_area_faces)


def playout_view(state: ChiState, viewer: int) -> dict[str, Any]:
    """What the greedy bot reads of `view` (bots.Greedy), the same values, for the search's
    playouts: the row, both play areas, its hand, the hands' sizes and the conflict under way (the
    points in play it adds up from the areas' faces when it needs them). The faces are FACES', not
    copies: the search's playout bot only reads them. Lists by `map`, not comprehensions: a playout
    asks a view at every decision."""
    conflict = state.conflict
    return {
        "viewer": viewer,
        "row": list(map(_face, state.row)),
        "areas": list(map(_area, state.areas)),
        "hand_sizes": list(map(len, state.hands)),
        "hand": list(map(_face, state.hands[viewer])),
        "conflict": None if conflict is None else {"target": FACES[conflict.target]},
    }


def _conflict(state: ChiState) -> dict[str, Any] | None:
    conflict = state.conflict
    if conflict is None:
        return None
    return {
        "attacker": conflict.attacker,
        "defender": conflict.defender,
        "yin": CARDS[conflict.yin].to_json(),
        "target": CARDS[conflict.target].to_json(),
        "chi": _cards(conflict.chi),
        "to_decide": conflict.to_decide,
        "last_played": conflict.last_played,
    }


def outcome(state: ChiState) -> Outcome | None:
    """Scores (Yang points in play + 1 per card in hand) and winners, once the game is over."""
    if state.phase != OVER:
        return None
    scores = final_scores(state)
    if state.resigned is not None:  # house rule 20: the other seat wins, whatever the scores
        best = [seat for seat in range(state.seats) if seat != state.resigned]
    else:
        best = winners(scores)
    return Outcome(
        scores=scores,
        winners=best,
        reason=REASONS.get(state.ended_by or "", "the game is over"),
        detail={
            "ended_by": state.ended_by,
            "resigned": state.resigned,
            "points_in_play": points_in_play(state),
            "cards_in_hand": [len(hand) for hand in state.hands],
        },
    )
