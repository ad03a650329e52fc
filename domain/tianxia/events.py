"""Tianxia's events, each declared once (domain.event_table): its fold (fold_setup, fold_rounds,
fold_rivals, fold_actions), its replay line (describe.py, read by `say`), its line read against the
table the viewer saw before it (table_lines.py), whether a decision made of it may be taken back,
and whether its line only tells of the table kept in order.

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
from domain.tianxia import fold_actions as actions
from domain.tianxia import fold_rivals as rivals
from domain.tianxia import fold_rounds as rounds
from domain.tianxia import fold_setup as setup
from domain.tianxia.state import TianxiaState, copy_state
from domain.tianxia.table_lines import on_table

EVENTS: EventTable[TianxiaState] = EventTable("Tianxia", copy_state, [
    EventKind("game_prepared", setup.game_prepared, line.LINES["game_prepared"], table_line=on_table("game_prepared")),
    EventKind("buildings_dealt", setup.buildings_dealt, line.LINES["buildings_dealt"], table_line=on_table("buildings_dealt")),
    EventKind("tiles_laid", setup.tiles_laid, line.LINES["tiles_laid"], bookkeeping=True, table_line=on_table("tiles_laid")),
    EventKind("ships_launched", setup.ships_launched, line.LINES["ships_launched"], bookkeeping=True, table_line=on_table("ships_launched")),
    EventKind("round_stacks_made", setup.round_stacks_made, line.LINES["round_stacks_made"], bookkeeping=True, table_line=on_table("round_stacks_made")),
    EventKind("attack_deck_shuffled", setup.attack_deck_shuffled, line.LINES["attack_deck_shuffled"], bookkeeping=True, table_line=on_table("attack_deck_shuffled")),
    EventKind("bags_shuffled", setup.bags_shuffled, line.LINES["bags_shuffled"], bookkeeping=True, table_line=on_table("bags_shuffled")),
    EventKind("objectives_dealt", setup.objectives_dealt, line.LINES["objectives_dealt"], table_line=on_table("objectives_dealt")),
    EventKind("starting_buildings_offered", setup.starting_buildings_offered, line.LINES["starting_buildings_offered"], table_line=on_table("starting_buildings_offered")),
    EventKind("rival_prepared", setup.rival_prepared, line.LINES["rival_prepared"], table_line=on_table("rival_prepared")),
    EventKind("supply_taken", setup.supply_taken, line.LINES["supply_taken"], takeback=True, table_line=on_table("supply_taken")),
    EventKind("supplies_offered", setup.supplies_offered, line.LINES["supplies_offered"], table_line=on_table("supplies_offered")),
    EventKind("arrangement_chosen", setup.arrangement_chosen, line.LINES["arrangement_chosen"], takeback=True, table_line=on_table("arrangement_chosen")),
    EventKind("start_chosen", setup.start_chosen, line.LINES["start_chosen"], table_line=on_table("start_chosen")),
    EventKind("round_started", rounds.round_started, line.LINES["round_started"], bookkeeping=True, table_line=on_table("round_started")),
    EventKind("attack_revealed", rounds.attack_revealed, line.LINES["attack_revealed"], table_line=on_table("attack_revealed")),
    EventKind("display_turned", rounds.display_turned, line.LINES["display_turned"], bookkeeping=True, table_line=on_table("display_turned")),
    EventKind("rival_deck_made", rounds.rival_deck_made, line.LINES["rival_deck_made"], bookkeeping=True, table_line=on_table("rival_deck_made")),
    EventKind("rival_cards_turned", rounds.rival_cards_turned, line.LINES["rival_cards_turned"], table_line=on_table("rival_cards_turned")),
    EventKind("income_paid", rounds.income_paid, line.LINES["income_paid"], table_line=on_table("income_paid")),
    EventKind("neutral_worker_added", rounds.neutral_worker_added, line.LINES["neutral_worker_added"], table_line=on_table("neutral_worker_added")),
    EventKind("rival_prestige_gained", rivals.rival_prestige_gained, line.rival("rival_prestige_gained"), takeback=True, table_line=on_table("rival_prestige_gained")),
    EventKind("action_started", rounds.action_started, line.LINES["action_started"], bookkeeping=True, table_line=on_table("action_started")),
    EventKind("rival_card_chosen", rivals.rival_card_chosen, line.rival("rival_card_chosen"), table_line=on_table("rival_card_chosen")),
    EventKind("rival_marker_placed", rivals.rival_marker_placed, line.rival("rival_marker_placed"), table_line=on_table("rival_marker_placed")),
    EventKind("rival_advanced", rivals.rival_advanced, line.rival("rival_advanced"), table_line=on_table("rival_advanced")),
    EventKind("rival_governor_placed", rivals.rival_governor_placed, line.rival("rival_governor_placed"), table_line=on_table("rival_governor_placed")),
    EventKind("rival_tile_claimed", rivals.rival_tile_claimed, line.rival("rival_tile_claimed"), table_line=on_table("rival_tile_claimed")),
    EventKind("rival_tile_removed", rivals.rival_tile_removed, line.rival("rival_tile_removed"), table_line=on_table("rival_tile_removed")),
    EventKind("rival_soldiers_placed", rivals.rival_soldiers_placed, line.rival("rival_soldiers_placed"), table_line=on_table("rival_soldiers_placed")),
    EventKind("rival_wall_placed", rivals.rival_wall_placed, line.rival("rival_wall_placed"), table_line=on_table("rival_wall_placed")),
    EventKind("rival_worker_placed", rivals.rival_worker_placed, line.rival("rival_worker_placed"), table_line=on_table("rival_worker_placed")),
    EventKind("rival_delivered", rivals.rival_delivered, line.rival("rival_delivered"), table_line=on_table("rival_delivered")),
    EventKind("rival_shipping_marker_placed", rivals.rival_shipping_marker_placed, line.rival("rival_shipping_marker_placed"), table_line=on_table("rival_shipping_marker_placed")),
    EventKind("rival_line_skipped", rivals.rival_line_skipped, line.rival("rival_line_skipped"), table_line=on_table("rival_line_skipped")),
    EventKind("rival_card_discarded", rivals.rival_card_discarded, line.rival("rival_card_discarded"), bookkeeping=True, table_line=on_table("rival_card_discarded")),
    EventKind("rival_card_drawn", rivals.rival_card_drawn, line.rival("rival_card_drawn"), bookkeeping=True, table_line=on_table("rival_card_drawn")),
    EventKind("rival_passed", rivals.rival_passed, line.rival("rival_passed"), table_line=on_table("rival_passed")),
    EventKind("turn_began", rounds.turn_began, line.LINES["turn_began"], bookkeeping=True, table_line=on_table("turn_began")),
    EventKind("actions_ended", rounds.actions_ended, line.LINES["actions_ended"], bookkeeping=True, table_line=on_table("actions_ended")),
    EventKind("battle_fought", rounds.battle_fought, line.LINES["battle_fought"], table_line=on_table("battle_fought")),
    EventKind("strength_lowered", rounds.strength_lowered, line.LINES["strength_lowered"], table_line=on_table("strength_lowered")),
    EventKind("soldier_fallen", rounds.soldier_fallen, line.LINES["soldier_fallen"], table_line=on_table("soldier_fallen")),
    EventKind("building_raided", rounds.building_raided, line.LINES["building_raided"], table_line=on_table("building_raided")),
    EventKind("excess_paid", rounds.excess_paid, line.LINES["excess_paid"], table_line=on_table("excess_paid")),
    EventKind("prestige_lost", rounds.prestige_lost, line.LINES["prestige_lost"], table_line=on_table("prestige_lost")),
    EventKind("battle_won", rounds.battle_won, line.LINES["battle_won"], table_line=on_table("battle_won")),
    EventKind("nomad_reset", rounds.nomad_reset, line.LINES["nomad_reset"], bookkeeping=True, table_line=on_table("nomad_reset")),
    EventKind("game_ended", rounds.game_ended, line.LINES["game_ended"], table_line=on_table("game_ended")),
    EventKind("round_cleaned", rounds.round_cleaned, line.LINES["round_cleaned"], table_line=on_table("round_cleaned")),
    EventKind("rival_cleaned_up", rounds.rival_cleaned_up, line.LINES["rival_cleaned_up"], bookkeeping=True, table_line=on_table("rival_cleaned_up")),
    EventKind("game_scored", rounds.game_scored, line.LINES["game_scored"], table_line=on_table("game_scored")),
    EventKind("disc_placed", actions.disc_placed, line.LINES["disc_placed"], takeback=True, table_line=on_table("disc_placed")),
    EventKind("action_begun", actions.action_begun, line.LINES["action_begun"], takeback=True, bookkeeping=True, table_line=on_table("action_begun")),
    EventKind("turn_ended", actions.turn_ended, line.LINES["turn_ended"], bookkeeping=True, table_line=on_table("turn_ended")),
    EventKind("advanced", actions.advanced, line.LINES["advanced"], takeback=True, table_line=on_table("advanced")),
    EventKind("reward_taken", actions.reward_taken, line.LINES["reward_taken"], takeback=True, table_line=on_table("reward_taken")),
    EventKind("objective_drawn", actions.objective_drawn, line.LINES["objective_drawn"], table_line=on_table("objective_drawn")),
    EventKind("governor_installed", actions.governor_installed, line.LINES["governor_installed"], takeback=True, table_line=on_table("governor_installed")),
    EventKind("tile_taken", actions.tile_taken, line.LINES["tile_taken"], takeback=True, table_line=on_table("tile_taken")),
    EventKind("exchanged", actions.exchanged, line.LINES["exchanged"], takeback=True, table_line=on_table("exchanged")),
    EventKind("shipped", actions.shipped, line.LINES["shipped"], takeback=True, table_line=on_table("shipped")),
    EventKind("crate_delivered", actions.crate_delivered, line.LINES["crate_delivered"], takeback=True, table_line=on_table("crate_delivered")),
    EventKind("piece_placed", actions.piece_placed, line.LINES["piece_placed"], takeback=True, table_line=on_table("piece_placed")),
    EventKind("barge_joined", actions.barge_joined, line.LINES["barge_joined"], takeback=True, table_line=on_table("barge_joined")),
    EventKind("merchants_paid", actions.merchants_paid, line.LINES["merchants_paid"], takeback=True, table_line=on_table("merchants_paid")),
    EventKind("seat_passed", actions.seat_passed, line.LINES["seat_passed"], takeback=True, table_line=on_table("seat_passed")),
    EventKind("advance_bought", actions.advance_bought, line.LINES["advance_bought"], takeback=True, table_line=on_table("advance_bought")),
    EventKind("good_chosen", actions.good_chosen, line.LINES["good_chosen"], takeback=True, table_line=on_table("good_chosen")),
    EventKind("advance_chosen", actions.advance_chosen, line.LINES["advance_chosen"], takeback=True, table_line=on_table("advance_chosen")),
    EventKind("shipping_placed", actions.shipping_placed, line.LINES["shipping_placed"], takeback=True, table_line=on_table("shipping_placed")),
    EventKind("disc_discarded", actions.disc_discarded, line.LINES["disc_discarded"], takeback=True, table_line=on_table("disc_discarded")),
    EventKind("tile_used", actions.tile_used, line.LINES["tile_used"], takeback=True, table_line=on_table("tile_used")),
    EventKind("objective_discarded", actions.objective_discarded, line.LINES["objective_discarded"], takeback=True, table_line=on_table("objective_discarded")),
    EventKind("choice_forgone", actions.choice_forgone, line.LINES["choice_forgone"], takeback=True, table_line=on_table("choice_forgone")),
    EventKind("table_laid", setup.table_laid, line.LINES["table_laid"], table_line=on_table("table_laid")),
    EventKind("seat_laid", setup.seat_laid, line.LINES["seat_laid"], table_line=on_table("seat_laid")),
], say=line.say)
