"""Xanadu, the building game for 2 to 6 (as its browser version plays it).

`RULES` is the game (domain.game.Game) for the registry, assembled in game.py; the rules live in
small modules: cards (data), rulebook, state, table (values, rows, the payment search), actions,
decide (events), events (each event type once: its fold in evolve, its lines in describe and
lines), view, tallies and bots; scenario lays out a chosen position (a sandbox game).
"""

from domain.xanadu.game import RULES

__all__ = ["RULES"]
