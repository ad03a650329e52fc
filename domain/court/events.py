"""The Court's events, each declared once (domain.event_table): its fold (evolve.py), its replay
line (describe.py, read by `say`), its line read against the table (lines.py), and whether its line
only tells of the table kept in order.

No event may be taken back: every decision of the solitaire either reaches into the deck or
settles a power.
"""

from __future__ import annotations

from domain.court import describe as line
from domain.court import evolve as fold
from domain.court import lines as table
from domain.court.state import CourtState, copy_state
from domain.event_table import EventKind, EventTable

EVENTS: EventTable[CourtState] = EventTable("The Court of Xiang Chi", copy_state, [
    EventKind("deck_shuffled", fold.deck_shuffled, line.deck_shuffled, scenario_line=line.scenario_deck_shuffled, bookkeeping=True),
    EventKind("row_dealt", fold.row_dealt, line.row_dealt),
    EventKind("daemon_set_aside", fold.daemon_set_aside, line.daemon_set_aside),
    EventKind("choice_offered", fold.choice_offered, line.choice_offered),
    EventKind("starting_card_placed", fold.starting_card_placed, line.starting_card_placed),
    EventKind("daemons_shuffled_back", fold.daemons_shuffled_back, line.daemons_shuffled_back, bookkeeping=True),
    EventKind("row_slid", fold.row_set, line.row_slid, bookkeeping=True),
    EventKind("turn_started", fold.turn_started, line.turn_started, bookkeeping=True),
    EventKind("card_drawn", fold.card_drawn, line.card_drawn, bookkeeping=True),
    EventKind("row_left_short", fold.nothing, line.row_left_short, bookkeeping=True),
    EventKind("only_daemons", fold.nothing, line.only_daemons),
    EventKind("card_bought", fold.card_bought, line.card_bought, table_line=table.card_bought),
    EventKind("courtesan_exchanged", fold.courtesan_exchanged, line.courtesan_exchanged),
    EventKind("minister_paid", fold.cp_gained, line.minister_paid, table_line=table.minister_paid),
    EventKind("poet_honoured", fold.vp_gained, line.poet_honoured, table_line=table.poet_honoured),
    EventKind("power_awaits", fold.power_awaits, line.power_awaits, table_line=table.power_awaits),
    EventKind("tax_collected", fold.tax_collected, line.tax_collected, table_line=table.tax_collected),
    EventKind("power_declined", fold.power_done, line.power_declined),
    EventKind("power_done", fold.power_done, line.power_done, bookkeeping=True),
    EventKind("fight_offered", fold.fight_offered, line.fight_offered, bookkeeping=True),
    EventKind("daemon_defeated", fold.daemon_defeated, line.daemon_defeated, table_line=table.daemon_defeated),
    EventKind("fight_passed", fold.nothing, line.fight_passed),
    EventKind("row_card_discarded", fold.row_card_discarded, line.row_card_discarded),
    EventKind("income", fold.cp_gained, line.income, table_line=table.income),
    EventKind("daemons_took", fold.daemons_took, line.daemons_took, table_line=table.daemons_took),
    EventKind("game_ended", fold.game_ended, line.game_ended),
    EventKind("row_laid_out", fold.row_laid_out, line.row_laid_out),
    EventKind("court_laid_out", fold.court_laid_out, line.court_laid_out),
    EventKind("piles_laid_out", fold.piles_laid_out, line.piles_laid_out),
    EventKind("scenario_started", fold.scenario_started, line.scenario_started),
], say=line.say, scenario_rule=line.SCENARIO)
