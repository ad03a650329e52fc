"""Chi, the two-player card game of Yin, Yang and Chi (Shane Gelven, Gelvo Games).

`RULES` is the game's rules object for the registry; the rules live in small modules: cards
(data), rulebook (rule ids), state, actions (legal and refused), decide and flow (events), evolve
(the fold), view, describe, bots, and scenario (a chosen position in place of a deal, for
sandbox games).
"""

from domain.chi.rules import ChiRules

RULES = ChiRules()

__all__ = ["RULES", "ChiRules"]
