"""Tianxia (Tascini and Petrelli, Board&Dice 2025): one player against General Li Mu, two players
with the Bot as a third, or three or four players plain, on a base game rebuilt from its public
structure (docs/design/tianxia.md, every gap a house rule).

`RULES` (game.py) is the game for the registry: one domain.game.Game, its events declared in
events.py. The board and the rivals' cards are data, with their loaders and checks, in the `board`
subpackage; the rule index is rulebook.py. The state, the deal and the opening (state, setup,
opening); the rounds (rounds, turns, round_end, attack); a seat's decisions in the Action phase:
what is open (legal, costs), the checks naming the rule an action breaks (action_checks), their
events (perform, rewards), all dispatched by decide.py on the shared kit (domain.emitter,
domain.action_form); the rivals' turns (rival_turn, rival_lines); the fold (evolve, gathering
fold_setup, fold_rounds, fold_rivals and fold_actions); view; the replay's lines, each a function
events.py names (describe, describe_rivals, and table_lines reading them against the table);
determinize and prospects (the search bot's), and scenarios (scenario, scenario_parts,
scenario_checks on domain.scenario_fields) are the rest.
"""

from domain.tianxia.game import RULES

__all__ = ["RULES"]
