"""The Court of Xiang Chi, the solitaire game of a ruler's court against the Daemon Princes
(Todd Sanders, Air and Nothingness Press).

`RULES` is the game's rules object for the registry; the rules live in small modules: cards
(data), rulebook (rule ids), state, table (facts read off it), actions (legal and refused),
decide and flow (events), evolve (the fold), view, describe and bots.
"""

from domain.court.rules import CourtRules

RULES = CourtRules()

__all__ = ["RULES", "CourtRules"]
