"""Tianxia's events, each declared once (domain.event_table): its fold (fold_setup, fold_rounds,
fold_rivals, fold_actions), its replay line (describe.py, describe_rivals.py for the rivals' steps,
read by `say`), its line read against the table the viewer saw before it (table_lines.py: a line of
its own, or its replay line in words), whether a decision made of it may be taken back, and whether
its line only tells of the table kept in order.

A seat's own decision may be taken back (domain.takeback) while nobody, the rivals included, has
played since, when its events draw nothing at random and show nothing new: placing and paying,
rewards, choices settled, passing. What a move list may fold away is bookkeeping that no one chose
and that changes no score, no card in a hand and no piece of anyone's: a turn passing, an action
going on, a card refilled or set aside after it was resolved, decks shuffled, the nomads set back
after a battle.
"""

from __future__ import annotations

from domain.event_table import EventKind, EventTable
from domain.tianxia import describe as line
from domain.tianxia import describe_rivals as rival_line
from domain.tianxia import fold_actions as actions
from domain.tianxia import fold_rivals as rivals
from domain.tianxia import fold_rounds as rounds
from domain.tianxia import fold_setup as setup
from domain.tianxia import table_lines as on_table
from domain.tianxia.state import TianxiaState, copy_state

EVENTS: EventTable[TianxiaState] = EventTable("Tianxia", copy_state, [
    EventKind("game_prepared", setup.game_prepared, line.game_prepared, table_line=on_table.game_prepared),
    EventKind("buildings_dealt", setup.buildings_dealt, line.buildings_dealt, table_line=on_table.in_words(line.buildings_dealt)),
    EventKind("tiles_laid", setup.tiles_laid, line.tiles_laid, bookkeeping=True, table_line=on_table.in_words(line.tiles_laid)),
    EventKind("ships_launched", setup.ships_launched, line.ships_launched, bookkeeping=True, table_line=on_table.in_words(line.ships_launched)),
    EventKind("round_stacks_made", setup.round_stacks_made, line.round_stacks_made, bookkeeping=True, table_line=on_table.in_words(line.round_stacks_made)),
    EventKind("attack_deck_shuffled", setup.attack_deck_shuffled, line.attack_deck_shuffled, bookkeeping=True, table_line=on_table.in_words(line.attack_deck_shuffled)),
    EventKind("bags_shuffled", setup.bags_shuffled, line.bags_shuffled, bookkeeping=True, table_line=on_table.in_words(line.bags_shuffled)),
    EventKind("objectives_dealt", setup.objectives_dealt, line.objectives_dealt, table_line=on_table.in_words(line.objectives_dealt)),
    EventKind("starting_buildings_offered", setup.starting_buildings_offered, line.starting_buildings_offered, table_line=on_table.in_words(line.starting_buildings_offered)),
    EventKind("rival_prepared", setup.rival_prepared, line.rival_prepared, table_line=on_table.in_words(line.rival_prepared)),
    EventKind("supply_taken", setup.supply_taken, line.supply_taken, takeback=True, table_line=on_table.in_words(line.supply_taken)),
    EventKind("supplies_offered", setup.supplies_offered, line.supplies_offered, table_line=on_table.in_words(line.supplies_offered)),
    EventKind("arrangement_chosen", setup.arrangement_chosen, line.arrangement_chosen, takeback=True, table_line=on_table.in_words(line.arrangement_chosen)),
    EventKind("start_chosen", setup.start_chosen, line.start_chosen, table_line=on_table.in_words(line.start_chosen)),
    EventKind("round_started", rounds.round_started, line.round_started, bookkeeping=True, table_line=on_table.in_words(line.round_started)),
    EventKind("attack_revealed", rounds.attack_revealed, line.attack_revealed, table_line=on_table.in_words(line.attack_revealed)),
    EventKind("display_turned", rounds.display_turned, line.display_turned, bookkeeping=True, table_line=on_table.in_words(line.display_turned)),
    EventKind("rival_deck_made", rounds.rival_deck_made, line.rival_deck_made, bookkeeping=True, table_line=on_table.rival_deck_made),
    EventKind("rival_cards_turned", rounds.rival_cards_turned, line.rival_cards_turned, table_line=on_table.rival_cards_turned),
    EventKind("income_paid", rounds.income_paid, line.income_paid, table_line=on_table.in_words(line.income_paid)),
    EventKind("neutral_worker_added", rounds.neutral_worker_added, line.neutral_worker_added, table_line=on_table.in_words(line.neutral_worker_added)),
    EventKind("rival_prestige_gained", rivals.rival_prestige_gained, rival_line.rival_prestige_gained, takeback=True, table_line=on_table.rival_prestige_gained),
    EventKind("action_started", rounds.action_started, line.action_started, bookkeeping=True, table_line=on_table.in_words(line.action_started)),
    EventKind("rival_card_chosen", rivals.rival_card_chosen, rival_line.rival_card_chosen, table_line=on_table.rival_card_chosen),
    EventKind("rival_marker_placed", rivals.rival_marker_placed, rival_line.rival_marker_placed, table_line=on_table.rival_in_words(rival_line.rival_marker_placed)),
    EventKind("rival_advanced", rivals.rival_advanced, rival_line.rival_advanced, table_line=on_table.rival_in_words(rival_line.rival_advanced)),
    EventKind("rival_governor_placed", rivals.rival_governor_placed, rival_line.rival_governor_placed, table_line=on_table.rival_governor_placed),
    EventKind("rival_tile_claimed", rivals.rival_tile_claimed, rival_line.rival_tile_claimed, table_line=on_table.rival_in_words(rival_line.rival_tile_claimed)),
    EventKind("rival_tile_removed", rivals.rival_tile_removed, rival_line.rival_tile_removed, table_line=on_table.rival_in_words(rival_line.rival_tile_removed)),
    EventKind("rival_soldiers_placed", rivals.rival_soldiers_placed, rival_line.rival_soldiers_placed, table_line=on_table.rival_in_words(rival_line.rival_soldiers_placed)),
    EventKind("rival_wall_placed", rivals.rival_wall_placed, rival_line.rival_wall_placed, table_line=on_table.rival_in_words(rival_line.rival_wall_placed)),
    EventKind("rival_worker_placed", rivals.rival_worker_placed, rival_line.rival_worker_placed, table_line=on_table.rival_worker_placed),
    EventKind("rival_delivered", rivals.rival_delivered, rival_line.rival_delivered, table_line=on_table.rival_in_words(rival_line.rival_delivered)),
    EventKind("rival_shipping_marker_placed", rivals.rival_shipping_marker_placed, rival_line.rival_shipping_marker_placed, table_line=on_table.rival_in_words(rival_line.rival_shipping_marker_placed)),
    EventKind("rival_line_skipped", rivals.rival_line_skipped, rival_line.rival_line_skipped, table_line=on_table.rival_in_words(rival_line.rival_line_skipped)),
    EventKind("rival_card_discarded", rivals.rival_card_discarded, rival_line.rival_card_discarded, bookkeeping=True, table_line=on_table.rival_card_discarded),
    EventKind("rival_card_drawn", rivals.rival_card_drawn, rival_line.rival_card_drawn, bookkeeping=True, table_line=on_table.rival_card_drawn),
    EventKind("rival_passed", rivals.rival_passed, rival_line.rival_passed, table_line=on_table.rival_in_words(rival_line.rival_passed)),
    EventKind("turn_began", rounds.turn_began, line.turn_began, bookkeeping=True, table_line=on_table.in_words(line.turn_began)),
    EventKind("actions_ended", rounds.actions_ended, line.actions_ended, bookkeeping=True, table_line=on_table.in_words(line.actions_ended)),
    EventKind("battle_fought", rounds.battle_fought, line.battle_fought, table_line=on_table.battle_fought),
    EventKind("strength_lowered", rounds.strength_lowered, line.strength_lowered, table_line=on_table.in_words(line.strength_lowered)),
    EventKind("soldier_fallen", rounds.soldier_fallen, line.soldier_fallen, table_line=on_table.soldier_fallen),
    EventKind("building_raided", rounds.building_raided, line.building_raided, table_line=on_table.building_raided),
    EventKind("excess_paid", rounds.excess_paid, line.excess_paid, table_line=on_table.excess_paid),
    EventKind("prestige_lost", rounds.prestige_lost, line.prestige_lost, table_line=on_table.prestige_lost),
    EventKind("battle_won", rounds.battle_won, line.battle_won, table_line=on_table.battle_won),
    EventKind("nomad_reset", rounds.nomad_reset, line.nomad_reset, bookkeeping=True, table_line=on_table.in_words(line.nomad_reset)),
    EventKind("game_ended", rounds.game_ended, line.game_ended, table_line=on_table.in_words(line.game_ended)),
    EventKind("round_cleaned", rounds.round_cleaned, line.round_cleaned, table_line=on_table.in_words(line.round_cleaned)),
    EventKind("rival_cleaned_up", rounds.rival_cleaned_up, line.rival_cleaned_up, bookkeeping=True, table_line=on_table.rival_cleaned_up),
    EventKind("game_scored", rounds.game_scored, line.game_scored, table_line=on_table.game_scored),
    EventKind("disc_placed", actions.disc_placed, line.disc_placed, takeback=True, table_line=on_table.in_words(line.disc_placed)),
    EventKind("action_begun", actions.action_begun, line.action_begun, takeback=True, bookkeeping=True, table_line=on_table.in_words(line.action_begun)),
    EventKind("turn_ended", actions.turn_ended, line.turn_ended, bookkeeping=True, table_line=on_table.in_words(line.turn_ended)),
    EventKind("advanced", actions.advanced, line.advanced, takeback=True, table_line=on_table.in_words(line.advanced)),
    EventKind("reward_taken", actions.reward_taken, line.reward_taken, takeback=True, table_line=on_table.reward_taken),
    EventKind("objective_drawn", actions.objective_drawn, line.objective_drawn, table_line=on_table.objective_drawn),
    EventKind("governor_installed", actions.governor_installed, line.governor_installed, takeback=True, table_line=on_table.governor_installed),
    EventKind("tile_taken", actions.tile_taken, line.tile_taken, takeback=True, table_line=on_table.in_words(line.tile_taken)),
    EventKind("exchanged", actions.exchanged, line.exchanged, takeback=True, table_line=on_table.in_words(line.exchanged)),
    EventKind("shipped", actions.shipped, line.shipped, takeback=True, table_line=on_table.in_words(line.shipped)),
    EventKind("crate_delivered", actions.crate_delivered, line.crate_delivered, takeback=True, table_line=on_table.in_words(line.crate_delivered)),
    EventKind("piece_placed", actions.piece_placed, line.piece_placed, takeback=True, table_line=on_table.in_words(line.piece_placed)),
    EventKind("barge_joined", actions.barge_joined, line.barge_joined, takeback=True, table_line=on_table.in_words(line.barge_joined)),
    EventKind("merchants_paid", actions.merchants_paid, line.merchants_paid, takeback=True, table_line=on_table.in_words(line.merchants_paid)),
    EventKind("seat_passed", actions.seat_passed, line.seat_passed, takeback=True, table_line=on_table.in_words(line.seat_passed)),
    EventKind("advance_bought", actions.advance_bought, line.advance_bought, takeback=True, table_line=on_table.in_words(line.advance_bought)),
    EventKind("good_chosen", actions.good_chosen, line.good_chosen, takeback=True, table_line=on_table.in_words(line.good_chosen)),
    EventKind("advance_chosen", actions.advance_chosen, line.advance_chosen, takeback=True, table_line=on_table.in_words(line.advance_chosen)),
    EventKind("shipping_placed", actions.shipping_placed, line.shipping_placed, takeback=True, table_line=on_table.in_words(line.shipping_placed)),
    EventKind("disc_discarded", actions.disc_discarded, line.disc_discarded, takeback=True, table_line=on_table.in_words(line.disc_discarded)),
    EventKind("tile_used", actions.tile_used, line.tile_used, takeback=True, table_line=on_table.in_words(line.tile_used)),
    EventKind("objective_discarded", actions.objective_discarded, line.objective_discarded, takeback=True, table_line=on_table.in_words(line.objective_discarded)),
    EventKind("choice_forgone", actions.choice_forgone, line.choice_forgone, takeback=True, table_line=on_table.in_words(line.choice_forgone)),
    EventKind("table_laid", setup.table_laid, line.table_laid, table_line=on_table.in_words(line.table_laid)),
    EventKind("seat_laid", setup.seat_laid, line.seat_laid, table_line=on_table.seat_laid),
], say=line.say)
