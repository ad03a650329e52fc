"""Chi, the two-player card game of Yin, Yang and Chi (Shane Gelven, Gelvo Games).

`RULES` is the game (domain.game.Game) for the registry, assembled in game.py; the rules live in
small modules: cards (data), rulebook (rule ids), state, actions (legal and refused), decide and
flow (events), events (each event type once: its fold in evolve, its lines in describe and lines),
view, bots, and scenario (a chosen position in place of a deal, for sandbox games).
"""

from domain.chi.game import RULES

__all__ = ["RULES"]
