"""One line per event for the replay, read from the event's public data only.

The line is shown to everyone, so it never names a card that was private or secret (a dealt hand,
the card drawn after a conflict, a shuffled order); it may name what the table shows face up.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from domain.chi.cards import label, name_of
from domain.contract import Event, seat_name

SCENARIO = "chi.scenario"

Data = Mapping[str, Any]
Names = Sequence[str]


def describe(event: Event, names: Names) -> str:
    """The event as one sentence, naming seats by `names`."""
    line = _SCENARIO_LINES.get(event.type) if event.rule == SCENARIO else None
    line = line or _LINES.get(event.type)
    if line is None:
        return event.type.replace("_", " ")
    return line(event.data, names)


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


def _areas_laid_out(data: Data, names: Names) -> str:
    areas = "; ".join(f"{_who(names, seat)}: {_stacks(stacks)}" for seat, stacks in enumerate(data["areas"]))
    return f"The play areas are laid out: {areas}"


def _yang_played(data: Data, names: Names) -> str:
    if data["new_stack"]:
        where = "starting a new stack"
    else:
        where = "on top of the stack of its colour, which is now immune to Yin"
    return f"{_who(names, data['seat'])} plays {name_of(data['card'])}, {where} ({data['stacks']} stacks)"


def _end_triggered(data: Data, names: Names) -> str:
    last = data["final_turn_for"]
    when = "at the end of this turn" if last == data["seat"] else f"after {_who(names, last)}'s turn"
    return f"{_who(names, data['seat'])} has {data['stacks']} Yang stacks: the game ends {when}"


def _conflict_passed(data: Data, names: Names) -> str:
    if data["automatic"]:
        return f"{_who(names, data['seat'])} has no Chi it may play and passes"
    return f"{_who(names, data['seat'])} passes"


def _conflict_resolved(data: Data, names: Names) -> str:
    winner, target = _who(names, data["winner"]), name_of(data["target"])
    result = f"{target} is destroyed" if data["attacker_won"] else f"{target} stays in play"
    return f"{winner} wins the conflict and {result}; to the discard pile: {_cards(data['discarded'])}"


def _game_ended(data: Data, names: Names) -> str:
    board = ", ".join(f"{_who(names, seat)} {score}" for seat, score in enumerate(data["scores"]))
    winners = data["winners"]
    result = "a tie" if len(winners) != 1 else f"{_who(names, winners[0])} wins"
    cause = "neither player can act" if data["reason"] == "no-legal-action" else "6 Yang stacks were reached"
    return f"The game ends ({cause}): {board}; {result}"


_LINES: dict[str, Callable[[Data, Names], str]] = {
    "deck_shuffled": lambda d, n: f"The {d['count']} cards are shuffled into the deck",
    "first_player_chosen": lambda d, n: f"{_who(n, d['seat'])} is drawn by lot to start",
    "hand_dealt": lambda d, n: f"{_who(n, d['seat'])} is dealt {d['count']} cards",
    "row_dealt": lambda d, n: f"The centre row is dealt: {_row(d['cards'])}",
    "areas_laid_out": _areas_laid_out,
    "discard_laid_out": lambda d, n: f"The discard pile is laid out face up, bottom first: {_cards(d['cards'])}",
    "row_refilled": lambda d, n: f"Row {_slots(d['slots'])} refilled from the deck: {_cards(d['cards'])}",
    "row_slots_left_empty": lambda d, n: f"Row {_slots(d['slots'])} stays empty: the deck and discard pile are empty",
    "row_cleared": lambda d, n: f"The row holds only Yin and goes to the discard pile: {_cards(d['cards'])}",
    "discard_reshuffled": lambda d, n: f"The discard pile ({d['count']} cards) is shuffled to form a new deck",
    "turn_started": lambda d, n: f"Turn {d['turn']}: {_who(n, d['seat'])} to play",
    "turn_passed": lambda d, n: f"{_who(n, d['seat'])} has no legal action and passes the turn",
    "card_drawn": lambda d, n: f"{_who(n, d['seat'])} draws {name_of(d['card'])} ({_slots([d['slot']])}) from the row",
    "yang_played": _yang_played,
    "end_triggered": _end_triggered,
    "yin_played": lambda d, n: (
        f"{_who(n, d['seat'])} attacks {_who(n, d['defender'])}'s {label(d['target'])}"
        f" with {name_of(d['card'])}"
    ),
    "chi_played": lambda d, n: f"{_who(n, d['seat'])} plays a Chi",
    "conflict_passed": _conflict_passed,
    "conflict_resolved": _conflict_resolved,
    "deck_card_drawn": lambda d, n: f"{_who(n, d['seat'])} draws a card from the deck",
    "attacker_draw_missed": lambda d, n: f"{_who(n, d['seat'])} draws nothing: the deck and discard pile are empty",
    "discard_required": lambda d, n: f"{_who(n, d['seat'])} holds too many cards and must discard {d['count']}",
    "card_discarded": lambda d, n: f"{_who(n, d['seat'])} discards {name_of(d['card'])}",
    "game_ended": _game_ended,
    "resigned": lambda d, n: f"{_who(n, d['seat'])} resigns; " + " and ".join(_who(n, s) for s in d["winners"])
    + " wins (" + ", ".join(f"{_who(n, s)} {score}" for s, score in enumerate(d["scores"])) + " at that moment)",
}

# A sandbox game's opening (rule chi.scenario) reuses a deal's events; these lines say so.
_SCENARIO_LINES: dict[str, Callable[[Data, Names], str]] = {
    "deck_shuffled": lambda d, n: (
        f"The {d['count']} cards are laid out as the scenario says; the cards it does not name are shuffled"
        " into the bottom of the deck"
    ),
    "first_player_chosen": lambda d, n: f"In this scenario {_who(n, d['seat'])} started the game",
    "hand_dealt": lambda d, n: f"{_who(n, d['seat'])} is dealt the scenario's hand of {d['count']} cards",
    "row_dealt": lambda d, n: f"The centre row is laid out: {_row(d['cards'])}",
}
