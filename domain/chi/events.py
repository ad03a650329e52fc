"""Chi's events, each declared once (domain.event_table): its fold (evolve.py), its replay line
(describe.py), whether a decision made of it may be taken back, and whether its line only tells of
the table kept in order.

Playing a Yang and discarding, with the turn that passes after them, draw nothing and show the
player nothing new (house rule 21): a decision made only of them may be taken back; anything
touching the deck or a conflict may not.
"""

from __future__ import annotations

from domain.chi import describe as line
from domain.chi import evolve as fold
from domain.chi import lines as table
from domain.chi.state import ChiState, copy_state
from domain.event_table import EventKind, EventTable

EVENTS: EventTable[ChiState] = EventTable("Chi", copy_state, [
    EventKind("deck_shuffled", fold.deck_shuffled, line.deck_shuffled, scenario_line=line.scenario_deck_shuffled, bookkeeping=True),
    EventKind("first_player_chosen", fold.first_player_chosen, line.first_player_chosen, scenario_line=line.scenario_first_player_chosen),
    EventKind("hand_dealt", fold.hand_dealt, line.hand_dealt, scenario_line=line.scenario_hand_dealt),
    EventKind("row_dealt", fold.row_dealt, line.row_dealt, scenario_line=line.scenario_row_dealt),
    EventKind("areas_laid_out", fold.areas_laid_out, line.areas_laid_out),
    EventKind("discard_laid_out", fold.discard_laid_out, line.discard_laid_out),
    EventKind("row_refilled", fold.row_refilled, line.row_refilled, bookkeeping=True),
    EventKind("row_slots_left_empty", fold.nothing, line.row_slots_left_empty, bookkeeping=True),
    EventKind("row_cleared", fold.row_cleared, line.row_cleared),
    EventKind("discard_reshuffled", fold.discard_reshuffled, line.discard_reshuffled, bookkeeping=True),
    EventKind("turn_started", fold.turn_started, line.turn_started, takeback=True, bookkeeping=True),
    EventKind("turn_passed", fold.nothing, line.turn_passed, takeback=True, bookkeeping=True),
    EventKind("card_drawn", fold.card_drawn, line.card_drawn),
    EventKind("yang_played", fold.yang_played, line.yang_played, takeback=True, table_line=table.yang_played),
    EventKind("end_triggered", fold.end_triggered, line.end_triggered, takeback=True),
    EventKind("yin_played", fold.yin_played, line.yin_played),
    EventKind("chi_played", fold.chi_played, line.chi_played, table_line=table.chi_played),
    EventKind("conflict_passed", fold.nothing, line.conflict_passed, table_line=table.passed),
    EventKind("conflict_resolved", fold.conflict_resolved, line.conflict_resolved, table_line=table.resolved),
    EventKind("deck_card_drawn", fold.deck_card_drawn, line.deck_card_drawn, table_line=table.deck_card_drawn),
    EventKind("attacker_draw_missed", fold.nothing, line.attacker_draw_missed),
    EventKind("discard_required", fold.discard_required, line.discard_required, takeback=True),
    EventKind("card_discarded", fold.card_discarded, line.card_discarded, takeback=True),
    EventKind("game_ended", fold.game_ended, line.game_ended),
    EventKind("resigned", fold.resigned, line.resigned),
], scenario_rule=line.SCENARIO)
