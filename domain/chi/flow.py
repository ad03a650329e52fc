"""The parts of a turn that follow from the rules rather than from a choice.

Keeping the row full (and clearing an all-Yin row), turning the discard pile into a new deck the
moment the deck is empty, the hand limit, passing the turn, and ending the game. `decide` and
`setup` call these after a player's choice; each step emits events through an `Emitter`, which
folds every event at once so the next step sees the table as it now is.
"""

from __future__ import annotations


from domain.chi.cards import KIND, YIN, YINS
from domain.chi.events import EVENTS
from domain.chi.state import ChiState, copy_state
from domain.chi.table import final_scores, has_turn_action, other, over_hand_limit, winners
from domain.emitter import Emitter as BaseEmitter
from domain.rng import Rng


class Emitter(BaseEmitter):
    """A Chi decision's events; it also keeps the row slots the decision emptied."""

    appliers = EVENTS.folds
    copy = staticmethod(copy_state)

    def __init__(self, state: ChiState, rng: Rng):
        super().__init__(state, rng)
        self.vacated: set[int] = set()  # row slots emptied by this decision, to report if left empty


def reshuffle(em: Emitter) -> None:
    """Shuffle the discard pile to form the new deck; the order stays secret."""
    order = em.rng.shuffle(em.state.discard)
    em.emit("discard_reshuffled", "chi.deck.reshuffle", {"count": len(order)}, secret={"order": order})


def draw_from_deck(em: Emitter, seat: int) -> None:
    """`seat` draws the top card of the deck into its hand, reshuffling first if need be."""
    if not em.state.deck and em.state.discard:
        reshuffle(em)
    if not em.state.deck:
        em.emit("attacker_draw_missed", "chi.house.nothing-to-draw", {"seat": seat})
        return
    card = em.state.deck[0]
    em.emit("deck_card_drawn", "chi.conflict.draw", {"seat": seat, "count": 1}, private={"card": card}, private_to=seat)


def maintain(em: Emitter) -> None:
    """After every decision: fill the row, clear an all-Yin row, never leave the deck empty."""
    if None in em.state.row:
        fill_row(em)
    repeat = False
    while row_all_yin(em.state.row) and _non_yin_left(em.state):
        cleared = [card for card in em.state.row if card is not None]
        em.vacated.update(slot for slot, card in enumerate(em.state.row) if card is not None)
        rule = "chi.house.row-clearing-repeats" if repeat else "chi.row.all-yin"
        em.emit("row_cleared", rule, {"cards": cleared})
        fill_row(em)
        repeat = True
    if not em.state.deck and em.state.discard:
        reshuffle(em)


def fill_row(em: Emitter) -> None:
    """Deal the top cards of the deck into the empty row slots, in slot order."""
    while True:
        empty = [slot for slot, card in enumerate(em.state.row) if card is None]
        if not empty:
            return
        deck = em.state.deck
        if not deck and em.state.discard:
            reshuffle(em)
            continue
        if not deck:
            left = [slot for slot in empty if slot in em.vacated]
            if left:
                em.emit("row_slots_left_empty", "chi.house.nothing-to-draw", {"slots": left})
                em.vacated.difference_update(left)
            return
        slots = empty[: len(deck)]
        # A slot emptied earlier, left empty for want of cards, is caught up under a house rule.
        rule = "chi.row.refill" if em.vacated.issuperset(slots) else "chi.house.empty-slots-refilled"
        em.emit("row_refilled", rule, {"slots": slots, "cards": deck[: len(slots)]})
        if len(slots) == len(empty):
            return


def row_all_yin(row: list[str | None]) -> bool:
    """Whether the row's cards are all Yin: empty slots are ignored, but an empty row is not all Yin."""
    cards = set(row)
    cards.discard(None)
    return bool(cards) and cards <= YINS


def _non_yin_left(state: ChiState) -> bool:
    return any(KIND[card] != YIN for card in state.deck) or any(KIND[card] != YIN for card in state.discard)


def end_turn(em: Emitter, passes: int = 0) -> None:
    """The end of the current seat's turn: the hand limit, the end of the game, or the next turn.

    `passes` counts the turns passed in a row for want of a legal action.
    """
    state = em.state
    seat = state.current
    excess = over_hand_limit(state, seat)
    if excess:
        em.emit("discard_required", "chi.turn.hand-limit", {"seat": seat, "count": excess})
        return
    if state.end_triggered and seat == state.final_turn_for:
        game_over(em, "six-stacks", "chi.end.six-stacks")
        return
    start_turn(em, other(seat), passes)


def start_turn(em: Emitter, seat: int, passes: int = 0) -> None:
    """Begin `seat`'s turn; a seat with no legal action passes it, and if both cannot act the game ends."""
    if has_turn_action(em.state, seat):
        em.emit("turn_started", "chi.turn.one-action", {"seat": seat, "turn": em.state.turn + 1})
        return
    if passes:
        game_over(em, "no-legal-action", "chi.house.no-legal-action")
        return
    em.emit("turn_started", "chi.turn.one-action", {"seat": seat, "turn": em.state.turn + 1})
    em.emit("turn_passed", "chi.house.no-legal-action", {"seat": seat})
    end_turn(em, passes + 1)


def game_over(em: Emitter, reason: str, rule: str) -> None:
    """End the game and announce the scores."""
    scores = final_scores(em.state)
    em.emit("game_ended", rule, {"reason": reason, "scores": scores, "winners": winners(scores)})
