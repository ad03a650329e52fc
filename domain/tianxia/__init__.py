"""Tianxia (Tascini and Petrelli, Board&Dice 2025): one player against General Li Mu, two players
with the Bot as a third, or three or four players plain, on a base game rebuilt from its public
structure (docs/design/tianxia.md, every gap a house rule).

`RULES` is the game's rules object for the registry. The board (board.toml, board.py) and the
rivals' cards (rivals.toml, rivals.py) are data; the rule index is rulebook.py; the state, the deal
and the opening (state, setup, opening), the rounds (rounds, turns, round_end, attack), the
persons' actions and rewards (actions, rewards), the rivals' turns (rival_turn, rival_lines), the
fold (evolve), view, describe, scenario and catalogue are the rest.
"""

from domain.tianxia.rules import RULES

__all__ = ["RULES"]
