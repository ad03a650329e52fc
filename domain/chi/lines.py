"""Chi's lines read against the table just before each event (domain.lines): the conflict a Chi
is played in, what a conflict cost whom in points, what a Yang adds. The table and the event are
the viewer's own: a card drawn from the deck is named to its drawer only."""

from __future__ import annotations

from domain.chi.cards import POINTS, label, name_of
from domain.lines import Data, View, Who



def _points(view: View, seat: int, change: int, who: Who) -> str:
    before = view["points_in_play"][seat]
    return f"{who(seat)}'s points in play {before} -> {before + change}"


def yang_played(view: View, d: Data, who: Who) -> str:
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


def chi_played(view: View, d: Data, who: Who) -> str:
    return f"{who(d['seat'])} plays {name_of(d['card'])}{_conflict_over(view, who)}"


def passed(view: View, d: Data, who: Who) -> str:
    why = " (no Chi it may play)" if d["automatic"] else ""
    return f"{who(d['seat'])} plays no Chi{_conflict_over(view, who)}{why}"


def resolved(view: View, d: Data, who: Who) -> str:
    winner, defender, target = who(d["winner"]), d["defender"], d["target"]
    if d["attacker_won"]:
        result = (f"{who(defender)}'s {label(target)} is destroyed "
                  f"({_points(view, defender, -POINTS[target], who)})")
    else:
        result = f"{who(defender)}'s {label(target)} stays in play"
    discarded = ", ".join(name_of(card) for card in d["discarded"]) or "nothing"
    return f"{winner} wins the conflict: {result}; to the discard pile: {discarded}"


def deck_card_drawn(view: View, d: Data, who: Who) -> str:
    if "card" in d:
        return f"{who(d['seat'])} draws {name_of(d['card'])} from the deck"
    return f"{who(d['seat'])} draws a card from the deck"
