"""Xi Cards' events, each declared once (domain.event_table): its fold (evolve.py), its replay line
(describe.py: read against the table where the viewer has one, units by their labels), whether a
decision made of it may be taken back, and whether its line only tells of the table kept in order.

xi.house.takeback: a bank, a set of standing rules, and a card played or an ability used that
opened no window (what it resolved to included) draw nothing and show nothing. A move list may fold
bookkeeping that no one chose and that changes no life, no card in a hand or in play: a window
opening (its answer is a line of its own), a deck shuffled, a turn beginning or ending, an effect
running out.
"""

from __future__ import annotations

from typing import Sequence

from domain.contract import Event
from domain.event_table import EventKind, EventTable
from domain.xi import describe as line
from domain.xi import evolve as fold
from domain.xi.state import XiState, copy_state

EVENTS: EventTable[XiState] = EventTable("Xi Cards", copy_state, [
    EventKind("game_prepared", fold.game_prepared, line.game_prepared),
    EventKind("deck_brought", fold.deck_brought, line.deck_brought),
    EventKind("deck_shuffled", fold.deck_shuffled, line.deck_shuffled, bookkeeping=True),
    EventKind("card_drawn", fold.card_drawn, line.drawn),
    EventKind("draw_missed", fold.draw_missed, line.draw_missed),
    EventKind("coin_tossed", fold.coin_tossed, line.coin_tossed),
    EventKind("order_chosen", fold.order_chosen, line.order),
    EventKind("turn_started", fold.turn_started, line.turn_started, bookkeeping=True),
    EventKind("time_banked", fold.time_banked, line.time_banked, takeback=True),
    EventKind("pt_gained", fold.pt_gained, line.pt_gained),
    EventKind("turn_ended", fold.turn_ended, line.turn_ended, bookkeeping=True),
    EventKind("card_declared", fold.card_declared, line.declared, takeback=True),
    EventKind("unit_entered", fold.unit_entered, line.unit_entered, takeback=True),
    EventKind("skirmish_declared", fold.skirmish_declared, line.skirmish_declared),
    EventKind("damage_dealt", fold.damage_dealt, line.damage, takeback=True),
    EventKind("unit_destroyed", fold.unit_destroyed, line.unit_destroyed, takeback=True),
    EventKind("ability_declared", fold.ability_declared, line.ability, takeback=True),
    EventKind("card_in_play", fold.card_in_play, line.card_in_play, takeback=True),
    EventKind("card_discarded", fold.card_discarded, line.card_discarded, takeback=True),
    EventKind("card_returned", fold.card_returned, line.card_returned, takeback=True),
    EventKind("life_changed", fold.life_changed, line.life, takeback=True),
    EventKind("effect_started", fold.effect_started, line.effect, takeback=True),
    EventKind("effect_ended", fold.effect_ended, line.effect_ended, bookkeeping=True),
    EventKind("choice_asked", fold.choice_asked, line.choice_asked),
    EventKind("choice_made", fold.choice_made, line.choice),
    EventKind("window_opened", fold.window_opened, line.window, bookkeeping=True),
    EventKind("window_passed", fold.window_passed, line.window_passed),
    EventKind("struck", fold.struck, line.struck),
    EventKind("skirmish_cancelled", fold.skirmish_cancelled, line.cancelled),
    EventKind("card_prevented", fold.card_prevented, line.card_prevented),
    EventKind("standing_set", fold.standing_set, line.standing_set, takeback=True),
    EventKind("player_out", fold.player_out, line.out),
    EventKind("seat_laid_out", fold.seat_laid_out, line.seat_laid_out),
    EventKind("table_laid_out", fold.table_laid_out, line.table_laid_out),
    EventKind("resigned", fold.resigned, line.resigned),
    EventKind("game_ended", fold.game_ended, line.ended),
], say=line.say, say_on=line.say_on)


def reversible(events: Sequence[Event]) -> bool:
    """A bank, standing rules, or a play that opened no window may be taken back; a draw, a deck,
    the coin, the turn's end, a skirmish and anything a window saw (an answer) stand."""
    return bool(events) and EVENTS.reversible(events) and not any("answering" in event.data for event in events)
