"""One line per event for the replay, read from the event's public data only.

The line is shown to everyone, so it never names a card that was private or secret (a dealt hand,
the card drawn after a conflict, a shuffled order); it may name what the table shows face up.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from domain.chi.cards import label, name_of
from domain.contract import seat_name

SCENARIO = "chi.scenario"

Data = Mapping[str, Any]
Names = Sequence[str]


_who = seat_name


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(name_of(card) for card in cards) or "nothing"


def _slots(slots: Sequence[int]) -> str:
    """Row slots counted from 1 at the left, as the table's buttons count them."""
    return ("slot " if len(slots) == 1 else "slots ") + ", ".join(str(slot + 1) for slot in slots)


def _row(cards: Sequence[str | None]) -> str:
    return ", ".join("an empty slot" if card is None else name_of(card) for card in cards)


def _stacks(stacks: Sequence[Sequence[str]]) -> str:
    """A play area: each stack from the top down, "the red Yang (3) on the red Yang (3)"."""
    return ", ".join(" on ".join(name_of(card) for card in reversed(stack)) for stack in stacks) or "nothing"


def areas_laid_out(data: Data, names: Names) -> str:
    areas = "; ".join(f"{_who(names, seat)}: {_stacks(stacks)}" for seat, stacks in enumerate(data["areas"]))
    return f"The play areas are laid out: {areas}"


def yang_played(data: Data, names: Names) -> str:
    if data["new_stack"]:
        where = "starting a new stack"
    else:
        where = "on top of the stack of its colour, which is now immune to Yin"
    return f"{_who(names, data['seat'])} plays {name_of(data['card'])}, {where} ({data['stacks']} stacks)"


def end_triggered(data: Data, names: Names) -> str:
    last = data["final_turn_for"]
    when = "at the end of this turn" if last == data["seat"] else f"after {_who(names, last)}'s turn"
    return f"{_who(names, data['seat'])} has {data['stacks']} Yang stacks: the game ends {when}"


def conflict_passed(data: Data, names: Names) -> str:
    if data["automatic"]:
        return f"{_who(names, data['seat'])} has no Chi it may play and passes"
    return f"{_who(names, data['seat'])} passes"


def conflict_resolved(data: Data, names: Names) -> str:
    winner, target = _who(names, data["winner"]), name_of(data["target"])
    result = f"{target} is destroyed" if data["attacker_won"] else f"{target} stays in play"
    return f"{winner} wins the conflict and {result}; to the discard pile: {_cards(data['discarded'])}"


def game_ended(data: Data, names: Names) -> str:
    board = ", ".join(f"{_who(names, seat)} {score}" for seat, score in enumerate(data["scores"]))
    winners = data["winners"]
    result = "a tie" if len(winners) != 1 else f"{_who(names, winners[0])} wins"
    cause = "neither player can act" if data["reason"] == "no-legal-action" else "6 Yang stacks were reached"
    return f"The game ends ({cause}): {board}; {result}"


def deck_shuffled(d: Data, n: Names) -> str:
    return f"The {d['count']} cards are shuffled into the deck"


def first_player_chosen(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} is drawn by lot to start"


def hand_dealt(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} is dealt {d['count']} cards"


def row_dealt(d: Data, n: Names) -> str:
    return f"The centre row is dealt: {_row(d['cards'])}"


def discard_laid_out(d: Data, n: Names) -> str:
    return f"The discard pile is laid out face up, bottom first: {_cards(d['cards'])}"


def row_refilled(d: Data, n: Names) -> str:
    return f"Row {_slots(d['slots'])} refilled from the deck: {_cards(d['cards'])}"


def row_slots_left_empty(d: Data, n: Names) -> str:
    return f"Row {_slots(d['slots'])} stays empty: the deck and discard pile are empty"


def row_cleared(d: Data, n: Names) -> str:
    return f"The row holds only Yin and goes to the discard pile: {_cards(d['cards'])}"


def discard_reshuffled(d: Data, n: Names) -> str:
    return f"The discard pile ({d['count']} cards) is shuffled to form a new deck"


def turn_started(d: Data, n: Names) -> str:
    return f"Turn {d['turn']}: {_who(n, d['seat'])} to play"


def turn_passed(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} has no legal action and passes the turn"


def card_drawn(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} draws {name_of(d['card'])} ({_slots([d['slot']])}) from the row"


def yin_played(d: Data, n: Names) -> str:
    return (f"{_who(n, d['seat'])} attacks {_who(n, d['defender'])}'s {label(d['target'])}"
        f" with {name_of(d['card'])}")


def chi_played(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} plays a Chi"


def deck_card_drawn(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} draws a card from the deck"


def attacker_draw_missed(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} draws nothing: the deck and discard pile are empty"


def discard_required(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} holds too many cards and must discard {d['count']}"


def card_discarded(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} discards {name_of(d['card'])}"


def resigned(d: Data, n: Names) -> str:
    return (f"{_who(n, d['seat'])} resigns; " + " and ".join(_who(n, s) for s in d["winners"])
    + " wins (" + ", ".join(f"{_who(n, s)} {score}" for s, score in enumerate(d["scores"])) + " at that moment)")

def scenario_deck_shuffled(d: Data, n: Names) -> str:
    return (f"The {d['count']} cards are laid out as the scenario says; the cards it does not name are shuffled"
        " into the bottom of the deck")


def scenario_first_player_chosen(d: Data, n: Names) -> str:
    return f"In this scenario {_who(n, d['seat'])} started the game"


def scenario_hand_dealt(d: Data, n: Names) -> str:
    return f"{_who(n, d['seat'])} is dealt the scenario's hand of {d['count']} cards"


def scenario_row_dealt(d: Data, n: Names) -> str:
    return f"The centre row is laid out: {_row(d['cards'])}"
