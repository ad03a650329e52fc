"""Xanadu's events, each declared once (domain.event_table): its fold (evolve.py), its replay line
(describe.py, read by `say`), its line read against the table (lines.py), and whether its line only
tells of the table kept in order.

No event may be taken back: a committed turn draws cards, and what is not yet committed has the
turn's own undo.
"""

from __future__ import annotations

from domain.event_table import EventKind, EventTable
from domain.xanadu import describe as line
from domain.xanadu import evolve as fold
from domain.xanadu import lines as table
from domain.xanadu.state import XanaduState, copy_state

EVENTS: EventTable[XanaduState] = EventTable("Xanadu", copy_state, [
    EventKind("deck_shuffled", fold.deck_shuffled, line.deck_shuffled, scenario_line=line.scenario_deck_shuffled, bookkeeping=True),
    EventKind("hand_dealt", fold.hand_dealt, line.hand_dealt, scenario_line=line.scenario_hand_dealt),
    EventKind("starting_offered", fold.starting_offered, line.starting_offered, bookkeeping=True),
    EventKind("starting_chosen", fold.starting_chosen, line.starting_chosen),
    EventKind("starting_revealed", fold.starting_revealed, line.starting_revealed),
    EventKind("turn_started", fold.turn_started, line.turn_started, bookkeeping=True),
    EventKind("foothold_offered", fold.foothold_offered, line.foothold_offered),
    EventKind("foothold_placed", fold.foothold_placed, line.foothold_placed),
    EventKind("building_sold", fold.building_sold, line.building_sold, table_line=table.building_sold),
    EventKind("building_autosold", fold.building_autosold, line.building_autosold, table_line=table.building_autosold),
    EventKind("sell_ended", fold.sell_ended, line.sell_ended, bookkeeping=True),
    EventKind("build_skipped", fold.build_skipped, line.build_skipped),
    EventKind("build_chosen", fold.build_chosen, line.build_chosen, table_line=table.build_chosen),
    EventKind("cover_planned", fold.cover_planned, line.cover_planned, table_line=table.cover_planned),
    EventKind("covering_done", fold.covering_done, line.covering_done),
    EventKind("worker_chosen", fold.worker_chosen, line.worker_chosen, table_line=table.worker_chosen),
    EventKind("undone", fold.undone, line.undone),
    EventKind("building_constructed", fold.building_constructed, line.building_constructed),
    EventKind("workers_placed", fold.workers_placed, line.workers_placed, table_line=table.workers_placed),
    EventKind("cards_drawn", fold.cards_drawn, line.cards_drawn, table_line=table.cards_drawn),
    EventKind("deck_reshuffled", fold.deck_reshuffled, line.deck_reshuffled, bookkeeping=True),
    EventKind("end_marker_drawn", fold.end_marker_drawn, line.end_marker_drawn),
    EventKind("buildings_scored", fold.buildings_scored, line.buildings_scored, table_line=table.buildings_scored),
    EventKind("game_ended", fold.game_ended, line.game_ended),
    EventKind("buildings_laid_out", fold.buildings_laid_out, line.buildings_laid_out),
    EventKind("discard_laid_out", fold.discard_laid_out, line.discard_laid_out),
    EventKind("scores_laid_out", fold.scores_laid_out, line.scores_laid_out),
    EventKind("end_marker_laid_out", fold.end_marker_laid_out, line.end_marker_laid_out),
], say=line.say, scenario_rule=line.SCENARIO)
