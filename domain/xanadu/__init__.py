"""Xanadu, the building game for 2 to 6 (as its browser version plays it).

`RULES` is the game's rules object; the rules live in small modules: cards (data), rulebook,
state, table (values, rows, the payment search), actions, decide (events), evolve, view,
describe and bots; scenario lays out a chosen position (a sandbox game).
"""

from domain.xanadu.rules import XanaduRules

RULES = XanaduRules()

__all__ = ["RULES", "XanaduRules"]
