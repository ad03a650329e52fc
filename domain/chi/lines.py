"""Chi's lines read against the table just before each event (domain.lines): the conflict a Chi
is played in, what a conflict cost whom in points, what a Yang adds. The table and the event are
the viewer's own: a card drawn from the deck is named to its drawer only."""

from __future__ import annotations

from domain.chi.cards import POINTS, label, name_of
from domain.chi.describe import SCENARIO, describe
from domain.lines import Data, TableLine, View, Who, on_table

# What only keeps the table in order: a move list may fold these lines, and no others.
BOOKKEEPING = frozenset({"deck_shuffled", "row_refilled", "row_slots_left_empty", "discard_reshuffled", "turn_started",
                         "turn_passed"})



def _points(view: View, seat: int, change: int, who: Who) -> str:
    before = view["points_in_play"][seat]
    return f"{who(seat)}'s points in play {before} -> {before + change}"


def _yang_played(view: View, d: Data, who: Who) -> str:
    card, seat = d["card"], d["seat"]
    stacks = f"{d['stacks']} stack{'s' if d['stacks'] != 1 else ''}"
    if d["new_stack"]:
        where = f"starting a new stack ({stacks})"
    else:
        under = view["areas"][seat][d["stack"]][-1]["id"]
        where = f"on their {label(under)}, a stack now immune to Yin ({stacks})"
    return f"{who(seat)} plays {name_of(card)} {where}: {_points(view, seat, POINTS[card], who)}"


def _conflict_over(view: View, who: Who) -> str:
    conflict = view.get("conflict")
    if not conflict:
        return ""
    return f" in the conflict over {who(conflict['defender'])}'s {label(conflict['target']['id'])}"


def _chi_played(view: View, d: Data, who: Who) -> str:
    return f"{who(d['seat'])} plays {name_of(d['card'])}{_conflict_over(view, who)}"


def _passed(view: View, d: Data, who: Who) -> str:
    why = " (no Chi it may play)" if d["automatic"] else ""
    return f"{who(d['seat'])} plays no Chi{_conflict_over(view, who)}{why}"


def _resolved(view: View, d: Data, who: Who) -> str:
    winner, defender, target = who(d["winner"]), d["defender"], d["target"]
    if d["attacker_won"]:
        result = (f"{who(defender)}'s {label(target)} is destroyed "
                  f"({_points(view, defender, -POINTS[target], who)})")
    else:
        result = f"{who(defender)}'s {label(target)} stays in play"
    discarded = ", ".join(name_of(card) for card in d["discarded"]) or "nothing"
    return f"{winner} wins the conflict: {result}; to the discard pile: {discarded}"


def _deck_card_drawn(view: View, d: Data, who: Who) -> str:
    if "card" in d:
        return f"{who(d['seat'])} draws {name_of(d['card'])} from the deck"
    return f"{who(d['seat'])} draws a card from the deck"


_ON_TABLE: dict[str, TableLine] = {
    "yang_played": _yang_played,
    "chi_played": _chi_played,
    "conflict_passed": _passed,
    "conflict_resolved": _resolved,
    "deck_card_drawn": _deck_card_drawn,
}


describe_on = on_table(_ON_TABLE, describe, SCENARIO)
